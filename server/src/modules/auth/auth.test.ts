import { createHash } from 'node:crypto';
import { LOGIN_MAX_FAILURES, type LoginData } from '@cityops/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog, sessions, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { hashToken } from './sessions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const wrong = (remaining: number) => `账号或密码错误，再失败${remaining}次账号将被锁定10分钟`;
const logRows = (account: string) =>
  t.handle.db.select().from(operationLog).where(eq(operationLog.account, account)).orderBy(operationLog.id);

describe('sign-in with a password', () => {
  it('signs the admin in with a token, every permission code and the default project', async () => {
    const answer = await t.login('admin', 'Admin@123');
    expect(answer.status_code).toBe(1);
    const data = answer.data as LoginData;
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data).toMatchObject({ userName: 'admin', userType: 0, areaIds: [] });
    expect(data.permissions).toEqual(
      expect.arrayContaining(['admin', 'userManage', 'msg_page', 'playRealWeb']),
    );
    expect(data.projectId).toEqual(expect.any(Number));
  });

  it('carries the session that /user/queryUserPermissions answers, so no second call is needed', async () => {
    const data = (await t.login('admin', 'Admin@123')).data as LoginData;
    const asked = await t.call('POST', '/api/user/queryUserPermissions', { token: data.token });
    expect(asked.json.status_code).toBe(1);
    expect(data.session).toEqual(asked.json.data);
    expect(data.session?.menus.length).toBeGreaterThan(10);
  });

  it('keeps only the SHA-256 of the token', async () => {
    const { token, userId } = (await t.login('admin', 'Admin@123')).data as LoginData;
    const rows = await t.handle.db.select().from(sessions).where(eq(sessions.userId, userId));
    const hash = createHash('sha256').update(token).digest('hex');
    expect(rows.some((row) => row.tokenHash === hash)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses a user without permissions with 10500 and the spec text, and opens no session', async () => {
    const answer = await t.login('nobody', 'Nobody@123');
    expect(answer).toEqual({ status_code: 10500, message: '用户无任何权限，无法登入系统。', data: null });
    const [nobody] = await t.handle.db.select().from(users).where(eq(users.userName, 'nobody'));
    expect(
      await t.handle.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, nobody?.id ?? -1)),
    ).toEqual([]);
  });

  it('removes whitespace from the account before anything else', async () => {
    expect((await t.login(' op er ator ', 'Operator@123')).status_code).toBe(1);
  });

  it('says how many tries are left after a wrong password', async () => {
    await t.createUser('wrong1', 'Right@123', ['msg_page']);
    expect(await t.login('wrong1', 'Wrong@123')).toEqual({
      status_code: 10001,
      message: wrong(4),
      data: null,
    });
    expect((await t.login('wrong1', 'Wrong@123')).message).toBe(wrong(3));
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    expect(await t.login('ghost_account', 'Whatever1')).toEqual({
      status_code: 10001,
      message: wrong(4),
      data: null,
    });
  });

  it('answers in English when the browser asks for it', async () => {
    const answer = await t.call('POST', '/api/login/doLoginNoVerCode', {
      body: { userName: 'nobody', password: 'Nobody@123' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(answer.json.message).toBe('This user has no permissions and cannot sign in.');
  });

  it('refuses a disabled account', async () => {
    const id = await t.createUser('disabled1', 'Right@123', ['msg_page']);
    await t.handle.db.update(users).set({ status: 'disabled' }).where(eq(users.id, id));
    expect((await t.login('disabled1', 'Right@123')).message).toBe('账号已停用，请联系管理员');
  });
});

describe('lockout', () => {
  it('locks the account after 5 failed logins, for 10 minutes by the clock', async () => {
    await t.createUser('locky', 'Right@123', ['msg_page']);
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) {
      expect((await t.login('locky', 'Wrong@123')).message).toBe(wrong(LOGIN_MAX_FAILURES - i));
    }
    expect((await t.login('locky', 'Wrong@123')).message).toBe('账号已被锁定，请10分钟后再试');
    expect((await t.login('locky', 'Right@123')).message).toBe('账号已被锁定，请10分钟后再试');
    t.clock.advanceMinutes(4);
    expect((await t.login('locky', 'Right@123')).message).toBe('账号已被锁定，请6分钟后再试');
    t.clock.advanceMinutes(6);
    expect((await t.login('locky', 'Right@123')).status_code).toBe(1);
    const actions = (await logRows('locky')).map((row) => row.action);
    expect(actions.filter((action) => action === 'locked')).toHaveLength(1);
    expect(actions.at(-1)).toBe('login');
  });

  it('starts counting again after a successful sign-in', async () => {
    await t.createUser('resetty', 'Right@123', ['msg_page']);
    for (let i = 0; i < 3; i++) await t.login('resetty', 'Wrong@123');
    expect((await t.login('resetty', 'Right@123')).status_code).toBe(1);
    expect((await t.login('resetty', 'Wrong@123')).message).toBe(wrong(4));
  });

  it('locks unknown accounts the same way, so a lock does not reveal an account', async () => {
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) await t.login('nobody_here', 'Wrong@123');
    expect((await t.login('nobody_here', 'Wrong@123')).message).toBe('账号已被锁定，请10分钟后再试');
    expect((await t.login('nobody_here', 'Wrong@123')).message).toBe('账号已被锁定，请10分钟后再试');
    t.clock.advanceMinutes(10);
    expect((await t.login('nobody_here', 'Wrong@123')).message).toBe(wrong(4));
  });

  it('writes failed sign-ins and the lock to the operation log with the address', async () => {
    const rows = await logRows('nobody_here');
    expect(rows.map((row) => row.action)).toContain('locked');
    expect(
      rows.every((row) => row.ip === '127.0.0.1' && row.outcome === 'failure' && row.userId === null),
    ).toBe(true);
  });
});

