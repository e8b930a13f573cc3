import {
  chinaDateTime,
  MESSAGE_EVENTS,
  MESSAGE_TYPES,
  messageEndpoints,
  messageTypePath,
  renderTemplate,
  type Message,
  type MessageEventKind,
} from '@cityops/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageEvents, messages, projects, userProjects, users } from '../../db/schema.js';
import { listenToBus, type BusListener } from '../../test/busEvents.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import type { Database } from '../../db/connection.js';
import { deliveriesOf, unreadCounts, unreadState } from './delivery.js';
import { produceMessage, storeEvent, type ProduceInput } from './produce.js';

interface FixtureEvent {
  kind: MessageEventKind;
  /** Index into the demo projects. */
  project: number;
  hoursAgo: number;
  /** Already read by everyone who got it. */
  read: boolean;
  values: Record<string, string>;
}

/** Messages of several types, hours before the test ran; some already read (the fixture of this file). */
const FIXTURE_EVENTS: readonly FixtureEvent[] = [
  {
    kind: 'alarm.raised',
    project: 0,
    hoursAgo: 1,
    read: false,
    values: {
      deviceName: '科技园南路12号灯杆',
      alarmName: '单灯控制器离线',
      level: '重要',
      place: '科技园南路',
    },
  },
  {
    kind: 'workOrder.assigned',
    project: 0,
    hoursAgo: 3,
    read: false,
    values: { orderNo: 'GD20260315-0042', title: '深南大道路灯不亮维修', assignee: '刘海' },
  },
  {
    kind: 'earlyWarning.raised',
    project: 1,
    hoursAgo: 6,
    read: false,
    values: { deviceName: '北山街3号回路', warning: '回路电流持续偏高，可能存在漏电风险', value: '32.6 A' },
  },
  {
    kind: 'alarm.raised',
    project: 0,
    hoursAgo: 9,
    read: true,
    values: { deviceName: '后海大道站配电箱', alarmName: '箱门异常打开', level: '一般', place: '后海大道' },
  },
  {
    kind: 'inspection.due',
    project: 0,
    hoursAgo: 20,
    read: true,
    values: { taskName: '科技园片区夜间巡检' },
  },
  {
    kind: 'ai.alarm',
    project: 0,
    hoursAgo: 26,
    read: false,
    values: { cameraName: '深南大道科技园站球机', algorithm: '占道施工识别' },
  },
  {
    kind: 'citizen.complaint',
    project: 0,
    hoursAgo: 49,
    read: true,
    values: { reporter: '张先生', summary: '后海大道人行道路灯闪烁' },
  },
  {
    kind: 'contract.expiring',
    project: 1,
    hoursAgo: 72,
    read: true,
    values: { contractName: '杭州西湖景区亮化工程维保合同', days: '30' },
  },
];

/**
 * The fixture through the recipient rule (recipients.ts), as if each event had happened: the admin
 * (every page, both projects) gets them all, the operator the alarms of the first project. Only while
 * `userName` has no message at all, so a second call adds nothing. Rendered with the shipped texts.
 */
async function storeFixture(db: Database, userName: string, projectIds: readonly number[], now = new Date()) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
  if (!user) return;
  const [existing] = await db.select({ id: messages.id }).from(messages).where(eq(messages.userId, user.id));
  if (existing) return;
  for (const demo of FIXTURE_EVENTS) {
    const projectId = projectIds[demo.project];
    if (projectId === undefined) continue;
    const event = MESSAGE_EVENTS[demo.kind];
    const time = new Date(now.getTime() - demo.hoursAgo * 3_600_000);
    const values = { time: chinaDateTime(time), ...demo.values };
    const stored = await storeEvent(
      db,
      {
        kind: demo.kind,
        messageType: event.type,
        projectId,
        title: renderTemplate(event.title, values),
        content: renderTemplate(event.content, values),
        link: null,
        time,
      },
      { audience: { code: MESSAGE_TYPES[event.type].page }, projectId },
    );
    if (stored && demo.read) {
      await db
        .update(messages)
        .set({ readStatus: true, readTime: time })
        .where(eq(messages.eventId, stored.eventId));
    }
  }
}

let t: TestApp;
let bus: BusListener;
let admin: string;
let operator: string;
let ids: { admin: number; operator: number };
/** The demo projects: the operator belongs to the first only, the admin to both. */
let projectA: number;
let projectB: number;

