import {
  PROJECT,
  StatusCode,
  type createProjectSchema,
  type DefaultProject,
  type Project,
  type ProjectDetail,
  type projectListRequestSchema,
  type projectLocationSchema,
  type TextKey,
  type updateProjectSchema,
} from '@cityops/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { cameras, devices, projects, sites, userProjects, users } from '../../db/schema.js';
import { projectHasAreas as hasAreas } from '../areas/repository.js';
import type { Database } from '../../db/connection.js';
import { preparedQuery } from '../../db/prepared.js';
import type { AppContext } from '../../http/context.js';
import { ApiError, refuse } from '../../http/envelope.js';
import type { Actor } from '../logs/audit.js';
import { loggedChange, type Logged } from './change.js';
import { MAX_ID } from '../messages/service.js';
import * as repo from './repository.js';

/** The projects a user has been given, in id order (spec §3 project list). */
export function userProjectList(db: Database, userId: number): Promise<Project[]> {
  return projectsOfUser(db).execute({ userId });
}

const projectsOfUser = preparedQuery((db) =>
  db
    .select({
      projectId: projects.id,
      projectName: projects.name,
      longitude: projects.longitude,
      latitude: projects.latitude,
      polygon: projects.polygon,
    })
    .from(projects)
    .innerJoin(userProjects, eq(userProjects.projectId, projects.id))
    .where(eq(userProjects.userId, sql.placeholder('userId')))
    .orderBy(projects.id)
    .prepare('projects_of_user'),
);

