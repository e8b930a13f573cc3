import {
  DEVICE_AREA_PAGE,
  LOCATION_PAGE,
  PROJECT,
  type AreaCountRow,
  type AreaRow,
  type AreaCounts,
  type AreaCountTree,
  type PlacedDeviceRow,
  type areaDevicesRequestSchema,
  type locateDevicesSchema,
  type moveDevicesSchema,
  type placementMapRequestSchema,
  type unlocatedRequestSchema,
} from '@cityops/contract';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import { findArea, projectAreas } from '../areas/repository.js';
import { subtreeOf } from '../areas/tree.js';
import { countDevices, memberProjectIds, type ProjectScope } from '../devices/repository.js';
import { changedFields, recordAudit, type Actor } from '../logs/audit.js';
import { checkVisible } from '../projects/service.js';
import * as repo from './repository.js';

/**
 * Where devices are: the map and the devices without a location (locationManagement),
 * the area tree's device counts and moves between its nodes (iot_assetMorror_areaManage). A batch
 * change is all or nothing, in one transaction, with an operation-log row for every device.
 */

type PlacementCtx = Pick<AppContext, 'db' | 'now' | 'access'>;

/** Every project for a holder of the project page, else the projects the user was given. */
async function scopeOf(ctx: PlacementCtx, userId: number): Promise<ProjectScope> {
  return (await ctx.access.holds(userId, PROJECT)) ? null : memberProjectIds(ctx.db, userId);
}

export async function placementMap(
  ctx: PlacementCtx,
  userId: number,
  request: z.output<typeof placementMapRequestSchema>,
) {
  if (request.projectId !== undefined) await checkVisible(ctx, ctx.db, userId, request.projectId);
  const scope = await scopeOf(ctx, userId);
  const shown = await repo.mapDevices(ctx.db, request, scope);
  const counted = await countDevices(ctx.db, scope, request.projectId);
  return { ...shown, deviceTotal: counted.total, placedTotal: counted.placed };
}

export async function unlocatedPage(
  ctx: PlacementCtx,
  userId: number,
  request: z.output<typeof unlocatedRequestSchema>,
) {
  if (request.projectId !== undefined) await checkVisible(ctx, ctx.db, userId, request.projectId);
  return repo.unlocatedPage(ctx.db, request, await scopeOf(ctx, userId));
}

/** The devices named, every one existing and in a project the user sees; refused otherwise. */
async function chosenDevices(
  ctx: PlacementCtx,
  tx: Database,
  userId: number,
  ids: readonly number[],
): Promise<PlacedDeviceRow[]> {
  const wanted = [...new Set(ids)];
  await repo.lockDevices(tx, wanted);
  const found = await repo.placedDevices(tx, wanted);
  if (found.length !== wanted.length)
    refuse('placement.someNotFound', { count: wanted.length - found.length });
  for (const projectId of new Set(found.map((device) => device.projectId)))
    await checkVisible(ctx, tx, userId, projectId);
  return found;
}

/** Writes the change and one log row per device, with the fields that changed. */
async function placeAll(
  ctx: PlacementCtx,
  actor: Actor,
  ids: readonly number[],
  page: string,
  action: string,
  fields: readonly (keyof PlacedDeviceRow & string)[],
  change: (tx: Database, found: PlacedDeviceRow[], now: Date) => Promise<void>,
): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const found = await chosenDevices(ctx, tx, actor.userId, ids);
    await change(tx, found, now);
    const after = new Map(
      (
        await repo.placedDevices(
          tx,
          found.map((device) => device.deviceId),
        )
      ).map((d) => [d.deviceId, d]),
    );
    for (const before of found) {
      const changes = changedFields<PlacedDeviceRow>(before, after.get(before.deviceId) ?? null, fields);
      await recordAudit(tx, actor, now, {
        module: page,
        action,
        targetId: before.deviceId,
        targetName: before.name,
        changes,
      });
    }
    return found.length;
  });
}

const LOCATION_FIELDS = ['longitude', 'latitude', 'address'] as const;

/** Gives every device chosen the one coordinate and address (e.g. the devices on one pole). */
export function locateDevices(ctx: PlacementCtx, actor: Actor, input: z.output<typeof locateDevicesSchema>) {
  return placeAll(ctx, actor, input.ids, LOCATION_PAGE, 'locate', LOCATION_FIELDS, (tx, found, now) =>
    repo.setPlace(
      tx,
      found.map((device) => device.deviceId),
      {
        longitude: input.longitude,
        latitude: input.latitude,
        address: input.address,
        editor: actor.account,
        updatedAt: now,
      },
    ),
  );
}