const userId = async (userName: string) =>
  (await t.handle.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0]?.id ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  operator = await t.token('operator', 'Operator@123');
  ids = { admin: await userId('admin'), operator: await userId('operator') };
  const rows = await t.handle.db.select({ id: projects.id }).from(projects).orderBy(projects.id);
  [projectA, projectB] = rows.map((row) => row.id) as [number, number];
  await storeFixture(t.handle.db, 'admin', [projectA, projectB]);
  bus = await listenToBus(t);
});
afterAll(async () => {
  await bus.stop();
  await t.close();
});

const produce = (input: ProduceInput) => produceMessage(t.handle.db, t.app.cityops, input);
const page = async (token: string, body: Record<string, unknown> = {}) => {
  const answer = await t.api(messageEndpoints.pageList, { token, body: body as never });
  expect(answer.status_code, answer.message).toBe(1);
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
};
const mark = (token: string, body: unknown) =>
  t.call('POST', `/api${messageEndpoints.recordDeal.path}`, { token, body });
const refused = (message: string) => ({ status_code: 10001, message, data: null });
/** The users who got an event. */
const recipientsOf = async (eventId: number) =>
  (await t.handle.db.select({ userId: messages.userId }).from(messages).where(eq(messages.eventId, eventId)))
    .map((row) => row.userId)
    .sort((a, b) => a - b);
const alarm = (projectId: number | null, deviceName = '1号路灯'): ProduceInput => ({
  kind: 'alarm.raised',
  values: { deviceName, alarmName: '灯具故障', level: '重要', place: '人民路', time: '2026-06-01 16:00:00' },
  projectId,
});

describe('the fixture messages', () => {
  it('are in the centre of the admin (all) and the operator (the alarms of their project), newest first', async () => {
    const first = await page(admin);
    expect(first).toMatchObject({ total: 8, noReadCount: 4 });
    expect(new Set(first.messageList.map((m) => m.messageType)).size).toBeGreaterThan(4);
    const times = first.messageList.map((m) => m.createTime);
    expect(times).toEqual([...times].sort().reverse());
    expect(first.messageList[0]).toMatchObject({
      messageType: 1,
      readStatus: false,
      title: '设备告警：科技园南路12号灯杆',
      projectId: projectA,
      projectName: '深圳南山智慧路灯示范项目',
      link: messageTypePath(1),
    });
    expect(first.messageList[0]?.messageContent).toMatch(
      /科技园南路的科技园南路12号灯杆发生重要告警：单灯控制器离线/,
    );
    // The operator holds the alarm list and the work orders: those two types, of their project.
    const mine = await page(operator);
    expect(mine).toMatchObject({ total: 3, noReadCount: 2 });
    expect(new Set(mine.messageList.map((m) => m.messageType))).toEqual(new Set([1, 2]));
    expect(mine.messageList.every((m) => m.projectId === projectA)).toBe(true);
  });

  it('are not added again by a second call', async () => {
    await storeFixture(t.handle.db, 'admin', [projectA, projectB]);
    expect((await page(admin)).total).toBe(8);
  });
});

