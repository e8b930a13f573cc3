import {
  ALARM_HISTORY_PAGE,
  ALARM_PAGE,
  ALARM_STATE_NAMES,
  DEVICE_ALARM_PAGE_TYPES,
  DEVICE_ALARM_PAGES,
  WARNING_HISTORY_PAGE,
  WARNING_PAGE,
  type DeviceType,
  ALARM_TELEMETRY_MARGIN_MS,
  ALARM_TELEMETRY_POINTS_MAX,
  manualSourcesOf,
  nameOf,
  REPEAT_FREQUENCIES,
  text,
  type AlarmDetail,
  type AlarmKind,
  type AlarmRow,
  type AlarmState,
  type AutoHandleOption,
  type HandleResult,
  type handleAlarmsSchema,
  type Locale,
  type ManualAlarmAction,
  type Names,
  type AlarmEngineNote,
  isAlarmEngineNote,
  StatusCode,
} from '@cityops/contract';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';
import { ApiError, refuse } from '../../http/envelope.js';
import { projectScope } from '../devices/service.js';
import { checkVisible } from '../projects/service.js';
import { publish, BUS_MAX_IDS } from '../push/events.js';
import { createOrderFromAlarm } from '../workorders/fromAlarm.js';
import { announceAssignment } from '../workorders/service.js';
import { inSchedule } from './evaluate.js';
import * as repo from './repository.js';
import type { AlarmActor } from './repository.js';

/**
 * The alarm engine's rules: how alarms move between §4's states, by hand or by a
 * rule's auto-handle option, each move in one guarded statement with its timeline event; the lists
 * and the detail, limited to the projects the user sees.
 */

type Ctx = Pick<AppContext, 'db' | 'now' | 'access' | 'config' | 'licence' | 'messageTemplates'>;

/** The action names of the refusal text (`不能{{action}}`). */
const ACTION_NAMES: Record<ManualAlarmAction, Names> = {
  confirmed: ['确认', 'confirmed'],
  work_order: ['转工单', 'turned into a work order'],
  invalid: ['转无效', 'marked invalid'],
};

/** Tells every instance these alarms opened or changed (the feed socket, after the commit). */
export async function publishAlarms(
  db: Database,
  raised: readonly number[],
  changed: readonly number[],
): Promise<void> {
  for (let start = 0; start < raised.length; start += BUS_MAX_IDS)
    await publish(db, { k: 'alarms', raised: raised.slice(start, start + BUS_MAX_IDS), changed: [] });
  for (let start = 0; start < changed.length; start += BUS_MAX_IDS)
    await publish(db, { k: 'alarms', raised: [], changed: changed.slice(start, start + BUS_MAX_IDS) });
}

/**
 * Moves alarms to a manual state (by hand or by a rule's auto-handle option) in `tx`: the guarded
 * UPDATE decides which move; a work order is created for each alarm that became work_order.
 */
async function moveInTx(
  tx: Database,
  input: {
    ids: readonly number[];
    kind: AlarmKind | null;
    scope: Awaited<ReturnType<typeof projectScope>>;
    action: ManualAlarmAction;
    actor: AlarmActor | null;
    reason: string;
    comment: string;
    assigneeId: number | null;
    now: Date;
  },
) {
  const moved = await repo.moveAlarms(tx, {
    ids: input.ids,
    kind: input.kind,
    scope: input.scope,
    sources: manualSourcesOf(input.action),
    to: input.action,
    actor: input.actor,
    reason: input.reason,
    comment: input.comment,
    now: input.now,
  });
  if (input.action === 'work_order' && moved.length > 0) {
    const rows = await repo.alarmRowsById(
      tx,
      moved.map((alarm) => alarm.alarmId),
    );
    for (const row of rows) {
      const order = await createOrderFromAlarm(tx, {
        source: row.kind === 'warning' ? 120204 : 120202,
        alarmId: row.alarmId,
        title: `${row.deviceName} ${row.title}`.slice(0, 50),
        description: [row.title, row.address, row.value === null ? '' : String(row.value)]
          .filter(Boolean)
          .join(' · ')
          .slice(0, 200),
        level: row.level,
        projectId: row.projectId,
        deviceId: row.deviceId,
        assigneeId: input.assigneeId,
        note: input.comment,
        actor: input.actor,
        now: input.now,
      });
      await repo.setWorkOrder(tx, row.alarmId, order.orderId);
    }
  }
  return moved;
}

