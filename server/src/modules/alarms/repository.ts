import {
  SYSTEM_ACTOR_NAME,
  ALARM_OCCURRENCES_KEPT,
  CLOSED_ALARM_STATES,
  OPEN_ALARM_STATES,
  type AlarmEvent,
  type AlarmKind,
  type AlarmLevel,
  type AlarmRow,
  type AlarmState,
  type alarmFilterShape,
  type alarmListRequestSchema,
  type AutoHandleOption,
  type DeviceType,
  type TelemetryValue,
} from '@cityops/contract';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lte,
  or,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { keysetBatches, mapRows } from '../../db/batches.js';
import { containing, pageOf, totalOver } from '../../db/paging.js';
import { areas } from '../areas/tables.js';
import type { ProjectScope } from '../devices/repository.js';
import { alarmRules, devices, productFunctions, products } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { users } from '../users/tables.js';
import { workOrders } from '../workorders/tables.js';
import { alarmEvents, alarmOccurrences, deviceAlarms } from './tables.js';

/** The alarm engine's queries: opening, counting and recovering alarms, moving them, their lists. */

/** Results of `db.execute`: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

const iso = (time: Date | null) => (time ? time.toISOString() : null);
const isoText = (time: Date | string | null) =>
  time === null ? null : (time instanceof Date ? time : new Date(time)).toISOString();

const inProjects = (column: Column, scope: ProjectScope): SQL | undefined =>
  scope === null ? undefined : scope.length === 0 ? sql`false` : inArray(column, [...scope]);

/** Who did something to an alarm; null: the engine. */
export interface AlarmActor {
  userId: number;
  name: string;
}

// ---- Opening and counting ----

/** One batch's worth of a device's condition being met for one source. */
export interface AlarmHit {
  kind: AlarmKind;
  deviceId: number;
  projectId: number;
  source: string;
  ruleId: number | null;
  title: string;
  /** The English title; '' when the rule or event has no English name. */
  titleEn: string;
  level: AlarmLevel;
  value: TelemetryValue | null;
  /** Each time the condition was met, oldest first: counted and kept as occurrences. */
  occurrences: ReadonlyArray<{ at: Date; value: TelemetryValue | null }>;
  firstAt: Date;
  lastAt: Date;
  /** The rule's auto-handle option (events without a rule: waiting). */
  autoHandle: AutoHandleOption;
  /** The rule's repeat frequency in seconds while waiting; null: pushed once. */
  repeatSeconds: number | null;
}

export interface UpsertedAlarm {
  alarmId: number;
  deviceId: number;
  source: string;
  opened: boolean;
}

/**
 * Opens or counts alarms in one statement: the unique index over open alarms (device, source) makes
 * two reports at once count the same alarm rather than open two. Each occurrence is kept (the newest
 * ALARM_OCCURRENCES_KEPT per alarm), each opening gets its 'raised' event. Answers every alarm touched.
 */
