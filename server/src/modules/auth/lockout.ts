import { signInDetail, StatusCode } from '@cityops/contract';
import { and, count, eq, gt, max, or, type SQL } from 'drizzle-orm';
import { operationLog, users } from '../../db/schema.js';
import type { AppContext } from '../../http/context.js';
import { ApiError } from '../../http/envelope.js';

/*
 * Failed sign-ins, counted from the operation log, the same way for accounts that exist and for those
 * that do not (so no answer tells whether an account exists).
 *
 * Why a lock per account AND address, with a higher account-wide limit, rather than a captcha after
 * failures: the spec's sign-in (/login/doLoginNoVerCode, the visible flow) carries no captcha
 * (verCode/verKey are "unused in the visible flow"), so a captcha would change the spec's login screen
 * and still let anyone who solves five captchas lock the account. Instead:
 * - maxFailures wrong passwords in a row from one address lock THAT address out of the account for
 *   lockMinutes (the sign-in lock parameters; 5 and 10 by default), so a stranger locks out only
 *   himself;
 * - LOGIN_ACCOUNT_MAX_FAILURES wrong passwords within lockMinutes from all addresses together (a
 *   distributed guess) lock the account for lockMinutes from every address except those it signed
 *   in from successfully in the last KNOWN_DAYS: its owner's usual places keep working.
 * The parameters in force are read on each attempt, so a change applies to the next one.
 */
export type FailureState =
  { locked: true; minutes: number } | { locked: false; remaining: number; lockMinutes: number };
/** An address the account signed in from within this many days is its owner's, and never locked out account-wide. */
export const KNOWN_DAYS = 30;
/** The operation-log detail of a wrong password; only these count towards a lock. */
const WRONG_PASSWORD = signInDetail('wrongPassword');
/** Details of the 'locked' rows: one address locked out, or the account locked for new addresses. */
const ADDRESS_LOCK = signInDetail('addressLocked');
const ACCOUNT_LOCK = signInDetail('accountLockedForNewAddresses');

export const minutesLeft = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

export function failureError(state: FailureState) {
  return state.locked
    ? new ApiError(StatusCode.REJECTED, 'login.locked', { minutes: state.minutes })
    : new ApiError(StatusCode.REJECTED, 'login.badCredentialsRemaining', {
        remaining: state.remaining,
        minutes: state.lockMinutes,
      });
}

/** Who is trying: the account as typed, the caller's address, and the user when the account exists. */
export interface Attempt {
  account: string;
  ip: string;
  user: { id: number; lockedUntil: Date | null } | null;
}

const rowsOf = (attempt: Attempt, ...more: (SQL | undefined)[]) =>
  and(eq(operationLog.account, attempt.account), ...more);
const fromAddress = (attempt: Attempt) => eq(operationLog.ip, attempt.ip.slice(0, 64));
const locks = (detail: string) => and(eq(operationLog.action, 'locked'), eq(operationLog.detail, detail));
const wrongPasswords = and(eq(operationLog.action, 'login_failed'), eq(operationLog.detail, WRONG_PASSWORD));
const signIns = and(eq(operationLog.action, 'login'), eq(operationLog.outcome, 'success'));

async function latest(ctx: AppContext, where: SQL | undefined) {
  const [row] = await ctx.db
    .select({ time: max(operationLog.time) })
    .from(operationLog)
    .where(where);
  return row?.time ?? null;
}

async function counted(ctx: AppContext, where: SQL | undefined) {
  const [row] = await ctx.db.select({ failures: count() }).from(operationLog).where(where);
  return row?.failures ?? 0;
}

const lockEnd = (start: Date | null, now: Date, lockMs: number) =>
  start && start.getTime() + lockMs > now.getTime() ? new Date(start.getTime() + lockMs) : null;

/** The sign-in lock parameters in force, the lock's length in milliseconds too. */
async function lockRules(ctx: AppContext) {
  const { maxFailures, lockMinutes } = await ctx.parameters.get('signInLock');
  return { maxFailures, lockMinutes, lockMs: lockMinutes * 60_000 };
}

/** When the account-wide lock ends, if one is on. */
async function accountLockEnd(ctx: AppContext, attempt: Attempt, now: Date, lockMs: number) {
  if (attempt.user)
    return attempt.user.lockedUntil && attempt.user.lockedUntil > now ? attempt.user.lockedUntil : null;
  return lockEnd(await latest(ctx, rowsOf(attempt, locks(ACCOUNT_LOCK))), now, lockMs);
}

/** Whether the account signed in successfully from this address within KNOWN_DAYS. */
async function knownAddress(ctx: AppContext, attempt: Attempt, now: Date) {
  if (!attempt.user) return false;
  const since = new Date(now.getTime() - KNOWN_DAYS * 86_400_000);
  return (
    (await latest(ctx, rowsOf(attempt, fromAddress(attempt), signIns, gt(operationLog.time, since)))) !== null
  );
}

/** Minutes left of a lock that keeps this address out of the account, or null. */
export async function lockOf(ctx: AppContext, attempt: Attempt): Promise<number | null> {
  const now = ctx.now();
  const { lockMs } = await lockRules(ctx);
  const addressLock = await latest(ctx, rowsOf(attempt, fromAddress(attempt), locks(ADDRESS_LOCK)));
  const ends = [lockEnd(addressLock, now, lockMs)];
  const accountEnd = await accountLockEnd(ctx, attempt, now, lockMs);
  if (accountEnd && !(await knownAddress(ctx, attempt, now))) ends.push(accountEnd);
  const until = Math.max(...ends.map((end) => end?.getTime() ?? 0));
  return until > 0 ? minutesLeft(new Date(until), now) : null;
}

/**
 * Counts a wrong password (already written to the operation log) and says what follows: the tries
 * this address has left, or the lock it just ran into. `lock` writes a 'locked' row with a detail.
 */
export async function countFailure(
  ctx: AppContext,
  attempt: Attempt,
  lock: (detail: string) => Promise<void>,
): Promise<FailureState> {
  const now = ctx.now();
  const { maxFailures, lockMinutes, lockMs } = await lockRules(ctx);
  const windowStart = new Date(now.getTime() - lockMs);
  const everywhere = await counted(ctx, rowsOf(attempt, wrongPasswords, gt(operationLog.time, windowStart)));
  let accountLocked = (await accountLockEnd(ctx, attempt, now, lockMs)) !== null;
  if (!accountLocked && everywhere >= ctx.config.LOGIN_ACCOUNT_MAX_FAILURES) {
    if (attempt.user)
      await ctx.db
        .update(users)
        .set({ lockedUntil: new Date(now.getTime() + lockMs) })
        .where(eq(users.id, attempt.user.id));
    await lock(ACCOUNT_LOCK);
    accountLocked = true;
  }
  if (accountLocked && !(await knownAddress(ctx, attempt, now)))
    return { locked: true, minutes: lockMinutes };

  // In a row from this address: after its last successful sign-in or its last lock (by row id, which
  // orders rows written within the same millisecond too).
  const here = rowsOf(attempt, fromAddress(attempt));
  const [last] = await ctx.db
    .select({ id: max(operationLog.id) })
    .from(operationLog)
    .where(and(here, or(signIns, locks(ADDRESS_LOCK))));
  const failures = await counted(ctx, and(here, wrongPasswords, gt(operationLog.id, last?.id ?? 0)));
  if (failures < maxFailures) return { locked: false, remaining: maxFailures - failures, lockMinutes };
  await lock(ADDRESS_LOCK);
  return { locked: true, minutes: lockMinutes };
}