describe('lockout by address', () => {
  const LOCKED = '账号已被锁定，请10分钟后再试';
  const loginFrom = async (remoteAddress: string, userName: string, password: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/login/doLoginNoVerCode',
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ userName, password }),
      })
    ).json<{ status_code: number; message: string }>();

  it('locks out only the address that failed five times; the owner signs in from elsewhere', async () => {
    await t.createUser('target1', 'Right@123', ['msg_page']);
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++)
      expect((await loginFrom('203.0.113.66', 'target1', 'Wrong@123')).message).toBe(wrong(5 - i));
    expect((await loginFrom('203.0.113.66', 'target1', 'Wrong@123')).message).toBe(LOCKED);
    expect((await loginFrom('203.0.113.66', 'target1', 'Right@123')).message).toBe(LOCKED);
    expect((await loginFrom('198.51.100.10', 'target1', 'Right@123')).status_code).toBe(1);
    // Another address's failures do not use up this one's tries.
    expect((await loginFrom('198.51.100.10', 'target1', 'Wrong@123')).message).toBe(wrong(4));
  });

  it('locks the account for new addresses after LOGIN_ACCOUNT_MAX_FAILURES from many, but not for one it signed in from', async () => {
    await t.createUser('target2', 'Right@123', ['msg_page']);
    expect((await loginFrom('198.51.100.20', 'target2', 'Right@123')).status_code).toBe(1);
    const limit = t.config.LOGIN_ACCOUNT_MAX_FAILURES;
    expect(limit).toBe(20);
    for (let i = 0; i < limit - 1; i++) {
      const answer = await loginFrom(`203.0.113.${100 + i}`, 'target2', 'Wrong@123');
      expect(answer.message).toBe(wrong(4));
    }
    expect((await loginFrom('203.0.113.200', 'target2', 'Wrong@123')).message).toBe(LOCKED);
    expect((await loginFrom('203.0.113.201', 'target2', 'Right@123')).message).toBe(LOCKED);
    expect((await loginFrom('198.51.100.20', 'target2', 'Right@123')).status_code).toBe(1);
    t.clock.advanceMinutes(10);
    expect((await loginFrom('203.0.113.201', 'target2', 'Right@123')).status_code).toBe(1);
  });

  it('does the same for an unknown account, so neither lock reveals whether an account exists', async () => {
    for (let i = 0; i < t.config.LOGIN_ACCOUNT_MAX_FAILURES - 1; i++)
      await loginFrom(`192.0.2.${i + 1}`, 'ghost_many', 'Wrong@123');
    expect((await loginFrom('192.0.2.200', 'ghost_many', 'Wrong@123')).message).toBe(LOCKED);
    expect((await loginFrom('192.0.2.201', 'ghost_many', 'Wrong@123')).message).toBe(LOCKED);
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) await loginFrom('192.0.2.99', 'ghost_one', 'Wrong@123');
    expect((await loginFrom('192.0.2.99', 'ghost_one', 'Wrong@123')).message).toBe(LOCKED);
    expect((await loginFrom('192.0.2.98', 'ghost_one', 'Wrong@123')).message).toBe(wrong(4));
  });
});