export async function upsertAlarms(db: Database, hits: readonly AlarmHit[]): Promise<UpsertedAlarm[]> {
  if (hits.length === 0) return [];
  const rows = hits.map((hit) => {
    const nextPush =
      hit.repeatSeconds === null ? null : new Date(hit.lastAt.getTime() + hit.repeatSeconds * 1000);
    return sql`(${hit.kind}::varchar, ${hit.deviceId}::integer, ${hit.projectId}::integer, ${hit.source}::varchar,
        ${hit.ruleId}::integer, ${hit.title.slice(0, 50)}::varchar, ${hit.titleEn.slice(0, 60)}::varchar,
        ${hit.level}::varchar,
        ${JSON.stringify(hit.value)}::jsonb, ${hit.occurrences.length}::integer,
        ${hit.firstAt.toISOString()}::timestamptz, ${hit.lastAt.toISOString()}::timestamptz,
        ${nextPush?.toISOString() ?? null}::timestamptz)`;
  });
  const result = await db.execute(sql`
    insert into ${deviceAlarms} (kind, device_id, project_id, source, rule_id, title, title_en, level, value,
      count, first_at, last_at, next_push_at)
    select v.* from (values ${sql.join(rows, sql`, `)})
      as v(kind, device_id, project_id, source, rule_id, title, title_en, level, value, count, first_at, last_at,
        next_push_at)
    where exists (select 1 from ${devices} d where d.device_id = v.device_id)
    on conflict (device_id, source) where state in ('waiting', 'confirmed', 'work_order') do update set
      count = ${deviceAlarms}.count + excluded.count,
      last_at = greatest(${deviceAlarms}.last_at, excluded.last_at),
      value = excluded.value,
      recovered_at = null
    returning alarm_id, device_id, source, (xmax = 0) as opened`);
  const upserted = rowsOf<{ alarm_id: number; device_id: number; source: string; opened: boolean }>(
    result,
  ).map((row) => ({
    alarmId: Number(row.alarm_id),
    deviceId: Number(row.device_id),
    source: row.source,
    opened: row.opened,
  }));
  const byKey = new Map(upserted.map((alarm) => [`${alarm.deviceId}|${alarm.source}`, alarm]));
  const occurrences = hits.flatMap((hit) => {
    const alarm = byKey.get(`${hit.deviceId}|${hit.source}`);
    // Only the newest are kept anyway.
    return alarm
      ? hit.occurrences.slice(-ALARM_OCCURRENCES_KEPT).map((occurrence) => ({
          alarmId: alarm.alarmId,
          at: occurrence.at,
          value: occurrence.value,
        }))
      : [];
  });
  if (occurrences.length > 0) await db.insert(alarmOccurrences).values(occurrences);
  const ids = upserted.map((alarm) => alarm.alarmId);
  if (ids.length > 0) await trimOccurrences(db, ids);
  const raised = hits.flatMap((hit) => {
    const alarm = byKey.get(`${hit.deviceId}|${hit.source}`);
    return alarm?.opened
      ? [{ alarmId: alarm.alarmId, at: hit.firstAt, action: 'raised', toState: 'waiting' } as const]
      : [];
  });
  if (raised.length > 0) await db.insert(alarmEvents).values(raised);
  return upserted;
}

/** Keeps the newest ALARM_OCCURRENCES_KEPT occurrences of these alarms. */
async function trimOccurrences(db: Database, alarmIds: readonly number[]) {
  await db.execute(sql`
    delete from ${alarmOccurrences} o
    using (
      select occurrence_id from (
        select occurrence_id, row_number() over (partition by alarm_id order by occurrence_id desc) as n
        from ${alarmOccurrences}
        where alarm_id in (${sql.join(
          alarmIds.map((id) => sql`${id}::integer`),
          sql`, `,
        )})
      ) ranked where ranked.n > ${ALARM_OCCURRENCES_KEPT}
    ) old
    where o.occurrence_id = old.occurrence_id`);
}

/**
 * The device's condition cleared: recovered_at is set on the open alarm of each pair (once), and
 * the state goes to auto_recover from waiting or confirmed; a work_order alarm keeps its state, its
 * recovered_at showing that the device recovered meanwhile. One put back to confirmed by its
 * cancelled order after that recovers at the next clearing too, keeping the time it recovered at.
 * Answers the alarms recovered.
 */
