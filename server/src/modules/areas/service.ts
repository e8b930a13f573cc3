import {
  AREA,
  type AreaNode,
  type AreaRow,
  type createAreaSchema,
  type LngLat,
  type updateAreaSchema,
} from '@cityops/contract';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { forest } from '../../db/forest.js';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import type { Actor } from '../logs/audit.js';
import { loggedChange, type Logged } from '../projects/change.js';
import * as planRepo from '../projects/planRepository.js';
import * as projectRepo from '../projects/repository.js';
import { checkVisible } from '../projects/service.js';
import { liesWithin, overlaps, pointWithin, selfIntersects } from './geometry.js';
import * as repo from './repository.js';
import { ancestorsOf, subtreeOf } from './tree.js';

/** Area management (page `admin_areaManage`). */

type ManageCtx = Pick<AppContext, 'db' | 'now' | 'access'>;
type CreateInput = z.output<typeof createAreaSchema>;
type UpdateInput = z.output<typeof updateAreaSchema>;
type Fields = Omit<CreateInput, 'projectId'>;

const AREA_LOG: Logged<AreaRow> = {
  module: AREA,
  fields: ['name', 'type', 'parentId', 'polygon', 'remarks', 'sortNum'],
  nameOf: (area) => area.name,
};

/** Whether the user may see the project's areas: a page-code holder every project's, else their own. */
const checkProject = (ctx: ManageCtx, db: Database, userId: number, projectId: number) =>
  checkVisible(ctx, db, userId, projectId, AREA);

/** An area of a project the user may see. */
async function visibleArea(ctx: ManageCtx, db: Database, userId: number, areaId: number, lock = false) {
  const area = (await repo.findArea(db, areaId, lock)) ?? refuse('area.notFound');
  await checkProject(ctx, db, userId, area.projectId);
  return area;
}

/** A project's area tree, every area with its outline. */
export async function areaTree(ctx: ManageCtx, userId: number, projectId: number): Promise<AreaNode[]> {
  await checkProject(ctx, ctx.db, userId, projectId);
  const rows = await repo.projectAreas(ctx.db, projectId);
  return forest(
    rows,
    (row) => row.areaId,
    (row) => row.parentId,
    (row) => ({ ...row, children: [] }),
  );
}

export const findArea = (ctx: ManageCtx, userId: number, areaId: number) =>
  visibleArea(ctx, ctx.db, userId, areaId);

const linked = (rows: readonly AreaRow[]) => rows.map((row) => ({ ...row, id: row.areaId }));

/**
 * The rules of an area as it would be saved (`areaId` null: a new one), against the project's other
 * areas `rows`: its parent, its name, its outline, and (when it exists) its children and sites.
 */
async function checkRules(db: Database, rows: readonly AreaRow[], areaId: number | null, fields: Fields) {
  const tree = linked(rows);
  const parent = fields.parentId === null ? null : rows.find((row) => row.areaId === fields.parentId);
  if (parent === undefined) refuse('area.parentNotFound');
  if (parent && parent.type !== 'areadir') refuse('area.parentIsNode');
  if (areaId !== null && fields.parentId !== null && subtreeOf(tree, [areaId]).has(fields.parentId))
    refuse('area.cycle');
  const name = fields.name.toLowerCase();
  const twin = rows.find(
    (row) => row.areaId !== areaId && row.parentId === fields.parentId && row.name.toLowerCase() === name,
  );
  if (twin) refuse('area.nameTaken');
  const children = rows.filter((row) => areaId !== null && row.parentId === areaId);
  if (fields.type === 'areanode' && children.length > 0) refuse('area.dirHasChildren');
  const ownSites = areaId === null ? [] : await repo.sitesIn(db, [areaId]);
  if (fields.type === 'areadir' && ownSites.length > 0) refuse('area.nodeHasSites');
  if (fields.polygon.length > 0) checkOutline(tree, areaId, fields, ownSites);
}

/** The outline: simple, within its nearest outlined ancestor, around its descendants and sites, over no other node. */
function checkOutline(
  tree: readonly (AreaRow & { id: number })[],
  areaId: number | null,
  fields: Fields,
  ownSites: readonly ({ name: string } & LngLat)[],
) {
  const outline = fields.polygon;
  if (selfIntersects(outline)) refuse('area.selfIntersecting');
  const outer = ancestorsOf(tree, fields.parentId).find((row) => row.polygon.length > 0);
  if (outer && !liesWithin(outline, outer.polygon)) refuse('area.outsideDirectory', { name: outer.name });
  const below = areaId === null ? new Set<number>() : subtreeOf(tree, [areaId]);
  const strayChild = tree.find(
    (row) =>
      row.id !== areaId && below.has(row.id) && row.polygon.length > 0 && !liesWithin(row.polygon, outline),
  );
  if (strayChild) refuse('area.childOutside', { name: strayChild.name });
  const straySite = ownSites.find((site) => !pointWithin(site, outline));
  if (straySite) refuse('area.sitesOutside', { name: straySite.name });
  if (fields.type !== 'areanode') return;
  const other = tree.find(
    (row) =>
      row.id !== areaId &&
      row.type === 'areanode' &&
      row.polygon.length > 0 &&
      overlaps(outline, row.polygon),
  );
  if (other) refuse('area.overlap', { name: other.name });
}

