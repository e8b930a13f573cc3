import { API_PREFIX, authEndpoints, type NopassTokenQuery } from '@cityops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
});
afterAll(() => t.close());

const INVALID = { status_code: 10001, message: '登录凭证无效或已过期，请重新获取', data: null };
const UNSAFE = {
  status_code: 10001,
  message: '跳转地址不安全：只能跳转到本系统内以“/”开头的页面',
  data: null,
};

async function ticketFor(token: string) {
  const answer = await t.api(authEndpoints.issueTicket, { token, body: {} });
  if (!answer.data) throw new Error(`no ticket: ${answer.message}`);
  return answer.data.ticket;
}
const nopass = (query: NopassTokenQuery) => t.api(authEndpoints.nopassToken, { query });
/** The call with a query string written by hand, for what the typed client cannot send. */
const nopassRaw = async (query: string, headers: Record<string, string> = {}) =>
  (await t.call('GET', `${API_PREFIX}${authEndpoints.nopassToken.path}?${query}`, { headers })).json;

describe('GET nopass/token: the one-time sign-in of /userlogin', () => {
  it('answers on /api/nopass/token', () => {
    expect(`${API_PREFIX}${authEndpoints.nopassToken.path}`).toBe('/api/nopass/token');
    expect(authEndpoints.nopassToken.method).toBe('GET');
  });

  it('signs the ticket user in with a normal session, once', async () => {
    const ticket = await ticketFor(admin);
    const first = await nopass({ ticket, redirect: '/admin/userManage', t: '1764000000000' });
    expect(first.status_code).toBe(1);
    expect(first.data).toMatchObject({ userName: 'admin', areaIds: [] });
    expect(first.data?.permissions).toEqual(expect.arrayContaining(['admin', 'userManage']));
    const me = await t.api(authEndpoints.userPermissions, { token: first.data?.token ?? '' });
    expect(me.data?.userName).toBe('admin');

    expect(await nopass({ ticket, redirect: '/admin/userManage' })).toEqual(INVALID);
  });

  it('spends the same tickets as POST /login/doLoginByTicket: one use between the two', async () => {
    const byGet = await ticketFor(admin);
    expect((await nopass({ ticket: byGet })).status_code).toBe(1);
    expect(await t.api(authEndpoints.ticketLogin, { body: { ticket: byGet } })).toEqual(INVALID);

    const byPost = await ticketFor(admin);
    expect((await t.api(authEndpoints.ticketLogin, { body: { ticket: byPost } })).status_code).toBe(1);
    expect(await nopass({ ticket: byPost })).toEqual(INVALID);
  });

  it('expires after 60 seconds by the clock', async () => {
    const ticket = await ticketFor(admin);
    t.clock.advanceMinutes(59 / 60);
    const younger = await ticketFor(admin);
    t.clock.advanceMinutes(1 / 60);
    expect(await nopass({ ticket })).toEqual(INVALID);
    expect((await nopass({ ticket: younger })).status_code).toBe(1);
  });

  it('refuses an unsafe redirect without spending the ticket', async () => {
    const ticket = await ticketFor(admin);
    for (const redirect of [
      '//evil.com',
      'https://evil.com/phish',
      'javascript:alert(1)',
      '/\\evil.com',
      '/\t/evil.com',
      'admin',
      '',
      '/userlogin?ticket=again',
    ]) {
      expect(await nopass({ ticket, redirect })).toEqual(UNSAFE);
    }
    expect((await nopass({ ticket, redirect: '/admin/userManage?tab=1' })).status_code).toBe(1);
  });

  it('says in English why a redirect is refused when asked in English', async () => {
    const answer = await nopassRaw('ticket=abc&redirect=%2F%2Fevil.com', { 'accept-language': 'en-US' });
    expect(answer.message).toBe(
      'Unsafe redirect: only a page of this system, a path starting with "/", is allowed',
    );
  });

  it('refuses bad parameters with 10001 and a message naming the parameter', async () => {
    const cases: [string, string][] = [
      ['', '缺少参数ticket'],
      ['redirect=%2F', '缺少参数ticket'],
      ['ticket=', '参数ticket不合法：长度不能少于1个字符'],
      [`ticket=${'x'.repeat(129)}`, '参数ticket不合法：长度不能超过128个字符'],
      ['ticket=a&ticket=b', '参数ticket不合法：类型应为string'],
      [`ticket=abc&redirect=%2F${'a'.repeat(2048)}`, '参数redirect不合法：长度不能超过2048个字符'],
      ['ticket=abc&token=abc', '不支持的参数token'],
      ['ticket=abc&userId=1', '不支持的参数userId'],
    ];
    for (const [query, message] of cases) {
      expect(await nopassRaw(query)).toEqual({ status_code: 10001, message, data: null });
    }
  });

  it('refuses an unknown ticket, logs the failure, and never writes a ticket to the log', async () => {
    const ticket = await ticketFor(admin);
    expect((await nopass({ ticket })).status_code).toBe(1);
    expect(await nopass({ ticket: 'not-a-ticket-we-issued' })).toEqual(INVALID);
    const rows = await t.handle.db.select().from(operationLog).where(eq(operationLog.action, 'login_failed'));
    expect(rows.at(-1)).toMatchObject({ outcome: 'failure', detail: 'ticketInvalid' });
    const written = `${JSON.stringify(rows)}\n${t.logs.join('\n')}`;
    expect(t.logs.some((line) => line.includes('/api/nopass/token'))).toBe(true);
    expect(written).not.toContain(ticket);
    expect(written).not.toContain('not-a-ticket-we-issued');
  });

  it('dies with the session that made it', async () => {
    await t.createUser('nopass_out', 'Right@123', ['msg_page']);
    const leaving = await t.token('nopass_out', 'Right@123');
    const ticket = await ticketFor(leaving);
    expect((await t.api(authEndpoints.logout, { token: leaving })).status_code).toBe(1);
    expect(await nopass({ ticket })).toEqual(INVALID);
  });
});