export async function recoverAlarms(
  db: Database,
  pairs: ReadonlyArray<{ deviceId: number; source: string }>,
  now: Date,
): Promise<Array<{ alarmId: number; fromState: AlarmState; toState: AlarmState }>> {
  if (pairs.length === 0) return [];
  const rows = pairs.map((pair) => sql`(${pair.deviceId}::integer, ${pair.source}::varchar)`);
  const at = now.toISOString();
  const result = await db.execute(sql`
    with locked as (
      select a.alarm_id, a.state from ${deviceAlarms} a
      join (values ${sql.join(rows, sql`, `)}) as v(device_id, source)
        on a.device_id = v.device_id and a.source = v.source
      where a.state in ('waiting', 'confirmed') or (a.state = 'work_order' and a.recovered_at is null)
      for update of a
    )
    update ${deviceAlarms} a set
      recovered_at = coalesce(a.recovered_at, ${at}::timestamptz),
      state = case when locked.state in ('waiting', 'confirmed') then 'auto_recover' else a.state end,
      closed_at = case when locked.state in ('waiting', 'confirmed') then ${at}::timestamptz else a.closed_at end,
      next_push_at = null
    from locked
    where a.alarm_id = locked.alarm_id
    returning a.alarm_id, locked.state as from_state, a.state as to_state`);
  const recovered = rowsOf<{ alarm_id: number; from_state: AlarmState; to_state: AlarmState }>(result).map(
    (row) => ({ alarmId: Number(row.alarm_id), fromState: row.from_state, toState: row.to_state }),
  );
  if (recovered.length > 0)
    await db.insert(alarmEvents).values(
      recovered.map((alarm) => ({
        alarmId: alarm.alarmId,
        at: now,
        action: 'recovered',
        fromState: alarm.fromState,
        toState: alarm.toState,
      })),
    );
  return recovered;
}

// ---- Moving ----

/**
 * Moves the alarms among `ids` that are in one of `sources` (and of `kind`, in the projects of
 * `scope`) to `to`, in one statement: the rows are locked and their state read again, so of two
 * operators acting at once one wins and the other finds the alarm already moved. Writes each move's
 * event. Answers the alarms moved, with the state they left.
 */
export async function moveAlarms(
  db: Database,
  input: {
    ids: readonly number[];
    kind: AlarmKind | null;
    scope: ProjectScope;
    sources: readonly AlarmState[];
    to: AlarmState;
    actor: AlarmActor | null;
    reason: string;
    comment: string;
    now: Date;
    /** Only alarms linked to this work order (the order's outcome). */
    workOrderId?: number;
  },
): Promise<Array<{ alarmId: number; fromState: AlarmState }>> {
  if (input.ids.length === 0 || input.sources.length === 0) return [];
  const at = input.now.toISOString();
  const closing = (CLOSED_ALARM_STATES as readonly AlarmState[]).includes(input.to);
  const manual = input.to === 'confirmed' || input.to === 'work_order' || input.to === 'invalid';
  const result = await db.execute(sql`
    with locked as (
      select alarm_id, state from ${deviceAlarms}
      where alarm_id in (${sql.join(
        input.ids.map((id) => sql`${id}::integer`),
        sql`, `,
      )})
        and state in (${sql.join(
          input.sources.map((state) => sql`${state}`),
          sql`, `,
        )})
        ${input.kind === null ? sql`` : sql`and kind = ${input.kind}`}
        ${input.workOrderId === undefined ? sql`` : sql`and work_order_id = ${input.workOrderId}`}
        ${
          input.scope === null
            ? sql``
            : input.scope.length === 0
              ? sql`and false`
              : sql`and project_id in (${sql.join(
                  input.scope.map((id) => sql`${id}::integer`),
                  sql`, `,
                )})`
        }
      for update
    )
    update ${deviceAlarms} a set
      state = ${input.to},
      handled_at = ${manual ? sql`coalesce(a.handled_at, ${at}::timestamptz)` : sql`a.handled_at`},
      handled_by_id = ${manual ? sql`coalesce(a.handled_by_id, ${input.actor?.userId ?? null}::integer)` : sql`a.handled_by_id`},
      handled_by = ${manual ? sql`coalesce(a.handled_by, ${input.actor?.name ?? SYSTEM_ACTOR_NAME}::varchar)` : sql`a.handled_by`},
      closed_at = ${closing ? sql`${at}::timestamptz` : sql`a.closed_at`},
      next_push_at = null
    from locked
    where a.alarm_id = locked.alarm_id and locked.state in (${sql.join(
      input.sources.map((state) => sql`${state}`),
      sql`, `,
    )})
    returning a.alarm_id, locked.state as from_state`);
  const moved = rowsOf<{ alarm_id: number; from_state: AlarmState }>(result).map((row) => ({
    alarmId: Number(row.alarm_id),
    fromState: row.from_state,
  }));
  if (moved.length > 0)
    await db.insert(alarmEvents).values(
      moved.map((alarm) => ({
        alarmId: alarm.alarmId,
        at: input.now,
        actorId: input.actor?.userId ?? null,
        actor: input.actor?.name.slice(0, 50) ?? null,
        action: 'moved',
        fromState: alarm.fromState,
        toState: input.to,
        reason: input.reason,
        comment: input.comment,
      })),
    );
  return moved;
}

