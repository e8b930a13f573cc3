import type { RoleRow, roleListRequestSchema } from '@cityops/contract';
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { containing, pageOf, totalOver } from '../../db/paging.js';
import { userRoles } from '../users/tables.js';
import { ADMIN_ROLE, roleResources, roles } from './tables.js';

/** The only drizzle queries of role management. */

type ListRequest = z.output<typeof roleListRequestSchema>;
export type NewRole = typeof roles.$inferInsert;

const rowColumns = {
  roleId: roles.id,
  code: roles.code,
  name: roles.name,
  description: roles.description,
  editor: roles.editor,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
  userCount:
    sql<number>`(select cast(count(*) as integer) from ${userRoles} ur where ur.role_id = ${roles.id})`.mapWith(
      Number,
    ),
};

const selectRows = (db: Database) => db.select(rowColumns).from(roles);
type Selected = Awaited<ReturnType<typeof selectRows>>[number];

const toRow = ({ createdAt, updatedAt, ...row }: Selected): RoleRow => ({
  roleId: row.roleId,
  code: row.code,
  name: row.name,
  description: row.description,
  builtIn: row.code === ADMIN_ROLE,
  userCount: row.userCount,
  editor: row.editor,
  createTime: createdAt.toISOString(),
  updateTime: updatedAt.toISOString(),
});

const SORT_COLUMNS = { name: roles.name, createTime: roles.createdAt, updateTime: roles.updatedAt } as const;

export function rolePage(db: Database, request: ListRequest) {
  const where: SQL | undefined = request.name ? ilike(roles.name, containing(request.name)) : undefined;
  const column = SORT_COLUMNS[request.sortField ?? 'createTime'];
  const direction = (request.sortOrder ?? 'asc') === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) =>
      db
        .select({ ...rowColumns, total: totalOver })
        .from(roles)
        .where(where)
        .orderBy(direction(column), direction(roles.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.$count(roles, where)) ?? 0,
    ({ total: _total, ...row }) => toRow(row),
  );
}

export async function findRoleRow(db: Database, roleId: number, lock = false): Promise<RoleRow | null> {
  const query = selectRows(db).where(eq(roles.id, roleId));
  // The lock waits for transactions adding users to the role (their foreign key holds a key-share lock).
  const [row] = lock ? await query.for('update', { of: roles }) : await query;
  return row ? toRow(row) : null;
}

export async function roleOptions(db: Database) {
  return db.select({ roleId: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.id));
}

/** Inserts a role; null when the name is taken (the unique index `roles_name_key` decides). */
export async function insertRole(db: Database, values: NewRole): Promise<number | null> {
  const [created] = await db
    .insert(roles)
    .values(values)
    .onConflictDoNothing({ target: roles.name })
    .returning({ id: roles.id });
  return created?.id ?? null;
}

export async function updateRole(db: Database, roleId: number, values: Partial<NewRole>) {
  const updated = await db.update(roles).set(values).where(eq(roles.id, roleId)).returning({ id: roles.id });
  return updated.length > 0;
}

export async function deleteRole(db: Database, roleId: number) {
  const deleted = await db.delete(roles).where(eq(roles.id, roleId)).returning({ id: roles.id });
  return deleted.length > 0;
}

export const userCount = (db: Database, roleId: number) => db.$count(userRoles, eq(userRoles.roleId, roleId));

export async function heldResourceIds(db: Database, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: roleResources.resourceId })
    .from(roleResources)
    .where(eq(roleResources.roleId, roleId));
  return rows.map((row) => row.id);
}

/** Replaces the resources a role holds. */
export async function replaceRoleResources(db: Database, roleId: number, resourceIds: readonly number[]) {
  await db.delete(roleResources).where(eq(roleResources.roleId, roleId));
  if (resourceIds.length > 0)
    await db.insert(roleResources).values(resourceIds.map((resourceId) => ({ roleId, resourceId })));
}

export const holdsRole = async (db: Database, userId: number, roleId: number) =>
  (await db.$count(userRoles, and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)))) > 0;

/**
 * These roles with the resources each holds, the roles locked (shared) until the transaction ends so
 * their permissions cannot change while a user is given them.
 */
export async function rolesWithResources(db: Database, roleIds: readonly number[]) {
  if (roleIds.length === 0) return [];
  const found = await db
    .select({ id: roles.id, code: roles.code, name: roles.name })
    .from(roles)
    .where(inArray(roles.id, [...roleIds]))
    .orderBy(asc(roles.id))
    .for('share');
  const held = await db
    .select({ roleId: roleResources.roleId, resourceId: roleResources.resourceId })
    .from(roleResources)
    .where(inArray(roleResources.roleId, [...roleIds]));
  return found.map((role) => ({
    ...role,
    resourceIds: held.filter((row) => row.roleId === role.id).map((row) => row.resourceId),
  }));
}

/** The ids of the role's users, or null when there are more than `max` (then: anyone). */
export async function roleUserIds(db: Database, roleId: number, max: number): Promise<number[] | null> {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.roleId, roleId))
    .limit(max + 1);
  return rows.length > max ? null : rows.map((row) => row.userId);
}
