import {
  MAINTENANCE_PAGE,
  parseVideoTime,
  type createMaintenanceSchema,
  type MaintenanceRow,
  type maintenanceListRequestSchema,
  type updateMaintenanceSchema,
} from '@cityops/contract';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import { projectScope } from '../devices/service.js';
import type { Actor } from '../logs/audit.js';
import { loggedChange, type Logged } from '../projects/change.js';
import { checkVisible } from '../projects/service.js';
import * as repo from './repository.js';

/** Maintenance records (page equipmentMaintenance), seen through their device's project. */

type Ctx = Pick<AppContext, 'db' | 'now' | 'access'>;
type CreateInput = z.output<typeof createMaintenanceSchema>;
type UpdateInput = z.output<typeof updateMaintenanceSchema>;

const LOG: Logged<MaintenanceRow> = {
  module: MAINTENANCE_PAGE,
  fields: [
    'deviceId',
    'kind',
    'fault',
    'content',
    'result',
    'maintainer',
    'maintainerPhone',
    'maintainedAt',
    'costCents',
  ],
  nameOf: (row) => row.deviceName,
};

const scopeOf = (ctx: Ctx, userId: number) => projectScope(ctx, ctx.db, userId);

/** The user's projects; a filter naming a project the user may not see is refused. */
async function filterScope(ctx: Ctx, userId: number, filter: repo.MaintenanceFilter) {
  if (filter.projectId !== undefined) await checkVisible(ctx, ctx.db, userId, filter.projectId);
  return scopeOf(ctx, userId);
}

export async function recordPage(
  ctx: Ctx,
  userId: number,
  request: z.output<typeof maintenanceListRequestSchema>,
) {
  return repo.recordPage(ctx.db, request, await filterScope(ctx, userId, request));
}

export async function recordRows(ctx: Ctx, userId: number, filter: repo.MaintenanceFilter) {
  return repo.recordRows(ctx.db, filter, await filterScope(ctx, userId, filter));
}

async function visibleRecord(ctx: Ctx, db: Database, userId: number, recordId: number) {
  const record = (await repo.findRecord(db, recordId)) ?? refuse('maintenance.notFound');
  await checkVisible(ctx, db, userId, record.projectId);
  return record;
}

/** The device exists and its project may be seen; the time is not in the future. */
async function checkedColumns(ctx: Ctx, db: Database, userId: number, input: CreateInput, now: Date) {
  const device = (await repo.deviceFacts(db, input.deviceId)) ?? refuse('device.notFound');
  await checkVisible(ctx, db, userId, device.projectId);
  const at = parseVideoTime(input.maintainedAt) ?? refuse('field.moment');
  if (at > now.getTime()) refuse('maintenance.future');
  return {
    ...device,
    kind: input.kind,
    fault: input.fault,
    content: input.content,
    result: input.result,
    maintainer: input.maintainer,
    maintainerPhone: input.maintainerPhone,
    maintainedAt: new Date(at),
    costCents: input.costCents,
  };
}

const reread = async (db: Database, id: number) =>
  (await repo.findRecord(db, id)) ?? refuse('maintenance.notFound');

export function createRecord(ctx: Ctx, actor: Actor, input: CreateInput) {
  return loggedChange(ctx, actor, 'create', LOG, async (tx, now) => {
    const columns = await checkedColumns(ctx, tx, actor.userId, input, now);
    const id = await repo.insertRecord(tx, {
      ...columns,
      editor: actor.account,
      createdAt: now,
      updatedAt: now,
    });
    return { id, before: null, after: await reread(tx, id) };
  });
}

/**
 * Saves a record. A record whose device was deleted keeps naming it; naming a device again (the
 * same id cannot come back) points the record at that device.
 */
export function updateRecord(ctx: Ctx, actor: Actor, input: UpdateInput) {
  const id = input.recordId;
  return loggedChange(ctx, actor, 'update', LOG, async (tx, now) => {
    const before = await visibleRecord(ctx, tx, actor.userId, id);
    const columns = await checkedColumns(ctx, tx, actor.userId, input, now);
    await repo.updateRecord(tx, id, { ...columns, editor: actor.account, updatedAt: now });
    return { id, before, after: await reread(tx, id) };
  });
}

export async function deleteRecord(ctx: Ctx, actor: Actor, id: number) {
  await loggedChange(ctx, actor, 'delete', LOG, async (tx) => {
    const before = await visibleRecord(ctx, tx, actor.userId, id);
    await repo.deleteRecord(tx, id);
    return { id, before, after: null };
  });
}