export async function setWorkOrder(db: Database, alarmId: number, orderId: number) {
  await db.update(deviceAlarms).set({ workOrderId: orderId }).where(eq(deviceAlarms.id, alarmId));
}

export async function addEvent(db: Database, values: typeof alarmEvents.$inferInsert) {
  const [row] = await db.insert(alarmEvents).values(values).returning();
  if (!row) throw new Error('insert into iot_alarm_events returned no row');
  return toEvent(row);
}

/** The states of these alarms (missing ones left out), for telling why they did not move. */
export async function statesOf(db: Database, ids: readonly number[], scope: ProjectScope) {
  if (ids.length === 0) return new Map<number, AlarmState>();
  const rows = await db
    .select({ id: deviceAlarms.id, state: deviceAlarms.state })
    .from(deviceAlarms)
    .where(and(inArray(deviceAlarms.id, [...ids]), inProjects(deviceAlarms.projectId, scope)));
  return new Map(rows.map((row) => [row.id, row.state as AlarmState]));
}

// ---- Repeat pushes ----

/**
 * Claims the waiting alarms due to be pushed again and moves their next push on, in one statement:
 * of several instances sweeping at once each alarm goes to one. Answers what to push.
 */
export async function claimRepeats(db: Database, now: Date) {
  const at = now.toISOString();
  const result = await db.execute(sql`
    update ${deviceAlarms} a set next_push_at = ${at}::timestamptz + (
      case r.repeat_frequency
        when '10s' then 10 when '30s' then 30 when '1m' then 60 when '5m' then 300
        when '10m' then 600 when '30m' then 1800 when '60m' then 3600 end) * interval '1 second'
    from iot_alarm_rules r
    where r.rule_id = a.rule_id and r.repeat_frequency is not null
      and a.state = 'waiting' and a.next_push_at is not null and a.next_push_at <= ${at}::timestamptz
    returning a.alarm_id`);
  const ids = rowsOf<{ alarm_id: number }>(result).map((row) => Number(row.alarm_id));
  // Waiting alarms whose rule no longer repeats stop being looked at.
  await db.execute(sql`
    update ${deviceAlarms} a set next_push_at = null
    where a.state = 'waiting' and a.next_push_at is not null and a.next_push_at <= ${at}::timestamptz`);
  if (ids.length === 0) return [];
  await db.insert(alarmEvents).values(ids.map((alarmId) => ({ alarmId, at: now, action: 'repushed' })));
  return alarmRowsById(db, ids);
}

// ---- Rows ----