/** The user's default-load project, or null when none is set (or it no longer is one of theirs). */
export async function defaultProject(ctx: AppContext, userId: number): Promise<DefaultProject | null> {
  const [row] = await ctx.db
    .select({ projectId: projects.id, projectName: projects.name })
    .from(users)
    .innerJoin(projects, eq(projects.id, users.defaultProjectId))
    .innerJoin(userProjects, and(eq(userProjects.projectId, projects.id), eq(userProjects.userId, users.id)))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Makes one of the user's own projects their default-load project; any other id is refused. */
export async function setDefaultProject(
  ctx: AppContext,
  userId: number,
  projectId: number,
): Promise<DefaultProject> {
  if (projectId > MAX_ID) throw new ApiError(StatusCode.REJECTED, 'project.notYours');
  const [project] = await ctx.db
    .select({ projectId: projects.id, projectName: projects.name })
    .from(projects)
    .innerJoin(userProjects, eq(userProjects.projectId, projects.id))
    .where(and(eq(projects.id, projectId), eq(userProjects.userId, userId)));
  if (!project) throw new ApiError(StatusCode.REJECTED, 'project.notYours');
  await ctx.db
    .update(users)
    .set({ defaultProjectId: project.projectId, updatedAt: ctx.now() })
    .where(eq(users.id, userId));
  return project;
}

// ---- Project management (page `project`) ----

type ManageCtx = Pick<AppContext, 'db' | 'now' | 'access'>;
type CreateInput = z.output<typeof createProjectSchema>;
type UpdateInput = z.output<typeof updateProjectSchema>;
type LocationInput = z.output<typeof projectLocationSchema>;
type Fields = Omit<CreateInput, 'userIds'>;

const LOGGED_FIELDS = [
  'projectName',
  'customer',
  'longitude',
  'latitude',
  'polygon',
  'hosting',
  'phase',
  'implementedOn',
  'deliveredOn',
  'leader',
  'leaderPhone',
  'opsLeader',
  'opsLeaderPhone',
  'remarks',
  'userIds',
] as const satisfies readonly (keyof ProjectDetail)[];

/**
 * Whether the user may see (and so change) the project: a holder of the page code (`pageCode`, the
 * project page's unless another page asks) manages every project, anyone else only the projects they
 * were given. Refuses an unknown project first.
 */
export async function checkVisible(
  ctx: ManageCtx,
  db: Database,
  userId: number,
  projectId: number,
  pageCode: string = PROJECT,
) {
  if (!(await repo.projectExists(db, projectId))) refuse('project.notFound');
  if (await ctx.access.holds(userId, pageCode)) return;
  if (!(await repo.isMember(db, projectId, userId))) refuse('project.notVisible');
}

/** The project as the form opens it, for a user who may see it. */
export async function findProject(ctx: ManageCtx, userId: number, projectId: number) {
  await checkVisible(ctx, ctx.db, userId, projectId);
  return (await repo.findProject(ctx.db, projectId)) ?? refuse('project.notFound');
}

export const projectPage = (ctx: ManageCtx, request: z.output<typeof projectListRequestSchema>) =>
  repo.projectPage(ctx.db, request);

/** The projects for the plan's selector: every one for a holder of the page code, else the user's own. */
export async function visibleProjectNames(ctx: ManageCtx, userId: number) {
  const all = await ctx.access.holds(userId, PROJECT);
  return repo.projectNames(ctx.db, all ? null : userId);
}

/**
 * What keeps a project from being deleted, as the refusal's text key; null when nothing does.
 * Areas, sites and devices each have their check in `inUseChecks` ('project.hasAreas',
 * 'project.hasSites', 'project.hasDevices': cameras and the registry's IoT devices).
 */
export async function projectInUse(tx: Database, projectId: number): Promise<TextKey | null> {
  for (const check of inUseChecks) {
    const key = await check(tx, projectId);
    if (key) return key;
  }
  return null;
}

const inUseChecks: ((tx: Database, projectId: number) => Promise<TextKey | null>)[] = [
  // Devices first: they sit in sites and areas, so they are what to move away first.
  async (tx, projectId) =>
    (await tx.$count(cameras, eq(cameras.projectId, projectId))) > 0 ||
    (await tx.$count(devices, eq(devices.projectId, projectId))) > 0
      ? 'project.hasDevices'
      : null,
  async (tx, projectId) => ((await hasAreas(tx, projectId)) ? 'project.hasAreas' : null),
  async (tx, projectId) =>
    (await tx.$count(sites, eq(sites.projectId, projectId))) > 0 ? 'project.hasSites' : null,
];

async function checkFields(db: Database, fields: Fields, userIds: readonly number[], projectId?: number) {
  if (await repo.nameTaken(db, fields.projectName, projectId)) refuse('project.nameTaken');
  if ((await repo.existingUsers(db, userIds)) !== userIds.length) refuse('project.unknownUser');
}

const columnsOf = (fields: Fields) => ({
  name: fields.projectName,
  customer: fields.customer,
  longitude: fields.longitude,
  latitude: fields.latitude,
  polygon: fields.polygon,
  hosting: fields.hosting,
  phase: fields.phase,
  implementedOn: fields.implementedOn,
  deliveredOn: fields.deliveredOn,
  leader: fields.leader,
  leaderPhone: fields.leaderPhone,
  opsLeader: fields.opsLeader,
  opsLeaderPhone: fields.opsLeaderPhone,
  remarks: fields.remarks,
});

const reread = async (db: Database, projectId: number) =>
  (await repo.findProject(db, projectId)) ?? refuse('project.notFound');

const PROJECT_LOG: Logged<ProjectDetail> = {
  fields: LOGGED_FIELDS,
  nameOf: (project) => project.projectName,
};

/**
 * After a committed change of members: those who came or went are told as after a change of their
 * roles, so what they hold open (the alarm feed, ...) reads their projects again.
 */
async function membersMoved(ctx: ManageCtx, before: readonly number[], after: readonly number[]) {
  const was = new Set(before);
  const is = new Set(after);
  const moved = [...before.filter((id) => !is.has(id)), ...after.filter((id) => !was.has(id))];
  if (moved.length > 0) await ctx.access.changed(moved);
}

/** Creates a project; its members are the chosen users and the creator. */
export async function createProject(ctx: ManageCtx, actor: Actor, input: CreateInput) {
  const userIds = [...new Set([...input.userIds, actor.userId])];
  const created = await loggedChange(ctx, actor, 'create', PROJECT_LOG, async (tx, now) => {
    await repo.lockNames(tx);
    await checkFields(tx, input, userIds);
    const id = await repo.insertProject(tx, {
      ...columnsOf(input),
      editor: actor.account,
      createdAt: now,
      updatedAt: now,
    });
    await repo.setMembers(tx, id, userIds);
    return { id, before: null, after: await reread(tx, id) };
  });
  await membersMoved(ctx, [], userIds);
  return created;
}

export async function updateProject(ctx: ManageCtx, actor: Actor, input: UpdateInput) {
  const { projectId: id } = input;
  let members: { before: readonly number[]; after: readonly number[] } = { before: [], after: [] };
  const updated = await loggedChange(ctx, actor, 'update', PROJECT_LOG, async (tx, now) => {
    await repo.lockNames(tx);
    await checkVisible(ctx, tx, actor.userId, id);
    const before = await reread(tx, id);
    const userIds = [...new Set(input.userIds ?? before.userIds)];
    await checkFields(tx, input, userIds, id);
    await repo.updateProject(tx, id, { ...columnsOf(input), editor: actor.account, updatedAt: now });
    await repo.setMembers(tx, id, userIds);
    members = { before: before.userIds, after: userIds };
    return { id, before, after: await reread(tx, id) };
  });
  await membersMoved(ctx, members.before, members.after);
  return updated;
}

/** The map picker's save: coordinates and outline only. */
export function updateLocation(ctx: ManageCtx, actor: Actor, input: LocationInput) {
  const { projectId: id, longitude, latitude, polygon } = input;
  return loggedChange(ctx, actor, 'updateLocation', PROJECT_LOG, async (tx, now) => {
    await checkVisible(ctx, tx, actor.userId, id);
    const before = (await repo.findProject(tx, id, true)) ?? refuse('project.notFound');
    await repo.updateProject(tx, id, { longitude, latitude, polygon, editor: actor.account, updatedAt: now });
    return { id, before, after: await reread(tx, id) };
  });
}

/**
 * Deletes a project nothing depends on (projectInUse). Its plan, posts, auditors and memberships go
 * with it; users whose default project it was have none (the foreign key sets null).
 */
export async function deleteProject(ctx: ManageCtx, actor: Actor, id: number) {
  let members: readonly number[] = [];
  await loggedChange(ctx, actor, 'delete', PROJECT_LOG, async (tx) => {
    await checkVisible(ctx, tx, actor.userId, id);
    const before = (await repo.findProject(tx, id, true)) ?? refuse('project.notFound');
    const inUse = await projectInUse(tx, id);
    if (inUse) refuse(inUse);
    await repo.deleteProject(tx, id);
    members = before.userIds;
    return { id, before, after: null };
  });
  await membersMoved(ctx, members, []);
}
