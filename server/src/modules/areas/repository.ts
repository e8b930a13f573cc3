import type { AreaRow, ProjectPerson } from '@cityops/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { users } from '../users/tables.js';
import { sites } from '../sites/tables.js';
import { areas, userAreas } from './tables.js';
import { subtreeOf } from './tree.js';

/** The only drizzle queries of area management. */

export type NewArea = typeof areas.$inferInsert;

const rowColumns = {
  areaId: areas.id,
  projectId: areas.projectId,
  parentId: areas.parentId,
  name: areas.name,
  type: areas.type,
  polygon: areas.polygon,
  remarks: areas.remarks,
  sortNum: areas.sortNum,
  editor: areas.editor,
  createdAt: areas.createdAt,
  updatedAt: areas.updatedAt,
};

const selectRows = (db: Database) => db.select(rowColumns).from(areas);
type Selected = Awaited<ReturnType<typeof selectRows>>[number];

const toRow = ({ createdAt, updatedAt, ...row }: Selected): AreaRow => ({
  ...row,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

/** One area; `lock` holds its row for the rest of the transaction. */
export async function findArea(db: Database, areaId: number, lock = false): Promise<AreaRow | null> {
  const query = selectRows(db).where(eq(areas.id, areaId));
  const [row] = lock ? await query.for('update') : await query;
  return row ? toRow(row) : null;
}

/** Every area of the project, by sortNum, then name, then id (the tree's order). */
export async function projectAreas(db: Database, projectId: number): Promise<AreaRow[]> {
  const rows = await selectRows(db)
    .where(eq(areas.projectId, projectId))
    .orderBy(asc(areas.sortNum), asc(areas.name), asc(areas.id));
  return rows.map((row) => toRow(row));
}

/** Serialises the changes of one project's areas, so two overlapping outlines cannot both be saved. */
export async function lockProjectAreas(db: Database, projectId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('areas'), ${projectId})`);
}

export async function insertArea(db: Database, values: NewArea): Promise<number> {
  const [created] = await db.insert(areas).values(values).returning({ id: areas.id });
  if (!created) throw new Error('insert into areas returned no row');
  return created.id;
}

export async function updateArea(db: Database, areaId: number, values: Partial<NewArea>) {
  await db.update(areas).set(values).where(eq(areas.id, areaId));
}

/** Deletes the area; the users given it lose it (foreign key). */
export async function deleteArea(db: Database, areaId: number) {
  await db.delete(areas).where(eq(areas.id, areaId));
}

/** The sites in one of the areas, with their places. */
export function sitesIn(db: Database, areaIds: readonly number[]) {
  if (areaIds.length === 0) return Promise.resolve([]);
  return db
    .select({ name: sites.name, lng: sites.longitude, lat: sites.latitude })
    .from(sites)
    .where(inArray(sites.areaId, [...areaIds]));
}

/** Whether the project has areas (projectInUse). */
export async function projectHasAreas(db: Database, projectId: number) {
  return (await db.$count(areas, eq(areas.projectId, projectId))) > 0;
}

/** The users given the area, by id. */
export function areaUsers(db: Database, areaId: number): Promise<ProjectPerson[]> {
  return db
    .select({ userId: users.id, name: users.name, userName: users.userName })
    .from(userAreas)
    .innerJoin(users, eq(users.id, userAreas.userId))
    .where(eq(userAreas.areaId, areaId))
    .orderBy(asc(users.id));
}

/** Makes the users given the area exactly `userIds`. */
export async function setAreaUsers(db: Database, areaId: number, userIds: readonly number[]) {
  await db.delete(userAreas).where(eq(userAreas.areaId, areaId));
  if (userIds.length > 0) await db.insert(userAreas).values(userIds.map((userId) => ({ userId, areaId })));
}

/** Takes from the users the areas they were given in the project (they left it). */
export async function dropProjectAreas(db: Database, projectId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  const ofProject = db.select({ id: areas.id }).from(areas).where(eq(areas.projectId, projectId));
  await db
    .delete(userAreas)
    .where(and(inArray(userAreas.userId, [...userIds]), inArray(userAreas.areaId, ofProject)));
}

/** The ids of the areas the user was given and of every area under a given directory, in id order. */
export async function givenAreaIds(db: Database, userId: number): Promise<number[]> {
  const given = await db
    .select({ areaId: userAreas.areaId, projectId: areas.projectId })
    .from(userAreas)
    .innerJoin(areas, eq(areas.id, userAreas.areaId))
    .where(eq(userAreas.userId, userId));
  if (given.length === 0) return [];
  const projectIds = [...new Set(given.map((row) => row.projectId))];
  const linked = await db
    .select({ id: areas.id, parentId: areas.parentId })
    .from(areas)
    .where(inArray(areas.projectId, projectIds));
  const ids = subtreeOf(
    linked,
    given.map((row) => row.areaId),
  );
  return [...ids].sort((a, b) => a - b);
}
