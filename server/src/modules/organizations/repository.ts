import { ORG_TYPE_DICTIONARY, type OrgRow } from '@cityops/contract';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { dictionary } from '../dictionary/tables.js';
import { users } from '../users/tables.js';
import { organizations } from './tables.js';

/** The only drizzle queries of the organization structure. */

const rowColumns = {
  orgId: organizations.id,
  parentId: organizations.parentId,
  name: organizations.name,
  longitude: organizations.longitude,
  latitude: organizations.latitude,
  orgType: organizations.orgType,
  projectStart: organizations.projectStart,
  projectEnd: organizations.projectEnd,
  responsible: organizations.responsible,
  phone: organizations.phone,
  peopleCount: organizations.peopleCount,
  departmentCount: organizations.departmentCount,
  remarks: organizations.remarks,
  sortNum: organizations.sortNum,
  // Spelled out: drizzle leaves columns unqualified in a one-table select, which inside this subquery
  // would name the user's id.
  userCount:
    sql<number>`cast((select count(*) from ${users} u where u.org_id = "organizations"."id") as integer)`.mapWith(
      Number,
    ),
  editor: organizations.editor,
  createdAt: organizations.createdAt,
  updatedAt: organizations.updatedAt,
};

const selectRows = (db: Database) => db.select(rowColumns).from(organizations);
type Selected = Awaited<ReturnType<typeof selectRows>>[number];

const toRow = ({ createdAt, updatedAt, ...row }: Selected): OrgRow => ({
  ...row,
  createTime: createdAt.toISOString(),
  updateTime: updatedAt.toISOString(),
});

/** Every organization, siblings' order first (sortNum, then id). */
export async function allOrgRows(db: Database): Promise<OrgRow[]> {
  const rows = await selectRows(db).orderBy(asc(organizations.sortNum), asc(organizations.id));
  return rows.map(toRow);
}

export async function findOrgRow(db: Database, orgId: number): Promise<OrgRow | null> {
  const [row] = await selectRows(db).where(eq(organizations.id, orgId));
  return row ? toRow(row) : null;
}

/**
 * Serialises changes to the tree for the rest of the transaction: sibling names are unique and
 * parents form no cycle only if two administrators cannot check the same state at once.
 */
export async function lockTree(db: Database) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('organizations'))`);
}

/** Whether a sibling (same parent) already has this name, ignoring case and the organization itself. */
export async function siblingHasName(db: Database, parentId: number | null, name: string, exceptId?: number) {
  const found = await db.$count(
    organizations,
    and(
      parentId === null ? isNull(organizations.parentId) : eq(organizations.parentId, parentId),
      sql`lower(${organizations.name}) = lower(${name})`,
      exceptId === undefined ? undefined : ne(organizations.id, exceptId),
    ),
  );
  return found > 0;
}

/** Whether `candidateId` is `orgId` or lies somewhere under it. */
export async function isInSubtree(db: Database, orgId: number, candidateId: number) {
  const subtree = sql`(
    with recursive tree as (
      select id from ${organizations} where id = ${orgId}
      union all select o.id from ${organizations} o join tree on o.parent_id = tree.id
    ) select id from tree)`;
  const found = await db.$count(
    organizations,
    and(eq(organizations.id, candidateId), sql`${organizations.id} in ${subtree}`),
  );
  return found > 0;
}

export async function orgExists(db: Database, orgId: number) {
  return (await db.$count(organizations, eq(organizations.id, orgId))) > 0;
}

/** Whether the code names an enabled item of the organization type dictionary. */
export async function orgTypeEnabled(db: Database, code: string) {
  const found = await db.$count(
    dictionary,
    and(
      eq(dictionary.dicCode, ORG_TYPE_DICTIONARY),
      eq(dictionary.itemCode, code),
      eq(dictionary.enabled, true),
    ),
  );
  return found > 0;
}

export type NewOrg = typeof organizations.$inferInsert;

export async function insertOrg(db: Database, values: NewOrg): Promise<number> {
  const [created] = await db.insert(organizations).values(values).returning({ id: organizations.id });
  if (!created) throw new Error('insert into organizations returned no row');
  return created.id;
}

export async function updateOrg(db: Database, orgId: number, values: Partial<NewOrg>) {
  const updated = await db
    .update(organizations)
    .set(values)
    .where(eq(organizations.id, orgId))
    .returning({ id: organizations.id });
  return updated.length > 0;
}

export async function deleteOrg(db: Database, orgId: number) {
  const deleted = await db
    .delete(organizations)
    .where(eq(organizations.id, orgId))
    .returning({ id: organizations.id });
  return deleted.length > 0;
}

/** What keeps an organization from being deleted: its direct sub-organizations and its users. */
export async function dependantsOf(db: Database, orgId: number) {
  const [children, members] = await Promise.all([
    db.$count(organizations, eq(organizations.parentId, orgId)),
    db.$count(users, eq(users.orgId, orgId)),
  ]);
  return { children, users: members };
}
