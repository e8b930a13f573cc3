import {
  DEVICE_PAGE,
  POINT_DEVICES_MAX,
  POINT_MOUNTABLE_MAX,
  POINT_PAGE,
  type createPointSchema,
  type DeviceRow,
  type mountDevicesSchema,
  type PointRow,
  type pointListRequestSchema,
  type updatePointSchema,
} from '@cityops/contract';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import * as devicesRepo from '../devices/repository.js';
import { projectScope } from '../devices/service.js';
import { changedFields, recordAudit, type Actor } from '../logs/audit.js';
import { loggedChange, type Logged } from '../projects/change.js';
import { checkVisible } from '../projects/service.js';
import * as repo from './repository.js';

/**
 * Installation points (pointManagement): poles, cabinets, walls and other places devices
 * are mounted on. Points are seen in the user's projects (as devices are); every change runs in one
 * transaction with its operation-log row; deleting a point unmounts its devices.
 */

export type PointsCtx = Pick<AppContext, 'db' | 'now' | 'access'>;
type PointInput = z.output<typeof createPointSchema>;

export const POINT_LOG: Logged<PointRow> = {
  module: POINT_PAGE,
  fields: [
    'code',
    'name',
    'kind',
    'projectId',
    'areaId',
    'siteId',
    'segment',
    'longitude',
    'latitude',
    'address',
    'height',
    'remarks',
  ],
  nameOf: (point) => `${point.code} ${point.name}`,
};

export async function pointPage(
  ctx: PointsCtx,
  userId: number,
  request: z.output<typeof pointListRequestSchema>,
) {
  return repo.pointPage(ctx.db, request, await projectScope(ctx, ctx.db, userId));
}

async function visiblePoint(ctx: PointsCtx, db: Database, userId: number, pointId: number) {
  const point = (await repo.findPoint(db, pointId)) ?? refuse('point.notFound');
  await checkVisible(ctx, db, userId, point.projectId);
  return point;
}

export const findPoint = (ctx: PointsCtx, userId: number, pointId: number) =>
  visiblePoint(ctx, ctx.db, userId, pointId);

/** The points of a project the user sees, for the device form's select. */
export async function pointOptions(ctx: PointsCtx, userId: number, projectId: number) {
  await checkVisible(ctx, ctx.db, userId, projectId);
  return repo.pointOptions(ctx.db, projectId);
}

/** The form's rules: a project the user sees, a free code, an area and a site of that project. */
async function checkPoint(ctx: PointsCtx, tx: Database, userId: number, input: PointInput, pointId?: number) {
  await checkVisible(ctx, tx, userId, input.projectId);
  await repo.lockCodes(tx);
  if (await repo.codeTaken(tx, input.code, pointId)) refuse('point.codeTaken');
  if (input.areaId !== null && (await devicesRepo.areaProject(tx, input.areaId)) !== input.projectId)
    refuse('point.areaNotInProject');
  if (input.siteId !== null && (await devicesRepo.siteProject(tx, input.siteId)) !== input.projectId)
    refuse('point.siteNotInProject');
}

export const pointColumns = (input: PointInput) => ({
  code: input.code,
  name: input.name,
  kind: input.kind,
  projectId: input.projectId,
  areaId: input.areaId,
  siteId: input.siteId,
  segment: input.segment,
  longitude: input.longitude ?? null,
  latitude: input.latitude ?? null,
  address: input.address,
  height: input.height,
  remarks: input.remarks,
});

const reread = async (db: Database, pointId: number) =>
  (await repo.findPoint(db, pointId)) ?? refuse('point.notFound');

export function createPoint(ctx: PointsCtx, actor: Actor, input: PointInput) {
  return loggedChange(ctx, actor, 'create', POINT_LOG, async (tx, now) => {
    await checkPoint(ctx, tx, actor.userId, input);
    const id = await repo.insertPoint(tx, {
      ...pointColumns(input),
      editor: actor.account,
      createdAt: now,
      updatedAt: now,
    });
    return { id, before: null, after: await reread(tx, id) };
  });
}

/** Saves a point; moved to another project, it unmounts its devices (they stay in theirs). */
export function updatePoint(ctx: PointsCtx, actor: Actor, input: z.output<typeof updatePointSchema>) {
  const id = input.pointId;
  return loggedChange(ctx, actor, 'update', POINT_LOG, async (tx, now) => {
    const before = await visiblePoint(ctx, tx, actor.userId, id);
    await checkPoint(ctx, tx, actor.userId, input, id);
    if (before.projectId !== input.projectId) {
      const mounted = await repo.deviceIdsOn(tx, id, Number.MAX_SAFE_INTEGER);
      await repo.setDevicesPoint(tx, mounted, null, actor.account, now);
    }
    await repo.updatePoint(tx, id, { ...pointColumns(input), editor: actor.account, updatedAt: now });
    return { id, before, after: await reread(tx, id) };
  });
}

