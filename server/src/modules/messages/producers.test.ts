import { recordLink, userEndpoints, WORK_ORDER_PAGE, workOrderEndpoints } from '@cityops/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEvents, messages, messageTriggers, users } from '../../db/schema.js';
import { listenToBus, type BusListener } from '../../test/busEvents.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { PlatformHealth } from '../video/health.js';
import { DEMO_OPEN_ORDERS_MAX, produceDemoMessage } from './demoProducer.js';
import { warnLicenceExpiry } from './licenceWarnings.js';

let t: TestApp;
let bus: BusListener;
let admin: string;

const DAY_MINUTES = 24 * 60;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  bus = await listenToBus(t);
});
afterAll(async () => {
  await bus.stop();
  await t.close();
});

const userId = async (userName: string) =>
  (await t.handle.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0]?.id ?? 0;
/** The events of a kind, newest first, with who got them. */
const eventsOf = async (kind: string) => {
  const rows = await t.handle.db
    .select()
    .from(messageEvents)
    .where(eq(messageEvents.eventKind, kind))
    .orderBy(desc(messageEvents.id));
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      recipients: (
        await t.handle.db
          .select({ userId: messages.userId })
          .from(messages)
          .where(eq(messages.eventId, row.id))
      ).map((recipient) => recipient.userId),
    })),
  );
};

describe('the password reset', () => {
  it('tells the user who reset it and when', async () => {
    const operator = await userId('operator');
    const answer = await t.api(userEndpoints.resetPassword, {
      token: admin,
      body: { userId: operator, password: 'Reset@1234' },
    });
    expect(answer.status_code, answer.message).toBe(1);
    const [event] = await eventsOf('user.passwordReset');
    expect(event).toMatchObject({
      messageType: 6,
      projectId: null,
      link: null,
      title: '密码已重置',
      content: '您的账号operator的密码已于2026-06-01 16:00:00由admin重置，下次登录时须修改密码。',
      recipients: [operator],
    });
  });
});

describe('the licence expiry warnings', () => {
  it('are said once per threshold to the licence managers, the nearest one when several are crossed', async () => {
    // The demo licence runs a year from the test clock's start.
    expect(await warnLicenceExpiry(t.app.cityops)).toBeNull();
    t.clock.advanceMinutes((365 - 30) * DAY_MINUTES);
    expect(await warnLicenceExpiry(t.app.cityops)).toBe(30);
    // Two instances looking at once: one of them speaks.
    const both = await Promise.all([warnLicenceExpiry(t.app.cityops), warnLicenceExpiry(t.app.cityops)]);
    expect(both).toEqual([null, null]);
    t.clock.advanceMinutes(15 * DAY_MINUTES + 1);
    expect(await warnLicenceExpiry(t.app.cityops)).toBe(15);
    // Off for a week and more: 7 and 3 are crossed together, 3 is said.
    t.clock.advanceMinutes(12 * DAY_MINUTES);
    expect(await Promise.all([warnLicenceExpiry(t.app.cityops), warnLicenceExpiry(t.app.cityops)])).toContain(
      3,
    );
    expect(await warnLicenceExpiry(t.app.cityops)).toBeNull();
    t.clock.advanceMinutes(2 * DAY_MINUTES + 60);
    expect(await warnLicenceExpiry(t.app.cityops)).toBe(1);
    expect(await warnLicenceExpiry(t.app.cityops)).toBeNull();

    const events = await eventsOf('licence.expiring');
    expect(events.map((event) => event.content)).toEqual([
      '平台许可证将于2027-06-01到期（剩余1天），请及时续期。',
      '平台许可证将于2027-06-01到期（剩余3天），请及时续期。',
      '平台许可证将于2027-06-01到期（剩余15天），请及时续期。',
      '平台许可证将于2027-06-01到期（剩余30天），请及时续期。',
    ]);
    for (const event of events) {
      expect(event).toMatchObject({
        messageType: 7,
        link: '/admin/license',
        recipients: [await userId('admin')],
      });
    }
    expect(await t.handle.db.$count(messageTriggers)).toBe(5);
  });
});

