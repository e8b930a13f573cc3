import { StatusCode, type UpdatePasswordRequest, type UserPermissions } from '@cityops/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users } from '../../db/schema.js';
import type { AppContext } from '../../http/context.js';
import { ApiError } from '../../http/envelope.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { endUserSessions } from '../auth/sessions.js';
import { recordOperation } from '../logs/operationLog.js';
import { userProjectList } from '../projects/service.js';
import { splitPermissions } from './permissions.js';

/** The signed-in user's session data of spec §3: who, which projects, which menus and elements. */
export async function userPermissions(ctx: AppContext, userId: number): Promise<UserPermissions> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new ApiError(StatusCode.SESSION_ENDED, 'session.ended');
  const held = await userProjectList(ctx.db, userId);
  return {
    userId: user.id,
    userName: user.userName,
    name: user.name,
    userType: user.userType,
    projects: held,
    userProjectIds: held.map((project) => project.projectId),
    defaultProjectId: user.defaultProjectId,
    areaIds: [],
    ...splitPermissions(await ctx.access.resources(userId)),
    customConfig: user.customConfig,
    mustChangePassword: user.mustChangePassword,
  };
}

/**
 * Changes the signed-in user's own password. Afterwards every session of the user ends, this one too:
 * whoever knew the old password is signed out everywhere.
 */
export async function changePassword(
  ctx: AppContext,
  request: FastifyRequest,
  userId: number,
  body: Pick<UpdatePasswordRequest, 'oldPassword' | 'password'>,
) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new ApiError(StatusCode.REJECTED, 'password.userMissing');
  const log = (outcome: 'success' | 'failure', detail = '') =>
    recordOperation(ctx, request, {
      account: user.userName,
      userId,
      action: 'password_change',
      outcome,
      detail,
    });
  if (!(await verifyPassword(body.oldPassword, user.passwordHash))) {
    await log('failure', 'wrong current password');
    throw new ApiError(StatusCode.REJECTED, 'oldPassword.wrong');
  }
  if (body.password === body.oldPassword) throw new ApiError(StatusCode.REJECTED, 'newPassword.sameAsOld');
  const passwordHash = await hashPassword(body.password);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now, mustChangePassword: false })
      .where(eq(users.id, userId));
    await endUserSessions(tx, userId);
  });
  await log('success');
}