const alarmColumns = {
  alarmId: deviceAlarms.id,
  kind: deviceAlarms.kind,
  deviceId: deviceAlarms.deviceId,
  deviceName: devices.name,
  deviceKey: devices.deviceKey,
  typeCode: products.typeCode,
  projectId: deviceAlarms.projectId,
  projectName: projects.name,
  areaId: devices.areaId,
  areaName: areas.name,
  address: devices.address,
  title: deviceAlarms.title,
  titleEn: deviceAlarms.titleEn,
  source: deviceAlarms.source,
  ruleId: deviceAlarms.ruleId,
  level: deviceAlarms.level,
  state: deviceAlarms.state,
  value: deviceAlarms.value,
  count: deviceAlarms.count,
  firstAt: deviceAlarms.firstAt,
  lastAt: deviceAlarms.lastAt,
  recoveredAt: deviceAlarms.recoveredAt,
  handledAt: deviceAlarms.handledAt,
  handledBy: deviceAlarms.handledBy,
  closedAt: deviceAlarms.closedAt,
  workOrderId: deviceAlarms.workOrderId,
  workOrderNo: workOrders.orderNo,
};

const selectAlarms = (db: Database) =>
  db
    .select({ ...alarmColumns, total: totalOver })
    .from(deviceAlarms)
    .innerJoin(devices, eq(devices.id, deviceAlarms.deviceId))
    .innerJoin(products, eq(products.id, devices.productId))
    .innerJoin(projects, eq(projects.id, deviceAlarms.projectId))
    .leftJoin(areas, eq(areas.id, devices.areaId))
    .leftJoin(workOrders, eq(workOrders.id, deviceAlarms.workOrderId));
type AlarmSelected = Awaited<ReturnType<typeof selectAlarms>>[number];

const toAlarm = ({
  total: _total,
  firstAt,
  lastAt,
  recoveredAt,
  handledAt,
  closedAt,
  ...row
}: AlarmSelected): AlarmRow => ({
  ...row,
  kind: row.kind as AlarmKind,
  typeCode: row.typeCode as DeviceType,
  level: row.level as AlarmLevel,
  state: row.state as AlarmState,
  value: row.value ?? null,
  firstAt: firstAt.toISOString(),
  lastAt: lastAt.toISOString(),
  recoveredAt: iso(recoveredAt),
  handledAt: iso(handledAt),
  closedAt: iso(closedAt),
});

export async function alarmRowsById(db: Database, ids: readonly number[]): Promise<AlarmRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectAlarms(db)
    .where(inArray(deviceAlarms.id, [...ids]))
    .orderBy(asc(deviceAlarms.id));
  return rows.map(toAlarm);
}

export async function findAlarm(db: Database, id: number, scope: ProjectScope) {
  const [row] = await selectAlarms(db).where(
    and(eq(deviceAlarms.id, id), inProjects(deviceAlarms.projectId, scope)),
  );
  return row ? toAlarm(row) : null;
}

export type AlarmListRequest = z.output<typeof alarmListRequestSchema>;
/** A list's filter without its paging (exports). */
export type AlarmFilter = z.output<z.ZodObject<typeof alarmFilterShape>>;
/** Which alarms a list shows: a kind (null: both) and the states of its list (null: every state). */
export interface AlarmListScope {
  kind: AlarmKind | null;
  states: readonly AlarmState[] | null;
  /** Which moment from/to filter: open lists lastAt, history firstAt. */
  dateColumn: 'lastAt' | 'firstAt';
  /** The device types the reader may see (null: every type). */
  typeCodes?: readonly DeviceType[] | null;
}

const LEVEL_ORDER = sql`case ${deviceAlarms.level} when 'error' then 0 when 'common' then 1 else 2 end`;