describe('the video platforms', () => {
  it('say once that a platform stopped answering, and again only after it answered in between', async () => {
    const errors: unknown[] = [];
    const health = new PlatformHealth(t.app.cityops, { error: (details) => errors.push(details) });
    const down: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    const slow: typeof fetch = () => Promise.reject(new DOMException('timed out', 'TimeoutError'));
    const up: typeof fetch = () => Promise.resolve(new Response('{}', { status: 500 }));
    const call = (fetcher: typeof fetch) => health.watch('hik_isc_huati', fetcher)('http://127.0.0.1:1/x');

    await expect(call(up)).resolves.toBeInstanceOf(Response);
    await expect(call(down)).rejects.toThrow('fetch failed');
    await expect(call(slow)).rejects.toThrow('timed out');
    let events = await eventsOf('video.platformDown');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      messageType: 1,
      projectId: null,
      link: '/admin/parameterManage',
      title: '视频平台不可达：海康 ISC',
      recipients: [await userId('admin')],
    });
    expect(events[0]?.content).toMatch(/视频平台海康 ISC无法连接（无法建立连接）/);

    // Another instance (its own memory) finds it down too: still one message.
    const other = new PlatformHealth(t.app.cityops, { error: (details) => errors.push(details) });
    await expect(other.watch('hik_isc_huati', down)('http://127.0.0.1:1/x')).rejects.toThrow();
    expect(await eventsOf('video.platformDown')).toHaveLength(1);

    await call(up);
    await expect(call(slow)).rejects.toThrow();
    events = await eventsOf('video.platformDown');
    expect(events).toHaveLength(2);
    expect(events[0]?.content).toMatch(/（连接超时）/);
    // A call the caller gave up on says nothing about the platform.
    await call(up);
    const aborted: typeof fetch = () => Promise.reject(new DOMException('aborted', 'AbortError'));
    await expect(call(aborted)).rejects.toThrow('aborted');
    expect(await eventsOf('video.platformDown')).toHaveLength(2);
    expect(errors).toEqual([]);
  });
});

describe('the demo producer', () => {
  it('is off in tests', () => {
    expect(t.config.DEMO_MESSAGE_SECONDS).toBe(0);
  });

  it('opens a real work order, dispatched to the project members in turn, whose message names and opens it', async () => {
    // A session of its own: the tests above move the clock past the first one's idle limit.
    admin = await t.token('admin', 'Admin@123');
    const assignees = new Set<number>();
    for (let i = 0; i < 4; i++) {
      await bus.clear();
      const made = await produceDemoMessage(t.app.cityops, () => 0);
      if (!made) throw new Error('no demo order was opened');
      assignees.add(made.assigneeId);
      // The order is on 工单管理: its number finds it, dispatched to the assignee.
      const found = await t.api(workOrderEndpoints.page, { token: admin, body: { keyword: made.orderNo } });
      expect(found.status_code, found.message).toBe(1);
      expect(found.data?.list.map((row) => [row.orderId, row.state, row.assigneeId])).toEqual([
        [made.orderId, 'dispatched', made.assigneeId],
      ]);
      // The assignee's message names that order and links to it.
      const [event] = await t.handle.db
        .select()
        .from(messageEvents)
        .innerJoin(messages, eq(messages.eventId, messageEvents.id))
        .where(and(eq(messageEvents.eventKind, 'workOrder.assigned'), eq(messages.userId, made.assigneeId)))
        .orderBy(desc(messageEvents.id))
        .limit(1);
      expect(event?.message_events.title).toContain(made.orderNo);
      expect(event?.message_events.link).toBe(recordLink(WORK_ORDER_PAGE, made.orderId));
      await bus.settle();
      expect(bus.events).toContainEqual({ k: 'message', eventId: event?.message_events.id });
    }
    // Admin and operator are the first project's members who may take orders: both got some.
    expect(assignees.size).toBe(2);
  });

  it('stops opening orders while a project has its crew busy', async () => {
    for (let i = 0; i < DEMO_OPEN_ORDERS_MAX * 2; i++) await produceDemoMessage(t.app.cityops, () => 0.99);
    const open = await t.api(workOrderEndpoints.page, { token: admin, body: { pageSize: 100 } });
    const perProject = new Map<number, number>();
    for (const row of open.data?.list ?? [])
      perProject.set(row.projectId, (perProject.get(row.projectId) ?? 0) + 1);
    expect([...perProject.values()].every((n) => n <= DEMO_OPEN_ORDERS_MAX)).toBe(true);
    expect(await produceDemoMessage(t.app.cityops, () => 0.99)).toBeNull();
  });
});
