import { createHash } from 'node:crypto';
import { authEndpoints, type LoginData, type TicketData } from '@cityops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginTickets, operationLog, sessions, userRoles, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
});
afterAll(() => t.close());

const ISSUE = `/api${authEndpoints.issueTicket.path}`;
const REDEEM = `/api${authEndpoints.ticketLogin.path}`;
const INVALID = '登录凭证无效或已过期，请重新获取';

const issue = async (token: string, body: unknown = {}) =>
  (await t.call('POST', ISSUE, { token, body })).json;
async function ticketFor(token: string) {
  const answer = await issue(token);
  expect(answer.status_code).toBe(1);
  return (answer.data as TicketData).ticket;
}
const redeem = async (body: unknown) => (await t.call('POST', REDEEM, { body })).json;

describe('one-time sign-in tickets', () => {
  it('issues a ticket for the current user, valid 60 s, and keeps only its SHA-256', async () => {
    const answer = await issue(admin, { purpose: 'control room' });
    expect(answer.status_code).toBe(1);
    const { ticket, expiresAt } = answer.data as TicketData;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBe(60_000);
    const rows = await t.handle.db.select().from(loginTickets);
    const hash = createHash('sha256').update(ticket).digest('hex');
    expect(rows.find((row) => row.ticketHash === hash)?.purpose).toBe('control room');
    expect(JSON.stringify(rows)).not.toContain(ticket);
  });

  it('signs the ticket user in with a normal session, once', async () => {
    const ticket = await ticketFor(admin);
    const first = await redeem({ ticket });
    expect(first.status_code).toBe(1);
    const data = first.data as LoginData;
    expect(data).toMatchObject({ userName: 'admin', areaIds: [] });
    expect(data.permissions).toEqual(expect.arrayContaining(['admin', 'userManage']));
    const me = await t.call('POST', '/api/user/queryUserPermissions', { token: data.token, body: {} });
    expect(me.json.status_code).toBe(1);

    expect(await redeem({ ticket })).toEqual({ status_code: 10001, message: INVALID, data: null });
  });

  it('expires after 60 seconds by the clock', async () => {
    const ticket = await ticketFor(admin);
    t.clock.advanceMinutes(59 / 60);
    const early = await ticketFor(admin);
    t.clock.advanceMinutes(1 / 60);
    expect((await redeem({ ticket })).message).toBe(INVALID);
    expect((await redeem({ ticket: early })).status_code).toBe(1);
  });

  it('refuses an unknown ticket and logs the failure without the ticket', async () => {
    expect(await redeem({ ticket: 'not-a-ticket-we-issued' })).toEqual({
      status_code: 10001,
      message: INVALID,
      data: null,
    });
    const rows = await t.handle.db.select().from(operationLog).where(eq(operationLog.action, 'login_failed'));
    expect(rows.at(-1)).toMatchObject({ outcome: 'failure', detail: 'ticketInvalid' });
    expect(JSON.stringify(rows)).not.toContain('not-a-ticket-we-issued');
  });

  it('answers in English when asked', async () => {
    const answer = await t.call('POST', REDEEM, {
      body: { ticket: 'nope' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(answer.json.message).toBe('The sign-in link is invalid or has expired; please get a new one');
  });

  it('issues no ticket without a session', async () => {
    expect((await t.call('POST', ISSUE, { body: {} })).json.status_code).toBe(10401);
    expect((await t.call('POST', ISSUE, { token: 'forged', body: {} })).json.status_code).toBe(10401);
  });

  it('refuses bad input with 10001 and a message naming the field', async () => {
    const cases: [unknown, string][] = [
      [{}, '缺少参数ticket'],
      [{ ticket: 42 }, '参数ticket不合法：类型应为string'],
      [{ ticket: '' }, '参数ticket不合法：长度不能少于1个字符'],
      [{ ticket: 'x'.repeat(129) }, '参数ticket不合法：长度不能超过128个字符'],
    ];
    for (const [body, message] of cases) {
      expect(await redeem(body)).toEqual({ status_code: 10001, message, data: null });
    }
    expect((await issue(admin, { purpose: 'p'.repeat(51) })).message).toBe(
      '参数purpose不合法：长度不能超过50个字符',
    );
    expect((await issue(admin, { purpose: 7 })).status_code).toBe(10001);
    expect((await issue(admin, { userId: 2 })).message).toBe('不支持的参数userId');
  });

  it('treats SQL and HTML as an unknown ticket, nothing more', async () => {
    for (const ticket of ["' or 1=1 --", '1; drop table login_tickets', '<script>alert(1)</script>']) {
      expect(await redeem({ ticket })).toEqual({ status_code: 10001, message: INVALID, data: null });
    }
    expect((await t.handle.db.select().from(loginTickets)).length).toBeGreaterThan(0);
    const escaped = await issue(admin, { purpose: '<b>x</b>' });
    expect(escaped.status_code).toBe(1);
  });

  it('refuses a user without permissions with 10500, like the normal sign-in', async () => {
    const id = await t.createUser('ticket_np', 'Right@123', ['msg_page']);
    const token = await t.token('ticket_np', 'Right@123');
    const ticket = await ticketFor(token);
    await t.handle.db.delete(userRoles).where(eq(userRoles.userId, id));
    expect(await redeem({ ticket })).toEqual({
      status_code: 10500,
      message: '用户无任何权限，无法登入系统。',
      data: null,
    });
  });

  it('refuses a disabled or locked account like the normal sign-in', async () => {
    const id = await t.createUser('ticket_off', 'Right@123', ['msg_page']);
    const token = await t.token('ticket_off', 'Right@123');
    const disabled = await ticketFor(token);
    const locked = await ticketFor(token);
    await t.handle.db.update(users).set({ status: 'disabled' }).where(eq(users.id, id));
    expect((await redeem({ ticket: disabled })).message).toBe('账号已停用，请联系管理员');
    await t.handle.db
      .update(users)
      .set({ status: 'enabled', lockedUntil: new Date(t.clock.now().getTime() + 5 * 60_000) })
      .where(eq(users.id, id));
    expect((await redeem({ ticket: locked })).message).toBe('账号已被锁定，请5分钟后再试');
  });

  it('writes the issue and the sign-in to the operation log', async () => {
    const token = await t.token('operator', 'Operator@123');
    const ticket = await ticketFor(token);
    expect((await redeem({ ticket })).status_code).toBe(1);
    const rows = await t.handle.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.account, 'operator'))
      .orderBy(operationLog.id);
    expect(rows.slice(-2).map((row) => [row.action, row.outcome, row.detail])).toEqual([
      ['ticket_issued', 'success', ''],
      ['login', 'success', 'byTicket'],
    ]);
  });

  it("dies with the session that made it: a logout revokes its tickets, not other sessions' ones", async () => {
    await t.createUser('ticket_out', 'Right@123', ['msg_page']);
    const leaving = await t.token('ticket_out', 'Right@123');
    const staying = await t.token('ticket_out', 'Right@123');
    const revoked = await ticketFor(leaving);
    const kept = await ticketFor(staying);
    expect((await t.call('POST', '/api/login/doLogout', { token: leaving })).json.status_code).toBe(1);
    expect(await redeem({ ticket: revoked })).toEqual({ status_code: 10001, message: INVALID, data: null });
    expect((await redeem({ ticket: kept })).status_code).toBe(1);
  });

  it('is revoked by a password change, with every session of the user', async () => {
    await t.createUser('ticket_pwd', 'Right@123', ['msg_page']);
    const token = await t.token('ticket_pwd', 'Right@123');
    const other = await t.token('ticket_pwd', 'Right@123');
    const mine = await ticketFor(token);
    const theirs = await ticketFor(other);
    const changed = await t.call('POST', '/api/user/updatePwd', {
      token,
      body: { oldPassword: 'Right@123', password: 'Other@456', confirmPass: 'Other@456' },
    });
    expect(changed.json.status_code).toBe(1);
    for (const ticket of [mine, theirs]) {
      expect(await redeem({ ticket })).toEqual({ status_code: 10001, message: INVALID, data: null });
    }
  });

  it('is revoked when an administrator ends the session that made it', async () => {
    await t.createUser('ticket_kick', 'Right@123', ['msg_page']);
    const token = await t.token('ticket_kick', 'Right@123');
    const ticket = await ticketFor(token);
    const [session] = await t.handle.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, createHash('sha256').update(token).digest('hex')));
    const kicked = await t.call('POST', '/api/user/online/kick', {
      token: admin,
      body: { sessionId: session?.id },
    });
    expect(kicked.json.status_code).toBe(1);
    expect((await redeem({ ticket })).message).toBe(INVALID);
  });
});
