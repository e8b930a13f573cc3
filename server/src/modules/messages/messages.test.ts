import type { Message } from '@cityops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, users } from '../../db/schema.js';
import { seedDemoMessages } from '../../db/seed/messages.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let operator: string;

interface Page {
  messageList: Message[];
  noReadCount: number;
  total: number;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  operator = await t.token('operator', 'Operator@123');
});
afterAll(() => t.close());

const refused = (message: string) => ({ status_code: 10001, message, data: null });
const page = async (token: string, body: unknown = {}) => {
  const answer = await t.call('POST', '/api/sys/message/pageList', { token, body });
  expect(answer.json.status_code, answer.json.message).toBe(1);
  return answer.json.data as Page;
};
const mark = (token: string, body: unknown) => t.call('POST', '/api/sys/message/recordDeal', { token, body });
const userId = async (userName: string) =>
  (await t.handle.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0]?.id ?? 0;

describe('the message centre', () => {
  it('has demo messages of several types for admin and operator, some unread, newest first', async () => {
    const first = await page(admin);
    expect(first.total).toBe(7);
    expect(first.noReadCount).toBe(4);
    expect(new Set(first.messageList.map((m) => m.messageType)).size).toBeGreaterThan(4);
    const times = first.messageList.map((m) => m.createTime);
    expect(times).toEqual([...times].sort().reverse());
    expect(first.messageList[0]).toMatchObject({ messageType: 1, readStatus: false });
    expect(first.messageList[0]?.messageContent).toMatch(/离线/);
    expect((await page(operator)).total).toBe(7);
  });

  it('does not add the demo messages again on a restart', async () => {
    await seedDemoMessages(t.handle.db, 'admin');
    expect((await page(admin)).total).toBe(7);
  });

  it('pages and filters by read status and type; noReadCount stays the user’s whole unread count', async () => {
    const one = await page(admin, { pageNum: 2, pageSize: 3 });
    expect(one).toMatchObject({ total: 7, noReadCount: 4 });
    expect(one.messageList).toHaveLength(3);
    const all = (await page(admin, { pageSize: 100 })).messageList;
    expect(one.messageList).toEqual(all.slice(3, 6));
    expect((await page(admin, { pageNum: 9 })).messageList).toEqual([]);
    expect(await page(admin, { pageNum: Number.MAX_SAFE_INTEGER, pageSize: 100 })).toEqual({
      messageList: [],
      total: 7,
      noReadCount: 4,
    });
    const unread = await page(admin, { readStatus: false });
    expect(unread).toMatchObject({ total: 4, noReadCount: 4 });
    expect(unread.messageList.every((m) => !m.readStatus)).toBe(true);
    const read = await page(admin, { readStatus: true });
    expect(read.total).toBe(3);
    const contracts = await page(admin, { messageType: 9 });
    expect(contracts.messageList.map((m) => m.messageType)).toEqual([9]);
    expect((await page(admin, { messageType: 4 })).total).toBe(0);
  });

  it('marks the user’s own messages read and ignores ids of anyone else’s', async () => {
    const mine = (await page(admin, { readStatus: false })).messageList.map((m) => m.id);
    const theirs = (await page(operator, { readStatus: false })).messageList.map((m) => m.id);
    const answer = await mark(admin, {
      recordIds: [mine[0], mine[1], mine[1], ...theirs, 999_999, -3, 99_999_999_999],
      readStatus: true,
    });
    expect(answer.json).toEqual({ status_code: 1, message: '已标记为已读', data: { updated: 2 } });
    expect((await page(admin)).noReadCount).toBe(2);
    expect((await page(operator)).noReadCount).toBe(theirs.length);
    // Already read: nothing more to update.
    expect((await mark(admin, { recordIds: [mine[0]], readStatus: true })).json.data).toEqual({ updated: 0 });
    const operatorRows = await t.handle.db
      .select()
      .from(messages)
      .where(eq(messages.userId, await userId('operator')));
    expect(operatorRows.filter((row) => !row.readStatus)).toHaveLength(theirs.length);
  });

  it('refuses bad input, naming the field', async () => {
    const url = '/api/sys/message/pageList';
    expect((await t.call('POST', url, { token: admin })).json).toEqual(refused('缺少参数body'));
    expect((await t.call('POST', url, { token: admin, body: { pageNum: 0 } })).json).toEqual(
      refused('参数pageNum不合法：不能小于1'),
    );
    expect((await t.call('POST', url, { token: admin, body: { pageSize: 101 } })).json).toEqual(
      refused('参数pageSize不合法：不能大于100'),
    );
    expect((await t.call('POST', url, { token: admin, body: { pageNum: '1' } })).json.message).toMatch(
      /^参数pageNum不合法：类型应为/,
    );
    expect((await t.call('POST', url, { token: admin, body: { messageType: 10 } })).json.status_code).toBe(
      10001,
    );
    expect(
      (await t.call('POST', url, { token: admin, body: { readStatus: "0' or '1'='1" } })).json.message,
    ).toMatch(/^参数readStatus不合法/);
    expect(
      (await t.call('POST', url, { token: admin, body: { messageType: '<script>alert(1)</script>' } })).json
        .message,
    ).toMatch(/^参数messageType不合法/);
    expect((await t.call('POST', `${url}?x=1`, { token: admin, body: {} })).json).toEqual(
      refused('不支持的参数x'),
    );

    expect((await mark(admin, {})).json).toEqual(refused('缺少参数recordIds'));
    expect((await mark(admin, { recordIds: [] })).json.message).toMatch(/^参数recordIds不合法/);
    expect((await mark(admin, { recordIds: [1] })).json).toEqual(refused('缺少参数readStatus'));
    expect((await mark(admin, { recordIds: [1], readStatus: false })).json.message).toMatch(
      /^参数readStatus不合法/,
    );
    expect(
      (await mark(admin, { recordIds: ['1; drop table messages'], readStatus: true })).json.message,
    ).toMatch(/^参数recordIds.0不合法/);
    expect((await mark(admin, { recordIds: 'all', readStatus: true })).json.status_code).toBe(10001);
    expect((await page(admin)).total).toBe(7);
  });

  it('needs msg_page: 10500 without it, 10401 without a session', async () => {
    const nobody = await t.token('nobody', 'Nobody@123').catch(() => null);
    await t.createUser('viewer', 'Viewer@123', ['message']);
    const viewer = await t.token('viewer', 'Viewer@123');
    const forbidden = { status_code: 10500, message: '没有访问该功能的权限', data: null };
    for (const token of [viewer, ...(nobody ? [nobody] : [])]) {
      expect((await t.call('POST', '/api/sys/message/pageList', { token, body: {} })).json).toEqual(
        forbidden,
      );
      expect((await mark(token, { recordIds: [1], readStatus: true })).json).toEqual(forbidden);
      // Refused before the body is looked at.
      expect((await mark(token, { recordIds: 'x' })).json).toEqual(forbidden);
    }
    const ended = { status_code: 10401, message: '登录已失效，请重新登录', data: null };
    expect((await t.call('POST', '/api/sys/message/pageList', { body: {} })).json).toEqual(ended);
    expect((await mark('', { recordIds: [1], readStatus: true })).json).toEqual(ended);
  });
});