describe('pageList', () => {
  it('pages and filters by read status, type and time; noReadCount stays the user’s whole unread count', async () => {
    const one = await page(admin, { pageNum: 2, pageSize: 3 });
    expect(one).toMatchObject({ total: 8, noReadCount: 4 });
    expect(one.messageList).toHaveLength(3);
    const all = (await page(admin, { pageSize: 100 })).messageList;
    expect(one.messageList).toEqual(all.slice(3, 6));
    expect(await page(admin, { pageNum: Number.MAX_SAFE_INTEGER, pageSize: 100 })).toEqual({
      messageList: [],
      total: 8,
      noReadCount: 4,
    });
    const unread = await page(admin, { readStatus: false });
    expect(unread).toMatchObject({ total: 4, noReadCount: 4 });
    expect(unread.messageList.every((m) => !m.readStatus)).toBe(true);
    expect((await page(admin, { readStatus: true })).total).toBe(4);
    expect((await page(admin, { messageType: 9 })).messageList.map((m) => m.messageType)).toEqual([9]);
    expect((await page(admin, { messageType: 4 })).total).toBe(0);

    // Times: from (inclusive) to (exclusive), in any offset.
    const newest = all[0] as Message;
    const at = Date.parse(newest.createTime);
    const china = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
    const window = await page(admin, { startTime: china(at), endTime: new Date(at + 1).toISOString() });
    expect(window.messageList.map((m) => m.id)).toEqual([newest.id]);
    expect((await page(admin, { endTime: china(at) })).total).toBe(7);
    expect((await page(admin, { startTime: new Date(at + 1).toISOString() })).total).toBe(0);
  });

  it('refuses an end before the start and bad input, naming the field', async () => {
    const url = `/api${messageEndpoints.pageList.path}`;
    const body = { startTime: '2026-06-01T10:00:00+08:00', endTime: '2026-06-01T01:00:00Z' };
    expect((await t.call('POST', url, { token: admin, body })).json).toEqual(
      refused('结束时间必须晚于开始时间'),
    );
    // Compared as moments, not as text: 10:00+08:00 is 02:00Z.
    const earlier = { startTime: '2026-06-01T03:00:00Z', endTime: '2026-06-01T10:00:00+08:00' };
    expect((await t.call('POST', url, { token: admin, body: earlier })).json).toEqual(
      refused('结束时间必须晚于开始时间'),
    );
    const later = { startTime: '2026-06-01T10:00:00+08:00', endTime: '2026-06-01T03:00:00Z' };
    expect((await t.call('POST', url, { token: admin, body: later })).json.status_code).toBe(1);
    expect(
      (await t.call('POST', url, { token: admin, body: { startTime: '2026-06-01' } })).json.message,
    ).toMatch(/^参数startTime不合法/);
    expect((await t.call('POST', url, { token: admin })).json).toEqual(refused('缺少参数body'));
    expect((await t.call('POST', url, { token: admin, body: { pageNum: 0 } })).json).toEqual(
      refused('参数pageNum不合法：不能小于1'),
    );
    expect((await t.call('POST', url, { token: admin, body: { pageSize: 101 } })).json).toEqual(
      refused('参数pageSize不合法：不能大于100'),
    );
    expect((await t.call('POST', url, { token: admin, body: { messageType: 10 } })).json.status_code).toBe(
      10001,
    );
    expect(
      (await t.call('POST', url, { token: admin, body: { readStatus: "0' or '1'='1" } })).json.message,
    ).toMatch(/^参数readStatus不合法/);
    expect((await t.call('POST', `${url}?x=1`, { token: admin, body: {} })).json).toEqual(
      refused('不支持的参数x'),
    );
  });
});

describe('recordDeal and readAll', () => {
  beforeEach(() => bus.clear());

  it('mark the user’s own messages read, ignore anyone else’s and impossible ids, and tell every instance', async () => {
    const mine = (await page(admin, { readStatus: false })).messageList.map((m) => m.id);
    const theirs = (await page(operator, { readStatus: false })).messageList.map((m) => m.id);
    const before = (await page(admin)).noReadCount;
    const answer = await mark(admin, {
      recordIds: [mine[0], mine[1], mine[1], ...theirs, 999_999, -3, 99_999_999_999],
      readStatus: true,
    });
    expect(answer.json).toEqual({ status_code: 1, message: '已标记为已读', data: { updated: 2 } });
    expect((await page(admin)).noReadCount).toBe(before - 2);
    expect((await page(operator)).noReadCount).toBe(theirs.length);
    const [row] = await t.handle.db
      .select()
      .from(messages)
      .where(eq(messages.id, mine[0] ?? 0));
    expect(row?.readTime?.toISOString()).toBe(t.clock.now().toISOString());
    // Already read: nothing to update, nothing to tell.
    expect((await mark(admin, { recordIds: [mine[0]], readStatus: true })).json.data).toEqual({ updated: 0 });
    await bus.settle();
    expect(bus.events).toEqual([{ k: 'read', userIds: [ids.admin] }]);
  });

  it('readAll marks every unread message of the caller only', async () => {
    const operatorUnread = (await page(operator)).noReadCount;
    const left = (await page(admin)).noReadCount;
    const answer = await t.api(messageEndpoints.readAll, { token: admin });
    expect(answer).toEqual({ status_code: 1, message: '已全部标记为已读', data: { updated: left } });
    expect((await page(admin)).noReadCount).toBe(0);
    expect((await page(operator)).noReadCount).toBe(operatorUnread);
    expect((await t.api(messageEndpoints.readAll, { token: admin })).data).toEqual({ updated: 0 });
    await bus.settle();
    expect(bus.events).toEqual([{ k: 'read', userIds: [ids.admin] }]);
  });

  it('refuse bad input, naming the field, and change nothing', async () => {
    expect((await mark(admin, {})).json).toEqual(refused('缺少参数recordIds'));
    expect((await mark(admin, { recordIds: [] })).json.message).toMatch(/^参数recordIds不合法/);
    expect((await mark(admin, { recordIds: [1] })).json).toEqual(refused('缺少参数readStatus'));
    expect((await mark(admin, { recordIds: [1], readStatus: false })).json.message).toMatch(
      /^参数readStatus不合法/,
    );
    expect(
      (await mark(admin, { recordIds: ['1; drop table messages'], readStatus: true })).json.message,
    ).toMatch(/^参数recordIds.0不合法/);
    expect(
      (await t.call('POST', `/api${messageEndpoints.readAll.path}`, { token: admin, body: { all: true } }))
        .json,
    ).toEqual(refused('不支持的参数all'));
  });
});

