import {
  chinaDateTime,
  EVENT_STATUS,
  TYPE_ALARM_BOX,
  videoPlatformSchema,
  type AlarmBoxDto,
  type AlarmRecord,
  type CallEndReason,
  type CameraEntry,
} from '@cityops/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import { containing, pageOf, totalOver, type PageWindow } from '../../db/paging.js';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connection.js';
import { cameras } from '../../db/schema.js';
import { areas } from '../areas/tables.js';
import { devices, products } from '../devices/tables.js';
import type { ProjectScope } from '../devices/repository.js';
import { projects } from '../projects/tables.js';
import { sites } from '../sites/tables.js';
import { users } from '../users/tables.js';
import { alarmBoxCameras, alarmCalls } from './tables.js';

/** The alarm-call module's queries (the only drizzle queries of modules/alarmbox). */

export type CallRow = typeof alarmCalls.$inferSelect;

const boxColumns = {
  id: devices.id,
  deviceKey: devices.deviceKey,
  controlCode: devices.controlCode,
  devName: devices.name,
  projectId: devices.projectId,
  projectName: projects.name,
  areaName: areas.name,
  siteName: sites.name,
  address: devices.address,
  lng: devices.longitude,
  lat: devices.latitude,
  online: devices.online,
  enabled: devices.enabled,
  typeCode: products.typeCode,
  camCode: cameras.controlCode,
  camName: cameras.name,
  camAccessWay: cameras.accessWay,
  camRecordLocation: cameras.recordLocation,
  camHasPtz: cameras.hasPtz,
  camLng: cameras.longitude,
  camLat: cameras.latitude,
  camSite: cameras.siteName,
  camArea: cameras.areaName,
};

export interface BoxRow extends AlarmBoxDto {
  deviceKey: string;
  online: boolean;
  enabled: boolean;
  typeCode: string;
}

function boxOf(row: {
  [K in keyof typeof boxColumns]: unknown;
}): BoxRow {
  const r = row as {
    id: number;
    deviceKey: string;
    controlCode: string | null;
    devName: string;
    projectId: number;
    projectName: string;
    areaName: string | null;
    siteName: string | null;
    address: string;
    lng: number | null;
    lat: number | null;
    online: boolean;
    enabled: boolean;
    typeCode: string;
    camCode: string | null;
    camName: string | null;
    camAccessWay: string | null;
    camRecordLocation: number | null;
    camHasPtz: boolean | null;
    camLng: number | null;
    camLat: number | null;
    camSite: string | null;
    camArea: string | null;
  };
  const accessWay = r.camAccessWay === null ? null : videoPlatformSchema.safeParse(r.camAccessWay);
  const camera: CameraEntry | null =
    r.camCode !== null && accessWay?.success
      ? {
          controlCode: r.camCode,
          devName: r.camName ?? '',
          recordLocation: r.camRecordLocation ?? 0,
          hasPtz: r.camHasPtz ?? false,
          deviceDto: {
            controlCode: r.camCode,
            lng: r.camLng,
            lat: r.camLat,
            devName: r.camName ?? '',
            siteName: r.camSite ?? '',
            areaName: r.camArea ?? '',
            accessWay: accessWay.data,
          },
        }
      : null;
  return {
    id: r.id,
    deviceKey: r.deviceKey,
    controlCode: r.controlCode,
    devName: r.devName,
    projectId: r.projectId,
    projectName: r.projectName,
    areaName: r.areaName ?? '',
    siteName: r.siteName ?? '',
    address: r.address,
    lng: r.lng,
    lat: r.lat,
    online: r.online,
    enabled: r.enabled,
    typeCode: r.typeCode,
    accessWay: r.camAccessWay,
    camera,
  };
}

const boxQuery = (db: Database) =>
  db
    .select(boxColumns)
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .innerJoin(projects, eq(projects.id, devices.projectId))
    .leftJoin(areas, eq(areas.id, devices.areaId))
    .leftJoin(sites, eq(sites.id, devices.siteId))
    .leftJoin(alarmBoxCameras, eq(alarmBoxCameras.deviceId, devices.id))
    .leftJoin(cameras, eq(cameras.id, alarmBoxCameras.cameraId));

export async function boxesByIds(db: Database, ids: readonly number[]): Promise<BoxRow[]> {
  if (ids.length === 0) return [];
  return (await boxQuery(db).where(inArray(devices.id, [...ids]))).map(boxOf);
}

export async function boxByKey(db: Database, deviceKey: string): Promise<BoxRow | null> {
  const [row] = await boxQuery(db).where(eq(devices.deviceKey, deviceKey));
  return row ? boxOf(row) : null;
}

