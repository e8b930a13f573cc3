import type { UserRow } from '@cityops/contract';
import { and, asc, desc, eq, gt, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { userListRequestSchema } from '@cityops/contract';
import { keysetBatches, mapRows } from '../../db/batches.js';
import type { Database } from '../../db/connection.js';
import { containing, pageOf, totalOver } from '../../db/paging.js';
import { organizations } from '../organizations/tables.js';
import { projects } from '../projects/tables.js';
import { ADMIN_ROLE, roles } from '../roles/tables.js';
import { userProjects, userRoles, users } from './tables.js';

/** The only drizzle queries of user management. */

type ListRequest = z.output<typeof userListRequestSchema>;
export type UserFilter = Omit<ListRequest, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'>;

const rowColumns = {
  userId: users.id,
  userName: users.userName,
  name: users.name,
  email: users.email,
  gender: users.gender,
  phone: users.phone,
  otherContact: users.otherContact,
  jobTitle: users.jobTitle,
  birthDate: users.birthDate,
  status: users.status,
  orgId: users.orgId,
  orgName: organizations.name,
  mustChangePassword: users.mustChangePassword,
  editor: users.editor,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  roles: sql<{ roleId: number; roleName: string }[]>`coalesce((
    select json_agg(json_build_object('roleId', r.id, 'roleName', r.name) order by r.id)
    from ${userRoles} ur join ${roles} r on r.id = ur.role_id where ur.user_id = ${users.id}), '[]'::json)`,
  projectIds: sql<number[]>`coalesce((
    select json_agg(up.project_id order by up.project_id)
    from ${userProjects} up where up.user_id = ${users.id}), '[]'::json)`,
};

const selectRows = (db: Database) =>
  db.select(rowColumns).from(users).leftJoin(organizations, eq(organizations.id, users.orgId));
type Selected = Awaited<ReturnType<typeof selectRows>>[number];

const toRow = (row: Selected): UserRow => ({
  ...row,
  createTime: row.createdAt.toISOString(),
  updateTime: row.updatedAt.toISOString(),
});

/** An organization and every organization under it. */
const orgSubtree = (orgId: number) => sql`(
  with recursive tree as (
    select id from ${organizations} where id = ${orgId}
    union all select o.id from ${organizations} o join tree on o.parent_id = tree.id
  ) select id from tree)`;

function whereOf(filter: UserFilter): SQL | undefined {
  return and(
    filter.name ? ilike(users.name, containing(filter.name)) : undefined,
    filter.userName ? ilike(users.userName, containing(filter.userName)) : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
    filter.roleId
      ? sql`exists (select 1 from ${userRoles} ur where ur.user_id = ${users.id} and ur.role_id = ${filter.roleId})`
      : undefined,
    filter.orgId ? sql`${users.orgId} in ${orgSubtree(filter.orgId)}` : undefined,
  );
}

const SORT_COLUMNS = {
  userName: users.userName,
  name: users.name,
  createTime: users.createdAt,
  updateTime: users.updatedAt,
} as const;

/**
 * Page first, detail after: the filter, order, limit and offset pick the page's ids (and the total)
 * from users alone, then only those rows are joined to their organization and have their roles and
 * projects read, so the per-row subqueries never run for rows off the page.
 */
export function userPage(db: Database, request: ListRequest) {
  const where = whereOf(request);
  const column = SORT_COLUMNS[request.sortField ?? 'createTime'];
  const direction = (request.sortOrder ?? 'desc') === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) => {
      const page = db
        .select({ id: users.id, total: totalOver.as('total') })
        .from(users)
        .where(where)
        .orderBy(direction(column), direction(users.id))
        .limit(limit)
        .offset(offset)
        .as('page');
      return db
        .select({ ...rowColumns, total: page.total })
        .from(page)
        .innerJoin(users, eq(users.id, page.id))
        .leftJoin(organizations, eq(organizations.id, users.orgId))
        .orderBy(direction(column), direction(users.id));
    },
    async () => (await db.$count(users, where)) ?? 0,
    ({ total: _total, ...row }) => toRow(row),
  );
}

/**
 * Every user the list's filter selects, one at a time for an export: keyset batches in id order, so a
 * long export holds one batch and users added meanwhile do not shift it.
 */
export function userExportRows(db: Database, filter: UserFilter, batchSize = 1000): AsyncGenerator<UserRow> {
  const where = whereOf(filter);
  return mapRows(
    keysetBatches(
      (afterId, limit) =>
        selectRows(db)
          .where(and(where, gt(users.id, afterId)))
          .orderBy(asc(users.id))
          .limit(limit)
          .then((rows) => rows.map((row) => ({ ...row, id: row.userId }))),
      batchSize,
    ),
    ({ id: _id, ...row }) => toRow(row),
  );
}

export async function findUserRow(db: Database, userId: number): Promise<UserRow | null> {
  const [row] = await selectRows(db).where(eq(users.id, userId));
  return row ? toRow(row) : null;
}

export type NewUser = typeof users.$inferInsert;

/** Inserts a user; null when the account is taken (the database's unique index decides). */
export async function insertUser(db: Database, values: NewUser): Promise<number | null> {
  const [created] = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
  return created?.id ?? null;
}

export async function updateUser(db: Database, userId: number, values: Partial<NewUser>) {
  const updated = await db.update(users).set(values).where(eq(users.id, userId)).returning({ id: users.id });
  return updated.length > 0;
}

export async function deleteUser(db: Database, userId: number) {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}

export async function replaceUserRoles(db: Database, userId: number, roleIds: readonly number[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length > 0) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export async function replaceUserProjects(db: Database, userId: number, projectIds: readonly number[]) {
  await db.delete(userProjects).where(eq(userProjects.userId, userId));
  if (projectIds.length > 0)
    await db.insert(userProjects).values(projectIds.map((projectId) => ({ userId, projectId })));
}

/** How many of these ids name existing rows, to refuse a stale choice with a clear message. */
export async function countExisting(
  db: Database,
  table: 'roles' | 'projects' | 'organizations',
  ids: number[],
) {
  if (ids.length === 0) return 0;
  const column = { roles: roles.id, projects: projects.id, organizations: organizations.id }[table];
  const source = { roles, projects, organizations }[table];
  return db.$count(source, inArray(column, ids));
}

/**
 * Ids of the enabled administrators (holders of the built-in admin role), locked until the
 * transaction ends so two administrators cannot disable each other at the same moment.
 */
export async function lockEnabledAdmins(db: Database, exceptUserId?: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(users.status, 'enabled'),
        eq(roles.code, ADMIN_ROLE),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .for('update', { of: users });
  return rows.map((row) => row.id);
}

/** Whether the user holds the built-in administrator role. */
export async function holdsAdminRole(db: Database, userId: number): Promise<boolean> {
  const held = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.code, ADMIN_ROLE)))
    .limit(1);
  return held.length > 0;
}

/**
 * The ids of the roles a user holds, with the user's row locked until the transaction ends, so no
 * other change to the user's roles lands between this read and the change being checked.
 */
export async function lockRoleIds(db: Database, userId: number): Promise<number[]> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const rows = await db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.roleId));
  return rows.map((row) => row.roleId);
}

export async function adminRoleId(db: Database): Promise<number | null> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, ADMIN_ROLE));
  return role?.id ?? null;
}
