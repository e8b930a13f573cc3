import {
  AUDIT_BUSINESS_TYPES,
  type AuditBusinessType,
  type AuditorGroup,
  type CycleRow,
  type ProjectUser,
  type SegmentRow,
} from '@cityops/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { userProjects, users } from '../users/tables.js';
import {
  projectAuditors,
  projectCycles,
  projectPosts,
  projectPostUsers,
  projectSegments,
} from './planTables.js';

/** The only drizzle queries of a project's plan (cycles, segments), posts and auditors. */

export type NewCycle = typeof projectCycles.$inferInsert;
export type NewSegment = typeof projectSegments.$inferInsert;

const cycleColumns = {
  cycleId: projectCycles.id,
  projectId: projectCycles.projectId,
  name: projectCycles.name,
  startDate: projectCycles.startDate,
  endDate: projectCycles.endDate,
  remarks: projectCycles.remarks,
  sortNum: projectCycles.sortNum,
};

const segmentColumns = {
  segmentId: projectSegments.id,
  cycleId: projectSegments.cycleId,
  name: projectSegments.name,
  startDate: projectSegments.startDate,
  endDate: projectSegments.endDate,
  state: projectSegments.state,
  ownerId: projectSegments.ownerId,
  ownerName: users.name,
  remarks: projectSegments.remarks,
};

const selectSegments = (db: Database) =>
  db.select(segmentColumns).from(projectSegments).leftJoin(users, eq(users.id, projectSegments.ownerId));

/** The segments of some cycles, by start date then id. */
async function segmentsOf(db: Database, cycleIds: readonly number[]): Promise<SegmentRow[]> {
  if (cycleIds.length === 0) return [];
  return selectSegments(db)
    .where(inArray(projectSegments.cycleId, [...cycleIds]))
    .orderBy(asc(projectSegments.startDate), asc(projectSegments.id));
}

async function withSegments(db: Database, cycles: Omit<CycleRow, 'segments'>[]): Promise<CycleRow[]> {
  const segments = await segmentsOf(
    db,
    cycles.map((cycle) => cycle.cycleId),
  );
  return cycles.map((cycle) => ({
    ...cycle,
    segments: segments.filter((segment) => segment.cycleId === cycle.cycleId),
  }));
}

export async function cyclesOf(db: Database, projectId: number): Promise<CycleRow[]> {
  const cycles = await db
    .select(cycleColumns)
    .from(projectCycles)
    .where(eq(projectCycles.projectId, projectId))
    .orderBy(asc(projectCycles.sortNum), asc(projectCycles.startDate), asc(projectCycles.id));
  return withSegments(db, cycles);
}

/** One cycle with its segments; `lock` holds it (and so its segments' dates) for the transaction. */
export async function findCycle(db: Database, cycleId: number, lock = false): Promise<CycleRow | null> {
  const query = db.select(cycleColumns).from(projectCycles).where(eq(projectCycles.id, cycleId));
  const [cycle] = lock ? await query.for('update') : await query;
  return cycle ? ((await withSegments(db, [cycle]))[0] ?? null) : null;
}

export async function findSegment(db: Database, segmentId: number): Promise<SegmentRow | null> {
  const [segment] = await selectSegments(db).where(eq(projectSegments.id, segmentId));
  return segment ?? null;
}

/** Whether another cycle of the project has this name, ignoring case. */
export async function cycleNameTaken(db: Database, projectId: number, name: string, exceptId?: number) {
  const found = await db.$count(
    projectCycles,
    and(
      eq(projectCycles.projectId, projectId),
      sql`lower(${projectCycles.name}) = lower(${name})`,
      exceptId === undefined ? undefined : ne(projectCycles.id, exceptId),
    ),
  );
  return found > 0;
}

export async function insertCycle(db: Database, values: NewCycle): Promise<number> {
  const [created] = await db.insert(projectCycles).values(values).returning({ id: projectCycles.id });
  if (!created) throw new Error('insert into project_cycles returned no row');
  return created.id;
}

export async function updateCycle(db: Database, cycleId: number, values: Partial<NewCycle>) {
  await db.update(projectCycles).set(values).where(eq(projectCycles.id, cycleId));
}

/** Deletes the cycle and its segments (foreign key). */
export async function deleteCycle(db: Database, cycleId: number) {
  await db.delete(projectCycles).where(eq(projectCycles.id, cycleId));
}

export async function insertSegment(db: Database, values: NewSegment): Promise<number> {
  const [created] = await db.insert(projectSegments).values(values).returning({ id: projectSegments.id });
  if (!created) throw new Error('insert into project_segments returned no row');
  return created.id;
}

export async function updateSegment(db: Database, segmentId: number, values: Partial<NewSegment>) {
  await db.update(projectSegments).set(values).where(eq(projectSegments.id, segmentId));
}

export async function deleteSegment(db: Database, segmentId: number) {
  await db.delete(projectSegments).where(eq(projectSegments.id, segmentId));
}

// ---- Posts and people ----

export interface PostRow {
  postId: number;
  parentId: number | null;
  name: string;
}

export async function postsOf(db: Database, projectId: number): Promise<PostRow[]> {
  return db
    .select({ postId: projectPosts.id, parentId: projectPosts.parentId, name: projectPosts.name })
    .from(projectPosts)
    .where(eq(projectPosts.projectId, projectId))
    .orderBy(asc(projectPosts.sortNum), asc(projectPosts.id));
}

/** The project's members by name then id, each with the post they hold. */
export async function projectUsers(db: Database, projectId: number): Promise<ProjectUser[]> {
  return db
    .select({
      userId: users.id,
      name: users.name,
      userName: users.userName,
      postId: projectPosts.id,
      postName: projectPosts.name,
    })
    .from(userProjects)
    .innerJoin(users, eq(users.id, userProjects.userId))
    .leftJoin(
      projectPostUsers,
      and(eq(projectPostUsers.projectId, userProjects.projectId), eq(projectPostUsers.userId, users.id)),
    )
    .leftJoin(projectPosts, eq(projectPosts.id, projectPostUsers.postId))
    .where(eq(userProjects.projectId, projectId))
    .orderBy(asc(users.name), asc(users.id));
}

// ---- Auditors ----

/** Every business type of the project, each with its auditors in order. */
export async function auditorsOf(db: Database, projectId: number): Promise<AuditorGroup[]> {
  const rows = await db
    .select({
      businessType: projectAuditors.businessType,
      userId: users.id,
      name: users.name,
      userName: users.userName,
    })
    .from(projectAuditors)
    .innerJoin(users, eq(users.id, projectAuditors.userId))
    .where(eq(projectAuditors.projectId, projectId))
    .orderBy(asc(projectAuditors.position));
  return AUDIT_BUSINESS_TYPES.map((businessType) => ({
    businessType,
    auditors: rows
      .filter((row) => row.businessType === businessType)
      .map(({ userId, name, userName }) => ({ userId, name, userName })),
  }));
}

/** Replaces one business type's auditors with `userIds`, in that order. */
export async function setAuditors(
  db: Database,
  projectId: number,
  businessType: AuditBusinessType,
  userIds: readonly number[],
) {
  await db
    .delete(projectAuditors)
    .where(and(eq(projectAuditors.projectId, projectId), eq(projectAuditors.businessType, businessType)));
  if (userIds.length === 0) return;
  await db
    .insert(projectAuditors)
    .values(userIds.map((userId, position) => ({ projectId, businessType, userId, position })));
}