/** Takes the location off every device chosen. */
export function clearLocations(ctx: PlacementCtx, actor: Actor, ids: readonly number[]) {
  return placeAll(ctx, actor, ids, LOCATION_PAGE, 'clear', LOCATION_FIELDS, (tx, found, now) =>
    repo.setPlace(
      tx,
      found.map((device) => device.deviceId),
      { longitude: null, latitude: null, address: '', editor: actor.account, updatedAt: now },
    ),
  );
}

const none = (): AreaCounts => ({ total: 0, online: 0, offline: 0, disabled: 0, alarming: 0 });

function add(into: AreaCounts, counts: AreaCounts) {
  into.total += counts.total;
  into.online += counts.online;
  into.offline += counts.offline;
  into.disabled += counts.disabled;
  into.alarming += counts.alarming;
}

/** The project's area tree with each node's device counts, a parent's holding its children's. */
export async function areaCountTree(
  ctx: PlacementCtx,
  userId: number,
  projectId: number,
): Promise<AreaCountTree> {
  await checkVisible(ctx, ctx.db, userId, projectId);
  const areas = await projectAreas(ctx.db, projectId);
  const direct = await repo.countsByArea(ctx.db, projectId);
  const byId = new Map(areas.map((area) => [area.areaId, area]));
  const counts = new Map(areas.map((area) => [area.areaId, none()]));
  const unassigned = none();
  const project = none();
  for (const { areaId, ...row } of direct) {
    add(project, row);
    const start = areaId === null ? undefined : byId.get(areaId);
    if (!start) {
      add(unassigned, row);
      continue;
    }
    // Up the tree from the device's area; `seen` stops at a loop the foreign keys cannot make anyway.
    const seen = new Set<number>();
    for (
      let area: AreaRow | undefined = start;
      area !== undefined && !seen.has(area.areaId);
      area = area.parentId === null ? undefined : byId.get(area.parentId)
    ) {
      seen.add(area.areaId);
      const into = counts.get(area.areaId);
      if (into) add(into, row);
    }
  }
  // Parents before children, siblings in the tree's order (projectAreas answers sortNum, name, id).
  const children = new Map<number | null, typeof areas>();
  for (const area of areas) {
    const parent = area.parentId !== null && byId.has(area.parentId) ? area.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), area]);
  }
  const ordered: AreaCountRow[] = [];
  const visit = (parentId: number | null) => {
    for (const area of children.get(parentId) ?? []) {
      ordered.push({
        areaId: area.areaId,
        parentId: area.parentId,
        name: area.name,
        type: area.type,
        sortNum: area.sortNum,
        counts: counts.get(area.areaId) ?? none(),
      });
      visit(area.areaId);
    }
  };
  visit(null);
  return { areas: ordered, unassigned, project };
}

/** The devices of an area and the areas below it (or of none, or of the whole project), paged. */
export async function areaDevicesPage(
  ctx: PlacementCtx,
  userId: number,
  request: z.output<typeof areaDevicesRequestSchema>,
) {
  await checkVisible(ctx, ctx.db, userId, request.projectId);
  if (request.unassigned) return repo.areaDevicesPage(ctx.db, request, null);
  if (request.areaId === undefined) return repo.areaDevicesPage(ctx.db, request, undefined);
  const areas = await projectAreas(ctx.db, request.projectId);
  if (!areas.some((area) => area.areaId === request.areaId)) refuse('placement.areaNotFound');
  const below = subtreeOf(
    areas.map((area) => ({ id: area.areaId, parentId: area.parentId })),
    [request.areaId],
  );
  return repo.areaDevicesPage(ctx.db, request, [...below]);
}

/** Moves the devices chosen into an area of their project; a device of another project refuses them all. */
export async function moveDevices(
  ctx: PlacementCtx,
  actor: Actor,
  input: z.output<typeof moveDevicesSchema>,
) {
  const area = (await findArea(ctx.db, input.areaId)) ?? refuse('placement.areaNotFound');
  await checkVisible(ctx, ctx.db, actor.userId, area.projectId);
  return placeAll(
    ctx,
    actor,
    input.ids,
    DEVICE_AREA_PAGE,
    'move',
    ['areaId', 'areaName'],
    async (tx, found, now) => {
      // Read again in the transaction, held: the area may have gone since it was checked.
      if (!(await findArea(tx, area.areaId, true))) refuse('placement.areaNotFound');
      const strangers = found.filter((device) => device.projectId !== area.projectId).length;
      if (strangers > 0) refuse('placement.otherProject', { count: strangers, area: area.name });
      await repo.setPlace(
        tx,
        found.map((device) => device.deviceId),
        { areaId: area.areaId, editor: actor.account, updatedAt: now },
      );
    },
  );
}
