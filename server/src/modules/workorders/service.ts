import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  SYSTEM_ACTOR_NAME,
  WORK_ORDER_ACTIONS,
  WORK_ORDER_ACTION_CODES,
  WORK_ORDER_BUTTONS,
  WORK_ORDER_DEADLINE_HOURS,
  WORK_ORDER_STATE_NAMES,
  canActOnOrder,
  chinaDateTime,
  recordLink,
  WORK_ORDER_PAGE,
  type AlarmLevel,
  type WorkOrderAction,
  type WorkOrderActor,
  type WorkOrderDetail,
  type WorkOrderPhoto,
  type WorkOrderRow,
  type WorkOrderSource,
  type WorkOrderState,
  type actOnWorkOrderSchema,
  type createWorkOrderSchema,
  type workOrderListRequestSchema,
} from '@cityops/contract';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import type { ReceivedFile } from '../../http/upload.js';
import { alarmOrderClosed } from '../alarms/orderLink.js';
import { projectScope } from '../devices/service.js';
import { produceMessage } from '../messages/produce.js';
import { checkVisible } from '../projects/service.js';
import * as repo from './repository.js';

/**
 * Work orders (omWorkOrder): the flow of WORK_ORDER_ACTIONS, each step by the people
 * allowed to take it, in one UPDATE … WHERE state = any(from), so of two people acting at once one wins
 * and the other is told the order moved. Every step writes a row of the timeline.
 */

export type Ctx = Pick<AppContext, 'db' | 'now' | 'access' | 'config' | 'licence' | 'messageTemplates'>;
type ListRequest = z.output<typeof workOrderListRequestSchema>;
type CreateInput = z.output<typeof createWorkOrderSchema>;
type ActInput = z.output<typeof actOnWorkOrderSchema>;