/**
 * A new alarm's rule option, in the transaction that opened it: confirmed, invalid (reason
 * 规则自动处理) or work_order (an order with no actor); waiting leaves it to an operator.
 */
export async function autoHandle(
  tx: Database,
  alarms: ReadonlyArray<{ alarmId: number; option: AutoHandleOption }>,
  now: Date,
): Promise<void> {
  const move = (db: Database, ids: number[], action: ManualAlarmAction) =>
    moveInTx(db, {
      ids,
      kind: null,
      scope: null,
      action,
      actor: null,
      reason: action === 'invalid' ? ('alarm.note.autoHandled' satisfies AlarmEngineNote) : '',
      comment: '',
      assigneeId: null,
      now,
    });
  for (const option of ['confirmed', 'invalid'] as const) {
    const ids = alarms.filter((alarm) => alarm.option === option).map((alarm) => alarm.alarmId);
    if (ids.length > 0) await move(tx, ids, option);
  }
  // An order that cannot be made must not hold up ingestion: under a savepoint, the alarm stays
  // waiting for an operator, its timeline saying why.
  for (const alarm of alarms.filter((candidate) => candidate.option === 'work_order'))
    try {
      await tx.transaction((savepoint) => move(savepoint, [alarm.alarmId], 'work_order'));
    } catch {
      await repo.addEvent(tx, {
        alarmId: alarm.alarmId,
        at: now,
        action: 'comment',
        comment: 'alarm.note.autoOrderFailed' satisfies AlarmEngineNote,
      });
    }
}

/**
 * An operator's choice for one or more alarms of a kind. Each alarm moves only from a state that
 * allows it, decided by the UPDATE itself; those that did not move are told with their state. A
 * single alarm that did not move is refused (10001 alarm.moved, or alarm.notFound).
 */
export async function handleAlarms(
  ctx: Ctx,
  kind: AlarmKind,
  actor: AlarmActor,
  input: z.output<typeof handleAlarmsSchema>,
  locale: Locale,
): Promise<HandleResult> {
  const scope = await projectScope(ctx, ctx.db, actor.userId);
  const ids = [...new Set(input.alarmIds)];
  const now = ctx.now();
  const { moved, states } = await ctx.db.transaction(async (tx) => {
    const done = await moveInTx(tx, {
      ids,
      kind,
      scope,
      action: input.action,
      actor,
      reason: input.reason,
      comment: input.comment,
      assigneeId: input.assigneeId,
      now,
    });
    const left = ids.filter((id) => !done.some((alarm) => alarm.alarmId === id));
    if (done.length > 0)
      await publishAlarms(
        tx,
        [],
        done.map((alarm) => alarm.alarmId),
      );
    return { moved: done, states: await repo.statesOf(tx, left, scope) };
  });
  const action = nameOf(ACTION_NAMES, input.action, locale);
  const refused = ids
    .filter((id) => !moved.some((alarm) => alarm.alarmId === id))
    .map((alarmId) => {
      const state = states.get(alarmId);
      return {
        alarmId,
        reason:
          state === undefined
            ? text('alarm.notFound', locale)
            : text('alarm.moved', locale, { state: nameOf(ALARM_STATE_NAMES, state, locale), action }),
      };
    });
  if (ids.length === 1 && refused.length === 1) {
    const state = states.get(ids[0] ?? 0);
    if (state === undefined) refuse('alarm.notFound');
    throw new ApiError(StatusCode.REJECTED, 'alarm.moved', {
      state: nameOf(ALARM_STATE_NAMES, state as AlarmState, locale),
      action,
    });
  }
  const done = await repo.alarmRowsById(
    ctx.db,
    moved.map((alarm) => alarm.alarmId),
  );
  // Orders dispatched at once tell their assignee, once the orders are committed.
  if (input.action === 'work_order' && input.assigneeId !== null)
    for (const row of done) if (row.workOrderId !== null) await announceAssignment(ctx, row.workOrderId);
  return { done, refused };
}

