import { ELEMENT_TYPES, type PermissionItem } from '@cityops/contract';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { resources, roleResources, userRoles } from '../../db/schema.js';

/** Whether the user holds a resource through one of their roles. */
const heldThroughRole = (userId: number) => sql`exists (
  select 1 from ${roleResources} rr join ${userRoles} ur on ur.role_id = rr.role_id
  where rr.resource_id = ${resources.id} and ur.user_id = ${userId})`;

/**
 * What a user holds: public resources (every signed-in user gets them) and every resource of any of
 * their roles.
 */
const holds = (userId: number) => sql`(${resources.isPublic} or ${heldThroughRole(userId)})`;

/** Every resource a user holds, parents before children. */
export function userResources(db: Database, userId: number) {
  return db
    .select(getTableColumns(resources))
    .from(resources)
    .where(holds(userId))
    .orderBy(resources.level, resources.sortNum, resources.id);
}

/**
 * The ids of the resources a user holds through their roles, leaving out those they hold only
 * because they are public.
 */
export async function roleResourceIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db.select({ id: resources.id }).from(resources).where(heldThroughRole(userId));
  return rows.map((row) => row.id);
}

export async function userPermissionCodes(db: Database, userId: number): Promise<string[]> {
  return (await userResources(db, userId)).map((resource) => resource.code);
}

type ResourceRow = typeof resources.$inferSelect;

export const toPermissionItem = (row: ResourceRow): PermissionItem => ({
  id: row.id,
  parentId: row.parentId ?? 0,
  code: row.code,
  type: row.type,
  name: row.name,
  url: row.url,
  sortNum: row.sortNum,
  icon: row.icon,
  level: row.level,
});

/** Splits held resources into menu entries (types 0-3, 6) and element codes (types 4, 5). */
export function splitPermissions(rows: readonly ResourceRow[]) {
  const isElement = (row: ResourceRow) => ELEMENT_TYPES.includes(row.type);
  return {
    menus: rows.filter((row) => !isElement(row)).map(toPermissionItem),
    elements: rows.filter(isElement).map((row) => row.code),
  };
}
