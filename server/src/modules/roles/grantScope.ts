import type { Database } from '../../db/connection.js';
import * as resourceRepo from '../resources/repository.js';
import { roleResourceIds, userResources } from '../users/permissions.js';
import { holdsAdminRole } from '../users/repository.js';
import * as repo from './repository.js';
import { ADMIN_ROLE } from './tables.js';

/**
 * What a caller may hand out, so no one raises a role or a user (themselves included) above their
 * own permissions (RuoYi's rule). An administrator (holder of the built-in admin role) may hand out
 * anything; anyone else only the resources they hold: the public ones, those of their roles, and the
 * menu groups above those (a granted page brings its groups along, see assignPermissions).
 */
export interface GrantScope {
  readonly admin: boolean;
  holds(resourceId: number): boolean;
}

/**
 * Read inside the change's transaction, so the check and the change see the same holdings. With
 * `throughRoles`, a resource held only because it is public is left out: for changing what is public,
 * where holding it that way is the very thing being changed.
 */
export async function grantScopeOf(
  db: Database,
  userId: number,
  { throughRoles = false } = {},
): Promise<GrantScope> {
  if (await holdsAdminRole(db, userId)) return { admin: true, holds: () => true };
  const held = throughRoles
    ? await roleResourceIds(db, userId)
    : (await userResources(db, userId)).map((resource) => resource.id);
  const scope = new Set(await resourceRepo.withAncestors(db, held));
  return { admin: false, holds: (resourceId) => scope.has(resourceId) };
}

/** The ids among these the scope does not hold. */
export const outside = (scope: GrantScope, resourceIds: readonly number[]) =>
  resourceIds.filter((id) => !scope.holds(id));

/**
 * Names of the roles among these that the scope could not hand out: the built-in admin role, and any
 * role holding a resource beyond the scope. The roles stay locked (shared) until the transaction
 * ends, so their permissions cannot widen before the change commits.
 */
export async function rolesOutside(db: Database, scope: GrantScope, roleIds: readonly number[]) {
  if (scope.admin) return [];
  const found = await repo.rolesWithResources(db, roleIds);
  return found
    .filter((role) => role.code === ADMIN_ROLE || outside(scope, role.resourceIds).length > 0)
    .map((role) => role.name);
}

/** A few names for a refusal's text; a long list ends with an ellipsis. */
export const listed = (names: readonly string[], shown = 5) =>
  names.slice(0, shown).join('、') + (names.length > shown ? '…' : '');
