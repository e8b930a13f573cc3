import {
  type CommandState,
  type CommandRow,
  type commandListRequestSchema,
  type FaultRow,
  type liveListRequestSchema,
  type LiveDevice,
  type LidLimit,
  type LidState,
  type LiveWellLid,
  type TelemetryValue,
  type wellLidListRequestSchema,
  LID_LIMIT_PROPERTIES,
  LID_STATE_PROPERTIES,
} from '@cityops/contract';
import { and, asc, desc, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { pageOf, totalOver } from '../../db/paging.js';
import { deviceFilter, findDevices, type ProjectScope } from '../devices/repository.js';
import { alarmRules, devices, productFunctions, products } from '../devices/tables.js';
import { commands, faults, latestValues, telemetry } from './tables.js';

/** The only database queries of the device runtime (ingestion, commands, alarms, the read pages). */

type Values = Record<string, TelemetryValue>;

/** Results of `db.execute`: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

const iso = (time: Date | null) => (time ? time.toISOString() : null);

// ---- Devices and their models, as the broker and ingestion need them ----

export interface DeviceIdentity {
  id: number;
  deviceKey: string;
  name: string;
  productId: number;
  projectId: number;
  enabled: boolean;
  online: boolean;
  secretHash: string;
  typeCode: string;
  address: string;
}

const identityColumns = {
  id: devices.id,
  deviceKey: devices.deviceKey,
  name: devices.name,
  productId: devices.productId,
  projectId: devices.projectId,
  enabled: devices.enabled,
  online: devices.online,
  secretHash: devices.secretHash,
  typeCode: products.typeCode,
  address: devices.address,
};

export async function deviceByKey(db: Database, deviceKey: string): Promise<DeviceIdentity | null> {
  const [row] = await db
    .select(identityColumns)
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(eq(devices.deviceKey, deviceKey));
  return row ?? null;
}

export function devicesByIds(db: Database, ids: readonly number[]): Promise<DeviceIdentity[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(identityColumns)
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(inArray(devices.id, [...ids]));
}

export async function productModelRows(db: Database, productId: number) {
  const [product] = await db
    .select({
      id: products.id,
      typeCode: products.typeCode,
      offlineAfterSeconds: products.offlineAfterSeconds,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return null;
  const functions = await db
    .select({
      kind: productFunctions.kind,
      identifier: productFunctions.identifier,
      name: productFunctions.name,
      definition: productFunctions.definition,
    })
    .from(productFunctions)
    .where(eq(productFunctions.productId, productId))
    .orderBy(asc(productFunctions.id));
  const rules = await db
    .select({
      id: alarmRules.id,
      name: alarmRules.name,
      nameEn: alarmRules.nameEn,
      mode: alarmRules.mode,
      identifier: alarmRules.identifier,
      operator: alarmRules.operator,
      threshold: alarmRules.threshold,
      windowSeconds: alarmRules.windowSeconds,
      clearOperator: alarmRules.clearOperator,
      clearThreshold: alarmRules.clearThreshold,
      clearIdentifier: alarmRules.clearIdentifier,
      durationSeconds: alarmRules.durationSeconds,
      repeatCount: alarmRules.repeatCount,
      level: alarmRules.level,
      autoHandle: alarmRules.autoHandle,
      repeatFrequency: alarmRules.repeatFrequency,
      schedule: alarmRules.schedule,
    })
    .from(alarmRules)
    .where(and(eq(alarmRules.productId, productId), eq(alarmRules.enabled, true)));
  return { product, functions, rules };
}

// ---- Ingestion's batched writes ----

export interface StoredReport {
  deviceId: number;
  ts: Date;
  values: Values;
}

/**
 * One flush: every report into the history (one multi-row INSERT), the latest values merged per
 * device (newer values win whatever order reports arrive in), and the devices seen marked online.
 */
export async function writeReports(
  tx: Database,
  reports: readonly StoredReport[],
  seen: ReadonlyMap<number, Date>,
): Promise<void> {
  if (reports.length > 0) {
    // Reports are acknowledged once their batch committed, so a crash or a lost acknowledgement
    // brings some again: the same device, time and values are the same report, stored once.
    const unique = new Map(
      reports.map((r) => [`${r.deviceId} ${r.ts.getTime()} ${JSON.stringify(r.values)}`, r]),
    );
    const fresh = [...unique.values()].map(
      (r) =>
        sql`(${r.deviceId}::integer, ${r.ts.toISOString()}::timestamptz, ${JSON.stringify(r.values)}::jsonb)`,
    );
    await tx.execute(sql`
      insert into ${telemetry} (device_id, ts, values)
      select v.device_id, v.ts, v.values from (values ${sql.join(fresh, sql`, `)}) as v(device_id, ts, values)
      where not exists (select 1 from ${telemetry} kept
        where kept.device_id = v.device_id and kept.ts = v.ts and kept.values = v.values)`);
    const latest = new Map<number, { values: Values; at: Date }>();
    for (const report of [...reports].sort((a, b) => a.ts.getTime() - b.ts.getTime())) {
      const known = latest.get(report.deviceId);
      latest.set(report.deviceId, {
        values: { ...known?.values, ...report.values },
        at: report.ts,
      });
    }
    const rows = [...latest].map(
      ([deviceId, { values, at }]) =>
        sql`(${deviceId}::integer, ${JSON.stringify(values)}::jsonb, ${at.toISOString()}::timestamptz)`,
    );
    await tx.execute(sql`
      insert into ${latestValues} (device_id, values, values_at)
      select v.device_id, v.values, v.values_at from (values ${sql.join(rows, sql`, `)}) as v(device_id, values, values_at)
      where exists (select 1 from ${devices} d where d.device_id = v.device_id)
      on conflict (device_id) do update set
        values = case when excluded.values_at >= ${latestValues}.values_at
          then ${latestValues}.values || excluded.values else excluded.values || ${latestValues}.values end,
        values_at = greatest(${latestValues}.values_at, excluded.values_at)`);
  }
  await markSeen(tx, seen);
}

/** Devices heard from (a report, a ping, a connection): online, last seen then. */
export async function markSeen(db: Database, seen: ReadonlyMap<number, Date>): Promise<void> {
  if (seen.size === 0) return;
  const rows = [...seen].map(([id, at]) => sql`(${id}::integer, ${at.toISOString()}::timestamptz)`);
  await db.execute(sql`
    update ${devices} set online = true,
      last_seen_at = greatest(coalesce(${devices.lastSeenAt}, v.at), v.at)
    from (values ${sql.join(rows, sql`, `)}) as v(id, at)
    where ${devices.id} = v.id`);
}

export interface NewFault {
  deviceId: number | null;
  deviceKey: string;
  kind: FaultRow['kind'];
  detail: string;
  at: Date;
}

export async function insertFaults(db: Database, rows: readonly NewFault[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(faults).values(
    rows.map((row) => ({
      ...row,
      deviceKey: row.deviceKey.slice(0, 64),
      detail: row.detail.slice(0, 300),
    })),
  );
}

/** These devices went away (disconnected, or said so); answers the ids that were online. */
export async function setOffline(db: Database, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const changed = await db
    .update(devices)
    .set({ online: false })
    .where(and(inArray(devices.id, [...ids]), eq(devices.online, true)))
    .returning({ id: devices.id });
  return changed.map((row) => row.id);
}

export async function setFirmware(db: Database, id: number, firmwareVersion: string) {
  await db.update(devices).set({ firmwareVersion }).where(eq(devices.id, id));
}

/** The offline sweep: online devices silent for longer than their product allows go offline. */
export async function markSilentOffline(db: Database, now: Date): Promise<number[]> {
  const result = await db.execute<{ device_id: number }>(sql`
    update ${devices} d set online = false
    from ${products} p
    where p.product_id = d.product_id and d.online
      and (d.last_seen_at is null
        or d.last_seen_at < ${now.toISOString()}::timestamptz - p.offline_after_seconds * interval '1 second')
    returning d.device_id`);
  return rowsOf<{ device_id: number }>(result).map((row) => Number(row.device_id));
}

// ---- Telemetry partitions ----

/** The day partitions of iot_telemetry (`iot_telemetry_YYYYMMDD`), by name. */
export async function telemetryPartitions(db: Database): Promise<string[]> {
  const result = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = 'iot_telemetry' and c.relname ~ '^iot_telemetry_[0-9]{8}$'
    order by c.relname`);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/**
 * Makes the day partition `[from, to)`: rows that landed in the default partition for that day are
 * moved into it first (attaching over them would fail), all in one transaction under a lock, so
 * instances starting together make it once.
 */
export async function createDayPartition(db: Database, name: string, from: Date, to: Date) {
  if (!/^iot_telemetry_\d{8}$/.test(name)) throw new Error(`not a partition name: ${name}`);
  const table = sql.identifier(name);
  const lower = from.toISOString();
  const upper = to.toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('iot_telemetry_partitions'))`);
    const exists = await tx.execute<{ found: boolean }>(
      sql`select to_regclass(${name}) is not null as found`,
    );
    if (rowsOf<{ found: boolean }>(exists)[0]?.found) return;
    await tx.execute(sql`create table ${table} (like iot_telemetry including defaults)`);
    await tx.execute(sql`
      with moved as (
        delete from iot_telemetry_default where ts >= ${lower}::timestamptz and ts < ${upper}::timestamptz
        returning device_id, ts, values
      )
      insert into ${table} (device_id, ts, values) select device_id, ts, values from moved`);
    await tx.execute(
      sql.raw(`alter table iot_telemetry attach partition ${name}
      for values from ('${lower}') to ('${upper}')`),
    );
  });
}

