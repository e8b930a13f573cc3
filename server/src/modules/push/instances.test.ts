import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../db/connection.js';
import { LISTEN_APPLICATION } from '../../db/listener.js';
import { users } from '../../db/schema.js';
import { openPushSocket, type TestPushSocket } from '../../test/pushClient.js';
import { TEST_SECRETS_KEY } from '../../test/licence.js';
import { createTestApp, scratchPostgres, type TestApp } from '../../test/testApp.js';
import { produceMessage } from '../messages/produce.js';

/*
 * Two server instances on one PostgreSQL (ARCHITECTURE "Push to browsers"): an event written through
 * one reaches the sockets held by the other, and an instance whose listening connection is cut
 * listens again and re-sends every socket its count. Runs where the suite runs on PostgreSQL.
 */
const server = process.env.DATABASE_URL;

describe.skipIf(!server)('push across two instances on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  const handles: DatabaseHandle[] = [];
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let socket: TestPushSocket | undefined;

  beforeAll(async () => {
    scratch = await scratchPostgres(server ?? '');
    for (let i = 0; i < 2; i += 1) handles.push(await openPostgres(scratch.url));
    // One deployment: the instances share the key that seals stored secrets.
    const env = { SECRETS_KEY: TEST_SECRETS_KEY };
    a = await createTestApp({ database: handles[0], env });
    b = await createTestApp({ database: handles[1], env });
    baseA = await a.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    socket?.close();
    await a?.close();
    await b?.close();
    for (const handle of handles) await handle.close();
    await scratch.drop();
  });

  const adminId = async () =>
    (await b.handle.db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin')))[0]?.id ?? 0;

  /** A message for admin written and published through instance B. */
  const messageThroughB = async (contractName: string) => {
    const produced = await produceMessage(b.handle.db, b.app.cityops, {
      kind: 'contract.expiring',
      values: { contractName, days: '30' },
      audience: { userIds: [await adminId()] },
    });
    expect(produced?.recipients).toBe(1);
  };

  it('delivers a message published through one instance to a socket held by the other', async () => {
    // Signed in through B: sessions live in the database, so A knows the token.
    const token = await b.token('admin', 'Admin@123');
    socket = await openPushSocket(baseA);
    socket.send({ accessToken: token });
    const first = await socket.nextOf('messages');
    await messageThroughB('2026年路灯维保合同');
    const pushed = await socket.nextOf('messages');
    expect(pushed).toMatchObject({ fresh: true, noReadCount: first.noReadCount + 1 });
    expect(pushed.messageList[0]?.messageContent).toContain('2026年路灯维保合同');
  });

  it('listens again when its listening connection is cut, re-sends the count, and delivers what follows', async () => {
    const killer = new pg.Client({ connectionString: scratch.url });
    await killer.connect();
    try {
      const cut = await killer.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()`,
        [LISTEN_APPLICATION],
      );
      // One listening connection an instance carries its message push and its device runtime; both are cut.
      expect(cut.rowCount).toBe(2);
    } finally {
      await killer.end();
    }
    if (!socket) throw new Error('the first test opens the socket');
    const resynced = await socket.nextOf('count', 15_000);
    expect(resynced.noReadCount).toBeGreaterThan(0);
    await messageThroughB('灯杆租赁合同');
    expect((await socket.nextOf('messages')).messageList[0]?.messageContent).toContain('灯杆租赁合同');
  }, 30_000);

  it('loses nothing over a restart: a socket that reconnects to the restarted instance gets what came meanwhile', async () => {
    if (!socket) throw new Error('the first test opens the socket');
    const token = await b.token('admin', 'Admin@123');
    const counted = await openPushSocket(baseA);
    counted.send({ accessToken: token });
    const { noReadCount } = await counted.nextOf('messages');
    counted.close();

    await a.close();
    expect((await socket.closed).code).toBe(1001);
    await messageThroughB('停机期间到期的合同');
    a = await createTestApp({ database: handles[0], env: { SECRETS_KEY: TEST_SECRETS_KEY } });
    baseA = await a.app.listen({ host: '127.0.0.1', port: 0 });
    socket = await openPushSocket(baseA);
    socket.send({ accessToken: token });
    const resumed = await socket.nextOf('messages');
    expect(resumed.noReadCount).toBe(noReadCount + 1);
    expect(resumed.messageList.some((message) => message.messageContent.includes('停机期间到期的合同'))).toBe(
      true,
    );
  }, 30_000);
});
