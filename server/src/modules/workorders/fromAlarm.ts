import type { AlarmLevel } from '@cityops/contract';
import type { Database } from '../../db/connection.js';
import { createFromAlarm } from './service.js';

/**
 * How an alarm (source 120202) or an early warning (120204) becomes a work order: called in the
 * alarm's transaction by modules/alarms when an operator (or a rule's auto-handle option) chooses
 * 转工单. With an assignee the order is dispatched at once. Owned by modules/workorders.
 *
 * The order's times are the caller's `now` (the server's clock, which tests drive). The
 * 'workOrder.assigned' message needs its own transaction: after committing, the caller calls
 * `announceAssignment(ctx, orderId)` (service.ts) when it gave an assignee.
 */
export interface OrderFromAlarm {
  source: 120202 | 120204;
  alarmId: number;
  title: string;
  description: string;
  level: AlarmLevel;
  projectId: number;
  deviceId: number;
  /** Already checked by the caller? No: createOrderFromAlarm checks it (project member with omWorkOrder). */
  assigneeId: number | null;
  /** What the operator typed with 转工单 (empty for a rule): the order's creation step says it. */
  note: string;
  /** null: the engine (a rule's auto-handle option), shown as 系统. */
  actor: { userId: number; name: string } | null;
  now: Date;
}

export async function createOrderFromAlarm(
  tx: Database,
  input: OrderFromAlarm,
): Promise<{ orderId: number; orderNo: string }> {
  const { actor, now, ...order } = input;
  return createFromAlarm(
    tx,
    {
      ...order,
      title: order.title.slice(0, 50),
      description: order.description.slice(0, 200),
    },
    actor,
    now,
  );
}