export async function dropPartition(db: Database, name: string) {
  if (!/^iot_telemetry_\d{8}$/.test(name)) throw new Error(`not a partition name: ${name}`);
  await db.execute(sql`drop table if exists ${sql.identifier(name)}`);
}

/** Old rows of clock-skewed devices in the default partition go with the retention too. */
export async function purgeDefaultPartition(db: Database, before: Date) {
  await db.execute(sql`delete from iot_telemetry_default where ts < ${before.toISOString()}::timestamptz`);
}

/** Faults are kept as long as the history. */
export async function purgeFaults(db: Database, before: Date) {
  await db.execute(sql`delete from ${faults} where ${faults.at} < ${before.toISOString()}::timestamptz`);
}

// ---- Visibility (the registry's project scope, modules/devices/service.ts projectScope) ----

const inProjects = (column: Column, scope: ProjectScope): SQL | undefined =>
  scope === null ? undefined : scope.length === 0 ? sql`false` : inArray(column, [...scope]);

// ---- Live lists ----

type LiveRequest = z.output<typeof liveListRequestSchema>;

const LIVE_SORT = { name: devices.name, lastSeenAt: devices.lastSeenAt } as const;

/**
 * Devices of the filter (within the types given, if any) with their latest values; `also` narrows the
 * devices further by a condition on `devices` and `products`.
 */