const statusOf = (call: CallRow) =>
  call.state === 'ringing'
    ? EVENT_STATUS.ringing
    : call.state === 'answered'
      ? EVENT_STATUS.answered
      : EVENT_STATUS.ended;

/** A box that no longer exists: what the record kept of it. */
const goneBox = (call: CallRow): AlarmBoxDto => ({
  id: call.deviceId ?? 0,
  controlCode: call.controlCode,
  devName: call.deviceName,
  projectId: call.projectId,
  projectName: '',
  areaName: '',
  siteName: '',
  address: '',
  lng: null,
  lat: null,
  accessWay: null,
  camera: null,
});

const dto = (box: BoxRow): AlarmBoxDto => {
  const { deviceKey: _k, online: _o, enabled: _e, typeCode: _t, ...rest } = box;
  return rest;
};

export function recordOf(call: CallRow, box: BoxRow | undefined): AlarmRecord {
  return {
    id: call.id,
    devId: call.deviceId ?? 0,
    deviceDto: box ? dto(box) : goneBox(call),
    eventStatus: statusOf(call),
    createTime: chinaDateTime(call.createdAt),
    happenTime: chinaDateTime(call.happenAt),
    endTime: call.endedAt ? chinaDateTime(call.endedAt) : null,
    notifyTime: call.answeredAt ? chinaDateTime(call.answeredAt) : null,
    answeredBy:
      call.answeredBy !== null ? { userId: call.answeredBy, name: call.answeredByName ?? '' } : null,
    endReason: (call.endReason as CallEndReason | null) ?? null,
    outgoing: call.outgoing,
  };
}

/** The records of these calls, with their boxes as they are now. */
export async function records(db: Database, calls: readonly CallRow[]): Promise<AlarmRecord[]> {
  const boxIds = [...new Set(calls.flatMap((call) => (call.deviceId === null ? [] : [call.deviceId])))];
  const boxes = new Map((await boxesByIds(db, boxIds)).map((box) => [box.id, box]));
  return calls.map((call) => recordOf(call, call.deviceId === null ? undefined : boxes.get(call.deviceId)));
}

export async function callsByIds(db: Database, ids: readonly number[]): Promise<CallRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(alarmCalls)
    .where(inArray(alarmCalls.id, [...ids]));
}

