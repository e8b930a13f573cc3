import type { PermissionNode, ResourceRow } from '@cityops/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { ADMIN_ROLE, roleResources, roles } from '../roles/tables.js';
import { resources } from './tables.js';

/** The only drizzle queries of the permission tree (authority) and of the roles' holdings of it. */

type Stored = typeof resources.$inferSelect;
export type NewResource = typeof resources.$inferInsert;

/** `(1, 2, 3)` as bound parameters, for `in` inside raw SQL. */
const idList = (ids: readonly number[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::integer`),
    sql`, `,
  )})`;

export const toResourceRow = (row: Stored): ResourceRow => ({
  id: row.id,
  parentId: row.parentId ?? 0,
  code: row.code,
  type: row.type,
  name: row.name,
  url: row.url,
  sortNum: row.sortNum,
  icon: row.icon,
  level: row.level,
  isPublic: row.isPublic,
});

/** Every resource, in menu order. */
export const allResources = (db: Database) =>
  db.select().from(resources).orderBy(asc(resources.level), asc(resources.sortNum), asc(resources.id));

/**
 * The nested tree of these rows (children in menu order), each `checked` when its id is in `checked`.
 * A row whose parent is not among the rows is a root.
 */
export function toTree(rows: readonly Stored[], checked: ReadonlySet<number> = new Set()): PermissionNode[] {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<number, PermissionNode[]>();
  const roots: PermissionNode[] = [];
  const nodes = rows.map((row) => ({ ...toResourceRow(row), checked: checked.has(row.id), children: [] }));
  for (const node of nodes) {
    const siblings =
      node.parentId !== 0 && ids.has(node.parentId)
        ? (children.get(node.parentId) ?? children.set(node.parentId, []).get(node.parentId))
        : roots;
    siblings?.push(node);
  }
  const order = (a: PermissionNode, b: PermissionNode) => a.sortNum - b.sortNum || a.id - b.id;
  const attach = (list: PermissionNode[]): PermissionNode[] =>
    list.sort(order).map((node) => Object.assign(node, { children: attach(children.get(node.id) ?? []) }));
  return attach(roots);
}

export async function findResource(db: Database, id: number, lock = false): Promise<Stored | null> {
  const query = db.select().from(resources).where(eq(resources.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Inserts a resource; null when its code is taken ignoring case (the unique index decides). */
export async function insertResource(db: Database, values: NewResource): Promise<Stored | null> {
  const [created] = await db.insert(resources).values(values).onConflictDoNothing().returning();
  return created ?? null;
}

export async function updateResource(db: Database, id: number, values: Partial<NewResource>) {
  const [updated] = await db.update(resources).set(values).where(eq(resources.id, id)).returning();
  return updated ?? null;
}

export async function deleteResource(db: Database, id: number) {
  const deleted = await db.delete(resources).where(eq(resources.id, id)).returning({ id: resources.id });
  return deleted.length > 0;
}

export const childCount = (db: Database, id: number) => db.$count(resources, eq(resources.parentId, id));

/** Ids of these resources and of all their ancestors. */
export async function withAncestors(db: Database, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<{ id: number }>(sql`
    with recursive up(id, parent_id) as (
      select id, parent_id from ${resources} where id in ${idList(ids)}
      union
      select r.id, r.parent_id from ${resources} r join up on r.id = up.parent_id
    ) select id from up`);
  return rowsOf<{ id: number }>(rows).map((row) => Number(row.id));
}

/** Ids of a resource and everything below it. */
export async function subtreeIds(db: Database, id: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    with recursive down(id) as (
      select ${id}::integer
      union
      select r.id from ${resources} r join down on r.parent_id = down.id
    ) select id from down`);
  return rowsOf<{ id: number }>(rows).map((row) => Number(row.id));
}

/** Sets the level of a resource (to `level`) and of everything below it (one more per step). */
export async function relevel(db: Database, id: number, level: number) {
  await db.execute(sql`
    with recursive down(id, level) as (
      select ${id}::integer, ${level}::integer
      union all
      select r.id, down.level + 1 from ${resources} r join down on r.parent_id = down.id
    ) update ${resources} set level = down.level from down where ${resources.id} = down.id`);
}

/** Results of `db.execute`: node-postgres answers `{ rows }`, PGlite answers `{ rows }` too. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export async function countExisting(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return 0;
  return db.$count(resources, inArray(resources.id, [...ids]));
}

/** The codes of these ids, for the operation log. */
export async function codesOf(db: Database, ids: readonly number[]): Promise<string[]> {
  return (await byIds(db, ids)).map((row) => row.code).sort();
}

/** The names of these ids in menu order, for a refusal the user reads. */
export async function namesOf(db: Database, ids: readonly number[]): Promise<string[]> {
  return (await byIds(db, ids)).map((row) => row.name);
}

async function byIds(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ code: resources.code, name: resources.name })
    .from(resources)
    .where(inArray(resources.id, [...ids]))
    .orderBy(asc(resources.level), asc(resources.sortNum), asc(resources.id));
}

export async function publicResources(db: Database) {
  return (await allResources(db)).filter((row) => row.isPublic);
}

/** Makes exactly these resources public. */
export async function setPublic(db: Database, ids: readonly number[]) {
  await db
    .update(resources)
    .set({ isPublic: ids.length > 0 ? sql`${resources.id} in ${idList(ids)}` : false });
}

/** Names of the roles holding a resource. */
export async function holdersOf(db: Database, id: number): Promise<string[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(roleResources)
    .innerJoin(roles, eq(roles.id, roleResources.roleId))
    .where(eq(roleResources.resourceId, id))
    .orderBy(asc(roles.id));
  return rows.map((row) => row.name);
}

/** Gives the built-in admin role a resource: it holds every permission, new ones included. */
export async function grantToAdmin(db: Database, resourceId: number) {
  await db.execute(sql`
    insert into ${roleResources} (role_id, resource_id)
    select id, ${resourceId}::integer from ${roles} where code = ${ADMIN_ROLE}
    on conflict do nothing`);
}

/**
 * After a resource moved under another parent: every role holding it (or anything below it) also
 * holds the new ancestors, and so does the public set, so menus keep a path to it.
 */
export async function holdNewAncestors(db: Database, movedId: number, ancestorIds: readonly number[]) {
  if (ancestorIds.length === 0) return;
  const below = await subtreeIds(db, movedId);
  await db.execute(sql`
    insert into ${roleResources} (role_id, resource_id)
    select distinct rr.role_id, a.id from ${roleResources} rr
    cross join (select id from ${resources} where id in ${idList(ancestorIds)}) a
    where rr.resource_id in ${idList(below)}
    on conflict do nothing`);
  await db.execute(sql`
    update ${resources} set is_public = true
    where id in ${idList(ancestorIds)}
      and exists (select 1 from ${resources} p where p.id in ${idList(below)} and p.is_public)`);
}
