import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.js';
import { messageEvents, messages } from '../../db/schema.js';
import { freshDatabase } from '../../test/testApp.js';

/** Migration 0011 turns the per-user messages stored before it into events with one recipient each. */

const MIGRATIONS = resolve(import.meta.dirname, '../../../drizzle');
const BEFORE = '0011_messages_push';

let handle: DatabaseHandle;
let folder: string;

/** The migrations up to (not including) 0011, in a folder of their own. */
async function migrationsBefore(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cityops-migrations-'));
  await cp(MIGRATIONS, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === BEFORE);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

const migrateFrom = (migrationsFolder: string) =>
  handle.kind === 'pglite'
    ? migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder })
    : migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });

beforeAll(async () => {
  handle = await freshDatabase();
  folder = await migrationsBefore();
});
afterAll(async () => {
  await handle.close();
  await rm(folder, { recursive: true, force: true });
});

describe('migration 0011', () => {
  it('keeps the messages stored before it: same ids, texts, times and read states', async () => {
    await migrateFrom(folder);
    await handle.db.execute(sql`insert into users (id, user_name, password_hash) values (7, 'legacy', 'x')`);
    await handle.db.execute(sql`
      insert into messages (id, user_id, message_type, message_content, create_time, notify_time, read_status) values
        (3, 7, 1, '灯杆离线', '2026-03-01T08:00:00Z', '2026-03-01T08:00:00Z', false),
        (5, 7, 9, '合同将到期', '2026-03-02T08:00:00Z', null, true)`);
    await migrateFrom(MIGRATIONS);
    const events = await handle.db.select().from(messageEvents).orderBy(asc(messageEvents.id));
    expect(events).toMatchObject([
      { id: 3, eventKind: 'legacy', messageType: 1, title: '告警消息', content: '灯杆离线', projectId: null },
      {
        id: 5,
        eventKind: 'legacy',
        messageType: 9,
        title: '合同消息',
        content: '合同将到期',
        notifyTime: null,
      },
    ]);
    const rows = await handle.db.select().from(messages).orderBy(asc(messages.id));
    expect(rows).toMatchObject([
      { id: 3, eventId: 3, userId: 7, messageType: 1, readStatus: false, readTime: null },
      {
        id: 5,
        eventId: 5,
        userId: 7,
        messageType: 9,
        readStatus: true,
        readTime: new Date('2026-03-02T08:00:00Z'),
      },
    ]);
    // New events take ids after the old ones.
    const [next] = await handle.db
      .insert(messageEvents)
      .values({ eventKind: 'ai.alarm', messageType: 8, title: 't', content: 'c', createTime: new Date() })
      .returning({ id: messageEvents.id });
    expect(next?.id).toBe(6);
  });
});