export async function livePage(
  db: Database,
  request: LiveRequest,
  scope: ProjectScope,
  types: readonly string[] | null,
  also?: SQL,
) {
  const where = and(
    deviceFilter(request, scope),
    types ? inArray(products.typeCode, [...types]) : undefined,
    also,
  );
  const column = LIVE_SORT[request.sortField ?? 'name'];
  const direction = (request.sortOrder ?? 'asc') === 'asc' ? asc : desc;
  const page = await pageOf(
    request,
    (limit, offset) =>
      db
        .select({ id: devices.id, total: totalOver })
        .from(devices)
        .innerJoin(products, eq(products.id, devices.productId))
        .where(where)
        .orderBy(direction(column), asc(devices.id))
        .limit(limit)
        .offset(offset),
    async () =>
      (
        await db
          .select({ n: sql<number>`cast(count(*) as integer)`.mapWith(Number) })
          .from(devices)
          .innerJoin(products, eq(products.id, devices.productId))
          .where(where)
      )[0]?.n ?? 0,
    (row) => row.id,
  );
  // The rows as the registry shows them, with their latest values, in the page's order.
  const [rows, latest] = await Promise.all([
    findDevices(db, page.list),
    page.list.length === 0
      ? []
      : db.select().from(latestValues).where(inArray(latestValues.deviceId, page.list)),
  ]);
  const byId = new Map(rows.map((row) => [row.deviceId, row]));
  const valuesOf = new Map(latest.map((row) => [row.deviceId, row]));
  const list = page.list.flatMap((id): LiveDevice[] => {
    const row = byId.get(id);
    if (!row) return [];
    const values = valuesOf.get(id);
    return [{ ...row, values: values?.values ?? {}, valuesAt: iso(values?.valuesAt ?? null) }];
  });
  return { ...page, list };
}

