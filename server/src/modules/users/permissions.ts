import { ELEMENT_TYPES, type PermissionItem } from '@cityops/contract';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { resources, roleResources, userRoles } from '../../db/schema.js';

/** Every resource a user holds through any of their roles, parents before children. */
export function userResources(db: Database, userId: number) {
  return db
    .selectDistinct(getTableColumns(resources))
    .from(resources)
    .innerJoin(roleResources, eq(roleResources.resourceId, resources.id))
    .innerJoin(userRoles, eq(userRoles.roleId, roleResources.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(resources.level, resources.sortNum, resources.id);
}

export async function userPermissionCodes(db: Database, userId: number): Promise<string[]> {
  return (await userResources(db, userId)).map((resource) => resource.code);
}

/** Whether the user holds the code; codes match ignoring case, as routes do (spec §6). */
export async function holdsPermission(db: Database, userId: number, code: string): Promise<boolean> {
  const [found] = await db
    .select({ id: resources.id })
    .from(resources)
    .innerJoin(roleResources, eq(roleResources.resourceId, resources.id))
    .innerJoin(userRoles, eq(userRoles.roleId, roleResources.roleId))
    .where(and(eq(userRoles.userId, userId), sql`lower(${resources.code}) = lower(${code})`))
    .limit(1);
  return found !== undefined;
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
