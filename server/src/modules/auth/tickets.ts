import { randomBytes } from 'node:crypto';
import {
  signInDetail,
  StatusCode,
  TICKET_TTL_SECONDS,
  type LoginData,
  type TicketData,
} from '@cityops/contract';
import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { loginTickets, sessions, users } from '../../db/schema.js';
import type { AppContext } from '../../http/context.js';
import { ApiError } from '../../http/envelope.js';
import { recordOperation } from '../logs/operationLog.js';
import { failureError, minutesLeft } from './lockout.js';
import { openSession, type Failed } from './service.js';
import { hashToken, type SessionInfo } from './sessions.js';

/**
 * One-time sign-in tickets: a signed-in user (or a system acting as one) asks for a ticket and hands
 * it to a control-room screen or a link; the ticket opens one normal session, once, within 60 s, and
 * only while the session that asked for it is still live.
 * Only the SHA-256 of a ticket is stored, like session tokens.
 */
const TTL_MS = TICKET_TTL_SECONDS * 1000;
/** Spent and expired tickets are kept a day for whoever looks into a sign-in, then removed. */
const KEEP_MS = 86_400_000;

export async function issueTicket(
  ctx: AppContext,
  request: FastifyRequest,
  session: SessionInfo,
  purpose = '',
): Promise<TicketData> {
  const ticket = randomBytes(32).toString('base64url');
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + TTL_MS);
  await ctx.db.insert(loginTickets).values({
    ticketHash: hashToken(ticket),
    userId: session.userId,
    sessionId: session.id,
    purpose,
    createdAt: now,
    expiresAt,
  });
  await ctx.db.delete(loginTickets).where(lt(loginTickets.expiresAt, new Date(now.getTime() - KEEP_MS)));
  await recordOperation(ctx, request, {
    account: session.userName,
    userId: session.userId,
    action: 'ticket_issued',
    outcome: 'success',
    detail: purpose ? signInDetail('ticketPurpose', purpose) : '',
  });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/**
 * Redeems a ticket: spends it (atomically, so two redeemers cannot both win) and signs its user in
 * exactly as a password would, with the same refusals for locked, disabled and permission-less users.
 */
export async function signInByTicket(
  ctx: AppContext,
  request: FastifyRequest,
  ticket: string,
): Promise<LoginData> {
  const now = ctx.now();
  const [spent] = await ctx.db
    .update(loginTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginTickets.ticketHash, hashToken(ticket)),
        isNull(loginTickets.usedAt),
        gt(loginTickets.expiresAt, now),
        // Only while the session that made it lives: its logout, a password change, a kick or
        // disabling the user ends the session and with it every ticket it made.
        inArray(
          loginTickets.sessionId,
          ctx.db.select({ id: sessions.id }).from(sessions).where(gt(sessions.expiresAt, now)),
        ),
      ),
    )
    .returning({ userId: loginTickets.userId });
  const [user] = spent ? await ctx.db.select().from(users).where(eq(users.id, spent.userId)).limit(1) : [];
  if (!user) {
    await recordOperation(ctx, request, {
      account: '',
      action: 'login_failed',
      outcome: 'failure',
      detail: signInDetail('ticketInvalid'),
    });
    throw new ApiError(StatusCode.REJECTED, 'ticket.invalid');
  }
  const failed: Failed = (reason, userId) =>
    recordOperation(ctx, request, {
      account: user.userName,
      userId: userId ?? user.id,
      action: 'login_failed',
      outcome: 'failure',
      detail: signInDetail('byTicketRefused', reason),
    });
  if (user.lockedUntil && user.lockedUntil > now) {
    await failed('accountLocked');
    throw failureError({ locked: true, minutes: minutesLeft(user.lockedUntil, now) });
  }
  return openSession(ctx, request, user, failed, signInDetail('byTicket'));
}
