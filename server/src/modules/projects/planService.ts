import {
  AUDIT_BUSINESS_TYPES,
  SEGMENT_STATES,
  type AuditBusinessType,
  segmentStateTextKey,
  text,
  type AuditorGroup,
  type createCycleSchema,
  type createSegmentSchema,
  type CycleRow,
  type Locale,
  type PostNode,
  type saveAuditorsSchema,
  type SegmentRow,
  type updateCycleSchema,
  type updateSegmentSchema,
} from '@cityops/contract';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { forest } from '../../db/forest.js';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import type { Actor } from '../logs/audit.js';
import { loggedChange, type Logged } from './change.js';
import * as plan from './planRepository.js';
import * as repo from './repository.js';
import { checkVisible } from './service.js';

/**
 * A project's plan (cycles and their segments), posts and auditors. Only a user who may
 * see the project (service.ts checkVisible) reads or changes them; each change is one transaction
 * with its operation-log row, under the project page's module.
 */

type Ctx = Pick<AppContext, 'db' | 'now' | 'access'>;
type CycleInput = z.output<typeof createCycleSchema>;
type CycleUpdate = z.output<typeof updateCycleSchema>;
type SegmentInput = z.output<typeof createSegmentSchema>;
type SegmentUpdate = z.output<typeof updateSegmentSchema>;

const CYCLE_FIELDS = ['name', 'startDate', 'endDate', 'remarks', 'sortNum'] as const;
const SEGMENT_FIELDS = ['name', 'startDate', 'endDate', 'state', 'ownerId', 'remarks'] as const;

interface Period {
  startDate: string;
  endDate: string;
}
const within = (inner: Period, outer: Period) =>
  inner.startDate >= outer.startDate && inner.endDate <= outer.endDate;

/**
 * The cycle, for a user who may see its project. `lock` holds the project's row, then the cycle's, for
 * the transaction (always in that order, as deleting the project does).
 */
async function visibleCycle(ctx: Ctx, db: Database, userId: number, cycleId: number, lock = false) {
  const cycle = (await plan.findCycle(db, cycleId)) ?? refuse('project.cycleNotFound');
  await checkVisible(ctx, db, userId, cycle.projectId);
  if (!lock) return cycle;
  if (!(await repo.lockProject(db, cycle.projectId))) refuse('project.notFound');
  return (await plan.findCycle(db, cycleId, true)) ?? refuse('project.cycleNotFound');
}

async function visibleSegment(ctx: Ctx, db: Database, userId: number, segmentId: number) {
  const segment = (await plan.findSegment(db, segmentId)) ?? refuse('project.segmentNotFound');
  // Locks the cycle, so its dates stay what the segment is checked against.
  const cycle = await visibleCycle(ctx, db, userId, segment.cycleId, true);
  return { segment, cycle };
}

const CYCLE_LOG: Logged<CycleRow> = { fields: CYCLE_FIELDS, nameOf: (cycle) => cycle.name };
const SEGMENT_LOG: Logged<SegmentRow> = { fields: SEGMENT_FIELDS, nameOf: (segment) => segment.name };

// ---- Cycles ----

export async function cycleList(ctx: Ctx, userId: number, projectId: number): Promise<CycleRow[]> {
  await checkVisible(ctx, ctx.db, userId, projectId);
  return plan.cyclesOf(ctx.db, projectId);
}

export const findCycle = (ctx: Ctx, userId: number, cycleId: number) =>
  visibleCycle(ctx, ctx.db, userId, cycleId);

const cycleColumns = (input: Omit<CycleInput, 'projectId'>) => ({
  name: input.name,
  startDate: input.startDate,
  endDate: input.endDate,
  remarks: input.remarks,
  sortNum: input.sortNum,
});

const rereadCycle = async (db: Database, cycleId: number) =>
  (await plan.findCycle(db, cycleId)) ?? refuse('project.cycleNotFound');