/** A new call at the box, or null when the box already has an unfinished one. */
export async function openCall(
  db: Database,
  box: Pick<BoxRow, 'id' | 'devName' | 'controlCode' | 'projectId'>,
  fields: {
    boxCallId: string | null;
    happenAt: Date;
    now: Date;
    answeredBy?: { userId: number; name: string };
  },
): Promise<CallRow | null> {
  const [row] = await db
    .insert(alarmCalls)
    .values({
      deviceId: box.id,
      deviceName: box.devName,
      controlCode: box.controlCode,
      projectId: box.projectId,
      boxCallId: fields.boxCallId,
      state: fields.answeredBy ? 'answered' : 'ringing',
      outgoing: fields.answeredBy !== undefined,
      happenAt: fields.happenAt,
      createdAt: fields.now,
      answeredAt: fields.answeredBy ? fields.now : null,
      answeredBy: fields.answeredBy?.userId ?? null,
      answeredByName: fields.answeredBy?.name ?? null,
      operatorSeenAt: fields.answeredBy ? fields.now : null,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The box's unfinished call, if any. */
export async function openCallOf(db: Database, deviceId: number): Promise<CallRow | null> {
  const [row] = await db
    .select()
    .from(alarmCalls)
    .where(and(eq(alarmCalls.deviceId, deviceId), ne(alarmCalls.state, 'ended')));
  return row ?? null;
}

/** The call this user is answering now, if any. */
export async function answeringCallOf(db: Database, userId: number): Promise<CallRow | null> {
  const [row] = await db
    .select()
    .from(alarmCalls)
    .where(and(eq(alarmCalls.answeredBy, userId), eq(alarmCalls.state, 'answered')));
  return row ?? null;
}

/**
 * Answers a ringing call in one conditional UPDATE: of two operators racing, exactly one changes the
 * row; a user already answering another call changes nothing.
 */
export async function answer(
  db: Database,
  callId: number,
  user: { userId: number; name: string },
  now: Date,
): Promise<CallRow | null> {
  const other = alias(alarmCalls, 'other');
  const [row] = await db
    .update(alarmCalls)
    .set({
      state: 'answered',
      answeredAt: now,
      answeredBy: user.userId,
      answeredByName: user.name,
      operatorSeenAt: now,
    })
    .where(
      and(
        eq(alarmCalls.id, callId),
        eq(alarmCalls.state, 'ringing'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(other)
            .where(and(eq(other.answeredBy, user.userId), eq(other.state, 'answered'))),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** Ends the unfinished calls matching `where`; answers those it ended. */
export async function endCalls(
  db: Database,
  where: { callId?: number; deviceId?: number; boxCallId?: string },
  reason: CallEndReason,
  now: Date,
): Promise<CallRow[]> {
  return db
    .update(alarmCalls)
    .set({ state: 'ended', endedAt: now, endReason: reason })
    .where(
      and(
        ne(alarmCalls.state, 'ended'),
        where.callId !== undefined ? eq(alarmCalls.id, where.callId) : undefined,
        where.deviceId !== undefined ? eq(alarmCalls.deviceId, where.deviceId) : undefined,
        where.boxCallId !== undefined ? eq(alarmCalls.boxCallId, where.boxCallId) : undefined,
      ),
    )
    .returning();
}

/** How the records name an operator: their name, or their account when the name is empty. */
export async function shownUserName(db: Database, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.userName})` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.name ?? null;
}

/** The answerers of these calls were seen connected now (the calls still answered). */
export async function seeOperators(db: Database, callIds: readonly number[], now: Date): Promise<void> {
  if (callIds.length === 0) return;
  await db
    .update(alarmCalls)
    .set({ operatorSeenAt: now })
    .where(and(inArray(alarmCalls.id, [...callIds]), eq(alarmCalls.state, 'answered')));
}

/**
 * Ends the answered calls (of `callId` only, when given) whose operator was last seen before
 * `seenBefore`, as `connectionLost` at that last sighting: the record's talk time is the time the
 * operator was there, not the grace period after.
 */
export async function endAbandonedCalls(db: Database, seenBefore: Date, callId?: number): Promise<CallRow[]> {
  const lastSeen = sql`coalesce(${alarmCalls.operatorSeenAt}, ${alarmCalls.answeredAt})`;
  return db
    .update(alarmCalls)
    .set({
      state: 'ended',
      endReason: 'connectionLost' satisfies CallEndReason,
      endedAt: sql`${lastSeen}`,
    })
    .where(
      and(
        eq(alarmCalls.state, 'answered'),
        sql`${lastSeen} < ${seenBefore.toISOString()}::timestamptz`,
        callId === undefined ? undefined : eq(alarmCalls.id, callId),
      ),
    )
    .returning();
}

/** The calls ringing longer than `ringBefore`, or talking since before `talkBefore`. */
export async function overdueCalls(db: Database, ringBefore: Date, talkBefore: Date) {
  return db
    .select()
    .from(alarmCalls)
    .where(
      sql`(${alarmCalls.state} = 'ringing' and ${alarmCalls.createdAt} < ${ringBefore.toISOString()})
        or (${alarmCalls.state} = 'answered' and ${alarmCalls.answeredAt} < ${talkBefore.toISOString()})`,
    );
}

/** The unfinished calls of these projects (all when null), optionally of these boxes only. */
export async function currentCalls(db: Database, scope: ProjectScope, deviceIds: readonly number[] = []) {
  if (scope !== null && scope.length === 0) return [];
  return db
    .select()
    .from(alarmCalls)
    .where(
      and(
        ne(alarmCalls.state, 'ended'),
        scope === null ? undefined : inArray(alarmCalls.projectId, [...scope]),
        deviceIds.length > 0 ? inArray(alarmCalls.deviceId, [...deviceIds]) : undefined,
      ),
    )
    .orderBy(alarmCalls.happenAt);
}

// ---- the monitor pages and the records ----

/** The alarm columns of these projects (all when null), each with its unfinished call. */
export async function scopedBoxes(db: Database, scope: ProjectScope, projectId?: number) {
  if (scope !== null && scope.length === 0) return [];
  const rows = await boxQuery(db).where(
    and(
      eq(products.typeCode, TYPE_ALARM_BOX),
      scope === null ? undefined : inArray(devices.projectId, [...scope]),
      projectId === undefined ? undefined : eq(devices.projectId, projectId),
    ),
  );
  return rows.map(boxOf);
}

/** Each box's unfinished call and the time of its last press. */
export async function callsOfBoxes(db: Database, boxIds: readonly number[]) {
  if (boxIds.length === 0) return { open: new Map<number, CallRow>(), last: new Map<number, Date>() };
  const open = await db
    .select()
    .from(alarmCalls)
    .where(and(inArray(alarmCalls.deviceId, [...boxIds]), ne(alarmCalls.state, 'ended')));
  const last = await db
    .select({
      deviceId: alarmCalls.deviceId,
      at: sql<Date>`max(${alarmCalls.happenAt})`.mapWith(alarmCalls.happenAt),
    })
    .from(alarmCalls)
    .where(inArray(alarmCalls.deviceId, [...boxIds]))
    .groupBy(alarmCalls.deviceId);
  return {
    open: new Map(open.map((call) => [call.deviceId ?? 0, call])),
    last: new Map(last.map((row) => [row.deviceId ?? 0, row.at])),
  };
}

export async function setBoxCamera(db: Database, deviceId: number, cameraId: number | null) {
  if (cameraId === null) await db.delete(alarmBoxCameras).where(eq(alarmBoxCameras.deviceId, deviceId));
  else
    await db
      .insert(alarmBoxCameras)
      .values({ deviceId, cameraId })
      .onConflictDoUpdate({ target: alarmBoxCameras.deviceId, set: { cameraId } });
}

export async function cameraByCode(db: Database, controlCode: string) {
  const [row] = await db
    .select({ id: cameras.id, projectId: cameras.projectId })
    .from(cameras)
    .where(eq(cameras.controlCode, controlCode));
  return row ?? null;
}

export interface CallFilter {
  projectId?: number | undefined;
  devId?: number | undefined;
  outcome?: 'answered' | 'missed' | 'ongoing' | undefined;
  endReason?: CallEndReason | undefined;
  from?: Date | null;
  to?: Date | null;
  keyword?: string | undefined;
  sortField?: 'happenTime' | 'talkSeconds' | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

const talkSeconds = sql<
  number | null
>`cast(extract(epoch from (${alarmCalls.endedAt} - ${alarmCalls.answeredAt})) as integer)`;

function callWhere(scope: ProjectScope, filter: CallFilter) {
  const keyword = filter.keyword ? containing(filter.keyword) : null;
  return and(
    scope === null ? undefined : inArray(alarmCalls.projectId, scope.length > 0 ? [...scope] : [-1]),
    filter.projectId === undefined ? undefined : eq(alarmCalls.projectId, filter.projectId),
    filter.devId === undefined ? undefined : eq(alarmCalls.deviceId, filter.devId),
    filter.outcome === 'ongoing' ? ne(alarmCalls.state, 'ended') : undefined,
    filter.outcome === 'answered' ? isNotNull(alarmCalls.answeredAt) : undefined,
    filter.outcome === 'missed'
      ? and(eq(alarmCalls.state, 'ended'), isNull(alarmCalls.answeredAt))
      : undefined,
    filter.endReason === undefined ? undefined : eq(alarmCalls.endReason, filter.endReason),
    filter.from ? gte(alarmCalls.happenAt, filter.from) : undefined,
    filter.to ? lte(alarmCalls.happenAt, filter.to) : undefined,
    keyword
      ? or(
          ilike(alarmCalls.deviceName, keyword),
          ilike(alarmCalls.controlCode, keyword),
          ilike(alarmCalls.answeredByName, keyword),
        )
      : undefined,
  );
}

/** A page of call records, newest first unless sorted otherwise. */
export async function callPage(db: Database, scope: ProjectScope, filter: CallFilter, window: PageWindow) {
  const where = callWhere(scope, filter);
  const column = filter.sortField === 'talkSeconds' ? talkSeconds : alarmCalls.happenAt;
  const order = filter.sortOrder === 'asc' ? asc(column) : desc(column);
  return pageOf(
    window,
    (limit, offset) =>
      db
        .select({ call: alarmCalls, total: totalOver })
        .from(alarmCalls)
        .where(where)
        .orderBy(order, desc(alarmCalls.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(alarmCalls).where(where))[0]?.n ?? 0,
    (row) => row.call,
  );
}

/** Every call matching the filter, newest first, in batches (the export). */
export async function* callBatches(db: Database, scope: ProjectScope, filter: CallFilter) {
  const where = callWhere(scope, filter);
  for (let offset = 0; ; offset += 500) {
    const rows = await db
      .select()
      .from(alarmCalls)
      .where(where)
      .orderBy(desc(alarmCalls.happenAt), desc(alarmCalls.id))
      .limit(500)
      .offset(offset);
    if (rows.length > 0) yield rows;
    if (rows.length < 500) return;
  }
}

/** The boxes placed in this area node or below it. */
export async function boxIdsInArea(db: Database, areaId: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    with recursive tree as (
      select ${areas.id} as id from ${areas} where ${areas.id} = ${areaId}
      union all
      select a.area_id from areas a join tree on a.parent_id = tree.id
    )
    select device_id as id from iot_devices where area_id in (select id from tree)`);
  return ((rows as { rows?: { id: number }[] }).rows ?? []).map((row) => Number(row.id));
}
