import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AlarmRecord } from '@cityops/contract';
import {
  answerAccepted,
  answerRefused,
  beginAnswer,
  closeCall,
  dismissNotice,
  initialReceiverState,
  receiveRecords,
  tick,
  type ReceiverMessage,
  type ReceiverState,
} from './receiverLogic.js';

/** The receiver's zustand store: the pure rules of receiverLogic.ts bound to a state. */
export interface ReceiverStore extends ReceiverState {
  /** Records of the alarm-result socket (`whole`: a connection's first list); answers what to tell the user. */
  receive(records: readonly AlarmRecord[], userId: number | null, whole?: boolean): ReceiverMessage[];
  tick(): void;
  beginAnswer(id: number, dialogOpen: boolean): ReceiverMessage | null;
  answerAccepted(record: AlarmRecord): void;
  answerRefused(): void;
  closeCall(): void;
  dismiss(id: number): void;
  reset(): void;
}

export type ReceiverStoreApi = StoreApi<ReceiverStore>;

export function createReceiverStore(): ReceiverStoreApi {
  return createStore<ReceiverStore>()((set, get) => {
    const apply = (next: ReceiverState) => set(next);
    return {
      ...initialReceiverState,
      receive(records, userId, whole = false) {
        const step = receiveRecords(get(), records, userId, whole);
        apply(step.state);
        return step.messages;
      },
      tick: () => apply(tick(get())),
      beginAnswer(id, dialogOpen) {
        const result = beginAnswer(get(), id, dialogOpen);
        apply(result.state);
        return result.refused;
      },
      answerAccepted: (record) => apply(answerAccepted(get(), record)),
      answerRefused: () => apply(answerRefused(get())),
      closeCall: () => apply(closeCall(get())),
      dismiss: (id) => apply(dismissNotice(get(), id)),
      reset: () => apply(initialReceiverState),
    };
  });
}
