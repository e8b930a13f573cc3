import { StatusCode, type UserPermissions } from '@cityops/contract';
import { eq, sql } from 'drizzle-orm';
import { preparedQuery } from '../../db/prepared.js';
import { users } from '../../db/schema.js';
import type { AppContext } from '../../http/context.js';
import { ApiError } from '../../http/envelope.js';
import { givenAreaIds } from '../areas/repository.js';
import { userProjectList } from '../projects/service.js';
import { splitPermissions } from './permissions.js';

const userById = preparedQuery((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('user_by_id'),
);

/**
 * The signed-in user's session data of spec §3: who, which projects, which menus and elements.
 * The sign-in answer carries it too, so the shell draws its menus without a second call.
 */
export async function sessionOf(ctx: AppContext, user: typeof users.$inferSelect): Promise<UserPermissions> {
  const [held, resources, areaIds] = await Promise.all([
    userProjectList(ctx.db, user.id),
    ctx.access.resources(user.id),
    givenAreaIds(ctx.db, user.id),
  ]);
  return {
    userId: user.id,
    userName: user.userName,
    name: user.name,
    userType: user.userType,
    projects: held,
    userProjectIds: held.map((project) => project.projectId),
    defaultProjectId: user.defaultProjectId,
    areaIds,
    ...splitPermissions(resources),
    customConfig: user.customConfig,
    mustChangePassword: user.mustChangePassword,
  };
}

/** POST /user/queryUserPermissions: the session of a signed-in user. */
export async function userPermissions(ctx: AppContext, userId: number): Promise<UserPermissions> {
  const [user] = await userById(ctx.db).execute({ userId });
  if (!user) throw new ApiError(StatusCode.SESSION_ENDED, 'session.ended');
  return sessionOf(ctx, user);
}