const columnsOf = (fields: Fields) => ({
  name: fields.name,
  type: fields.type,
  parentId: fields.parentId,
  polygon: fields.polygon,
  remarks: fields.remarks,
  sortNum: fields.sortNum,
});

const reread = async (db: Database, areaId: number) =>
  (await repo.findArea(db, areaId)) ?? refuse('area.notFound');

export function createArea(ctx: ManageCtx, actor: Actor, input: CreateInput) {
  return loggedChange(ctx, actor, 'create', AREA_LOG, async (tx, now) => {
    await checkProject(ctx, tx, actor.userId, input.projectId);
    await repo.lockProjectAreas(tx, input.projectId);
    await checkRules(tx, await repo.projectAreas(tx, input.projectId), null, input);
    const id = await repo.insertArea(tx, {
      ...columnsOf(input),
      projectId: input.projectId,
      editor: actor.account,
      createdAt: now,
      updatedAt: now,
    });
    return { id, before: null, after: await reread(tx, id) };
  });
}

export function updateArea(ctx: ManageCtx, actor: Actor, input: UpdateInput) {
  const id = input.areaId;
  return loggedChange(ctx, actor, 'update', AREA_LOG, async (tx, now) => {
    const found = await visibleArea(ctx, tx, actor.userId, id);
    await repo.lockProjectAreas(tx, found.projectId);
    const before = await reread(tx, id);
    await checkRules(tx, await repo.projectAreas(tx, before.projectId), id, input);
    await repo.updateArea(tx, id, { ...columnsOf(input), editor: actor.account, updatedAt: now });
    return { id, before, after: await reread(tx, id) };
  });
}

/** Deletes an area without children or sites; the users given it lose it. */
export async function deleteArea(ctx: ManageCtx, actor: Actor, id: number) {
  await loggedChange(ctx, actor, 'delete', AREA_LOG, async (tx) => {
    const found = await visibleArea(ctx, tx, actor.userId, id);
    await repo.lockProjectAreas(tx, found.projectId);
    const rows = await repo.projectAreas(tx, found.projectId);
    if (rows.some((row) => row.parentId === id)) refuse('area.hasChildren');
    if ((await repo.sitesIn(tx, [id])).length > 0) refuse('area.hasSites');
    await repo.deleteArea(tx, id);
    return { id, before: found, after: null };
  });
}

export async function areaUsers(ctx: ManageCtx, userId: number, areaId: number) {
  await visibleArea(ctx, ctx.db, userId, areaId);
  return repo.areaUsers(ctx.db, areaId);
}

/** The members of the area's project: whom the area may be given. */
export async function areaCandidates(ctx: ManageCtx, userId: number, areaId: number) {
  const area = await visibleArea(ctx, ctx.db, userId, areaId);
  const members = await planRepo.projectUsers(ctx.db, area.projectId);
  return members.map(({ userId: id, name, userName }) => ({ userId: id, name, userName }));
}

interface AreaUsers {
  name: string;
  userIds: number[];
}

const AREA_USERS_LOG: Logged<AreaUsers> = { module: AREA, fields: ['userIds'], nameOf: (area) => area.name };

/** Gives the area to exactly `userIds`, members of its project. */
export async function assignUsers(
  ctx: ManageCtx,
  actor: Actor,
  input: { areaId: number; userIds: number[] },
) {
  const id = input.areaId;
  await loggedChange(ctx, actor, 'assignUsers', AREA_USERS_LOG, async (tx) => {
    const area = await visibleArea(ctx, tx, actor.userId, id, true);
    const members = await projectRepo.membersAmong(tx, area.projectId, input.userIds);
    if (members.size !== input.userIds.length) refuse('area.userNotMember');
    const beforeIds = (await repo.areaUsers(tx, id)).map((user) => user.userId);
    await repo.setAreaUsers(tx, id, input.userIds);
    const afterIds = [...input.userIds].sort((a, b) => a - b);
    return {
      id,
      before: { name: area.name, userIds: beforeIds },
      after: { name: area.name, userIds: afterIds },
    };
  });
  return repo.areaUsers(ctx.db, id);
}
