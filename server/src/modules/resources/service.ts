import type { createResourceSchema, ResourceRow, updateResourceSchema } from '@cityops/contract';
import { AUTHORITY, ROUTE_TABLE, type PageUrl } from '@cityops/contract';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import { changedFields, recordAudit, type Actor } from '../logs/audit.js';
import { grantScopeOf, listed, outside, type GrantScope } from '../roles/grantScope.js';
import * as repo from './repository.js';

/** The permission tree (authority, platform-shell.md §3, §5, §7 Resources): each change in one transaction with its log row. */

type Ctx = Pick<AppContext, 'db' | 'now'>;
type CreateInput = z.output<typeof createResourceSchema>;
type UpdateInput = z.output<typeof updateResourceSchema>;

const LOGGED_FIELDS = [
  'parentId',
  'name',
  'code',
  'type',
  'url',
  'sortNum',
  'icon',
] as const satisfies readonly (keyof ResourceRow)[];

type BeyondKey =
  | 'resource.editBeyondOwn'
  | 'resource.deleteBeyondOwn'
  | 'resource.moveBeyondOwn'
  | 'resource.parentBeyondOwn'
  | 'resource.publishBeyondOwn';

/**
 * The grant scope of roles and users (roles/grantScope.ts) over the tree itself: a caller who is not
 * an administrator changes, moves, places under, deletes or publishes only resources they hold, since
 * each of those decides who holds what (a public `project` is every project's devices for everyone).
 */
async function refuseBeyond(tx: Database, scope: GrantScope, ids: readonly number[], key: BeyondKey) {
  const beyond = outside(scope, ids);
  if (beyond.length > 0) refuse(key, { names: listed(await repo.namesOf(tx, beyond)) });
}

/** The whole tree; with filters, the items whose name or code contains them, and their ancestors. */
export async function listAll(ctx: Ctx, filter: { name?: string; code?: string } = {}) {
  const rows = await repo.allResources(ctx.db);
  if (!filter.name && !filter.code) return repo.toTree(rows);
  const has = (value: string, part?: string) => !part || value.toLowerCase().includes(part.toLowerCase());
  const byId = new Map(rows.map((row) => [row.id, row]));
  const kept = new Set<number>();
  for (const row of rows) {
    if (!has(row.name, filter.name) || !has(row.code, filter.code)) continue;
    for (let at: typeof row | undefined = row; at && !kept.has(at.id); at = byId.get(at.parentId ?? 0))
      kept.add(at.id);
  }
  return repo.toTree(rows.filter((row) => kept.has(row.id)));
}

export async function publicResources(ctx: Ctx): Promise<ResourceRow[]> {
  return (await repo.publicResources(ctx.db)).map(repo.toResourceRow);
}

/** The page URLs of the route table (pages reached by permission), for the form's URL select. */
export function pageUrls(): PageUrl[] {
  return ROUTE_TABLE.filter((route) => route.access === 'permission').map((route) => ({
    url: route.path,
    code: route.code,
    title: route.title,
    titleEn: route.titleEn,
  }));
}

async function resourceRow(db: Database, id: number): Promise<ResourceRow> {
  const row = await repo.findResource(db, id);
  return row ? repo.toResourceRow(row) : refuse('admin.notFound');
}

/** The level under a parent (0 for a root), refusing a parent that no longer exists. */
async function levelUnder(db: Database, parentId: number): Promise<number> {
  if (parentId === 0) return 0;
  const parent = await repo.findResource(db, parentId);
  return parent ? parent.level + 1 : refuse('resource.unknownParent');
}

export async function createResource(ctx: Ctx, actor: Actor, input: CreateInput): Promise<ResourceRow> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const level = await levelUnder(tx, input.parentId);
    const scope = await grantScopeOf(tx, actor.userId);
    if (input.parentId !== 0) await refuseBeyond(tx, scope, [input.parentId], 'resource.parentBeyondOwn');
    const created = await repo.insertResource(tx, {
      parentId: input.parentId === 0 ? null : input.parentId,
      name: input.name,
      code: input.code,
      type: input.type,
      url: input.url,
      sortNum: input.sortNum,
      icon: input.icon,
      level,
    });
    if (!created) return refuse('resource.codeTaken');
    // The built-in administrator role holds every permission, new ones too.
    await repo.grantToAdmin(tx, created.id);
    const row = repo.toResourceRow(created);
    await recordAudit(tx, actor, now, {
      module: AUTHORITY,
      action: 'create',
      targetId: created.id,
      targetName: created.code,
      changes: changedFields(null, row, LOGGED_FIELDS),
    });
    return row;
  });
}

