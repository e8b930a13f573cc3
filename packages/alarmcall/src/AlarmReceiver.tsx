import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { notification } from 'antd';
import { showMessage } from '@cityops/ui';
import { useStore } from 'zustand';
import type { HttpClient } from '@cityops/client';
import { ALARM_NOTICE_STAGGER_MS } from '@cityops/contract';
import { answerAlarm } from './answer.js';
import { AlarmNoticeBody } from './AlarmNoticeBody.js';
import { askNotificationPermissionOnce, notifyHidden, playRing } from './alerts.js';
import type { ReceiverMessage } from './receiverLogic.js';
import { createReceiverStore, type ReceiverStoreApi } from './receiverStore.js';
import { useAlarmTexts } from './texts.js';
import { useAlarmSocket } from './useAlarmSocket.js';

const CallDialog = lazy(() => import('./CallDialog.js').then((module) => ({ default: module.CallDialog })));

export interface AlarmReceiverValue {
  store: ReceiverStoreApi;
  /** Answers a call (alarmId) or calls a box (null), exactly as a notice's answer button. */
  answer(devId: number, alarmId: number | null): void;
}

const AlarmReceiverContext = createContext<AlarmReceiverValue | null>(null);

/** The receiver of the enclosing AlarmReceiverProvider, null outside one (or when not running). */
export const useAlarmReceiver = (): AlarmReceiverValue | null => useContext(AlarmReceiverContext);

export interface AlarmReceiverProps {
  http: HttpClient;
  alarmServiceUrl: string;
  alarmboxUrl: string;
  getToken(): string | null;
  userId: number;
  /** The user holds an answer page (ALARM_ANSWER_CODES): only then the socket runs. */
  enabled: boolean;
  /** False while another view (the monitorReceiver page) lists the calls: no notices, the ring stays. */
  showNotices: boolean;
  /** Goes to /iotcloud/iot/alarmbox/monitor. */
  onOpenMonitor(): void;
  children?: ReactNode;
}

/**
 * The alarm receiver, mounted at layout level: the alarm-result socket, the staggered
 * bottom-right notices (never closed by themselves), the ring and browser notification, and the call
 * dialog of the call this user answered.
 */
export function AlarmReceiverProvider(props: AlarmReceiverProps) {
  const { http, enabled, showNotices } = props;
  const t = useAlarmTexts();
  const [store] = useState(createReceiverStore);
  const [api, contextHolder] = notification.useNotification({ placement: 'bottomRight', stack: false });
  const [dialogOpen, setDialogOpen] = useState(false);
  const current = useStore(store, (state) => state.current);
  const order = useStore(store, (state) => state.order);

  const warn = useRef((key: ReceiverMessage) => showMessage('WARN', t(key)));
  useEffect(() => {
    warn.current = (key) => showMessage('WARN', t(key));
  });

  useAlarmSocket(store, {
    alarmServiceUrl: props.alarmServiceUrl,
    getToken: props.getToken,
    userId: props.userId,
    enabled,
    onMessages: (messages) => messages.forEach((key) => warn.current(key)),
  });
  useEffect(() => {
    if (enabled) askNotificationPermissionOnce();
  }, [enabled]);

  const value = useMemo<AlarmReceiverValue>(
    () => ({
      store,
      answer: (devId, alarmId) => {
        void answerAlarm({ http, store, warn: (key) => warn.current(key) }, devId, alarmId, dialogOpen).then(
          (mine) => {
            if (mine) setDialogOpen(true);
          },
        );
      },
    }),
    [store, http, dialogOpen],
  );
  const answerRef = useRef(value.answer);
  useEffect(() => {
    answerRef.current = value.answer;
  }, [value]);

  // A new call rings and, in a hidden tab, notifies the browser, on every page: the monitorReceiver
  // page lists the calls itself, so there a new call opens no notice (it does once the user leaves).
  // A call gone from the store closes its own notice.
  const rung = useRef(new Set<number>());
  const shown = useRef(new Set<number>());
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);
  // The dialog shows while the user has a call: answered here, or given back after a reload.
  const currentId = current?.id ?? null;
  // (Set while rendering, as React advises for state that follows a value: no effect, no second pass.)
  // Starts at none, so a call the user already has when the page loads (given back after a reload) opens.
  const [dialogFor, setDialogFor] = useState<number | null>(null);
  if (dialogFor !== currentId) {
    setDialogFor(currentId);
    setDialogOpen(currentId !== null);
  }
  useEffect(() => {
    const heard = order.filter((id) => !rung.current.has(id));
    // One ring for the calls that came together (a ring each would start as many audio contexts).
    if (heard.some((id) => store.getState().notices[id]?.phase === 'ringing')) playRing();
    for (const id of heard) {
      rung.current.add(id);
      const notice = store.getState().notices[id];
      if (notice)
        notifyHidden(notice.record, t('noticeTitle'), () =>
          answerRef.current(notice.record.devId, notice.record.id),
        );
    }
    const fresh = showNotices ? order.filter((id) => !shown.current.has(id)) : [];
    fresh.forEach((id, index) => {
      shown.current.add(id);
      timers.current.push(
        window.setTimeout(() => {
          if (!(id in store.getState().notices)) return;
          api.open({
            key: `alarm-${id}`,
            duration: 0,
            message: t('noticeTitle'),
            description: (
              <AlarmNoticeBody
                store={store}
                id={id}
                onAnswer={(open) => answerRef.current(open.record.devId, open.record.id)}
              />
            ),
            onClose: () => store.getState().dismiss(id),
          });
        }, index * ALARM_NOTICE_STAGGER_MS),
      );
    });
    for (const id of [...rung.current]) if (!order.includes(id)) rung.current.delete(id);
    for (const id of [...shown.current]) {
      if (order.includes(id)) continue;
      shown.current.delete(id);
      api.destroy(`alarm-${id}`);
    }
  }, [order, showNotices, store, api, t]);

  return (
    <AlarmReceiverContext.Provider value={enabled ? value : null}>
      {contextHolder}
      {props.children}
      {current && dialogOpen && (
        <Suspense fallback={null}>
          <CallDialog
            http={http}
            alarmboxUrl={props.alarmboxUrl}
            getToken={props.getToken}
            record={current}
            onClosed={() => {
              store.getState().closeCall();
              setDialogOpen(false);
            }}
            onOpenMonitor={props.onOpenMonitor}
          />
        </Suspense>
      )}
    </AlarmReceiverContext.Provider>
  );
}