export function insertCycle(ctx: Ctx, actor: Actor, input: CycleInput): Promise<CycleRow> {
  return loggedChange(ctx, actor, 'createCycle', CYCLE_LOG, async (tx, now) => {
    await checkVisible(ctx, tx, actor.userId, input.projectId);
    // Held while the name is checked and taken; the unique index backs this up.
    if (!(await repo.lockProject(tx, input.projectId))) refuse('project.notFound');
    if (await plan.cycleNameTaken(tx, input.projectId, input.name)) refuse('project.cycleNameTaken');
    const id = await plan.insertCycle(tx, {
      projectId: input.projectId,
      ...cycleColumns(input),
      createdAt: now,
      updatedAt: now,
    });
    return { id, before: null, after: await rereadCycle(tx, id) };
  });
}

export function updateCycle(ctx: Ctx, actor: Actor, input: CycleUpdate): Promise<CycleRow> {
  const { cycleId: id } = input;
  return loggedChange(ctx, actor, 'updateCycle', CYCLE_LOG, async (tx, now) => {
    const before = await visibleCycle(ctx, tx, actor.userId, id, true);
    if (await plan.cycleNameTaken(tx, before.projectId, input.name, id)) refuse('project.cycleNameTaken');
    if (!before.segments.every((segment) => within(segment, input))) refuse('project.cycleExcludesSegments');
    await plan.updateCycle(tx, id, { ...cycleColumns(input), updatedAt: now });
    return { id, before, after: await rereadCycle(tx, id) };
  });
}

/** Deletes a cycle and its segments. */
export async function deleteCycle(ctx: Ctx, actor: Actor, id: number) {
  await loggedChange(ctx, actor, 'deleteCycle', CYCLE_LOG, async (tx) => {
    const before = await visibleCycle(ctx, tx, actor.userId, id, true);
    await plan.deleteCycle(tx, id);
    return { id, before, after: null };
  });
}

// ---- Segments ----

export async function findSegment(ctx: Ctx, userId: number, segmentId: number): Promise<SegmentRow> {
  const segment = (await plan.findSegment(ctx.db, segmentId)) ?? refuse('project.segmentNotFound');
  await visibleCycle(ctx, ctx.db, userId, segment.cycleId);
  return segment;
}

/** The segment's rules against its (locked) cycle: inside its dates, owned by a member or nobody. */
async function checkSegment(db: Database, cycle: CycleRow, input: Omit<SegmentInput, 'cycleId'>) {
  if (!within(input, cycle)) refuse('project.segmentOutsideCycle');
  if (input.ownerId !== null && !(await repo.isMember(db, cycle.projectId, input.ownerId)))
    refuse('project.ownerNotMember');
}

const segmentColumns = (input: Omit<SegmentInput, 'cycleId'>) => ({
  name: input.name,
  startDate: input.startDate,
  endDate: input.endDate,
  state: input.state,
  ownerId: input.ownerId,
  remarks: input.remarks,
});

const rereadSegment = async (db: Database, segmentId: number) =>
  (await plan.findSegment(db, segmentId)) ?? refuse('project.segmentNotFound');

export function insertSegment(ctx: Ctx, actor: Actor, input: SegmentInput): Promise<SegmentRow> {
  return loggedChange(ctx, actor, 'createSegment', SEGMENT_LOG, async (tx, now) => {
    const cycle = await visibleCycle(ctx, tx, actor.userId, input.cycleId, true);
    await checkSegment(tx, cycle, input);
    const id = await plan.insertSegment(tx, {
      cycleId: input.cycleId,
      ...segmentColumns(input),
      createdAt: now,
      updatedAt: now,
    });
    return { id, before: null, after: await rereadSegment(tx, id) };
  });
}

