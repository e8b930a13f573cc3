import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, StatusCode } from '@cityops/contract';
import { and, count, eq, gt, isNull, max, sql } from 'drizzle-orm';
import { operationLog, users } from '../../db/schema.js';
import type { AppContext } from '../../http/context.js';
import { ApiError } from '../../http/envelope.js';

/**
 * Failed sign-ins: five in a row lock an account for ten minutes. Accounts that do not exist get
 * exactly the same answers, counted from the operation log, so the answers never tell whether an
 * account exists.
 */
export type FailureState = { locked: true; minutes: number } | { locked: false; remaining: number };

const LOCK_MS = LOGIN_LOCK_MINUTES * 60_000;
/** The operation-log detail of a wrong password; only these count towards a lock. */
export const WRONG_PASSWORD = 'wrong account or password';

export const minutesLeft = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

export function failureError(state: FailureState) {
  return state.locked
    ? new ApiError(StatusCode.REJECTED, 'login.locked', { minutes: state.minutes })
    : new ApiError(StatusCode.REJECTED, 'login.badCredentialsRemaining', {
        remaining: state.remaining,
        minutes: LOGIN_LOCK_MINUTES,
      });
}

/** Counts a wrong password against a real account, locking it on the fifth. */
export async function countFailure(ctx: AppContext, userId: number): Promise<FailureState> {
  const [row] = await ctx.db
    .update(users)
    .set({ failedCount: sql`${users.failedCount} + 1` })
    .where(eq(users.id, userId))
    .returning({ failedCount: users.failedCount });
  const failures = row?.failedCount ?? LOGIN_MAX_FAILURES;
  if (failures < LOGIN_MAX_FAILURES) return { locked: false, remaining: LOGIN_MAX_FAILURES - failures };
  const lockedUntil = new Date(ctx.now().getTime() + LOCK_MS);
  await ctx.db.update(users).set({ failedCount: 0, lockedUntil }).where(eq(users.id, userId));
  return { locked: true, minutes: LOGIN_LOCK_MINUTES };
}

export async function clearFailures(ctx: AppContext, userId: number) {
  await ctx.db.update(users).set({ failedCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}

const unknownAccount = (account: string) =>
  and(eq(operationLog.account, account), isNull(operationLog.userId));

async function lastPhantomLock(ctx: AppContext, account: string) {
  const [row] = await ctx.db
    .select({ time: max(operationLog.time) })
    .from(operationLog)
    .where(and(unknownAccount(account), eq(operationLog.action, 'locked')));
  return row?.time ?? null;
}

/** The lock an unknown account would be under, were it real. */
export async function phantomLock(ctx: AppContext, account: string): Promise<number | null> {
  const locked = await lastPhantomLock(ctx, account);
  const until = locked ? new Date(locked.getTime() + LOCK_MS) : null;
  return until && until > ctx.now() ? minutesLeft(until, ctx.now()) : null;
}

/** Counts a failure against an unknown account the way countFailure does for a real one. */
export async function countPhantomFailure(ctx: AppContext, account: string): Promise<FailureState> {
  const since = (await lastPhantomLock(ctx, account)) ?? new Date(0);
  const [row] = await ctx.db
    .select({ failures: count() })
    .from(operationLog)
    .where(
      and(
        unknownAccount(account),
        eq(operationLog.action, 'login_failed'),
        eq(operationLog.detail, WRONG_PASSWORD),
        gt(operationLog.time, since),
      ),
    );
  const failures = (row?.failures ?? 0) + 1;
  return failures < LOGIN_MAX_FAILURES
    ? { locked: false, remaining: LOGIN_MAX_FAILURES - failures }
    : { locked: true, minutes: LOGIN_LOCK_MINUTES };
}
