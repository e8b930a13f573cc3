import type { onlineListRequestSchema } from '@cityops/contract';
import { StatusCode, USER_MANAGE, type OnlineSession } from '@cityops/contract';
import { and, asc, desc, eq, gt, ilike } from 'drizzle-orm';
import type { z } from 'zod';
import { sessions, users } from '../../db/schema.js';
import { containing, pageOf, totalOver } from '../../db/paging.js';
import type { AppContext } from '../../http/context.js';
import { ApiError } from '../../http/envelope.js';
import { recordAudit, type Actor } from '../logs/audit.js';
import { publishEndedSessions } from './sessions.js';

/** Online sessions: who is signed in (a live, unexpired session), from where and since when. */
type Ctx = Pick<AppContext, 'db' | 'now'>;

const SORT = { loginTime: sessions.createdAt, lastSeenTime: sessions.lastSeenAt, userName: users.userName };

export function onlineSessions(ctx: Ctx, actor: Actor, request: z.output<typeof onlineListRequestSchema>) {
  const where = and(
    gt(sessions.expiresAt, ctx.now()),
    request.userName ? ilike(users.userName, containing(request.userName)) : undefined,
    request.ip ? ilike(sessions.ip, containing(request.ip)) : undefined,
  );
  const direction = request.sortOrder === 'asc' ? asc : desc;
  const column = SORT[request.sortField ?? 'lastSeenTime'];
  return pageOf(
    request,
    (limit, offset) =>
      ctx.db
        .select({
          sessionId: sessions.id,
          userId: users.id,
          userName: users.userName,
          name: users.name,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          total: totalOver,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(where)
        .orderBy(direction(column), direction(sessions.id))
        .limit(limit)
        .offset(offset),
    async () =>
      ctx.db.$count(
        ctx.db
          .select()
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(where)
          .as('live'),
      ),
    ({ total: _total, createdAt, lastSeenAt, expiresAt, ...row }): OnlineSession => ({
      ...row,
      loginTime: createdAt.toISOString(),
      lastSeenTime: lastSeenAt.toISOString(),
      expiresTime: expiresAt.toISOString(),
      current: row.sessionId === actor.sessionId,
    }),
  );
}

/** Ends another session; that browser's next call answers 10401 and shows the 确定登出 box. */
export async function kickSession(ctx: Ctx, actor: Actor, sessionId: number) {
  if (sessionId === actor.sessionId) throw new ApiError(StatusCode.REJECTED, 'session.cannotKickSelf');
  await ctx.db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(eq(sessions.id, sessionId))
      .returning({ userId: sessions.userId, ip: sessions.ip });
    if (!ended) throw new ApiError(StatusCode.REJECTED, 'admin.notFound');
    await publishEndedSessions(tx, [sessionId]);
    const [owner] = await tx
      .select({ userName: users.userName })
      .from(users)
      .where(eq(users.id, ended.userId));
    await recordAudit(tx, actor, ctx.now(), {
      module: USER_MANAGE,
      action: 'kick',
      targetId: ended.userId,
      targetName: owner?.userName ?? '',
      detail: `session ${sessionId} from ${ended.ip}`,
    });
  });
}
