import {
  chinaDateTime,
  EVENT_STATUS,
  videoPlatformSchema,
  type AlarmBoxDto,
  type AlarmRecord,
  type CallEndReason,
  type CameraEntry,
} from '@cityops/contract';
import { and, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connection.js';
import { cameras } from '../../db/schema.js';
import { areas } from '../areas/tables.js';
import { devices, products } from '../devices/tables.js';
import type { ProjectScope } from '../devices/repository.js';
import { projects } from '../projects/tables.js';
import { sites } from '../sites/tables.js';
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
    .set({ state: 'answered', answeredAt: now, answeredBy: user.userId, answeredByName: user.name })
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
