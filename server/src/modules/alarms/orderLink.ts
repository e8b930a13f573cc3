import type { Database } from '../../db/connection.js';

/**
 * Where a work order tells its alarm (or early warning) how it ended: approved (done) → the alarm
 * finishes; cancelled → the alarm goes back to confirmed (still open, someone must act). Called in
 * the order's transaction by modules/workorders. Owned by modules/alarms.
 */
export interface OrderOutcome {
  alarmId: number;
  orderId: number;
  outcome: 'done' | 'cancelled';
  /** Who approved or cancelled the order (their name goes into the alarm's timeline). */
  actor: { userId: number; name: string };
}

export async function alarmOrderClosed(_tx: Database, _input: OrderOutcome): Promise<void> {
  await Promise.reject(new Error('alarmOrderClosed: written by the alarm engine (issue 16)'));
}