/** The open or closed list of a kind, or (kind null) a device page's every state. */
/** The lists that show alarms of every device type. */
const ALARM_LIST_PAGES = [ALARM_PAGE, ALARM_HISTORY_PAGE, WARNING_PAGE, WARNING_HISTORY_PAGE];

/**
 * The device types whose alarms the user may read: every type (null) for holders of an alarm list or
 * of a device page showing every type; else the types of the device alarm pages they hold.
 */
export async function readableAlarmTypes(ctx: Ctx, userId: number): Promise<readonly DeviceType[] | null> {
  for (const page of ALARM_LIST_PAGES) if (await ctx.access.holds(userId, page)) return null;
  const types = new Set<DeviceType>();
  for (const page of DEVICE_ALARM_PAGES) {
    if (!(await ctx.access.holds(userId, page))) continue;
    const shown: readonly DeviceType[] | null = DEVICE_ALARM_PAGE_TYPES[page];
    if (shown === null) return null;
    for (const type of shown) types.add(type);
  }
  return [...types];
}

/** The alarms of the device pages: both kinds, every state, of the types the reader's pages show. */
export async function deviceAlarmPage(ctx: Ctx, userId: number, request: repo.AlarmListRequest) {
  const typeCodes = await readableAlarmTypes(ctx, userId);
  return alarmPage(ctx, userId, request, { kind: null, states: null, dateColumn: 'lastAt', typeCodes });
}

export async function alarmPage(
  ctx: Ctx,
  userId: number,
  request: repo.AlarmListRequest,
  list: repo.AlarmListScope,
) {
  if (request.projectId !== undefined) await checkVisible(ctx, ctx.db, userId, request.projectId);
  return repo.alarmPage(ctx.db, request, list, await projectScope(ctx, ctx.db, userId));
}

export async function alarmRows(
  ctx: Ctx,
  userId: number,
  filter: repo.AlarmFilter,
  list: repo.AlarmListScope,
): Promise<AsyncIterable<AlarmRow>> {
  if (filter.projectId !== undefined) await checkVisible(ctx, ctx.db, userId, filter.projectId);
  return repo.alarmRows(ctx.db, filter, list, await projectScope(ctx, ctx.db, userId));
}

/** Keeps at most `max` points, evenly spaced, the first and last included. */
export function thin<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)] as T);
}

/** One alarm with its timeline, occurrences, the telemetry around it and its order. */
export async function alarmDetail(
  ctx: Ctx,
  userId: number,
  alarmId: number,
  locale: Locale,
): Promise<AlarmDetail> {
  const scope = await projectScope(ctx, ctx.db, userId);
  const alarm = (await repo.findAlarm(ctx.db, alarmId, scope)) ?? refuse('alarm.notFound');
  const types = await readableAlarmTypes(ctx, userId);
  if (types !== null && !types.includes(alarm.typeCode)) refuse('alarm.notFound');
  const [events, occurrences] = await Promise.all([
    repo.eventsOf(ctx.db, alarmId),
    repo.occurrencesOf(ctx.db, alarmId),
  ]);
  let telemetry: AlarmDetail['telemetry'] = null;
  const rule = alarm.ruleId === null ? null : await repo.ruleOfAlarm(ctx.db, alarm.ruleId);
  if (rule && ['threshold', 'rise', 'predict'].includes(rule.mode)) {
    const from = new Date(new Date(alarm.firstAt).getTime() - ALARM_TELEMETRY_MARGIN_MS);
    const to = new Date(new Date(alarm.recoveredAt ?? alarm.lastAt).getTime() + ALARM_TELEMETRY_MARGIN_MS);
    const points = await repo.propertyPoints(ctx.db, alarm.deviceId, rule.identifier, from, to, 20_000);
    const property = await repo.propertyOf(ctx.db, rule.productId, rule.identifier);
    telemetry = {
      identifier: rule.identifier,
      name: property?.name ?? rule.identifier,
      unit: property?.unit ?? '',
      points: thin(points, ALARM_TELEMETRY_POINTS_MAX),
    };
  }
  // The engine's own notes are stored as text keys: the reader sees them in their language.
  const note = (stored: string) => (isAlarmEngineNote(stored) ? text(stored, locale) : stored);
  return {
    alarm,
    events: events.map((event) => ({ ...event, reason: note(event.reason), comment: note(event.comment) })),
    occurrences,
    telemetry,
    workOrder: await repo.orderSummary(ctx.db, alarm.workOrderId),
  };
}

