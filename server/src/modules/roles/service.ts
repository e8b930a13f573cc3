import type { createRoleSchema, roleListRequestSchema, updateRoleSchema } from '@cityops/contract';
import { ROLE_MANAGE, type PermissionNode, type RoleRow } from '@cityops/contract';
import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import { changedFields, recordAudit, type Actor } from '../logs/audit.js';
import * as resourceRepo from '../resources/repository.js';
import { grantScopeOf, listed, outside } from './grantScope.js';
import * as repo from './repository.js';

/**
 * Role management (platform-shell.md §3 Role, §6): each change in one transaction with its log row.
 * The built-in administrator role keeps every permission: its permissions cannot be narrowed (new
 * resources are granted to it as they are created), and it cannot be renamed or deleted.
 */

type Ctx = Pick<AppContext, 'db' | 'now'>;

const LOGGED_FIELDS = ['name', 'description'] as const satisfies readonly (keyof RoleRow)[];

export const listRoles = (ctx: Ctx, request: z.output<typeof roleListRequestSchema>) =>
  repo.rolePage(ctx.db, request);

export const roleOptions = (ctx: Ctx) => repo.roleOptions(ctx.db);

async function roleRow(db: Database, roleId: number, lock = false): Promise<RoleRow> {
  return (await repo.findRoleRow(db, roleId, lock)) ?? refuse('admin.notFound');
}

export async function createRole(
  ctx: Ctx,
  actor: Actor,
  input: z.output<typeof createRoleSchema>,
): Promise<RoleRow> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const id = await repo.insertRole(tx, {
      // A stable handle no one types; built-in roles have readable ones.
      code: `role_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
      name: input.name,
      description: input.description,
      editor: actor.account,
      createdAt: now,
      updatedAt: now,
    });
    if (id === null) return refuse('role.nameTaken');
    const row = await roleRow(tx, id);
    await recordAudit(tx, actor, now, {
      module: ROLE_MANAGE,
      action: 'create',
      targetId: id,
      targetName: row.name,
      changes: changedFields(null, row, LOGGED_FIELDS),
    });
    return row;
  });
}

export async function updateRole(
  ctx: Ctx,
  actor: Actor,
  input: z.output<typeof updateRoleSchema>,
): Promise<RoleRow> {
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await roleRow(tx, input.roleId, true);
      if (before.builtIn && input.name !== before.name) refuse('role.adminProtected');
      await repo.updateRole(tx, input.roleId, {
        name: input.name,
        description: input.description,
        editor: actor.account,
        updatedAt: now,
      });
      const after = await roleRow(tx, input.roleId);
      await recordAudit(tx, actor, now, {
        module: ROLE_MANAGE,
        action: 'update',
        targetId: input.roleId,
        targetName: before.name,
        changes: changedFields(before, after, LOGGED_FIELDS),
      });
      return after;
    });
  } catch (error) {
    // The unique index decides, not a read before the write: two renames at once cannot both win.
    if (isUniqueViolation(error, 'roles_name_key')) return refuse('role.nameTaken');
    throw error;
  }
}

/** Deletes a role no user holds; the built-in administrator role is never deleted. */
export async function deleteRole(ctx: Ctx, actor: Actor, roleId: number) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // Locked: a user cannot be given the role between the count and the delete.
    const role = await roleRow(tx, roleId, true);
    if (role.builtIn) refuse('role.adminProtected');
    const holders = await repo.userCount(tx, roleId);
    if (holders > 0) refuse('role.inUse', { count: holders });
    await repo.deleteRole(tx, roleId);
    await recordAudit(tx, actor, now, {
      module: ROLE_MANAGE,
      action: 'delete',
      targetId: roleId,
      targetName: role.name,
      changes: changedFields(role, null, LOGGED_FIELDS),
    });
  });
}

/** The whole permission tree, `checked` where the role holds the item. */
export async function permissionTree(ctx: Ctx, roleId: number): Promise<PermissionNode[]> {
  await roleRow(ctx.db, roleId);
  const held = new Set(await repo.heldResourceIds(ctx.db, roleId));
  return resourceRepo.toTree(await resourceRepo.allResources(ctx.db), held);
}

/**
 * Against self-escalation, a caller who is not an administrator changes only the permissions of a role
 * they do not hold themselves, whose permissions they all hold, and grants only what they hold.
 */
async function checkGrant(tx: Database, actor: Actor, role: RoleRow, before: number[], checked: number[]) {
  const scope = await grantScopeOf(tx, actor.userId);
  if (scope.admin) return;
  if (await repo.holdsRole(tx, actor.userId, role.roleId)) refuse('role.ownRole', { name: role.name });
  if (outside(scope, before).length > 0) refuse('role.beyondOwn', { name: role.name });
  const beyond = outside(scope, checked);
  if (beyond.length > 0)
    refuse('role.grantBeyondOwn', { names: listed(await resourceRepo.namesOf(tx, beyond)) });
}

/**
 * Replaces the role's permissions by the checked items and their ancestors (a held page needs its
 * menu group and system for the menu to reach it). The administrator role cannot be changed, nor can
 * anyone else raise a role above their own permissions (checkGrant).
 */
export async function assignPermissions(ctx: Ctx, actor: Actor, roleId: number, resourceIds: number[]) {
  const now = ctx.now();
  const unique = [...new Set(resourceIds)];
  await ctx.db.transaction(async (tx) => {
    const role = await roleRow(tx, roleId, true);
    if (role.builtIn) refuse('role.adminFull');
    if ((await resourceRepo.countExisting(tx, unique)) !== unique.length) refuse('resource.unknown');
    const before = await repo.heldResourceIds(tx, roleId);
    await checkGrant(tx, actor, role, before, unique);
    const after = await resourceRepo.withAncestors(tx, unique);
    await repo.replaceRoleResources(tx, roleId, after);
    await repo.updateRole(tx, roleId, { editor: actor.account, updatedAt: now });
    const added = await resourceRepo.codesOf(
      tx,
      after.filter((id) => !before.includes(id)),
    );
    const removed = await resourceRepo.codesOf(
      tx,
      before.filter((id) => !after.includes(id)),
    );
    await recordAudit(tx, actor, now, {
      module: ROLE_MANAGE,
      action: 'assignPermission',
      targetId: roleId,
      targetName: role.name,
      detail: `+${added.length} -${removed.length}`,
      changes: [
        ...(added.length > 0 ? [{ field: 'added', before: null, after: added.join(',') }] : []),
        ...(removed.length > 0 ? [{ field: 'removed', before: removed.join(','), after: null }] : []),
      ],
    });
  });
  return permissionTree(ctx, roleId);
}
