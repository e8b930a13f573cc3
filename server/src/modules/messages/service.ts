import type { Message } from '@cityops/contract';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { messages } from '../../db/schema.js';
import type { AppContext } from '../../http/context.js';

/** The largest serial (int4) id. */
export const MAX_ID = 2_147_483_647;

export interface MessageQuery {
  pageNum: number;
  pageSize: number;
  readStatus?: boolean | undefined;
  messageType?: number | undefined;
}

const asMessage = (row: typeof messages.$inferSelect): Message => ({
  id: row.id,
  messageType: row.messageType,
  title: '',
  messageContent: row.messageContent,
  createTime: row.createTime.toISOString(),
  notifyTime: row.notifyTime ? row.notifyTime.toISOString() : null,
  readStatus: row.readStatus,
  projectId: null,
  projectName: null,
  link: null,
});

/** One page of the user's messages, newest first, with the filtered total and the user's unread count. */
export async function messagePage(ctx: AppContext, userId: number, query: MessageQuery) {
  const filters: SQL[] = [eq(messages.userId, userId)];
  if (query.readStatus !== undefined) filters.push(eq(messages.readStatus, query.readStatus));
  if (query.messageType !== undefined) filters.push(eq(messages.messageType, query.messageType));
  const where = and(...filters);
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createTime), desc(messages.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(messages).where(where);
  const [unread] = await ctx.db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.readStatus, false)));
  return { messageList: rows.map(asMessage), noReadCount: unread?.n ?? 0, total: total?.n ?? 0 };
}

/** Marks the user's own unread messages among `ids` read; ids of anyone else's are ignored. */
export async function markRead(ctx: AppContext, userId: number, ids: readonly number[]) {
  // Ids beyond the column's range cannot be anyone's message; leave them out rather than fail.
  const unique = [...new Set(ids)].filter((id) => id > 0 && id <= MAX_ID);
  if (unique.length === 0) return { updated: 0 };
  const updated = await ctx.db
    .update(messages)
    .set({ readStatus: true })
    .where(and(eq(messages.userId, userId), eq(messages.readStatus, false), inArray(messages.id, unique)))
    .returning({ id: messages.id });
  return { updated: updated.length };
}
