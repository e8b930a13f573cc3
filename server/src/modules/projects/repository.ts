import type { ProjectDetail, ProjectRow, projectListRequestSchema } from '@cityops/contract';
import { and, asc, desc, eq, ilike, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { containing, pageOf, totalOver } from '../../db/paging.js';
import { dropProjectAreas } from '../areas/repository.js';
import { userProjects, users } from '../users/tables.js';
import { projectCycles, projectSegments } from './planTables.js';
import { projects } from './tables.js';

/** The only drizzle queries of project management (the plan's are in planRepository.ts). */

type ListRequest = z.output<typeof projectListRequestSchema>;
export type NewProject = typeof projects.$inferInsert;

const rowColumns = {
  projectId: projects.id,
  projectName: projects.name,
  customer: projects.customer,
  longitude: projects.longitude,
  latitude: projects.latitude,
  polygon: projects.polygon,
  hosting: projects.hosting,
  phase: projects.phase,
  implementedOn: projects.implementedOn,
  deliveredOn: projects.deliveredOn,
  leader: projects.leader,
  leaderPhone: projects.leaderPhone,
  opsLeader: projects.opsLeader,
  opsLeaderPhone: projects.opsLeaderPhone,
  remarks: projects.remarks,
  // Spelled out: drizzle leaves columns unqualified in a one-table select.
  memberCount:
    sql<number>`cast((select count(*) from ${userProjects} m where m.project_id = "projects"."project_id") as integer)`.mapWith(
      Number,
    ),
  editor: projects.editor,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

const selectRows = (db: Database) => db.select(rowColumns).from(projects);
type Selected = Awaited<ReturnType<typeof selectRows>>[number];

const toRow = ({ createdAt, updatedAt, ...row }: Selected): ProjectRow => ({
  ...row,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

const SORT_COLUMNS = { projectName: projects.name, createdAt: projects.createdAt } as const;

export function projectPage(db: Database, request: ListRequest) {
  const where: SQL | undefined = and(
    request.projectName ? ilike(projects.name, containing(request.projectName)) : undefined,
    request.phase ? eq(projects.phase, request.phase) : undefined,
  );
  const column = SORT_COLUMNS[request.sortField ?? 'createdAt'];
  const direction = (request.sortOrder ?? (request.sortField ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) =>
      db
        .select({ ...rowColumns, total: totalOver })
        .from(projects)
        .where(where)
        .orderBy(direction(column), direction(projects.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.$count(projects, where)) ?? 0,
    ({ total: _total, ...row }) => toRow(row),
  );
}

/** One project with its members; `lock` holds the row for the rest of the transaction. */
export async function findProject(
  db: Database,
  projectId: number,
  lock = false,
): Promise<ProjectDetail | null> {
  const query = selectRows(db).where(eq(projects.id, projectId));
  const [row] = lock ? await query.for('update', { of: projects }) : await query;
  if (!row) return null;
  return { ...toRow(row), userIds: await memberIds(db, projectId) };
}

/** Holds the project's row for the rest of the transaction (changes to its plan wait); false when there is none. */
export async function lockProject(db: Database, projectId: number) {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('update');
  return rows.length > 0;
}

export async function projectExists(db: Database, projectId: number) {
  return (await db.$count(projects, eq(projects.id, projectId))) > 0;
}

export async function memberIds(db: Database, projectId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: userProjects.userId })
    .from(userProjects)
    .where(eq(userProjects.projectId, projectId))
    .orderBy(asc(userProjects.userId));
  return rows.map((row) => row.userId);
}

export async function isMember(db: Database, projectId: number, userId: number) {
  const found = await db.$count(
    userProjects,
    and(eq(userProjects.projectId, projectId), eq(userProjects.userId, userId)),
  );
  return found > 0;
}

/** Which of `userIds` are members of the project. */
export async function membersAmong(db: Database, projectId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ userId: userProjects.userId })
    .from(userProjects)
    .where(and(eq(userProjects.projectId, projectId), inArray(userProjects.userId, [...userIds])));
  return new Set(rows.map((row) => row.userId));
}

/** How many of `userIds` are users. */
export async function existingUsers(db: Database, userIds: readonly number[]) {
  if (userIds.length === 0) return 0;
  return db.$count(users, inArray(users.id, [...userIds]));
}

/** Serialises project name changes, so two administrators cannot both take a free name. */
export async function lockNames(db: Database) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('projects'))`);
}

/** Whether another project has this name, ignoring case. */
export async function nameTaken(db: Database, name: string, exceptId?: number) {
  const found = await db.$count(
    projects,
    and(
      sql`lower(${projects.name}) = lower(${name})`,
      exceptId === undefined ? undefined : ne(projects.id, exceptId),
    ),
  );
  return found > 0;
}

export async function insertProject(db: Database, values: NewProject): Promise<number> {
  const [created] = await db.insert(projects).values(values).returning({ id: projects.id });
  if (!created) throw new Error('insert into projects returned no row');
  return created.id;
}

export async function updateProject(db: Database, projectId: number, values: Partial<NewProject>) {
  await db.update(projects).set(values).where(eq(projects.id, projectId));
}

/** Deletes the project; its plan, posts, auditors and memberships go with it (foreign keys). */
export async function deleteProject(db: Database, projectId: number) {
  await db.delete(projects).where(eq(projects.id, projectId));
}

/**
 * Makes the project's members exactly `userIds`. A member who leaves loses the project's posts and
 * auditor places (foreign keys), the segments they owned and the areas they were given.
 */
export async function setMembers(db: Database, projectId: number, userIds: readonly number[]) {
  const leaving = and(
    eq(userProjects.projectId, projectId),
    userIds.length > 0 ? notInArray(userProjects.userId, [...userIds]) : undefined,
  );
  const left = await db.delete(userProjects).where(leaving).returning({ userId: userProjects.userId });
  await dropProjectAreas(
    db,
    projectId,
    left.map((row) => row.userId),
  );
  if (left.length > 0) {
    const cycles = db
      .select({ id: projectCycles.id })
      .from(projectCycles)
      .where(eq(projectCycles.projectId, projectId));
    await db
      .update(projectSegments)
      .set({ ownerId: null })
      .where(
        and(
          inArray(projectSegments.cycleId, cycles),
          inArray(
            projectSegments.ownerId,
            left.map((row) => row.userId),
          ),
        ),
      );
  }
  if (userIds.length > 0) {
    await db
      .insert(userProjects)
      .values(userIds.map((userId) => ({ userId, projectId })))
      .onConflictDoNothing();
  }
}

/** Every project (page-code holders) or the user's own, by name, for selectors. */
export async function projectNames(db: Database, onlyOfUser: number | null) {
  const query = db.select({ projectId: projects.id, projectName: projects.name }).from(projects);
  const scoped =
    onlyOfUser === null
      ? query
      : query.innerJoin(
          userProjects,
          and(eq(userProjects.projectId, projects.id), eq(userProjects.userId, onlyOfUser)),
        );
  return scoped.orderBy(asc(projects.id));
}
