import type { MessagePage } from '@cityops/contract';
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { pageOf } from '../../db/paging.js';
import { messages } from '../../db/schema.js';
import type { AppContext } from '../../http/context.js';
import { publish } from '../push/events.js';
import { intArray } from './recipients.js';
import * as repo from './repository.js';

export { MAX_ID } from './recipients.js';

type Ctx = Pick<AppContext, 'db' | 'now'>;

export interface MessageQuery {
  pageNum: number;
  pageSize: number;
  readStatus?: boolean | undefined;
  messageType?: number | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/**
 * One page of the user's messages, newest first, with the filtered total and the user's whole unread
 * count (the dot's number, whatever the filter).
 */
export async function messagePage(ctx: Ctx, userId: number, query: MessageQuery): Promise<MessagePage> {
  const filters: SQL[] = [eq(messages.userId, userId)];
  if (query.readStatus !== undefined) filters.push(eq(messages.readStatus, query.readStatus));
  if (query.messageType !== undefined) filters.push(eq(messages.messageType, query.messageType));
  if (query.startTime) filters.push(gte(messages.createTime, new Date(query.startTime)));
  if (query.endTime) filters.push(lt(messages.createTime, new Date(query.endTime)));
  const where = and(...filters);
  const [page, noReadCount] = await Promise.all([
    pageOf(
      query,
      (limit, offset) => repo.selectMessages(ctx.db, where).limit(limit).offset(offset),
      () => ctx.db.$count(messages, where),
      repo.toMessage,
    ),
    repo.unreadCount(ctx.db, userId),
  ]);
  return { messageList: page.list, noReadCount, total: page.total };
}

/**
 * Marks rows read: only the user's own, unread ones (anyone else's ids, and ids no row can have, are
 * ignored). When any changed, every instance is told so the user's other tabs update their count.
 */
async function markRead(ctx: Ctx, userId: number, where?: SQL) {
  const updated = await ctx.db.transaction(async (tx) => {
    const changed = await repo.markRead(tx, userId, ctx.now(), where);
    if (changed > 0) await publish(tx, { k: 'read', userIds: [userId] });
    return changed;
  });
  return { updated };
}

/** recordDeal: the user's own unread messages among `ids` become read. */
export async function markMessagesRead(ctx: Ctx, userId: number, ids: readonly number[]) {
  return markRead(ctx, userId, sql`${messages.id} = any(${intArray([...new Set(ids)])})`);
}

/** 全部已读: every unread message of the user becomes read. */
export const markAllRead = (ctx: Ctx, userId: number) => markRead(ctx, userId);
