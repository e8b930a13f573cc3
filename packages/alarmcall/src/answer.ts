import { alarmCallEndpoints } from '@cityops/contract';
import type { HttpClient } from '@cityops/client';
import type { ReceiverMessage } from './receiverLogic.js';
import type { ReceiverStoreApi } from './receiverStore.js';

/**
 * Answers a call (alarmId given: interfaceType 1) or calls a box (null: 0), as a notice's answer
 * button, the header list and a page's bridge message `answerAlarm` all do: refused with 当前正在接听
 * while a call is active; the server's refusal is shown by the http client. Answers whether the call
 * is now this user's.
 */
export async function answerAlarm(
  deps: { http: HttpClient; store: ReceiverStoreApi; warn(message: ReceiverMessage): void },
  devId: number,
  alarmId: number | null,
  dialogOpen: boolean,
): Promise<boolean> {
  const { store } = deps;
  // An outgoing call has no alarm yet: its answer is marked by the box (negative, never an alarm id).
  const refused = store.getState().beginAnswer(alarmId ?? -devId, dialogOpen);
  if (refused) {
    deps.warn(refused);
    return false;
  }
  try {
    const record = await deps.http.call(alarmCallEndpoints.updateAlarmPeople, {
      body:
        alarmId === null
          ? { devId: [devId], interfaceType: 0 }
          : { alarmId: [alarmId], devId: [devId], interfaceType: 1 },
    });
    store.getState().answerAccepted(record);
    return store.getState().current?.id === record.id;
  } catch {
    store.getState().answerRefused();
    return false;
  }
}
