import { StatusCode, type DefaultProject, type Project } from '@cityops/contract';
import { and, eq, sql } from 'drizzle-orm';
import { projects, userProjects, users } from '../../db/schema.js';
import type { Database } from '../../db/connection.js';
import { preparedQuery } from '../../db/prepared.js';
import type { AppContext } from '../../http/context.js';
import { ApiError } from '../../http/envelope.js';
import { MAX_ID } from '../messages/service.js';

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
