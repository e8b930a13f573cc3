import type { AlarmEngineNote } from '@cityops/contract';
import type { Database } from '../../db/connection.js';
import * as repo from './repository.js';
import { publishAlarms } from './service.js';

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
  /** When the order closed (the alarm's timeline and closing time). */
  now: Date;
}

export async function alarmOrderClosed(tx: Database, input: OrderOutcome): Promise<void> {
  const to = input.outcome === 'done' ? 'finish' : 'confirmed';
  // Only an alarm still in this order's hands moves (its timeline says who closed the order).
  const moved = await repo.moveAlarms(tx, {
    ids: [input.alarmId],
    kind: null,
    scope: null,
    sources: ['work_order'],
    to,
    actor: input.actor,
    reason: input.outcome === 'done' ? '' : ('alarm.note.orderCancelled' satisfies AlarmEngineNote),
    comment: '',
    now: input.now,
    workOrderId: input.orderId,
  });
  if (moved.length > 0) await publishAlarms(tx, [], [input.alarmId]);
}