function listWhere(request: AlarmFilter, list: AlarmListScope, scope: ProjectScope) {
  const keyword = request.keyword ? containing(request.keyword) : null;
  const title = request.title ? containing(request.title) : null;
  const date = list.dateColumn === 'lastAt' ? deviceAlarms.lastAt : deviceAlarms.firstAt;
  return and(
    inProjects(deviceAlarms.projectId, scope),
    list.kind === null ? undefined : eq(deviceAlarms.kind, list.kind),
    list.states === null ? undefined : inArray(deviceAlarms.state, [...list.states]),
    list.typeCodes == null ? undefined : inArray(products.typeCode, [...list.typeCodes]),
    request.projectId === undefined ? undefined : eq(deviceAlarms.projectId, request.projectId),
    request.areaId === undefined ? undefined : eq(devices.areaId, request.areaId),
    request.deviceId === undefined ? undefined : eq(deviceAlarms.deviceId, request.deviceId),
    request.deviceIds === undefined ? undefined : inArray(deviceAlarms.deviceId, request.deviceIds),
    request.openOnly ? inArray(deviceAlarms.state, [...OPEN_ALARM_STATES]) : undefined,
    request.typeCode === undefined ? undefined : eq(products.typeCode, request.typeCode),
    request.state === undefined ? undefined : eq(deviceAlarms.state, request.state),
    request.level === undefined ? undefined : eq(deviceAlarms.level, request.level),
    title ? or(ilike(deviceAlarms.title, title), ilike(deviceAlarms.source, title)) : undefined,
    request.from === undefined ? undefined : gte(date, new Date(request.from)),
    request.to === undefined ? undefined : lte(date, new Date(request.to)),
    keyword
      ? or(ilike(devices.name, keyword), ilike(devices.deviceKey, keyword), ilike(devices.address, keyword))
      : undefined,
  );
}

export function alarmPage(
  db: Database,
  request: AlarmListRequest,
  list: AlarmListScope,
  scope: ProjectScope,
) {
  const where = listWhere(request, list, scope);
  const field = request.sortField ?? 'lastAt';
  const column =
    field === 'level'
      ? LEVEL_ORDER
      : field === 'count'
        ? deviceAlarms.count
        : field === 'firstAt'
          ? deviceAlarms.firstAt
          : field === 'closedAt'
            ? deviceAlarms.closedAt
            : deviceAlarms.lastAt;
  const direction = (request.sortOrder ?? 'desc') === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) =>
      selectAlarms(db)
        .where(where)
        .orderBy(direction(column), direction(deviceAlarms.id))
        .limit(limit)
        .offset(offset),
    async () =>
      (
        await db
          .select({ n: sql<number>`cast(count(*) as integer)`.mapWith(Number) })
          .from(deviceAlarms)
          .innerJoin(devices, eq(devices.id, deviceAlarms.deviceId))
          .innerJoin(products, eq(products.id, devices.productId))
          .where(where)
      )[0]?.n ?? 0,
    toAlarm,
  );
}

/** Every row of a list's filter (exports), in batches. */
export function alarmRows(db: Database, filter: AlarmFilter, list: AlarmListScope, scope: ProjectScope) {
  const where = listWhere(filter, list, scope);
  return mapRows(
    keysetBatches((afterId, limit) =>
      selectAlarms(db)
        .where(and(where, gt(deviceAlarms.id, afterId)))
        .orderBy(asc(deviceAlarms.id))
        .limit(limit)
        .then((rows) => rows.map((row) => ({ ...row, id: row.alarmId }))),
    ),
    ({ id: _id, ...row }) => toAlarm(row),
  );
}

// ---- Detail ----

const toEvent = (row: typeof alarmEvents.$inferSelect): AlarmEvent => ({
  eventId: row.id,
  at: row.at.toISOString(),
  actor: row.actor,
  action: row.action as AlarmEvent['action'],
  fromState: row.fromState as AlarmState | null,
  toState: row.toState as AlarmState | null,
  reason: row.reason,
  comment: row.comment,
});

export async function eventsOf(db: Database, alarmId: number) {
  const rows = await db
    .select()
    .from(alarmEvents)
    .where(eq(alarmEvents.alarmId, alarmId))
    .orderBy(asc(alarmEvents.at), asc(alarmEvents.id));
  return rows.map(toEvent);
}