export async function commentAlarm(ctx: Ctx, actor: AlarmActor, alarmId: number, comment: string) {
  const scope = await projectScope(ctx, ctx.db, actor.userId);
  if (!(await repo.findAlarm(ctx.db, alarmId, scope))) refuse('alarm.notFound');
  return repo.addEvent(ctx.db, {
    alarmId,
    at: ctx.now(),
    actorId: actor.userId,
    actor: actor.name.slice(0, 50),
    action: 'comment',
    comment,
  });
}

/**
 * Offline rules, in the transaction that marks devices offline or hears them again:
 * the devices that went offline open (or count) their products' offline alarms, with the rules'
 * auto-handle; those heard again recover them. Answers the alarms opened.
 */
export async function offlineChanged(
  tx: Database,
  wentOffline: readonly number[],
  cameBack: readonly number[],
  now: Date,
): Promise<{ opened: OpenedOffline[]; recovered: number[] }> {
  const rules = (await repo.offlineRulesOf(tx, wentOffline)).filter((rule) => inSchedule(rule.schedule, now));
  const hits: repo.AlarmHit[] = rules.map((rule) => ({
    kind: 'alarm',
    deviceId: rule.deviceId,
    projectId: rule.projectId,
    source: `rule:${rule.ruleId}`,
    ruleId: rule.ruleId,
    title: rule.name,
    titleEn: rule.nameEn,
    level: rule.level as repo.AlarmHit['level'],
    value: null,
    occurrences: [{ at: now, value: null }],
    firstAt: now,
    lastAt: now,
    autoHandle: rule.autoHandle as AutoHandleOption,
    repeatSeconds: rule.repeatFrequency
      ? REPEAT_FREQUENCIES[rule.repeatFrequency as keyof typeof REPEAT_FREQUENCIES]
      : null,
  }));
  const upserted = await repo.upsertAlarms(tx, hits);
  const opened = upserted.filter((alarm) => alarm.opened);
  await autoHandle(
    tx,
    opened.flatMap((alarm) => {
      const option = hits.find(
        (hit) => hit.deviceId === alarm.deviceId && hit.source === alarm.source,
      )?.autoHandle;
      return option && option !== 'waiting' ? [{ alarmId: alarm.alarmId, option }] : [];
    }),
    now,
  );
  const back = (await repo.offlineRulesOf(tx, cameBack)).map((rule) => ({
    deviceId: rule.deviceId,
    source: `rule:${rule.ruleId}`,
  }));
  const recovered = (await repo.recoverAlarms(tx, back, now)).map((alarm) => alarm.alarmId);
  await publishAlarms(
    tx,
    opened.map((alarm) => alarm.alarmId),
    [...upserted.filter((alarm) => !alarm.opened).map((alarm) => alarm.alarmId), ...recovered],
  );
  // What the messages of the alarms opened say (sent by the caller after the commit).
  const announced = opened.flatMap((alarm) => {
    const rule = rules.find(
      (candidate) => candidate.deviceId === alarm.deviceId && `rule:${candidate.ruleId}` === alarm.source,
    );
    if (!rule) return [];
    return [
      {
        alarmId: alarm.alarmId,
        kind: 'alarm' as const,
        value: null,
        device: { projectId: rule.projectId, name: rule.deviceName, address: rule.address },
        title: rule.name,
        titleEn: rule.nameEn,
        level: rule.level as repo.AlarmHit['level'],
        at: now,
      },
    ];
  });
  return { opened: announced, recovered };
}

/** An offline alarm that opened, with what its message says of the device. */
export interface OpenedOffline {
  alarmId: number;
  kind: 'alarm';
  value: null;
  device: { projectId: number; name: string; address: string };
  title: string;
  titleEn: string;
  level: repo.AlarmHit['level'];
  at: Date;
}
