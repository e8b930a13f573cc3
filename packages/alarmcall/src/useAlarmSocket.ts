import { useEffect, useRef } from 'react';
import type { PushState } from '@cityops/client';
import type { AlarmRecord } from '@cityops/contract';
import { alarmResultUrl, createAlarmResultClient, loadSockJS } from './alarmSocket.js';
import type { ReceiverMessage } from './receiverLogic.js';
import type { ReceiverStoreApi } from './receiverStore.js';

export interface AlarmSocketOptions {
  /** The page setting `alarmServiceUrl`. */
  alarmServiceUrl: string;
  getToken(): string | null;
  userId: number;
  /** False: no socket (the user holds no answer page, or another view shows the calls). */
  enabled: boolean;
  /** What to tell the user after a frame (此报警已结束). */
  onMessages?(messages: ReceiverMessage[]): void;
  onState?(state: PushState): void;
  /** Every frame's records as they come (a view of its own, e.g. the calls in progress); `whole` as
   * createAlarmResultClient says. */
  onRecords?(records: AlarmRecord[], whole: boolean): void;
}

/**
 * Feeds a receiver store from the alarm-result socket while mounted and enabled (SockJS loaded on
 * demand), and counts the closing notices down every second.
 */
export function useAlarmSocket(store: ReceiverStoreApi, options: AlarmSocketOptions): void {
  const { alarmServiceUrl, userId, enabled } = options;
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    let stopped = false;
    let stop = () => {
      stopped = true;
    };
    void loadSockJS().then((SockJS) => {
      if (stopped) return;
      const client = createAlarmResultClient({
        url: alarmResultUrl(alarmServiceUrl, window.location),
        getToken: () => latest.current.getToken(),
        SockJS,
        onRecords: (records, whole) => {
          latest.current.onRecords?.(records, whole);
          const messages = store.getState().receive(records, userId, whole);
          if (messages.length > 0) latest.current.onMessages?.(messages);
        },
        onState: (state) => latest.current.onState?.(state),
      });
      client.start();
      stop = () => client.stop();
    });
    const ticking = window.setInterval(() => store.getState().tick(), 1000);
    return () => {
      window.clearInterval(ticking);
      stop();
      store.getState().reset();
    };
  }, [store, alarmServiceUrl, userId, enabled]);
}
