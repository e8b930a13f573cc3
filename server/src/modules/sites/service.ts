import {
  SITE,
  type createSiteSchema,
  type SiteRow,
  type siteListRequestSchema,
  type updateSiteSchema,
} from '@cityops/contract';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import { pointWithin } from '../areas/geometry.js';
import { findArea } from '../areas/repository.js';
import type { Actor } from '../logs/audit.js';
import { loggedChange, type Logged } from '../projects/change.js';
import { checkVisible } from '../projects/service.js';
import * as repo from './repository.js';

/** Site management (page `admin_siteManage`). */

type ManageCtx = Pick<AppContext, 'db' | 'now' | 'access'>;
type CreateInput = z.output<typeof createSiteSchema>;
type UpdateInput = z.output<typeof updateSiteSchema>;

const SITE_LOG: Logged<SiteRow> = {
  module: SITE,
  fields: [
    'name',
    'projectId',
    'areaId',
    'longitude',
    'latitude',
    'address',
    'contact',
    'contactPhone',
    'remarks',
  ],
  nameOf: (site) => site.name,
};

const checkProject = (ctx: ManageCtx, db: Database, userId: number, projectId: number) =>
  checkVisible(ctx, db, userId, projectId, SITE);

async function visibleSite(ctx: ManageCtx, db: Database, userId: number, siteId: number) {
  const site = (await repo.findSite(db, siteId)) ?? refuse('site.notFound');
  await checkProject(ctx, db, userId, site.projectId);
  return site;
}

export const sitePage = (ctx: ManageCtx, request: z.output<typeof siteListRequestSchema>) =>
  repo.sitePage(ctx.db, request);

export const findSite = (ctx: ManageCtx, userId: number, siteId: number) =>
  visibleSite(ctx, ctx.db, userId, siteId);

/** The project may be seen; the name is free in it; the area is a node of it and holds the place. */
async function checkFields(
  ctx: ManageCtx,
  tx: Database,
  userId: number,
  input: CreateInput,
  siteId?: number,
) {
  await checkProject(ctx, tx, userId, input.projectId);
  await repo.lockProjectSites(tx, input.projectId);
  if (await repo.nameTaken(tx, input.projectId, input.name, siteId)) refuse('site.nameTaken');
  if (input.areaId === null) return;
  const area = await findArea(tx, input.areaId);
  if (!area || area.projectId !== input.projectId || area.type !== 'areanode') refuse('site.areaNotNode');
  if (area && !pointWithin({ lng: input.longitude ?? 0, lat: input.latitude ?? 0 }, area.polygon))
    refuse('site.outsideArea', { name: area.name });
}

const columnsOf = (input: CreateInput) => ({
  name: input.name,
  projectId: input.projectId,
  areaId: input.areaId,
  // The contract refuses a site without both coordinates.
  longitude: input.longitude ?? 0,
  latitude: input.latitude ?? 0,
  address: input.address,
  contact: input.contact,
  contactPhone: input.contactPhone,
  remarks: input.remarks,
});

const reread = async (db: Database, siteId: number) =>
  (await repo.findSite(db, siteId)) ?? refuse('site.notFound');

export function createSite(ctx: ManageCtx, actor: Actor, input: CreateInput) {
  return loggedChange(ctx, actor, 'create', SITE_LOG, async (tx, now) => {
    await checkFields(ctx, tx, actor.userId, input);
    const id = await repo.insertSite(tx, {
      ...columnsOf(input),
      editor: actor.account,
      createdAt: now,
      updatedAt: now,
    });
    return { id, before: null, after: await reread(tx, id) };
  });
}

/** Saves the site's fields; it may move to another project the user may see. */
export function updateSite(ctx: ManageCtx, actor: Actor, input: UpdateInput) {
  const id = input.siteId;
  return loggedChange(ctx, actor, 'update', SITE_LOG, async (tx, now) => {
    const before = await visibleSite(ctx, tx, actor.userId, id);
    await checkFields(ctx, tx, actor.userId, input, id);
    await repo.updateSite(tx, id, { ...columnsOf(input), editor: actor.account, updatedAt: now });
    return { id, before, after: await reread(tx, id) };
  });
}

export async function deleteSite(ctx: ManageCtx, actor: Actor, id: number) {
  await loggedChange(ctx, actor, 'delete', SITE_LOG, async (tx) => {
    const before = await visibleSite(ctx, tx, actor.userId, id);
    await repo.deleteSite(tx, id);
    return { id, before, after: null };
  });
}