// ---- The well-lid monitor ----

type WellLidRequest = z.output<typeof wellLidListRequestSchema>;

/**
 * Whether the device's latest value of `identifier` meets an enabled threshold rule of its product on
 * it (contract conditionHolds, in SQL): the rules that raise the lid's alarms set its states. Over
 * `devices` of the enclosing query; its latest values are read here, so lists without this filter
 * join nothing more.
 */
function meetsThresholdRule(identifier: string): SQL {
  const latest = sql`(select ${latestValues.values} from ${latestValues} where ${latestValues.deviceId} = ${devices.id})`;
  const value = sql`${latest} -> ${identifier}`;
  const number = sql`(${latest} ->> ${identifier})::double precision`;
  return sql`exists (
    select 1 from ${alarmRules} r
    where r.product_id = ${devices.productId} and r.enabled and r.mode = 'threshold'
      and r.identifier = ${identifier}
      and case when jsonb_typeof(${value}) = 'number' then
        case r.operator
          when '>' then ${number} > r.threshold
          when '>=' then ${number} >= r.threshold
          when '<' then ${number} < r.threshold
          when '<=' then ${number} <= r.threshold
          when '==' then ${number} = r.threshold
          when '!=' then ${number} <> r.threshold
          else false
        end
      else false end)`;
}

/** The devices in a lid state (contract LID_STATES, as lidStatesOf reads them). */
function inLidState(state: LidState): SQL {
  const tilted = meetsThresholdRule(LID_STATE_PROPERTIES.tilted);
  const lowBattery = meetsThresholdRule(LID_STATE_PROPERTIES.lowBattery);
  switch (state) {
    case 'offline':
      return sql`not ${devices.online}`;
    case 'tilted':
      return tilted;
    case 'lowBattery':
      return lowBattery;
    case 'normal':
      return sql`${devices.online} and not ${tilted} and not ${lowBattery}`;
  }
}

/**
 * The well-lid monitor's page: the live list of these types filtered by lid state in the database (so
 * paging and total count the lids in that state), each row with the limits its states are read by.
 */
export async function wellLidPage(
  db: Database,
  request: WellLidRequest,
  scope: ProjectScope,
  types: readonly string[],
) {
  const page = await livePage(
    db,
    request,
    scope,
    types,
    request.lidState === undefined ? undefined : inLidState(request.lidState),
  );
  const productIds = [...new Set(page.list.map((row) => row.productId))];
  const rules =
    productIds.length === 0
      ? []
      : await db
          .select({
            productId: alarmRules.productId,
            identifier: alarmRules.identifier,
            operator: alarmRules.operator,
            threshold: alarmRules.threshold,
          })
          .from(alarmRules)
          .where(
            and(
              inArray(alarmRules.productId, productIds),
              eq(alarmRules.enabled, true),
              eq(alarmRules.mode, 'threshold'),
              inArray(alarmRules.identifier, [...LID_LIMIT_PROPERTIES]),
            ),
          )
          .orderBy(asc(alarmRules.id));
  const limitsOf = new Map<number, LidLimit[]>();
  for (const { productId, ...limit } of rules)
    limitsOf.set(productId, [...(limitsOf.get(productId) ?? []), limit as LidLimit]);
  const list = page.list.map((row): LiveWellLid => ({ ...row, limits: limitsOf.get(row.productId) ?? [] }));
  return { ...page, list };
}