export function updateSegment(ctx: Ctx, actor: Actor, input: SegmentUpdate): Promise<SegmentRow> {
  const { segmentId: id } = input;
  return loggedChange(ctx, actor, 'updateSegment', SEGMENT_LOG, async (tx, now) => {
    const { segment: before, cycle } = await visibleSegment(ctx, tx, actor.userId, id);
    await checkSegment(tx, cycle, input);
    await plan.updateSegment(tx, id, { ...segmentColumns(input), updatedAt: now });
    return { id, before, after: await rereadSegment(tx, id) };
  });
}

export async function deleteSegment(ctx: Ctx, actor: Actor, id: number) {
  await loggedChange(ctx, actor, 'deleteSegment', SEGMENT_LOG, async (tx) => {
    const { segment: before } = await visibleSegment(ctx, tx, actor.userId, id);
    await plan.deleteSegment(tx, id);
    return { id, before, after: null };
  });
}

/** The segment states with their names in the caller's language. */
export const segmentStates = (locale: Locale) =>
  SEGMENT_STATES.map((state) => ({ state, name: text(segmentStateTextKey(state), locale) }));

// ---- Posts and people ----

/** The project's posts as a tree, each with the members holding it. */
export async function postTree(ctx: Ctx, userId: number, projectId: number): Promise<PostNode[]> {
  await checkVisible(ctx, ctx.db, userId, projectId);
  const [posts, people] = await Promise.all([
    plan.postsOf(ctx.db, projectId),
    plan.projectUsers(ctx.db, projectId),
  ]);
  return forest(
    posts,
    (post) => post.postId,
    (post) => post.parentId,
    (post): PostNode => ({
      ...post,
      users: people
        .filter((person) => person.postId === post.postId)
        .map(({ userId: id, name, userName }) => ({ userId: id, name, userName })),
      children: [],
    }),
  );
}

export async function projectUsers(ctx: Ctx, userId: number, projectId: number) {
  await checkVisible(ctx, ctx.db, userId, projectId);
  return plan.projectUsers(ctx.db, projectId);
}

// ---- Auditors ----

export async function auditors(ctx: Ctx, userId: number, projectId: number): Promise<AuditorGroup[]> {
  await checkVisible(ctx, ctx.db, userId, projectId);
  return plan.auditorsOf(ctx.db, projectId);
}

type AuditorIds = { projectName: string } & Record<AuditBusinessType, string>;
const AUDITOR_LOG: Logged<AuditorIds> = {
  fields: AUDIT_BUSINESS_TYPES,
  nameOf: (record) => record.projectName,
};

/** The auditors of each business type as ids in order, for the operation log. */
const auditorIds = (projectName: string, groups: readonly AuditorGroup[]): AuditorIds => ({
  projectName,
  ...(Object.fromEntries(
    groups.map((group) => [group.businessType, group.auditors.map((auditor) => auditor.userId).join(',')]),
  ) as Record<AuditBusinessType, string>),
});

/** Sets one business type's auditors, in order; each must be a member of the project. */
export async function saveAuditors(
  ctx: Ctx,
  actor: Actor,
  input: z.output<typeof saveAuditorsSchema>,
): Promise<AuditorGroup[]> {
  const { projectId: id } = input;
  let saved: AuditorGroup[] = [];
  await loggedChange(ctx, actor, 'saveAuditors', AUDITOR_LOG, async (tx) => {
    await checkVisible(ctx, tx, actor.userId, id);
    const project = (await repo.findProject(tx, id, true)) ?? refuse('project.notFound');
    const members = await repo.membersAmong(tx, id, input.userIds);
    if (input.userIds.some((userId) => !members.has(userId))) refuse('project.auditorNotMember');
    const before = auditorIds(project.projectName, await plan.auditorsOf(tx, id));
    await plan.setAuditors(tx, id, input.businessType, input.userIds);
    saved = await plan.auditorsOf(tx, id);
    return { id, before, after: auditorIds(project.projectName, saved) };
  });
  return saved;
}