describe('access', () => {
  it('needs msg_page: 10500 without it, 10401 without a session', async () => {
    await t.createUser('viewer', 'Viewer@123', ['message']);
    const viewer = await t.token('viewer', 'Viewer@123');
    const forbidden = { status_code: 10500, message: '没有访问该功能的权限', data: null };
    expect((await t.api(messageEndpoints.pageList, { token: viewer, body: {} })).status_code).toBe(10500);
    expect((await mark(viewer, { recordIds: [1], readStatus: true })).json).toEqual(forbidden);
    // Refused before the body is looked at.
    expect((await mark(viewer, { recordIds: 'x' })).json).toEqual(forbidden);
    expect((await t.api(messageEndpoints.readAll, { token: viewer })).status_code).toBe(10500);
    const ended = { status_code: 10401, message: '登录已失效，请重新登录', data: null };
    expect(await t.api(messageEndpoints.pageList, { body: {} })).toEqual(ended);
    expect((await mark('', { recordIds: [1], readStatus: true })).json).toEqual(ended);
    expect(await t.api(messageEndpoints.readAll, {})).toEqual(ended);
  });
});

describe('produceMessage and the recipient rule', () => {
  let watcher: number;
  let other: number;

  beforeAll(async () => {
    // Alarm pages and the centre, in project A (watcher) or B (other).
    watcher = await t.createUser('watcher', 'Watcher@123', ['msg_page', 'alarmList']);
    other = await t.createUser('other', 'Other@1234', ['msg_page', 'alarmList']);
    await t.handle.db.insert(userProjects).values([
      { userId: watcher, projectId: projectA },
      { userId: other, projectId: projectB },
    ]);
  });
  beforeEach(() => bus.clear());

  it('sends a project’s message to its members who hold the type’s page, and publishes it once', async () => {
    const stored = await produce(alarm(projectA));
    expect(stored?.recipients).toBe(3);
    expect(await recipientsOf(stored?.eventId ?? 0)).toEqual(
      [ids.admin, ids.operator, watcher].sort((a, b) => a - b),
    );
    await bus.settle();
    expect(bus.events).toEqual([{ k: 'message', eventId: stored?.eventId }]);
    const [event] = await t.handle.db
      .select()
      .from(messageEvents)
      .where(eq(messageEvents.id, stored?.eventId ?? 0));
    expect(event).toMatchObject({
      eventKind: 'alarm.raised',
      messageType: 1,
      projectId: projectA,
      title: '设备告警：1号路灯',
      content: '2026-06-01 16:00:00 人民路的1号路灯发生重要告警：灯具故障，请及时处理。',
      createTime: t.clock.now(),
    });
  });

  it('never gives a user another project’s message', async () => {
    const stored = await produce(alarm(projectB));
    expect(await recipientsOf(stored?.eventId ?? 0)).toEqual([ids.admin, other].sort((a, b) => a - b));
    const operatorPage = await page(operator, { pageSize: 100 });
    expect(operatorPage.messageList.some((m) => m.projectId === projectB)).toBe(false);
  });

  it('gives a type only to the holders of its page, and nothing to a disabled user', async () => {
    const contract = await produce({
      kind: 'contract.expiring',
      values: { contractName: '维保合同', days: '30' },
      projectId: projectA,
    });
    expect(await recipientsOf(contract?.eventId ?? 0)).toEqual([ids.admin]);
    await t.handle.db.update(users).set({ status: 'disabled' }).where(eq(users.id, watcher));
    const stored = await produce(alarm(projectA));
    expect(await recipientsOf(stored?.eventId ?? 0)).toEqual([ids.admin, ids.operator].sort((a, b) => a - b));
    await t.handle.db.update(users).set({ status: 'enabled' }).where(eq(users.id, watcher));
  });

  it('sends a platform message (no project) to every holder of the page', async () => {
    const stored = await produce(alarm(null));
    expect(await recipientsOf(stored?.eventId ?? 0)).toEqual(
      [ids.admin, ids.operator, watcher, other].sort((a, b) => a - b),
    );
  });

  it('sends to named users only (still enabled and holding msg_page), whatever the type', async () => {
    const nobody = await userId('nobody');
    const named = await produce({
      kind: 'user.passwordReset',
      values: { userName: 'operator', operator: 'admin', time: '2026-06-01 16:00:00' },
      audience: { userIds: [ids.operator, nobody, 99_999_999_999] },
    });
    expect(await recipientsOf(named?.eventId ?? 0)).toEqual([ids.operator]);
    const byCode = await produce({ ...alarm(projectA), audience: { code: 'userManage' } });
    expect(await recipientsOf(byCode?.eventId ?? 0)).toEqual([ids.admin]);
  });

  it('sends nothing of a page the licence does not open; the platform’s own pages are always open', async () => {
    const modules = async () => new Set(['iotcloud']);
    const ctx = { ...t.app.cityops, licence: { modules } as unknown as typeof t.app.cityops.licence };
    expect(await produceMessage(t.handle.db, ctx, alarm(projectA))).toBeNull();
    const own = await produceMessage(t.handle.db, ctx, {
      ...alarm(projectA),
      audience: { code: 'userManage' },
    });
    expect(await recipientsOf(own?.eventId ?? 0)).toEqual([ids.admin]);
  });

  it('stores and publishes nothing without a recipient', async () => {
    const events = await t.handle.db.$count(messageEvents);
    expect(await produce({ ...alarm(projectA), audience: { userIds: [await userId('nobody')] } })).toBeNull();
    expect(await produce({ ...alarm(projectA), audience: { userIds: [] } })).toBeNull();
    expect(await t.handle.db.$count(messageEvents)).toBe(events);
    await bus.settle();
    expect(bus.events).toEqual([]);
  });
});

