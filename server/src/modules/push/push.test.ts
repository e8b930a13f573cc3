import {
  messageEndpoints,
  roleEndpoints,
  PUSH_CLOSE,
  PUSH_FLOOD_FRAMES,
  PUSH_MAX_FRAME_BYTES,
} from '@cityops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, sessions, users } from '../../db/schema.js';
import { openPushSocket, type TestPushSocket } from '../../test/pushClient.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { produceMessage } from '../messages/produce.js';
import { publish } from './events.js';

let t: TestApp;
let baseUrl: string;
let admin: string;
const opened: TestPushSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  admin = await t.token('admin', 'Admin@123');
});
afterAll(async () => {
  for (const socket of opened) socket.close();
  await t.close();
});

const open = async () => {
  const socket = await openPushSocket(baseUrl);
  opened.push(socket);
  return socket;
};

/** A socket signed in with `token`, past its first frame (the unread state). */
const signedIn = async (token: string) => {
  const socket = await open();
  socket.send({ accessToken: token });
  const first = await socket.nextOf('messages');
  expect(first.fresh).toBe(false);
  return { socket, first };
};

const userId = async (userName: string) =>
  (await t.handle.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0]?.id ?? 0;

describe('the push socket', () => {
  it('answers a live token with the unread state, then pongs to pings', async () => {
    // The test app has no demo stream: one unread message, produced before the socket opens.
    await produceMessage(t.handle.db, t.app.cityops, {
      kind: 'alarm.raised',
      values: {
        deviceName: '2号路灯',
        alarmName: '灯具故障',
        level: '重要',
        place: '人民路西段',
        time: '08:00',
      },
      audience: { userIds: [await userId('admin')] },
    });
    const { socket, first } = await signedIn(admin);
    const unread = await t.handle.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.userId, await userId('admin')));
    expect(first.noReadCount).toBeGreaterThan(0);
    expect(first.noReadCount).toBeLessThanOrEqual(unread.length);
    expect(first.messageList.every((message) => !message.readStatus)).toBe(true);
    socket.send({ type: 'ping' });
    expect(await socket.nextOf('pong')).toEqual({ status_code: 1, type: 'pong' });
  });

  it('closes a socket whose token names no session, with 4401 and a reason', async () => {
    const socket = await open();
    socket.send({ accessToken: 'not-a-token' });
    expect(await socket.closed).toEqual({ code: PUSH_CLOSE.unauthorized, reason: 'session not valid' });
  });

  it('closes a socket that sends garbage, a ping before its token, or binary, without touching others', async () => {
    const { socket: good } = await signedIn(admin);
    const garbage = await open();
    garbage.send('hello');
    const early = await open();
    early.send({ type: 'ping' });
    const binary = await open();
    binary.ws.send(Buffer.from([1, 2, 3]));
    expect((await garbage.closed).code).toBe(PUSH_CLOSE.badFrame);
    expect(await early.closed).toEqual({ code: PUSH_CLOSE.badFrame, reason: 'token first' });
    expect((await binary.closed).code).toBe(PUSH_CLOSE.badFrame);
    good.send({ type: 'ping' });
    await good.nextOf('pong');
  });

  it('closes a flooding socket and one that sends an oversized frame, with 4429', async () => {
    const { socket } = await signedIn(admin);
    for (let i = 0; i <= PUSH_FLOOD_FRAMES; i += 1) socket.send({ type: 'ping' });
    expect(await socket.closed).toEqual({ code: PUSH_CLOSE.flood, reason: 'too many frames' });
    const big = await open();
    big.send({ accessToken: 'x'.repeat(PUSH_MAX_FRAME_BYTES) });
    expect(await big.closed).toEqual({ code: PUSH_CLOSE.flood, reason: 'frame too large' });
  });

  it('closes a socket that never sends its token, with 4408', async () => {
    const socket = await open();
    expect(await socket.closed).toEqual({ code: PUSH_CLOSE.timeout, reason: 'no token' });
  }, 10_000);

  it('pushes a new message to its recipient’s sockets with the new unread count, and to no one else', async () => {
    const { socket, first } = await signedIn(admin);
    const operator = await t.token('operator', 'Operator@123');
    const { socket: other } = await signedIn(operator);
    const produced = await produceMessage(t.handle.db, t.app.cityops, {
      kind: 'alarm.raised',
      values: {
        deviceName: '1号路灯',
        alarmName: '灯具故障',
        level: '重要',
        place: '人民路东段',
        time: '08:30',
      },
      audience: { userIds: [await userId('admin')] },
    });
    expect(produced?.recipients).toBe(1);
    const pushed = await socket.nextOf('messages');
    expect(pushed).toMatchObject({ fresh: true, noReadCount: first.noReadCount + 1 });
    expect(pushed.messageList.map((message) => message.title)).toEqual(['设备告警：1号路灯']);
    other.send({ type: 'ping' });
    expect((await other.next()).type).toBe('pong');
  });

  it('tells the affected users what an administrator changed, and closes the sockets of ended sessions', async () => {
    const { socket } = await signedIn(admin);
    await publish(t.handle.db, { k: 'access', userIds: [await userId('admin')] });
    expect(await socket.nextOf('changed')).toMatchObject({ what: 'access' });
    await publish(t.handle.db, { k: 'dictionary' });
    expect(await socket.nextOf('changed')).toMatchObject({ what: 'dictionary' });

    const token = await t.token('admin', 'Admin@123');
    const { socket: ending } = await signedIn(token);
    const [newest] = await t.handle.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, await userId('admin')))
      .orderBy(sessions.id)
      .then((rows) => rows.slice(-1));
    await publish(t.handle.db, { k: 'sessions', sessionIds: [newest?.id ?? 0] });
    expect(await ending.closed).toEqual({ code: PUSH_CLOSE.unauthorized, reason: 'session ended' });
    socket.send({ type: 'ping' });
    await socket.nextOf('pong');
  });

  it("tells a role's users when an administrator changes the role's permissions", async () => {
    const operator = await t.token('operator', 'Operator@123');
    const { socket } = await signedIn(operator);
    const roles = await t.api(roleEndpoints.page, { token: admin, body: { pageNum: 1, pageSize: 100 } });
    const role = roles.data?.list.find((found) => found.name === '值班操作员');
    if (!role) throw new Error('no operator role');
    const tree = await t.api(roleEndpoints.permissionTree, { token: admin, query: { roleId: role.roleId } });
    type Node = { id: number; code: string; checked: boolean; children?: Node[] };
    const flat = (nodes: readonly Node[]): Node[] =>
      nodes.flatMap((node) => [node, ...flat(node.children ?? [])]);
    const nodes = flat(tree.data ?? []);
    const dictionary = nodes.find((node) => node.code === 'dictionary');
    const assigned = await t.api(roleEndpoints.assignPermission, {
      token: admin,
      body: {
        roleId: role.roleId,
        resourceIds: [...nodes.filter((node) => node.checked).map((node) => node.id), dictionary?.id ?? 0],
      },
    });
    expect(assigned.status_code, assigned.message).toBe(1);
    expect(await socket.nextOf('changed')).toMatchObject({ what: 'access' });
  });

  it('refuses a user without msg_page with 4403', async () => {
    await t.createUser('no_messages', 'Right@123', ['userManage']);
    const token = await t.token('no_messages', 'Right@123');
    const socket = await open();
    socket.send({ accessToken: token });
    expect(await socket.closed).toEqual({ code: PUSH_CLOSE.forbidden, reason: 'no msg_page' });
  });
});

describe('open push sockets and the in-flight limit', () => {
  it('never count as calls under way: with more sockets open than the limit, calls are still answered', async () => {
    const small = await createTestApp({ env: { OVERLOAD_MAX_IN_FLIGHT: '3' } });
    try {
      const base = await small.app.listen({ host: '127.0.0.1', port: 0 });
      const token = await small.token('admin', 'Admin@123');
      const sockets = await Promise.all(Array.from({ length: 5 }, () => openPushSocket(base)));
      for (const socket of sockets) socket.send({ accessToken: token });
      for (const socket of sockets) await socket.nextOf('messages');
      const answer = await fetch(`${base}/api${messageEndpoints.pageList.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'access-token': token },
        body: '{}',
      });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { status_code: number }).status_code).toBe(1);
      for (const socket of sockets) socket.close();
    } finally {
      await small.close();
    }
  });
});