export async function occurrencesOf(db: Database, alarmId: number) {
  const rows = await db
    .select({ at: alarmOccurrences.at, value: alarmOccurrences.value })
    .from(alarmOccurrences)
    .where(eq(alarmOccurrences.alarmId, alarmId))
    .orderBy(desc(alarmOccurrences.id))
    .limit(ALARM_OCCURRENCES_KEPT);
  return rows.map((row) => ({ at: row.at.toISOString(), value: row.value ?? null }));
}

/** The rule an alarm came from: its mode and watched identifier. */
export async function ruleOfAlarm(db: Database, ruleId: number) {
  const result = await db.execute(sql`
    select r.mode, r.identifier, r.product_id from iot_alarm_rules r where r.rule_id = ${ruleId}`);
  const [row] = rowsOf<{ mode: string; identifier: string; product_id: number }>(result);
  return row ? { mode: row.mode, identifier: row.identifier, productId: Number(row.product_id) } : null;
}

/** A property's numeric values of one device between two moments, oldest first. */
export async function propertyPoints(
  db: Database,
  deviceId: number,
  identifier: string,
  from: Date,
  to: Date,
  limit: number,
) {
  const result = await db.execute(sql`
    select ts, "values"->${identifier} as v from iot_telemetry
    where device_id = ${deviceId} and ts >= ${from.toISOString()}::timestamptz
      and ts <= ${to.toISOString()}::timestamptz and jsonb_typeof("values"->${identifier}) = 'number'
    order by ts
    limit ${limit}`);
  return rowsOf<{ ts: Date | string; v: number | string }>(result).map((row) => ({
    t: new Date(isoText(row.ts) ?? 0).getTime(),
    v: Number(row.v),
  }));
}

/** Which open (or closed) states a list shows. */
export const OPEN_STATES: readonly AlarmState[] = OPEN_ALARM_STATES;
export const CLOSED_STATES: readonly AlarmState[] = CLOSED_ALARM_STATES;

/** A property's name and unit from the product's model. */
export async function propertyOf(db: Database, productId: number, identifier: string) {
  const [row] = await db
    .select({ name: productFunctions.name, definition: productFunctions.definition })
    .from(productFunctions)
    .where(
      and(
        eq(productFunctions.productId, productId),
        eq(productFunctions.identifier, identifier),
        eq(productFunctions.kind, 'property'),
      ),
    );
  if (!row) return null;
  const spec = (row.definition as { spec?: { unit?: unknown } }).spec;
  return { name: row.name, unit: typeof spec?.unit === 'string' ? spec.unit : '' };
}

// ---- Offline rules ----

/** The enabled offline rules of these devices' products, one row per device and rule. */
export async function offlineRulesOf(db: Database, deviceIds: readonly number[]) {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .select({
      deviceId: devices.id,
      projectId: devices.projectId,
      deviceName: devices.name,
      address: devices.address,
      ruleId: alarmRules.id,
      name: alarmRules.name,
      nameEn: alarmRules.nameEn,
      level: alarmRules.level,
      autoHandle: alarmRules.autoHandle,
      repeatFrequency: alarmRules.repeatFrequency,
      schedule: alarmRules.schedule,
    })
    .from(devices)
    .innerJoin(
      alarmRules,
      and(
        eq(alarmRules.productId, devices.productId),
        eq(alarmRules.mode, 'offline'),
        eq(alarmRules.enabled, true),
      ),
    )
    .where(inArray(devices.id, [...deviceIds]));
  return rows;
}

/** The summary of an alarm's work order, for its detail; null when it has none (or it was removed). */
export async function orderSummary(db: Database, orderId: number | null) {
  if (orderId === null) return null;
  const [row] = await db
    .select({
      orderId: workOrders.id,
      orderNo: workOrders.orderNo,
      state: workOrders.state,
      assignee: users.name,
    })
    .from(workOrders)
    .leftJoin(users, eq(users.id, workOrders.assigneeId))
    .where(eq(workOrders.id, orderId));
  return row ? { ...row, assignee: row.assignee ?? null } : null;
}
