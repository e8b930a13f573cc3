import { messageTypePath, type Message, type MessageType } from '@cityops/contract';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { totalOver } from '../../db/paging.js';
import { messageEvents, messages, projects } from '../../db/schema.js';
import { intArray } from './recipients.js';

/** A recipient's row with its event, as the contract's Message. */
const messageColumns = {
  id: messages.id,
  userId: messages.userId,
  messageType: messages.messageType,
  title: messageEvents.title,
  content: messageEvents.content,
  titleEn: messageEvents.titleEn,
  contentEn: messageEvents.contentEn,
  createTime: messageEvents.createTime,
  notifyTime: messageEvents.notifyTime,
  readStatus: messages.readStatus,
  projectId: messageEvents.projectId,
  projectName: projects.name,
  link: messageEvents.link,
};

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  messageType: row.messageType,
  title: row.title,
  messageContent: row.content,
  createTime: row.createTime.toISOString(),
  notifyTime: row.notifyTime ? row.notifyTime.toISOString() : null,
  readStatus: row.readStatus,
  projectId: row.projectId,
  projectName: row.projectName,
  link: row.link ?? messageTypePath(row.messageType as MessageType),
  inEnglish:
    row.titleEn === null || row.contentEn === null
      ? null
      : { title: row.titleEn, messageContent: row.contentEn },
});

/** Recipients' rows with their events and projects, newest first, with `total` over the filter. */
export function selectMessages(db: Database, where: SQL | undefined) {
  return db
    .select({ ...messageColumns, total: totalOver })
    .from(messages)
    .innerJoin(messageEvents, eq(messageEvents.id, messages.eventId))
    .leftJoin(projects, eq(projects.id, messageEvents.projectId))
    .where(where)
    .orderBy(desc(messages.createTime), desc(messages.id));
}

type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

export const unreadOf = (userId: number) => and(eq(messages.userId, userId), eq(messages.readStatus, false));

export async function unreadCount(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messages).where(unreadOf(userId));
  return row?.n ?? 0;
}

/** Each of these users' unread count; a user without any is missing from the answer. */
export async function unreadCountsOf(db: Database, userIds: readonly number[]) {
  return db
    .select({ userId: messages.userId, n: count() })
    .from(messages)
    .where(and(sql`${messages.userId} = any(${intArray(userIds)})`, eq(messages.readStatus, false)))
    .groupBy(messages.userId);
}

/** Marks the user's unread rows matching `where` read; answers how many changed. */
export async function markRead(db: Database, userId: number, now: Date, where?: SQL) {
  const updated = await db
    .update(messages)
    .set({ readStatus: true, readTime: now })
    .where(and(unreadOf(userId), where))
    .returning({ id: messages.id });
  return updated.length;
}
