import { signInDetail, StatusCode, type LoginData, type SignInReason } from '@cityops/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users } from '../../db/schema.js';
import type { AppContext } from '../../http/context.js';
import { ApiError } from '../../http/envelope.js';
import { recordOperation } from '../logs/operationLog.js';
import { userPermissionCodes } from '../users/permissions.js';
import { sessionOf } from '../users/session.js';
import { countFailure, failureError, lockOf, type Attempt } from './lockout.js';
import { burnPasswordCheck, verifyPassword } from './password.js';
import { createSession, endSession } from './sessions.js';

export type Failed = (reason: SignInReason, userId?: number) => Promise<void>;

/**
 * Signs a user in with a plain password (already decrypted for the cipher-text route). Every refusal is
 * logged; wrong passwords count towards the locks (lockout.ts: per account and address, and a higher
 * account-wide limit); unknown accounts are answered like wrong passwords.
 */
export async function signIn(
  ctx: AppContext,
  request: FastifyRequest,
  account: string,
  password: string,
): Promise<LoginData> {
  const [user] = await ctx.db.select().from(users).where(eq(users.userName, account)).limit(1);
  const userId = user?.id ?? null;
  const log = (action: 'login_failed' | 'locked', detail: string) =>
    recordOperation(ctx, request, { account, userId, action, outcome: 'failure', detail });
  const failed: Failed = (reason) => log('login_failed', signInDetail(reason));
  const attempt: Attempt = { account, ip: request.ip, user: user ?? null };

  const lockedFor = await lockOf(ctx, attempt);
  if (lockedFor !== null) {
    await failed('accountLocked');
    throw failureError({ locked: true, minutes: lockedFor });
  }
  if (!user) await burnPasswordCheck(password);
  // scrypt checks the password off the event loop: what the session will hold is read meanwhile, and
  // used only once the password matches (the sign-in answer is on the way to the menu).
  const grant = user ? readGrant(ctx, user) : null;
  const settled = grant?.catch(() => undefined);
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    await settled;
    await failed('wrongPassword');
    throw failureError(await countFailure(ctx, attempt, (detail) => log('locked', detail)));
  }
  return openSession(ctx, request, user, failed, undefined, grant ?? undefined);
}

type User = typeof users.$inferSelect;

/** What a session of `user` opens with: its permission codes, and its session while the licence is valid. */
async function readGrant(ctx: AppContext, user: User) {
  const [permissions, session] = await Promise.all([
    userPermissionCodes(ctx.db, user.id),
    ctx.licence.isValid().then((valid) => (valid ? sessionOf(ctx, user) : undefined)),
  ]);
  return { permissions, session };
}

/**
 * The common end of every sign-in, once the credential (password or ticket) has been accepted:
 * disabled accounts and users without permissions are refused, anyone else gets a session.
 */
export async function openSession(
  ctx: AppContext,
  request: FastifyRequest,
  user: User,
  failed: Failed,
  detail?: string,
  grant: Promise<Awaited<ReturnType<typeof readGrant>>> = readGrant(ctx, user),
): Promise<LoginData> {
  if (user.status !== 'enabled') {
    await grant.catch(() => undefined);
    await failed('accountDisabled', user.id);
    throw new ApiError(StatusCode.REJECTED, 'login.disabled');
  }
  const { permissions, session } = await grant;
  if (permissions.length === 0) {
    await failed('noPermissions', user.id);
    throw new ApiError(StatusCode.UNAVAILABLE, 'login.noPermission');
  }

  const { token } = await createSession(ctx, user.id, request);
  await recordOperation(ctx, request, {
    account: user.userName,
    userId: user.id,
    action: 'login',
    outcome: 'success',
    ...(detail ? { detail } : {}),
  });
  request.log.info({ userId: user.id }, 'signed in');
  return {
    token,
    userType: user.userType,
    permissions,
    userName: user.userName,
    userId: user.id,
    areaIds: [],
    projectId: user.defaultProjectId,
    ...(session ? { session } : {}),
  };
}

/** Ends the session of the request's token, if it has a live one; signing out twice is fine. */
export async function signOut(ctx: AppContext, request: FastifyRequest, token: string | null) {
  const ended = token ? await endSession(ctx.db, token) : null;
  if (!ended) return;
  const [user] = await ctx.db
    .select({ userName: users.userName })
    .from(users)
    .where(eq(users.id, ended.userId));
  await recordOperation(ctx, request, {
    account: user?.userName ?? '',
    userId: ended.userId,
    action: 'logout',
    outcome: 'success',
  });
}
