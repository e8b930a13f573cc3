import type { Message } from '@cityops/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { messages } from '../../db/schema.js';

// Interim: one message row is one event until the message events land (issue 13, server part).

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

export async function unreadCounts(db: Database, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: messages.userId, n: count() })
    .from(messages)
    .where(and(inArray(messages.userId, [...userIds]), eq(messages.readStatus, false)))
    .groupBy(messages.userId);
  return new Map(rows.map((row) => [row.userId, row.n]));
}

export async function deliveriesOf(db: Database, eventId: number, userIds: readonly number[]) {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, eventId), inArray(messages.userId, [...userIds])));
  const counts = await unreadCounts(
    db,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => ({
    userId: row.userId,
    message: asMessage(row),
    noReadCount: counts.get(row.userId) ?? 0,
  }));
}

export async function unreadState(db: Database, userId: number, limit: number) {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.readStatus, false)))
    .orderBy(desc(messages.createTime), desc(messages.id))
    .limit(limit);
  const counts = await unreadCounts(db, [userId]);
  return { messageList: rows.map(asMessage), noReadCount: counts.get(userId) ?? 0 };
}
