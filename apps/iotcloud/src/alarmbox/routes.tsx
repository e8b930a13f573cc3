import { ALARM_ANSWER_CODES } from '@cityops/contract';
import { useFramePermissions, useRuntime } from '@cityops/subapp';
import { HistoryPage } from './HistoryPage';
import { MonitorOldPage } from './MonitorOldPage';
import { MonitorPage } from './MonitorPage';
import { AnswerAlarmContext } from './shared';

/** The alarm-box pages as routes: 接听 and 呼叫 go through the runtime's bridge to the shell. */
function WithReceiver({ children }: { children: React.ReactNode }) {
  const { answerAlarm } = useRuntime();
  return <AnswerAlarmContext value={answerAlarm}>{children}</AnswerAlarmContext>;
}

export function MonitorRoute() {
  return (
    <WithReceiver>
      <MonitorPage />
    </WithReceiver>
  );
}

export function MonitorOldRoute() {
  return (
    <WithReceiver>
      <MonitorOldPage />
    </WithReceiver>
  );
}

/** 报警历史; its box filter reads the monitor's box list, so only for holders of an answering page. */
export function HistoryRoute() {
  const permissions = useFramePermissions();
  const held = new Set(permissions.data?.menus.map((item) => item.code.toLowerCase()));
  const canListBoxes = ALARM_ANSWER_CODES.some((code) => held.has(code.toLowerCase()));
  return <HistoryPage canListBoxes={canListBoxes} />;
}