/** Who acts: a signed-in user, or null for the engine (shown as 系统). */
export interface OrderActor {
  userId: number;
  name: string;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const photoDir = (ctx: Pick<Ctx, 'config'>) => join(ctx.config.DATA_DIR, 'uploads', 'workorders');
export const photoPath = (ctx: Pick<Ctx, 'config'>, photoId: number) => join(photoDir(ctx), String(photoId));

const scopeOf = (ctx: Ctx, db: Database, userId: number) => projectScope(ctx, db, userId);

/** The user's projects; a filter naming a project the user may not see is refused. */
async function filterScope(ctx: Ctx, userId: number, filter: repo.OrderFilter) {
  if (filter.projectId !== undefined) await checkVisible(ctx, ctx.db, userId, filter.projectId);
  return scopeOf(ctx, ctx.db, userId);
}

export async function orderPage(ctx: Ctx, userId: number, request: ListRequest) {
  return repo.orderPage(ctx.db, request, await filterScope(ctx, userId, request), userId, ctx.now());
}

export async function tabCounts(ctx: Ctx, userId: number, filter: repo.OrderFilter) {
  return repo.tabCounts(ctx.db, filter, await filterScope(ctx, userId, filter), userId, ctx.now());
}

export async function orderRows(
  ctx: Ctx,
  userId: number,
  filter: repo.OrderFilter & { tab: ListRequest['tab'] },
) {
  return repo.orderRows(ctx.db, filter, await filterScope(ctx, userId, filter), userId, ctx.now());
}

const inScope = (scope: readonly number[] | null, projectId: number) =>
  scope === null || scope.includes(projectId);

/** The order, when the user sees its project; refused as not found otherwise. */
async function visibleOrder(ctx: Ctx, db: Database, userId: number, orderId: number, now: Date) {
  const order = await repo.findOrder(db, orderId, now);
  if (!order || !inScope(await scopeOf(ctx, db, userId), order.projectId)) refuse('workOrder.notFound');
  return order as WorkOrderRow;
}

/** The roles the user has for this order. */
async function rolesOf(ctx: Ctx, userId: number, assigneeId: number | null): Promise<Set<WorkOrderActor>> {
  const roles = new Set<WorkOrderActor>();
  if (await ctx.access.holds(userId, WORK_ORDER_BUTTONS.dispatch)) roles.add('dispatcher');
  if (await ctx.access.holds(userId, WORK_ORDER_BUTTONS.review)) roles.add('reviewer');
  if (await ctx.access.holds(userId, WORK_ORDER_BUTTONS.close)) roles.add('closer');
  if (assigneeId !== null && assigneeId === userId) roles.add('assignee');
  return roles;
}

const mayTake = (action: WorkOrderAction, roles: ReadonlySet<WorkOrderActor>) =>
  (WORK_ORDER_ACTIONS[action].by as readonly WorkOrderActor[]).some((role) => roles.has(role));

/** The actions the user may take on the order now: allowed from its state and by the user's roles. */
function actionsFor(state: WorkOrderState, roles: ReadonlySet<WorkOrderActor>): WorkOrderAction[] {
  return WORK_ORDER_ACTION_CODES.filter((action) => canActOnOrder(action, state) && mayTake(action, roles));
}

export async function orderDetail(ctx: Ctx, userId: number, orderId: number): Promise<WorkOrderDetail> {
  const order = await visibleOrder(ctx, ctx.db, userId, orderId, ctx.now());
  return {
    order,
    steps: await repo.stepsOf(ctx.db, orderId),
    actions: actionsFor(order.state, await rolesOf(ctx, userId, order.assigneeId)),
  };
}

export async function assigneesOf(ctx: Ctx, userId: number, projectId: number) {
  await checkVisible(ctx, ctx.db, userId, projectId);
  return repo.assignees(ctx.db, projectId);
}

const actionName = (action: WorkOrderAction) => WORK_ORDER_ACTIONS[action].names[0];
const stateName = (state: string) => WORK_ORDER_STATE_NAMES[state as WorkOrderState][0];

/** GD + the China date + the number of the day, 4 digits (more past 9999). */
async function nextOrderNo(db: Database, now: Date) {
  const day = chinaDateTime(now).slice(0, 10).replaceAll('-', '');
  const number = await repo.nextNumberOfDay(db, day);
  return `GD${day}${String(number).padStart(4, '0')}`;
}

export const deadlineOf = (level: AlarmLevel, createdAt: Date) =>
  new Date(createdAt.getTime() + WORK_ORDER_DEADLINE_HOURS[level] * HOUR_MS);

interface NewOrderInput {
  source: WorkOrderSource;
  title: string;
  description: string;
  level: AlarmLevel;
  projectId: number;
  deviceId: number | null;
  alarmId: number | null;
  assigneeId: number | null;
  photoIds: readonly number[];
  /** The remark typed with 转工单: the creation step's note, shown in the order's timeline. */
  note?: string;
}

/**
 * Writes an order (to dispatch) with its create step, then, with an assignee, dispatches it at once.
 * The caller has checked the actor may; the device and the assignee are checked here.
 */
async function insertOrder(tx: Database, actor: OrderActor | null, input: NewOrderInput, now: Date) {
  let deviceName: string | null = null;
  if (input.deviceId !== null) {
    const device = await repo.deviceFacts(tx, input.deviceId);
    if (!device || device.projectId !== input.projectId) refuse('workOrder.deviceInvalid');
    deviceName = device?.name ?? null;
  }
  const assigneeName =
    input.assigneeId === null
      ? null
      : ((await repo.validAssignee(tx, input.projectId, input.assigneeId)) ??
        refuse('workOrder.assigneeInvalid'));
  const actorName = actor?.name ?? SYSTEM_ACTOR_NAME;
  const orderNo = await nextOrderNo(tx, now);
  const orderId = await repo.insertOrder(tx, {
    orderNo,
    title: input.title,
    description: input.description,
    source: input.source,
    level: input.level,
    state: input.assigneeId === null ? 'to_dispatch' : 'dispatched',
    projectId: input.projectId,
    deviceId: input.deviceId,
    deviceName,
    alarmId: input.alarmId,
    assigneeId: input.assigneeId,
    creatorId: actor?.userId ?? null,
    creatorName: actorName,
    deadlineAt: deadlineOf(input.level, now),
    createdAt: now,
    updatedAt: now,
  });
  const stepId = await repo.insertStep(tx, {
    orderId,
    at: now,
    actorId: actor?.userId ?? null,
    actorName,
    action: 'create',
    fromState: null,
    toState: 'to_dispatch',
    note: input.note ?? '',
  });
  if (input.photoIds.length > 0) {
    if (!actor || !(await repo.attachPhotos(tx, stepId, actor.userId, input.photoIds)))
      refuse('workOrder.photoMissing');
  }
  if (input.assigneeId !== null)
    await repo.insertStep(tx, {
      orderId,
      at: now,
      actorId: actor?.userId ?? null,
      actorName,
      action: 'dispatch',
      fromState: 'to_dispatch',
      toState: 'dispatched',
      assigneeId: input.assigneeId,
      assigneeName,
      note: '',
    });
  return { orderId, orderNo };
}

/** Tells the assignee of a dispatched or reassigned order (message type 2), once the step is committed. */
export async function announceAssignment(ctx: Ctx, orderId: number) {
  const order = await repo.findOrder(ctx.db, orderId, ctx.now());
  if (!order || order.assigneeId === null) return null;
  return produceMessage(ctx.db, ctx, {
    kind: 'workOrder.assigned',
    values: { orderNo: order.orderNo, title: order.title, assignee: order.assigneeName ?? '' },
    projectId: order.projectId,
    audience: { userIds: [order.assigneeId] },
    link: recordLink(WORK_ORDER_PAGE, orderId),
  });
}

/**
 * Tells who must act next once a step is committed (message type 2): the assignee of a dispatched or
 * reassigned order, and of an order sent back at review; the project's dispatchers when the assignee
 * refuses an order; its reviewers when the result is submitted. Other steps tell nobody.
 */
async function announceStep(
  ctx: Ctx,
  step: { orderId: number; action: WorkOrderAction; actorName: string; note: string },
) {
  const { orderId, action, actorName, note } = step;
  if (action === 'dispatch' || action === 'reassign') return announceAssignment(ctx, orderId);
  if (action !== 'refuse' && action !== 'submit' && action !== 'reject') return null;
  const order = await repo.findOrder(ctx.db, orderId, ctx.now());
  if (!order) return null;
  const about = { orderNo: order.orderNo, title: order.title };
  const { projectId } = order;
  const link = recordLink(WORK_ORDER_PAGE, orderId);
  if (action === 'refuse')
    return produceMessage(ctx.db, ctx, {
      kind: 'workOrder.refused',
      values: { ...about, assignee: actorName, reason: note },
      projectId,
      audience: { code: WORK_ORDER_BUTTONS.dispatch },
      link,
    });
  if (action === 'submit')
    return produceMessage(ctx.db, ctx, {
      kind: 'workOrder.review',
      values: { ...about, assignee: actorName },
      projectId,
      audience: { code: WORK_ORDER_BUTTONS.review },
      link,
    });
  if (order.assigneeId === null) return null;
  return produceMessage(ctx.db, ctx, {
    kind: 'workOrder.rejected',
    values: { ...about, reviewer: actorName, reason: note },
    projectId,
    audience: { userIds: [order.assigneeId] },
    link,
  });
}

async function actorOf(db: Database, userId: number): Promise<OrderActor> {
  return { userId, name: await repo.userName(db, userId) };
}

/** By hand (source 120201): needs omWorkOrder_add, and omWorkOrder_dispatch too to dispatch at once. */
export async function createOrder(ctx: Ctx, userId: number, input: CreateInput): Promise<WorkOrderRow> {
  const now = ctx.now();
  if (input.assigneeId !== null && !(await ctx.access.holds(userId, WORK_ORDER_BUTTONS.dispatch)))
    refuse('workOrder.notAllowed', { action: actionName('dispatch') });
  const { orderId } = await ctx.db.transaction(async (tx) => {
    await checkVisible(ctx, tx, userId, input.projectId);
    return insertOrder(tx, await actorOf(tx, userId), { ...input, source: 120201, alarmId: null }, now);
  });
  if (input.assigneeId !== null) await announceAssignment(ctx, orderId);
  return (await repo.findOrder(ctx.db, orderId, ctx.now())) ?? refuse('workOrder.notFound');
}

/**
 * From an alarm (120202) or an early warning (120204), in the caller's transaction (fromAlarm.ts).
 * The assigned message cannot be produced inside another transaction: the caller calls
 * announceAssignment after its commit.
 */
export async function createFromAlarm(
  tx: Database,
  input: Omit<NewOrderInput, 'photoIds'> & { source: 120202 | 120204; alarmId: number },
  actor: OrderActor | null,
  now: Date,
) {
  return insertOrder(tx, actor, { ...input, photoIds: [] }, now);
}

/** One step of the flow (WORK_ORDER_ACTIONS). */
export async function actOnOrder(ctx: Ctx, userId: number, input: ActInput): Promise<WorkOrderDetail> {
  const now = ctx.now();
  const { action } = input;
  const flow = WORK_ORDER_ACTIONS[action];
  let actorName = '';
  await ctx.db.transaction(async (tx) => {
    const order = await visibleOrder(ctx, tx, userId, input.orderId, now);
    if (!canActOnOrder(action, order.state))
      refuse('workOrder.moved', { state: stateName(order.state), action: actionName(action) });
    const roles = await rolesOf(ctx, userId, order.assigneeId);
    if (!mayTake(action, roles)) {
      const onlyAssignee = flow.by.length === 1 && flow.by[0] === 'assignee';
      refuse(onlyAssignee ? 'workOrder.notAssignee' : 'workOrder.notAllowed', { action: actionName(action) });
    }
    const current = (await repo.lockOrder(tx, order.orderId)) ?? refuse('workOrder.notFound');

    let assigneeName: string | null = null;
    const values: Partial<repo.NewOrder> = { updatedAt: now };
    if (action === 'dispatch' || action === 'reassign') {
      const assigneeId = input.assigneeId ?? refuse('workOrder.assigneeRequired');
      assigneeName =
        (await repo.validAssignee(tx, order.projectId, assigneeId)) ?? refuse('workOrder.assigneeInvalid');
      values.assigneeId = assigneeId;
      values.heldFrom = null;
    }
    if (action === 'refuse') values.assigneeId = null;
    if (action === 'hold') values.heldFrom = current.state;
    if (action === 'resume') values.heldFrom = null;
    if (action === 'submit') values.result = input.note;
    const to = (flow.to ?? current.heldFrom ?? 'processing') as WorkOrderState;
    values.state = to;
    if (to === 'done' || to === 'cancelled') values.finishedAt = now;

    // A step taken as the assignee must still find them the assignee (not reassigned meanwhile).
    const byRole = (flow.by as readonly WorkOrderActor[]).some(
      (role) => role !== 'assignee' && roles.has(role),
    );
    const moved = await repo.moveOrder(tx, order.orderId, flow.from, byRole ? null : userId, values);
    if (!moved) {
      const after = (await repo.lockOrder(tx, order.orderId)) ?? refuse('workOrder.notFound');
      refuse('workOrder.moved', { state: stateName(after.state), action: actionName(action) });
    }
    const actor = await actorOf(tx, userId);
    actorName = actor.name;
    const stepId = await repo.insertStep(tx, {
      orderId: order.orderId,
      at: now,
      actorId: userId,
      actorName: actor.name,
      action,
      fromState: current.state,
      toState: to,
      assigneeId: values.assigneeId ?? null,
      assigneeName,
      note: input.note,
    });
    if (!(await repo.attachPhotos(tx, stepId, userId, input.photoIds))) refuse('workOrder.photoMissing');
    if (order.alarmId !== null && (to === 'done' || to === 'cancelled'))
      await alarmOrderClosed(tx, { alarmId: order.alarmId, orderId: order.orderId, outcome: to, actor, now });
  });
  await announceStep(ctx, { orderId: input.orderId, action, actorName, note: input.note });
  return orderDetail(ctx, userId, input.orderId);
}

// ---- photos ----

/** The type a photo's first bytes say it is (never its name), or null for anything else. */
export function photoTypeOf(head: Buffer): WorkOrderPhoto['contentType'] | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

async function headOf(path: string) {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await file.read(head, 0, 12, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Keeps an uploaded photo (unused until a step names it); removes unused ones older than a day. */
export async function uploadPhoto(ctx: Ctx, userId: number, file: ReceivedFile): Promise<WorkOrderPhoto> {
  const contentType = photoTypeOf(await headOf(file.path)) ?? refuse('workOrder.photoType');
  const now = ctx.now();
  await removeUnusedPhotos(ctx, now);
  let placed: string | null = null;
  try {
    return await ctx.db.transaction(async (tx) => {
      const photoId = await repo.insertPhoto(tx, {
        name: file.fileName.slice(0, 200),
        size: file.size,
        contentType,
        checksum: file.checksum,
        uploadedBy: userId,
        uploadedAt: now,
      });
      placed = photoPath(ctx, photoId);
      await rename(file.path, placed);
      return { photoId, name: file.fileName.slice(0, 200), size: file.size, contentType };
    });
  } catch (error) {
    if (placed) await rm(placed, { force: true });
    throw error;
  }
}

/** Removes the photos no step named within a day of their upload, with their files. */
export async function removeUnusedPhotos(ctx: Ctx, now: Date) {
  const removed = await repo.removeUnusedPhotos(ctx.db, new Date(now.getTime() - DAY_MS));
  await Promise.all(removed.map((photoId) => rm(photoPath(ctx, photoId), { force: true })));
  return removed.length;
}

/** A photo's file: for who sees its order's project, or, while unused, for its uploader. */
export async function photoFile(ctx: Ctx, userId: number, photoId: number) {
  const photo = (await repo.findPhoto(ctx.db, photoId)) ?? refuse('workOrder.photoMissing');
  const visible =
    photo.projectId === null
      ? photo.uploadedBy === userId
      : inScope(await scopeOf(ctx, ctx.db, userId), photo.projectId);
  if (!visible) refuse('workOrder.photoMissing');
  return { path: photoPath(ctx, photoId), fileName: photo.name, checksum: photo.checksum };
}
