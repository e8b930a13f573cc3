import { signInDetail, StatusCode, type UpdatePasswordRequest } from '@cityops/contract';
import { and, count, eq, gt, max } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { operationLog, users } from '../../db/schema.js';
import type { AppContext } from '../../http/context.js';
import { ApiError } from '../../http/envelope.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { minutesLeft } from '../auth/lockout.js';
import { endUserSessions } from '../auth/sessions.js';
import { recordOperation } from '../logs/operationLog.js';
import { checkPasswordPolicy } from '../parameters/passwordPolicy.js';

/*
 * Wrong current passwords on a password change are counted like wrong sign-in passwords: whoever
 * holds a session (a screen left open) must not be able to guess the password behind it. The sign-in
 * lock parameters apply: maxFailures within lockMinutes pause password changes for that user for
 * lockMinutes, counted from the operation log (the marker row PAUSED starts a pause).
 */
const WRONG_CURRENT = signInDetail('wrongCurrentPassword');
const PAUSED = signInDetail('passwordChangePaused');

const passwordFailures = (userId: number, detail: string, since: Date) =>
  and(
    eq(operationLog.userId, userId),
    eq(operationLog.action, 'password_change'),
    eq(operationLog.detail, detail),
    gt(operationLog.time, since),
  );

async function lastPause(ctx: AppContext, userId: number, now: Date, pauseMs: number) {
  const [row] = await ctx.db
    .select({ time: max(operationLog.time) })
    .from(operationLog)
    .where(passwordFailures(userId, PAUSED, new Date(now.getTime() - pauseMs)));
  return row?.time ?? null;
}

/** Minutes left of a pause on this user's password changes, or null. */
async function passwordChangePause(ctx: AppContext, userId: number, now: Date, pauseMs: number) {
  const paused = await lastPause(ctx, userId, now, pauseMs);
  return paused ? minutesLeft(new Date(paused.getTime() + pauseMs), now) : null;
}

/** Wrong current passwords in the last lockMinutes (those before a pause are older). */
async function recentWrongCurrent(ctx: AppContext, userId: number, now: Date, pauseMs: number) {
  const window = new Date(now.getTime() - pauseMs);
  const [row] = await ctx.db
    .select({ failures: count() })
    .from(operationLog)
    .where(passwordFailures(userId, WRONG_CURRENT, window));
  return row?.failures ?? 0;
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
  const now = ctx.now();
  const { maxFailures, lockMinutes } = await ctx.parameters.get('signInLock');
  const pauseMs = lockMinutes * 60_000;
  const paused = await passwordChangePause(ctx, userId, now, pauseMs);
  if (paused !== null) {
    await log('failure', signInDetail('passwordChangeRefused'));
    throw new ApiError(StatusCode.REJECTED, 'oldPassword.tooMany', { minutes: paused });
  }
  if (!(await verifyPassword(body.oldPassword, user.passwordHash))) {
    await log('failure', WRONG_CURRENT);
    if ((await recentWrongCurrent(ctx, userId, now, pauseMs)) >= maxFailures) {
      await log('failure', PAUSED);
      throw new ApiError(StatusCode.REJECTED, 'oldPassword.tooMany', { minutes: lockMinutes });
    }
    throw new ApiError(StatusCode.REJECTED, 'oldPassword.wrong');
  }
  if (body.password === body.oldPassword) throw new ApiError(StatusCode.REJECTED, 'newPassword.sameAsOld');
  await checkPasswordPolicy(ctx, body.password);
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now, mustChangePassword: false })
      .where(eq(users.id, userId));
    await endUserSessions(tx, userId);
  });
  await log('success');
}