export async function updateResource(ctx: Ctx, actor: Actor, input: UpdateInput): Promise<ResourceRow> {
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const stored = await repo.findResource(tx, input.id, true);
      if (!stored) return refuse('admin.notFound');
      const before = repo.toResourceRow(stored);
      const moved = before.parentId !== input.parentId;
      const below = moved ? await repo.subtreeIds(tx, input.id) : [];
      if (moved && input.parentId !== 0 && below.includes(input.parentId)) refuse('resource.parentCycle');
      const scope = await grantScopeOf(tx, actor.userId);
      // Routes and permission checks go by code: renaming one re-points every grant of it.
      if (!scope.admin && input.code !== before.code) refuse('resource.codeAdminOnly');
      await refuseBeyond(tx, scope, [input.id], 'resource.editBeyondOwn');
      if (moved && input.parentId !== 0)
        await refuseBeyond(tx, scope, [input.parentId], 'resource.parentBeyondOwn');
      await refuseBeyond(tx, scope, below, 'resource.moveBeyondOwn');
      const level = moved ? await levelUnder(tx, input.parentId) : stored.level;
      await repo.updateResource(tx, input.id, {
        parentId: input.parentId === 0 ? null : input.parentId,
        name: input.name,
        code: input.code,
        type: input.type,
        url: input.url,
        sortNum: input.sortNum,
        icon: input.icon,
      });
      if (moved) {
        await repo.relevel(tx, input.id, level);
        const ancestors = input.parentId === 0 ? [] : await repo.withAncestors(tx, [input.parentId]);
        await repo.holdNewAncestors(tx, input.id, ancestors);
      }
      const after = await resourceRow(tx, input.id);
      await recordAudit(tx, actor, now, {
        module: AUTHORITY,
        action: 'update',
        targetId: input.id,
        targetName: before.code,
        changes: changedFields(before, after, LOGGED_FIELDS),
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'resources_code_lower_key')) return refuse('resource.codeTaken');
    throw error;
  }
}

/**
 * Deletes a resource without children (a parent is refused: delete its children first). Roles holding
 * it lose it (the foreign key cascades); the log row names them.
 */
export async function deleteResource(ctx: Ctx, actor: Actor, id: number) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const stored = await repo.findResource(tx, id, true);
    if (!stored) return refuse('admin.notFound');
    await refuseBeyond(tx, await grantScopeOf(tx, actor.userId), [id], 'resource.deleteBeyondOwn');
    const children = await repo.childCount(tx, id);
    if (children > 0) refuse('resource.hasChildren', { count: children });
    const holders = await repo.holdersOf(tx, id);
    await repo.deleteResource(tx, id);
    await recordAudit(tx, actor, now, {
      module: AUTHORITY,
      action: 'delete',
      targetId: id,
      targetName: stored.code,
      detail: holders.length > 0 ? `held by roles: ${holders.join(', ')}` : '',
      changes: changedFields(repo.toResourceRow(stored), null, LOGGED_FIELDS),
    });
  });
}

/**
 * Makes exactly these resources public (every signed-in user holds them), with their ancestors so
 * that the menu has a path to them. A caller who is not an administrator adds or removes only
 * resources their roles hold.
 */
export async function updatePublic(ctx: Ctx, actor: Actor, ids: number[]): Promise<ResourceRow[]> {
  const now = ctx.now();
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    if ((await repo.countExisting(tx, unique)) !== unique.length) refuse('resource.unknown');
    const stored = await repo.publicResources(tx);
    const before = stored.map((row) => row.code).sort();
    const target = new Set(await repo.withAncestors(tx, unique));
    const wasPublic = new Set(stored.map((row) => row.id));
    const changed = [...new Set([...target, ...wasPublic])].filter(
      (id) => target.has(id) !== wasPublic.has(id),
    );
    const scope = await grantScopeOf(tx, actor.userId, { throughRoles: true });
    await refuseBeyond(tx, scope, changed, 'resource.publishBeyondOwn');
    await repo.setPublic(tx, [...target]);
    const after = (await repo.publicResources(tx)).map((row) => row.code).sort();
    const added = after.filter((code) => !before.includes(code));
    const removed = before.filter((code) => !after.includes(code));
    await recordAudit(tx, actor, now, {
      module: AUTHORITY,
      action: 'updatePublic',
      changes: [
        ...(added.length > 0 ? [{ field: 'added', before: null, after: added.join(',') }] : []),
        ...(removed.length > 0 ? [{ field: 'removed', before: removed.join(','), after: null }] : []),
      ],
    });
  });
  return publicResources(ctx);
}