describe('sessions', () => {
  const permissions = (token?: string) =>
    t.call('POST', '/api/user/queryUserPermissions', { token, body: {} });

  it('answers 10401 without a token and with an unknown one', async () => {
    expect((await permissions()).json).toEqual({
      status_code: 10401,
      message: '登录已失效，请重新登录',
      data: null,
    });
    expect((await permissions('not-a-real-token')).json.status_code).toBe(10401);
    expect((await permissions('x'.repeat(5000))).json.status_code).toBe(10401);
  });

  it('ends a session left idle for SESSION_IDLE_MINUTES, and slides it on use', async () => {
    const token = await t.token('operator', 'Operator@123');
    t.clock.advanceMinutes(29);
    expect((await permissions(token)).json.status_code).toBe(1);
    t.clock.advanceMinutes(29);
    expect((await permissions(token)).json.status_code).toBe(1);
    t.clock.advanceMinutes(31);
    expect((await permissions(token)).json.status_code).toBe(10401);
  });

  it('writes a session at most once a minute, however many calls it makes', async () => {
    const token = await t.token('operator', 'Operator@123');
    const stored = async () => {
      const [row] = await t.handle.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)));
      return { lastSeenAt: row?.lastSeenAt.getTime(), expiresAt: row?.expiresAt.getTime() };
    };
    const signedIn = await stored();
    t.clock.advanceMinutes(0.5);
    for (let call = 0; call < 5; call += 1) expect((await permissions(token)).json.status_code).toBe(1);
    expect(await stored()).toEqual(signedIn);
    t.clock.advanceMinutes(0.6);
    expect((await permissions(token)).json.status_code).toBe(1);
    const touched = await stored();
    expect(touched.lastSeenAt).toBe(t.clock.now().getTime());
    expect(touched.expiresAt).toBe(t.clock.now().getTime() + 30 * 60_000);
  });

  it('ends a session at SESSION_MAX_AGE_HOURS however often it is kept alive, with 10401', async () => {
    const token = await t.token('operator', 'Operator@123');
    const postpone = () => t.call('POST', '/api/user/token/postpone', { token, body: {} });
    // Kept alive every 20 minutes (well inside the idle limit) for all but the last minutes of 12 hours.
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      t.clock.advanceMinutes(20);
      expect((await postpone()).json.status_code).toBe(1);
    }
    // The expiry it reports never passes the maximum age.
    const last = await postpone();
    expect(last.json.data).toEqual({
      expiresAt: new Date(t.clock.now().getTime() + 20 * 60_000).toISOString(),
    });
    t.clock.advanceMinutes(20);
    expect((await postpone()).json).toEqual({
      status_code: 10401,
      message: '登录已失效，请重新登录',
      data: null,
    });
    expect((await permissions(token)).json.status_code).toBe(10401);
    // A new sign-in starts a new session.
    expect((await permissions(await t.token('operator', 'Operator@123'))).json.status_code).toBe(1);
  });

  it('postpones the idle expiry and says until when', async () => {
    const token = await t.token('operator', 'Operator@123');
    t.clock.advanceMinutes(20);
    const answer = await t.call('POST', '/api/user/token/postpone', { token, body: {} });
    expect(answer.json.status_code).toBe(1);
    expect(answer.json.data).toEqual({
      expiresAt: new Date(t.clock.now().getTime() + 30 * 60_000).toISOString(),
    });
    expect((await t.call('POST', '/api/user/token/postpone')).json.status_code).toBe(10401);
  });

  it('logs out, and logging out twice or without a token still answers 1', async () => {
    const token = await t.token('operator', 'Operator@123');
    const logout = (tk?: string) => t.call('POST', '/api/login/doLogout', { token: tk });
    expect((await logout(token)).json).toMatchObject({ status_code: 1, data: null });
    expect((await permissions(token)).json.status_code).toBe(10401);
    expect((await logout(token)).json.status_code).toBe(1);
    expect((await logout()).json.status_code).toBe(1);
    const [last] = (await logRows('operator')).filter((row) => row.action === 'logout');
    expect(last).toMatchObject({ outcome: 'success', ip: '127.0.0.1' });
  });

  it('keeps the sessions of one user apart', async () => {
    const first = await t.token('operator', 'Operator@123');
    const second = await t.token('operator', 'Operator@123');
    await t.call('POST', '/api/login/doLogout', { token: first });
    expect((await permissions(second)).json.status_code).toBe(1);
  });

  it('ends the sessions of a user who is disabled', async () => {
    const id = await t.createUser('soon_disabled', 'Right@123', ['msg_page']);
    const token = await t.token('soon_disabled', 'Right@123');
    await t.handle.db.update(users).set({ status: 'disabled' }).where(eq(users.id, id));
    expect((await permissions(token)).json.status_code).toBe(10401);
  });
});

