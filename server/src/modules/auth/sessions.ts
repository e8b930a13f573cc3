import { createHash, randomBytes } from 'node:crypto';
import { HEADER_ACCESS_TOKEN } from '@cityops/contract';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/connection.js';
import { preparedQuery } from '../../db/prepared.js';
import { sessions, users } from '../../db/schema.js';
import type { AppContext, SessionInfo } from '../../http/context.js';
import { BUS_MAX_IDS, publish } from '../push/events.js';

/*
 * Sessions live in the database (several instances may serve one user) and are found by the SHA-256
 * of their token: the token itself is only ever in the user's hands.
 */

export type { SessionInfo };

const TOKEN_HEADER = HEADER_ACCESS_TOKEN.toLowerCase();
/** Our tokens are 43 characters; anything much longer is not one and is not worth hashing. */
const TOKEN_MAX = 128;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function tokenOf(request: FastifyRequest): string | null {
  const value = request.headers[TOKEN_HEADER];
  const token = (Array.isArray(value) ? value[0] : value)?.trim();
  return token && token.length <= TOKEN_MAX ? token : null;
}

/** The idle minutes in force (parameterManage's session group; SESSION_IDLE_MINUTES until saved). */
const idleMinutesOf = async (ctx: AppContext) => (await ctx.parameters.get('session')).idleMinutes;

const idleEnd = (idleMinutes: number, from: Date) => new Date(from.getTime() + idleMinutes * 60_000);

const maxAgeMs = (ctx: AppContext) => ctx.config.SESSION_MAX_AGE_HOURS * 3_600_000;

/**
 * A session ends when idle for the session parameter's idle minutes or SESSION_MAX_AGE_HOURS after
 * sign-in, whichever comes first: keep-alives slide the idle end, never the maximum age.
 */
const nextExpiry = (ctx: AppContext, idleMinutes: number, now: Date) =>
  sql<Date>`least(${idleEnd(idleMinutes, now).toISOString()}::timestamptz, ${sessions.createdAt} + make_interval(hours => ${ctx.config.SESSION_MAX_AGE_HOURS}::int))`;

/**
 * New idle minutes apply to the sessions already open, at once: each live session now ends that long
 * after it was last seen (or at its maximum age). A session idle for longer already ends.
 */
export async function applyIdleMinutes(db: Database, maxAgeHours: number, idleMinutes: number, now: Date) {
  await db
    .update(sessions)
    .set({
      expiresAt: sql`least(${sessions.lastSeenAt} + make_interval(mins => ${idleMinutes}::int), ${sessions.createdAt} + make_interval(hours => ${maxAgeHours}::int))`,
    })
    .where(gt(sessions.expiresAt, now));
}

export async function createSession(ctx: AppContext, userId: number, request: FastifyRequest) {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  const idleMinutes = await idleMinutesOf(ctx);
  const expiresAt = new Date(Math.min(idleEnd(idleMinutes, now).getTime(), now.getTime() + maxAgeMs(ctx)));
  await ctx.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt,
    lastSeenAt: now,
    ip: request.ip.slice(0, 64),
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
  });
  // Housekeeping rides on sign-ins: sessions idle for a day are gone for good.
  await ctx.db.delete(sessions).where(lt(sessions.expiresAt, new Date(now.getTime() - 86_400_000)));
  return { token, expiresAt };
}

/**
 * How often a session's last-seen time and idle expiry are written: every signed-in call reads the
 * session, but writes it at most once a minute, so a busy user costs reads, not writes. A session
 * may therefore end up to this much before its idle time is fully up.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** A token's unexpired session of an enabled user: read on every signed-in call. */
const liveSession = preparedQuery((db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      userName: users.userName,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      mustChangePassword: users.mustChangePassword,
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.status, 'enabled'),
      ),
    )
    .prepare('live_session'),
);

/**
 * The live session of a token, its idle expiry moved forward (at most once a minute); null when the
 * token is unknown, ended, expired, or its user has been disabled.
 */
export async function touchSession(ctx: AppContext, token: string): Promise<SessionInfo | null> {
  const now = ctx.now();
  const [found] = await liveSession(ctx.db).execute({ tokenHash: hashToken(token), now });
  if (!found) return null;
  const { lastSeenAt, ...session } = found;
  if (now.getTime() - lastSeenAt.getTime() < SESSION_TOUCH_INTERVAL_MS) return session;
  const [touched] = await ctx.db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: nextExpiry(ctx, await idleMinutesOf(ctx), now) })
    .where(and(eq(sessions.id, session.id), gt(sessions.expiresAt, now)))
    .returning({ expiresAt: sessions.expiresAt });
  // Ended between the read and the write (a sign-out, a kick): gone.
  return touched ? { ...session, expiresAt: touched.expiresAt } : null;
}

/**
 * The live session of a token without touching it: a push socket being open says nothing about the
 * user being at the screen, so it never keeps a session alive (the shell's keep-alive does).
 */
export async function peekSession(ctx: AppContext, token: string): Promise<SessionInfo | null> {
  if (token.length > TOKEN_MAX) return null;
  const [found] = await liveSession(ctx.db).execute({ tokenHash: hashToken(token), now: ctx.now() });
  if (!found) return null;
  const { lastSeenAt: _seen, ...session } = found;
  return session;
}

/** When a session ends now, or null once it has ended (or its user was disabled). */
export async function sessionExpiry(ctx: AppContext, sessionId: number): Promise<Date | null> {
  const [found] = await ctx.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, ctx.now()), eq(users.status, 'enabled')))
    .limit(1);
  return found?.expiresAt ?? null;
}

/** The live session of the request's Access-Token (the access service's sessionOf). */
export async function sessionOf(ctx: AppContext, request: FastifyRequest): Promise<SessionInfo | null> {
  const token = tokenOf(request);
  return token ? touchSession(ctx, token) : null;
}

/**
 * Tells every instance that these sessions ended (signed out, kicked, disabled user, password
 * changed), so their push sockets close; in the caller's transaction, delivered once it commits.
 */
export async function publishEndedSessions(db: Database, sessionIds: readonly number[]) {
  for (let start = 0; start < sessionIds.length; start += BUS_MAX_IDS) {
    await publish(db, { k: 'sessions', sessionIds: sessionIds.slice(start, start + BUS_MAX_IDS) });
  }
}

/** Ends the session of a token; answers whose it was (and its id), or null if there was none. */
export async function endSession(db: Database, token: string) {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ id: sessions.id, userId: sessions.userId });
  if (!ended) return null;
  await publishEndedSessions(db, [ended.id]);
  return ended;
}

/** Ends every session of a user; answers the ids of those that ended. */
export async function endUserSessions(db: Database, userId: number): Promise<number[]> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  const ids = ended.map((row) => row.id);
  await publishEndedSessions(db, ids);
  return ids;
}
