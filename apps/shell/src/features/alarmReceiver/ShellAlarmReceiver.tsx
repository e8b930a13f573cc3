import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ALARM_ANSWER_CODES, ALARM_PAGES } from '@cityops/contract';
import { readToken } from '@cityops/client';
import { AlarmReceiverProvider } from '@cityops/alarmcall';
import { http } from '../../app/http';
import { pageSettings } from '../../app/pageSettings';
import { useSessionUser } from '../auth/queries';

/** The alarm monitor page the call dialog links to. */
export const ALARM_MONITOR_PATH = '/iotcloud/iot/alarmbox/monitor';
const RECEIVER_PAGE_SUFFIX = `/iot/alarmbox/${ALARM_PAGES.receiver}`;

/**
 * The shell's alarm receiver, at layout level so calls ring on pages without a header
 * too. Only users holding an answer page (ALARM_ANSWER_CODES) run it; on the monitorReceiver page that
 * page lists the calls, so no notices pop up here (the socket, the ring and the call dialog stay).
 */
export function ShellAlarmReceiver({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const userId = user?.userId;
  const answerCodes: readonly string[] = ALARM_ANSWER_CODES;
  const enabled = userId !== undefined && (user?.menus ?? []).some((item) => answerCodes.includes(item.code));
  return (
    <AlarmReceiverProvider
      http={http}
      alarmServiceUrl={pageSettings.alarmServiceUrl}
      alarmboxUrl={pageSettings.alarmboxUrl}
      getToken={readToken}
      userId={userId ?? 0}
      enabled={enabled}
      showNotices={!pathname.endsWith(RECEIVER_PAGE_SUFFIX)}
      onOpenMonitor={() => void navigate(ALARM_MONITOR_PATH)}
    >
      {children}
    </AlarmReceiverProvider>
  );
}
