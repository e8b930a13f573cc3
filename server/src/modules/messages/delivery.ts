import type { Message } from '@cityops/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { messages } from '../../db/schema.js';
import { selectMessages, toMessage, unreadCountsOf, unreadOf } from './repository.js';
import { intArray } from './recipients.js';

/**
 * What the push socket (modules/push) reads to deliver: an event's rows for the users connected to
 * this instance, and a socket's unread state when it signs in. Each is one or two queries, however
 * many users are asked about.
 */

/**
 * For those of `userIds` who are recipients of the event: their row as the contract's Message and
 * their unread count with it. Users who are not recipients are left out.
 */
export async function deliveriesOf(
  db: Database,
  eventId: number,
  userIds: readonly number[],
): Promise<Array<{ userId: number; message: Message; noReadCount: number }>> {
  if (userIds.length === 0) return [];
  const rows = await selectMessages(
    db,
    and(eq(messages.eventId, eventId), sql`${messages.userId} = any(${intArray(userIds)})`),
  );
  if (rows.length === 0) return [];
  const counts = await unreadCounts(
    db,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => ({
    userId: row.userId,
    message: toMessage(row),
    noReadCount: counts.get(row.userId) ?? 0,
  }));
}

/** A user's newest unread messages (at most `limit`) and their whole unread count, in one query. */
export async function unreadState(
  db: Database,
  userId: number,
  limit: number,
): Promise<{ messageList: Message[]; noReadCount: number }> {
  const rows = await selectMessages(db, unreadOf(userId)).limit(Math.max(1, limit));
  // total counts every unread row before the limit; no row means none is unread.
  const noReadCount = rows[0]?.total ?? 0;
  return { messageList: limit > 0 ? rows.map(toMessage) : [], noReadCount };
}

/** Each user's unread count (0 for a user with none). */
export async function unreadCounts(db: Database, userIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  for (const row of await unreadCountsOf(db, userIds)) counts.set(row.userId, row.n);
  return counts;
}