/** The latest values and connection state of these devices (the live socket's frames). */
export function liveStates(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      deviceId: devices.id,
      projectId: devices.projectId,
      online: devices.online,
      lastSeenAt: devices.lastSeenAt,
      values: latestValues.values,
      valuesAt: latestValues.valuesAt,
    })
    .from(devices)
    .leftJoin(latestValues, eq(latestValues.deviceId, devices.id))
    .where(inArray(devices.id, [...ids]));
}

/** Of these devices, those in the user's projects. */
export async function visibleDeviceIds(db: Database, ids: readonly number[], scope: ProjectScope) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(inArray(devices.id, [...ids]), inProjects(devices.projectId, scope)));
  return rows.map((row) => row.id);
}

// ---- History ----

/** The reports of one device in `[start, end)` that hold any of `identifiers` (read through (device_id, ts)). */
function historyWhere(deviceId: number, identifiers: readonly string[], start: Date, end: Date) {
  const keys = sql`array[${sql.join(
    identifiers.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  return sql`${telemetry.deviceId} = ${deviceId}
    and ${telemetry.ts} >= ${start.toISOString()}::timestamptz and ${telemetry.ts} < ${end.toISOString()}::timestamptz
    and ${telemetry.values} ?| ${keys}`;
}

/**
 * Every `step`-th of those reports, oldest first, with only the identifiers asked for. The numbering
 * streams in ts order off the index, and the values are picked only from the reports kept, by key
 * (no per-row jsonb_each): what EXPLAIN ANALYZE showed the 7-day query spending its time on
 * (bench/devices-history.ts, bench/README.md).
 */
export function historyQuery(
  deviceId: number,
  identifiers: readonly string[],
  start: Date,
  end: Date,
  step: number,
) {
  const picked = sql.join(
    identifiers.map((id) => sql`${id}::text, kept.values -> ${id}::text`),
    sql`, `,
  );
  return sql`
    select kept.ts as t, jsonb_strip_nulls(jsonb_build_object(${picked})) as v from (
      select ${telemetry.ts} as ts, ${telemetry.values} as values, row_number() over (order by ${telemetry.ts}) as n
      from ${telemetry}
      where ${historyWhere(deviceId, identifiers, start, end)}
    ) as kept
    where (kept.n - 1) % ${step}::bigint = 0
    order by kept.ts`;
}

/**
 * A device's reports in `[start, end)` with only the identifiers asked for, thinned evenly to at most
 * `max` points (every n-th report) when there are more; `total` is how many the range held.
 */
export async function historyPoints(
  db: Database,
  deviceId: number,
  identifiers: readonly string[],
  start: Date,
  end: Date,
  max: number,
) {
  const counted = await db.execute<{ total: number | string }>(
    sql`select count(*) as total from ${telemetry} where ${historyWhere(deviceId, identifiers, start, end)}`,
  );
  const total = Number(rowsOf<{ total: number | string }>(counted)[0]?.total ?? 0);
  if (total === 0) return { total, points: [] };
  const step = Math.max(1, Math.ceil(total / max));
  const result = await db.execute<{ t: string | Date; v: Values | string }>(
    historyQuery(deviceId, identifiers, start, end, step),
  );
  return {
    total,
    points: rowsOf<{ t: string | Date; v: Values | string }>(result).map((row) => ({
      t: new Date(row.t).getTime(),
      v: typeof row.v === 'string' ? (JSON.parse(row.v) as Values) : row.v,
    })),
  };
}

// ---- Commands ----

export interface NewCommand {
  deviceId: number;
  messageId: string;
  service: string;
  params: Values;
  state: CommandState;
  senderId: number | null;
  sender: string;
  sentAt: Date;
}

export async function insertCommand(db: Database, command: NewCommand): Promise<number> {
  const [row] = await db.insert(commands).values(command).returning({ id: commands.id });
  if (!row) throw new Error('insert into iot_commands returned no row');
  return row.id;
}

/** Stores a device's answer to a command still waiting for one; answers the command's id, or null. */
export async function answerCommand(
  db: Database,
  messageId: string,
  deviceId: number,
  reply: { code: number; msg: string; data: Values | null },
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .update(commands)
    .set({
      state: reply.code === 0 ? 'succeeded' : 'failed',
      replyCode: reply.code,
      replyMessage: reply.msg.slice(0, 200),
      replyData: reply.data,
      answeredAt: now,
    })
    .where(
      and(eq(commands.messageId, messageId), eq(commands.deviceId, deviceId), eq(commands.state, 'sent')),
    )
    .returning({ id: commands.id });
  return row?.id ?? null;
}

/** No answer in time: the command times out, unless the answer came meanwhile. */
export async function timeOutCommand(db: Database, commandId: number) {
  await db
    .update(commands)
    .set({ state: 'timeout' })
    .where(and(eq(commands.id, commandId), eq(commands.state, 'sent')));
}

const commandColumns = {
  commandId: commands.id,
  deviceId: commands.deviceId,
  deviceName: devices.name,
  service: commands.service,
  params: commands.params,
  state: commands.state,
  replyCode: commands.replyCode,
  replyMessage: commands.replyMessage,
  replyData: commands.replyData,
  sender: commands.sender,
  sentAt: commands.sentAt,
  answeredAt: commands.answeredAt,
  total: totalOver,
};

const selectCommands = (db: Database) =>
  db.select(commandColumns).from(commands).innerJoin(devices, eq(devices.id, commands.deviceId));
type CommandSelected = Awaited<ReturnType<typeof selectCommands>>[number];

const toCommand = ({ total: _total, sentAt, answeredAt, state, ...row }: CommandSelected): CommandRow => ({
  ...row,
  state: state as CommandState,
  sentAt: sentAt.toISOString(),
  answeredAt: iso(answeredAt),
});

export async function commandRows(db: Database, ids: readonly number[]): Promise<CommandRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectCommands(db).where(inArray(commands.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.commandId, toCommand(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function commandState(db: Database, commandId: number): Promise<CommandState | null> {
  const [row] = await db.select({ state: commands.state }).from(commands).where(eq(commands.id, commandId));
  return (row?.state as CommandState | undefined) ?? null;
}

export function commandPage(
  db: Database,
  request: z.output<typeof commandListRequestSchema>,
  scope: ProjectScope,
) {
  const where = and(
    inProjects(devices.projectId, scope),
    request.deviceId === undefined ? undefined : eq(commands.deviceId, request.deviceId),
    request.projectId === undefined ? undefined : eq(devices.projectId, request.projectId),
    request.state === undefined ? undefined : eq(commands.state, request.state),
  );
  const direction = request.sortOrder === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) =>
      selectCommands(db)
        .where(where)
        .orderBy(direction(commands.sentAt), direction(commands.id))
        .limit(limit)
        .offset(offset),
    async () =>
      (
        await db
          .select({ n: sql<number>`cast(count(*) as integer)`.mapWith(Number) })
          .from(commands)
          .innerJoin(devices, eq(devices.id, commands.deviceId))
          .where(where)
      )[0]?.n ?? 0,
    toCommand,
  );
}

// ---- Fault lists ----

/** The newest faults (at most `limit`), of one device or of the user's projects' devices. */
export async function faultRows(
  db: Database,
  deviceId: number | undefined,
  scope: ProjectScope,
  limit: number,
): Promise<FaultRow[]> {
  const rows = await db
    .select({
      faultId: faults.id,
      deviceId: faults.deviceId,
      deviceKey: faults.deviceKey,
      kind: faults.kind,
      detail: faults.detail,
      at: faults.at,
      projectId: devices.projectId,
    })
    .from(faults)
    .leftJoin(devices, eq(devices.id, faults.deviceId))
    .where(
      and(
        deviceId === undefined ? undefined : eq(faults.deviceId, deviceId),
        // Faults of unknown devices are the whole platform's: only for those who see every project.
        scope === null ? undefined : inProjects(devices.projectId, scope),
      ),
    )
    .orderBy(desc(faults.at), desc(faults.id))
    .limit(limit);
  return rows.map(({ projectId: _p, at, kind, ...row }) => ({
    ...row,
    kind: kind as FaultRow['kind'],
    at: at.toISOString(),
  }));
}