/** Deletes every point named, or none; their devices are unmounted, never deleted. */
export async function deletePoints(ctx: PointsCtx, actor: Actor, ids: readonly number[]) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const wanted = [...new Set(ids)];
    const found = await repo.findPoints(tx, wanted);
    if (found.length !== wanted.length) refuse('point.notFound');
    for (const projectId of new Set(found.map((point) => point.projectId)))
      await checkVisible(ctx, tx, actor.userId, projectId);
    await repo.deletePoints(tx, wanted);
    for (const point of found) {
      await recordAudit(tx, actor, now, {
        module: POINT_PAGE,
        action: 'delete',
        targetId: point.pointId,
        targetName: POINT_LOG.nameOf(point),
        changes: changedFields<PointRow>(point, null, POINT_LOG.fields),
      });
    }
  });
}

export const deletePoint = (ctx: PointsCtx, actor: Actor, id: number) => deletePoints(ctx, actor, [id]);

/** The devices on the point, by name. */
export async function pointDevices(ctx: PointsCtx, userId: number, pointId: number): Promise<DeviceRow[]> {
  await visiblePoint(ctx, ctx.db, userId, pointId);
  const ids = await repo.deviceIdsOn(ctx.db, pointId, POINT_DEVICES_MAX);
  const byId = new Map(
    (await devicesRepo.findDevices(ctx.db, ids)).map((device) => [device.deviceId, device]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The devices of the point's project on no point, by name, that a keyword chooses. */
export async function mountableDevices(ctx: PointsCtx, userId: number, pointId: number, keyword?: string) {
  const point = await visiblePoint(ctx, ctx.db, userId, pointId);
  const page = await devicesRepo.devicePage(
    ctx.db,
    {
      pageNum: 1,
      pageSize: POINT_MOUNTABLE_MAX,
      sortField: 'name',
      sortOrder: 'asc',
      projectId: point.projectId,
      mounted: false,
      keyword,
    },
    null,
  );
  return page.list;
}

/** The devices named, each of them existing and of a project the user sees. */
async function visibleDevices(ctx: PointsCtx, tx: Database, userId: number, deviceIds: readonly number[]) {
  const wanted = [...new Set(deviceIds)];
  const found = await repo.devicesByIds(tx, wanted);
  if (found.length !== wanted.length) refuse('device.notFound');
  for (const projectId of new Set(found.map((device) => device.projectId)))
    await checkVisible(ctx, tx, userId, projectId);
  return found;
}

/** Logs each device's move from one point to another (the device list's log: its `pointId` changed). */
async function logMoves(
  tx: Database,
  actor: Actor,
  now: Date,
  moved: readonly { id: number; name: string; pointId: number | null }[],
  pointId: number | null,
) {
  for (const device of moved) {
    if (device.pointId === pointId) continue;
    await recordAudit(tx, actor, now, {
      module: DEVICE_PAGE,
      action: pointId === null ? 'unmount' : 'mount',
      targetId: device.id,
      targetName: device.name,
      changes: [{ field: 'pointId', before: device.pointId, after: pointId }],
    });
  }
}

/** Mounts the devices on the point: all of them or none, each of the point's project. */
export async function mountDevices(ctx: PointsCtx, actor: Actor, input: z.output<typeof mountDevicesSchema>) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const point = await visiblePoint(ctx, tx, actor.userId, input.pointId);
    const found = await visibleDevices(ctx, tx, actor.userId, input.deviceIds);
    const outsider = found.find((device) => device.projectId !== point.projectId);
    if (outsider) refuse('point.deviceNotInProject', { name: outsider.name });
    await repo.setDevicesPoint(
      tx,
      found.map((device) => device.id),
      point.pointId,
      actor.account,
      now,
    );
    await logMoves(tx, actor, now, found, point.pointId);
    return found.length;
  });
}

/** Takes the devices off whatever point they are on. */
export async function unmountDevices(ctx: PointsCtx, actor: Actor, deviceIds: readonly number[]) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const found = await visibleDevices(ctx, tx, actor.userId, deviceIds);
    await repo.setDevicesPoint(
      tx,
      found.map((device) => device.id),
      null,
      actor.account,
      now,
    );
    await logMoves(tx, actor, now, found, null);
    return found.length;
  });
}