describe('what sign-in accepts', () => {
  const attempt = (body: unknown) => t.call('POST', '/api/login/doLoginNoVerCode', { body });

  it.each([
    [{ password: 'Admin@123' }, '缺少参数userName'],
    [{ userName: 'admin' }, '缺少参数password'],
    [{ userName: '', password: 'Admin@123' }, '请输入账号'],
    [{ userName: 'a', password: 'Admin@123' }, '账号长度2-50位,只能为字母、数字或任意组合'],
    [{ userName: 'a'.repeat(51), password: 'Admin@123' }, '账号长度2-50位,只能为字母、数字或任意组合'],
    [{ userName: 'admin', password: '' }, '请输入密码'],
    [{ userName: 'admin', password: '123' }, '密码长度6-16位,必须是字母、数字、特殊字符或任意组合'],
    [{ userName: 'admin', password: '密码Admin@123' }, '密码长度6-16位,必须是字母、数字、特殊字符或任意组合'],
    [{ userName: 'admin', password: 'Admin @123' }, '密码长度6-16位,必须是字母、数字、特殊字符或任意组合'],
    [{ userName: 'admin', password: 'x'.repeat(500) }, '参数password不合法：长度不能超过200个字符'],
    [{ userName: 42, password: 'Admin@123' }, '参数userName不合法：类型应为string'],
    [{ userName: "admin' OR 1=1 --", password: 'Admin@123' }, '账号长度2-50位,只能为字母、数字或任意组合'],
    [
      { userName: '<script>alert(1)</script>', password: 'Admin@123' },
      '账号长度2-50位,只能为字母、数字或任意组合',
    ],
    [[], '请求内容不合法'],
  ])('refuses %j with a message naming the rule', async (body, message) => {
    expect((await attempt(body)).json).toEqual({ status_code: 10001, message, data: null });
  });

  it('treats SQL in the password as a wrong password, nothing more', async () => {
    const answer = await attempt({ userName: 'operator', password: "'OR'1'='1" });
    expect(answer.json.status_code).toBe(10001);
    expect(answer.json.message).toMatch(/^账号或密码错误/);
    expect((await t.login('operator', 'Operator@123')).status_code).toBe(1);
  });

  it('refuses a body without fields and a missing body', async () => {
    expect((await t.call('POST', '/api/login/doLoginNoVerCode')).json.message).toBe('缺少参数body');
    const failed = await t.handle.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.account, ''), eq(operationLog.action, 'login')));
    expect(failed).toEqual([]);
  });
});

describe('rate limit', () => {
  it('answers too many sign-ins from one address with the envelope', async () => {
    const limited = await createTestApp({ env: { LOGIN_RATE_LIMIT: '3' } });
    try {
      for (let i = 0; i < 3; i++)
        expect((await limited.login('operator', 'Operator@123')).status_code).toBe(1);
      const answer = await limited.call('POST', '/api/login/doLoginNoVerCode', {
        body: { userName: 'operator', password: 'Operator@123' },
      });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ status_code: 10001, message: '请求过于频繁，请稍后再试', data: null });
      // Other routes are not limited.
      expect((await limited.call('GET', '/api/login/publicKey')).json.status_code).toBe(1);
    } finally {
      await limited.close();
    }
  });
});