describe('delivery reads for the push socket', () => {
  it('answers an event’s rows for the connected recipients with their unread counts', async () => {
    const stored = await produce(alarm(projectA, '9号路灯'));
    const eventId = stored?.eventId ?? 0;
    const nobody = await userId('nobody');
    const counts = await unreadCounts(t.handle.db, [ids.admin, ids.operator, nobody]);
    expect(counts.get(nobody)).toBe(0);
    const delivered = await deliveriesOf(t.handle.db, eventId, [ids.operator, nobody, ids.admin]);
    expect(delivered.map((d) => d.userId).sort((a, b) => a - b)).toEqual(
      [ids.admin, ids.operator].sort((a, b) => a - b),
    );
    for (const delivery of delivered) {
      expect(delivery.noReadCount).toBe(counts.get(delivery.userId));
      expect(delivery.message).toMatchObject({
        title: '设备告警：9号路灯',
        readStatus: false,
        projectId: projectA,
      });
    }
    const [row] = await t.handle.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.eventId, eventId), eq(messages.userId, ids.operator)));
    expect(delivered.find((d) => d.userId === ids.operator)?.message.id).toBe(row?.id);
    expect(await deliveriesOf(t.handle.db, eventId, [])).toEqual([]);
    expect(await deliveriesOf(t.handle.db, eventId, [nobody])).toEqual([]);
  });

  it('answers a user’s newest unread messages and their count', async () => {
    const state = await unreadState(t.handle.db, ids.operator, 2);
    expect(state.noReadCount).toBe((await unreadCounts(t.handle.db, [ids.operator])).get(ids.operator));
    expect(state.noReadCount).toBeGreaterThan(2);
    expect(state.messageList).toHaveLength(2);
    expect(state.messageList.every((m) => !m.readStatus)).toBe(true);
    const [first, second] = state.messageList as [Message, Message];
    expect(first.createTime >= second.createTime).toBe(true);
    expect(await unreadState(t.handle.db, await userId('nobody'), 20)).toEqual({
      messageList: [],
      noReadCount: 0,
    });
  });
});

describe('every event renders', () => {
  it('with its shipped template and sample values, leaving no variable unfilled', async () => {
    const { MESSAGE_EVENTS } = await import('@cityops/contract');
    for (const [kind, event] of Object.entries(MESSAGE_EVENTS)) {
      const stored = await produce({
        kind: kind as MessageEventKind,
        values: event.variables,
        audience: { userIds: [ids.admin] },
      });
      const [row] = await t.handle.db
        .select()
        .from(messageEvents)
        .where(eq(messageEvents.id, stored?.eventId ?? 0));
      expect(`${row?.title} ${row?.content}`).not.toMatch(/[{}]/);
      expect(row?.messageType).toBe(event.type);
    }
  });
});
