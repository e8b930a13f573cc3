import {
  API_PREFIX,
  authEndpoints,
  HEADER_ACCESS_TOKEN,
  logEndpoints,
  logExports,
  signInReasonText,
  userEndpoints,
  type Endpoint,
  type SignInLogListRequest,
} from '@cityops/contract';
import { eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operationLog, roles, systemSettings } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { sheetRows } from '../../test/xlsx.js';
import { recordAudit } from './audit.js';
import { loginLogBatches, loginLogRows, operationLogBatches, operationLogRows } from './repository.js';
import { purgeOldLogs, startLogPurge } from './service.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
});
afterAll(() => t.close());

const AGENT = 'Mozilla/5.0 (LogTest) Chrome/130';

/** Signs in through the HTTP route with a chosen user agent; answers the envelope. */
const signIn = async (userName: string, password: string, agent = AGENT) =>
  (
    await t.call('POST', `${API_PREFIX}${authEndpoints.login.path}`, {
      body: { userName, password },
      headers: { 'user-agent': agent },
    })
  ).json;

/** Every row of both logs, to prove a call wrote (or deleted) nothing. */
const snapshot = async () => ({
  signIns: await t.handle.db.select().from(operationLog).orderBy(operationLog.id),
  operations: await t.handle.db.select().from(auditLog).orderBy(auditLog.id),
});

const signInPage = (body: SignInLogListRequest) => t.api(logEndpoints.signInPage, { token: admin, body });

describe('the sign-in log', () => {
  it('shows a failed sign-in with its reason, address and user agent', async () => {
    expect((await signIn('admin', 'Wrong@999')).status_code).not.toBe(1);
    expect((await signIn('nobody_here', 'Wrong@999')).status_code).not.toBe(1);
    const page = await signInPage({ account: 'admin', outcome: 'failure' });
    expect(page.status_code).toBe(1);
    expect(page.data?.list[0]).toMatchObject({
      account: 'admin',
      action: 'login_failed',
      outcome: 'failure',
      detail: 'wrongPassword',
      ip: '127.0.0.1',
      userAgent: AGENT,
    });
    expect(page.data?.list[0]?.userId).toEqual(expect.any(Number));
    const unknown = await signInPage({ account: 'nobody_here' });
    expect(unknown.data?.list).toEqual([
      expect.objectContaining({ account: 'nobody_here', userId: null, action: 'login_failed' }),
    ]);
  });

  it('stores a reason as a code that reads in Chinese and in English, on the page and in the export', async () => {
    expect((await signIn('reason_reader', 'Wrong@999')).status_code).not.toBe(1);
    const [row] = (await signInPage({ account: 'reason_reader' })).data?.list ?? [];
    expect(row?.detail).toBe('wrongPassword');
    expect(signInReasonText(row?.detail ?? '', 'zh-CN')).toBe('账号或密码错误');
    expect(signInReasonText(row?.detail ?? '', 'en-US')).toBe('Wrong account or password');
    const exported = async (language: string) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}${logExports.signIns.path}`,
        headers: {
          'content-type': 'application/json',
          'accept-language': language,
          [HEADER_ACCESS_TOKEN]: admin,
        },
        payload: JSON.stringify({ account: 'reason_reader' }),
      });
      return (await sheetRows(answer.rawPayload)).rows[1]?.at(-1);
    };
    expect(await exported('zh-CN')).toBe('账号或密码错误');
    expect(await exported('en-US')).toBe('Wrong account or password');
  });

  it('filters by account, outcome, action, address and time, newest first unless asked', async () => {
    await t.createUser('log_reader', 'Reader@123', ['logManage']);
    expect((await signIn('log_reader', 'Reader@123')).status_code).toBe(1);
    t.clock.advanceMinutes(10);
    expect((await signIn('log_reader', 'Reader@123', 'Second/1.0')).status_code).toBe(1);
    const both = await signInPage({ account: 'log_reader', action: 'login', outcome: 'success' });
    expect(both.data?.total).toBe(2);
    expect(both.data?.list.map((row) => row.userAgent)).toEqual(['Second/1.0', AGENT]);
    const oldest = await signInPage({ account: 'log_reader', sortField: 'time', sortOrder: 'asc' });
    expect(oldest.data?.list.map((row) => row.userAgent)).toEqual([AGENT, 'Second/1.0']);

    // 2026-06-01T08:00Z is 16:00 China time; the second sign-in came ten minutes later.
    const since = await signInPage({ account: 'log_reader', from: '2026-06-01 16:05:00' });
    expect(since.data?.list.map((row) => row.userAgent)).toEqual(['Second/1.0']);
    const until = await signInPage({
      account: 'log_reader',
      from: '2026-06-01T00:00:00.000Z',
      to: '2026-06-01 16:05:00',
    });
    expect(until.data?.list.map((row) => row.userAgent)).toEqual([AGENT]);
    expect((await signInPage({ account: 'log_reader', ip: '127.0.0' })).data?.total).toBe(2);
    expect((await signInPage({ account: 'log_reader', ip: '10.9.' })).data?.total).toBe(0);
    expect((await signInPage({ account: 'log_reader', action: 'logout' })).data?.total).toBe(0);
  });
});

describe('the operation log', () => {
  it('shows an edit made through userManage with each field before and after', async () => {
    const operatorRole = (await t.handle.db.select().from(roles)).find((role) => role.code !== 'admin');
    const created = await t.api(userEndpoints.create, {
      token: admin,
      body: { userName: 'audited', password: 'Start@123', name: '张三', roleIds: [operatorRole?.id ?? 0] },
    });
    const userId = created.data?.userId ?? 0;
    const updated = await t.api(userEndpoints.update, {
      token: admin,
      body: { userId, name: '李四', jobTitle: '班长', roleIds: [operatorRole?.id ?? 0] },
    });
    expect(updated.status_code).toBe(1);

    const page = await t.api(logEndpoints.operationPage, {
      token: admin,
      body: { module: 'userManage', action: 'update', targetName: 'audit' },
    });
    expect(page.data?.total).toBe(1);
    const row = page.data?.list[0];
    expect(row).toMatchObject({
      account: 'admin',
      module: 'userManage',
      action: 'update',
      targetId: String(userId),
      targetName: 'audited',
      outcome: 'success',
      changeCount: 2,
    });
    const detail = await t.api(logEndpoints.operationDetail, { token: admin, body: { id: row?.id ?? 0 } });
    expect(detail.data?.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: '张三', after: '李四' },
        { field: 'jobTitle', before: '', after: '班长' },
      ]),
    );
    const both = await t.api(logEndpoints.operationPage, {
      token: admin,
      body: { account: 'admin', targetName: 'audited', sortField: 'time', sortOrder: 'asc' },
    });
    expect(both.data?.list.map((entry) => entry.action)).toEqual(['create', 'update']);
    const failures = await t.api(logEndpoints.operationPage, {
      token: admin,
      body: { targetName: 'audited', outcome: 'failure' },
    });
    expect(failures.data?.total).toBe(0);
  });

  it('answers a clear refusal for a row that does not exist', async () => {
    const answer = await t.api(logEndpoints.operationDetail, { token: admin, body: { id: 987_654 } });
    expect(answer).toMatchObject({ status_code: 10001, message: '记录不存在或已被删除，请刷新列表' });
  });
});

describe('retention', () => {
  it('is 180 days until saved; saving is logged with before and after', async () => {
    expect((await t.api(logEndpoints.retention, { token: admin })).data).toEqual({ days: 180 });
    const saved = await t.api(logEndpoints.saveRetention, { token: admin, body: { days: 365 } });
    expect(saved).toEqual({ status_code: 1, message: '日志保留设置已保存', data: { days: 365 } });
    expect((await t.api(logEndpoints.retention, { token: admin })).data).toEqual({ days: 365 });
    const page = await t.api(logEndpoints.operationPage, {
      token: admin,
      body: { module: 'logManage', action: 'retention' },
    });
    const detail = await t.api(logEndpoints.operationDetail, {
      token: admin,
      body: { id: page.data?.list[0]?.id ?? 0 },
    });
    expect(detail.data?.changes).toEqual([{ field: 'retentionDays', before: 180, after: 365 }]);
    await t.api(logEndpoints.saveRetention, { token: admin, body: { days: 180 } });
  });

  it.each([29, 3651, 90.5])('refuses %s days, naming the field, and saves nothing', async (days) => {
    const before = await snapshot();
    const settings = await t.handle.db.select().from(systemSettings);
    const answer = await t.api(logEndpoints.saveRetention, { token: admin, body: { days } });
    expect(answer).toMatchObject({ status_code: 10001, data: null });
    expect(answer.message).toContain('days');
    expect(await snapshot()).toEqual(before);
    expect(await t.handle.db.select().from(systemSettings)).toEqual(settings);
  });
});

describe('access', () => {
  it('refuses every log endpoint without the permission (10500) and without a session (10401)', async () => {
    const operator = await t.token('operator', 'Operator@123');
    const calls = [
      t.api(logEndpoints.signInPage, { token: operator, body: {} }),
      t.api(logEndpoints.operationPage, { token: operator, body: {} }),
      t.api(logEndpoints.operationDetail, { token: operator, body: { id: 1 } }),
      t.api(logEndpoints.retention, { token: operator }),
      t.api(logEndpoints.saveRetention, { token: operator, body: { days: 90 } }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status_code).toBe(10500);
    const anonymous = [
      t.api(logEndpoints.signInPage, { body: {} }),
      t.api(logEndpoints.operationPage, { body: {} }),
      t.api(logEndpoints.operationDetail, { body: { id: 1 } }),
      t.api(logEndpoints.retention),
      t.api(logEndpoints.saveRetention, { body: { days: 90 } }),
    ];
    for (const answer of await Promise.all(anonymous)) expect(answer.status_code).toBe(10401);
  });

  it('lets a holder of the page read the logs but not change the retention without its button', async () => {
    await t.createUser('page_only', 'Reader@123', ['logManage']);
    const reader = await t.token('page_only', 'Reader@123');
    expect((await t.api(logEndpoints.signInPage, { token: reader, body: {} })).status_code).toBe(1);
    expect((await t.api(logEndpoints.retention, { token: reader })).status_code).toBe(1);
    const refused = await t.api(logEndpoints.saveRetention, { token: reader, body: { days: 90 } });
    expect(refused.status_code).toBe(10500);
    await t.createUser('keeper', 'Keeper@123', ['logManage', 'logManage_retention']);
    const keeper = await t.token('keeper', 'Keeper@123');
    const saved = await t.api(logEndpoints.saveRetention, { token: keeper, body: { days: 180 } });
    expect(saved.status_code).toBe(1);
  });
});

describe('bad input', () => {
  it.each<[string, Endpoint, Record<string, unknown>, string]>([
    ['an unknown outcome', logEndpoints.signInPage, { outcome: 'maybe' }, 'outcome'],
    ['an unknown action', logEndpoints.signInPage, { action: 'hack' }, 'action'],
    ['an unknown outcome', logEndpoints.operationPage, { outcome: 'maybe' }, 'outcome'],
    ['a page size not offered', logEndpoints.signInPage, { pageSize: 25 }, 'pageSize'],
    ['a page size not offered', logEndpoints.operationPage, { pageSize: 25 }, 'pageSize'],
    ['a sort column not offered', logEndpoints.operationPage, { sortField: 'account' }, 'sortField'],
    ['an unknown filter', logEndpoints.operationPage, { userName: 'x' }, 'userName'],
    ['a row id that is no id', logEndpoints.operationDetail, { id: 0 }, 'id'],
  ])('refuses %s (10001 naming the field), writing nothing', async (_, endpoint, body, field) => {
    const before = await snapshot();
    const answer = await t.api(endpoint, { token: admin, body });
    expect(answer).toMatchObject({ status_code: 10001, data: null });
    expect(answer.message).toContain(field);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['a time that is no time', { from: '2026-13-45 10:00:00' }, '时间格式应为YYYY-MM-DD HH:mm:ss'],
    ['a time without a zone', { to: '2026-06-01T10:00:00' }, '时间格式应为YYYY-MM-DD HH:mm:ss'],
    [
      'an end before the start',
      { from: '2026-06-02 00:00:00', to: '2026-06-01 00:00:00' },
      '结束时间必须晚于开始时间',
    ],
    [
      'an end equal to the start',
      { from: '2026-06-01 00:00:00', to: '2026-06-01 00:00:00' },
      '结束时间必须晚于开始时间',
    ],
    [
      'a range over a year',
      { from: '2025-01-01 00:00:00', to: '2026-06-01 00:00:00' },
      '查询时间范围不能超过1年',
    ],
  ])('refuses %s with the rule in words', async (_, range, message) => {
    for (const endpoint of [logEndpoints.signInPage, logEndpoints.operationPage]) {
      const answer = await t.api(endpoint, { token: admin, body: range });
      expect(answer).toEqual({ status_code: 10001, message, data: null });
    }
  });
});

describe('append-only', () => {
  it('registers no route under /api/sys/log that edits or deletes rows; only the retention is written', async () => {
    const fresh = await createTestApp();
    try {
      const routes = fresh.app
        .printRoutes({ commonPrefix: false })
        .split('\n')
        .flatMap((line) => {
          const match = /(\/\S+) \(([A-Z, ]+)\)/.exec(line);
          if (!match?.[1]?.startsWith(`${API_PREFIX}/sys/log`)) return [];
          const path = match[1];
          return (match[2] ?? '').split(', ').map((method) => `${method} ${path}`);
        })
        .sort();
      expect(routes).toEqual([
        'GET /api/sys/log/retention',
        'HEAD /api/sys/log/retention',
        'POST /api/sys/log/loginExport',
        'POST /api/sys/log/loginList',
        'POST /api/sys/log/operationDetail',
        'POST /api/sys/log/operationExport',
        'POST /api/sys/log/operationList',
        'POST /api/sys/log/retention',
      ]);
      // Each route but the retention setting, called by an administrator, leaves both logs as they were.
      const token = await fresh.token('admin', 'Admin@123');
      const rowsOf = async () => ({
        signIns: await fresh.handle.db.select().from(operationLog).orderBy(operationLog.id),
        operations: await fresh.handle.db.select().from(auditLog).orderBy(auditLog.id),
      });
      await fresh.api(logEndpoints.saveRetention, { token, body: { days: 90 } });
      const [logged] = await fresh.handle.db.select({ id: auditLog.id }).from(auditLog);
      const before = await rowsOf();
      for (const entry of routes.filter((route) => route !== 'POST /api/sys/log/retention')) {
        const [method, path] = entry.split(' ') as ['GET' | 'HEAD' | 'POST', string];
        const answer = await fresh.app.inject({
          method,
          url: path,
          headers: { 'access-token': token, 'content-type': 'application/json' },
          ...(method === 'POST' ? { payload: JSON.stringify({ id: logged?.id ?? 1 }) } : {}),
        });
        expect(answer.statusCode).toBe(200);
      }
      expect(await rowsOf()).toEqual(before);
    } finally {
      await fresh.close();
    }
  });
});

describe('export data source', () => {
  const bulkTime = new Date('2026-05-01T00:00:00.000Z');

  it('reads every matching sign-in row newest id first, in batches of 1000', async () => {
    await t.handle.db.insert(operationLog).values(
      Array.from({ length: 2_500 }, (_, i) => ({
        time: new Date(bulkTime.getTime() + i * 1000),
        account: 'bulk_user',
        ip: i % 2 === 0 ? '10.0.0.1' : '10.0.0.2',
        action: 'login' as const,
        outcome: i % 5 === 0 ? ('failure' as const) : ('success' as const),
        detail: '',
      })),
    );
    const sizes: number[] = [];
    const ids: number[] = [];
    for await (const batch of loginLogBatches(t.handle.db, { account: 'bulk_user' })) {
      sizes.push(batch.length);
      ids.push(...batch.map((row) => row.id));
    }
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(new Set(ids).size).toBe(2_500);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const rows = [];
    for await (const row of loginLogRows(t.handle.db, { account: 'bulk_user', outcome: 'failure' }))
      rows.push(row);
    expect(rows).toHaveLength(500);
    expect(rows.every((row) => row.outcome === 'failure' && row.account === 'bulk_user')).toBe(true);
    expect(rows[0]?.time).toBe(new Date(bulkTime.getTime() + 2_495_000).toISOString());

    let inRange = 0;
    for await (const _row of loginLogRows(t.handle.db, {
      account: 'bulk_user',
      ip: '10.0.0.2',
      from: '2026-05-01T00:00:00.000Z',
      to: '2026-05-01T00:16:39.000Z',
    }))
      inRange += 1;
    expect(inRange).toBe(500);
  });

  it('reads every matching operation row with its changes, newest id first, in batches', async () => {
    await t.handle.db.insert(auditLog).values(
      Array.from({ length: 2_500 }, (_, i) => ({
        time: new Date(bulkTime.getTime() + i * 1000),
        account: 'bulk_admin',
        module: i % 2 === 0 ? 'roleManage' : 'dictionary',
        action: 'update',
        targetId: String(i),
        targetName: `item ${i}`,
        outcome: 'success' as const,
        changes: [{ field: 'name', before: `old ${i}`, after: `new ${i}` }],
      })),
    );
    const sizes: number[] = [];
    for await (const batch of operationLogBatches(t.handle.db, { account: 'bulk_admin' }))
      sizes.push(batch.length);
    expect(sizes).toEqual([1000, 1000, 500]);

    const rows = [];
    for await (const row of operationLogRows(t.handle.db, { account: 'bulk_admin', module: 'dictionary' }))
      rows.push(row);
    expect(rows).toHaveLength(1_250);
    expect(rows[0]).toMatchObject({
      module: 'dictionary',
      targetName: 'item 2499',
      changeCount: 1,
      changes: [{ field: 'name', before: 'old 2499', after: 'new 2499' }],
    });
    expect(rows.map((row) => row.id)).toEqual(rows.map((row) => row.id).sort((a, b) => b - a));
  });

  it('yields nothing when nothing matches', async () => {
    const rows = [];
    for await (const row of operationLogRows(t.handle.db, { account: 'no_such_account' })) rows.push(row);
    expect(rows).toEqual([]);
  });
});

// Last: moves the test clock half a year on, so sessions and captchas of earlier tests are long gone.
describe('the retention purge', () => {
  it('removes only rows older than the retention, from both logs, however many', async () => {
    const ctx = t.app.cityops;
    const DAY = 24 * 60;
    const mark = (account: string, rows = 1) =>
      t.handle.db.insert(operationLog).values(
        Array.from({ length: rows }, () => ({
          time: ctx.now(),
          account,
          action: 'login' as const,
          outcome: 'success' as const,
        })),
      );
    // More than one purge statement's worth (5000 rows).
    await mark('purge_old', 6_000);
    await mark('purge_old', 6_000);
    await recordAudit(t.handle.db, { userId: 1, account: 'purge_old', sessionId: 0, ip: '' }, ctx.now(), {
      module: 'userManage',
      action: 'update',
    });
    t.clock.advanceMinutes(100 * DAY);
    await mark('purge_new');
    await recordAudit(t.handle.db, { userId: 1, account: 'purge_new', sessionId: 0, ip: '' }, ctx.now(), {
      module: 'userManage',
      action: 'update',
    });

    // 100 days on nothing of these is older than the 180 days kept by default.
    const olderThan = async (days: number) => {
      const cutoff = new Date(ctx.now().getTime() - days * DAY * 60_000);
      return {
        signIns: await t.handle.db.$count(operationLog, lt(operationLog.time, cutoff)),
        operations: await t.handle.db.$count(auditLog, lt(auditLog.time, cutoff)),
      };
    };
    expect(await purgeOldLogs(ctx)).toEqual({ signIns: 0, operations: 0 });
    expect(await t.handle.db.$count(operationLog, eq(operationLog.account, 'purge_old'))).toBe(12_000);

    t.clock.advanceMinutes(90 * DAY);
    const expected = await olderThan(180);
    expect(expected.signIns).toBeGreaterThanOrEqual(12_000);
    expect(await purgeOldLogs(ctx)).toEqual(expected);
    expect(await olderThan(180)).toEqual({ signIns: 0, operations: 0 });
    expect(await t.handle.db.$count(operationLog, eq(operationLog.account, 'purge_old'))).toBe(0);
    expect(await t.handle.db.$count(auditLog, eq(auditLog.account, 'purge_old'))).toBe(0);
    expect(await t.handle.db.$count(operationLog, eq(operationLog.account, 'purge_new'))).toBe(1);
    expect(await t.handle.db.$count(auditLog, eq(auditLog.account, 'purge_new'))).toBe(1);

    // A longer retention keeps what the default would drop.
    await t.handle.db
      .insert(systemSettings)
      .values({ key: 'logs.retentionDays', value: 3650, updatedAt: ctx.now() })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: 3650 } });
    t.clock.advanceMinutes(365 * DAY);
    expect(await purgeOldLogs(ctx)).toEqual({ signIns: 0, operations: 0 });
    expect(await t.handle.db.$count(operationLog, eq(operationLog.account, 'purge_new'))).toBe(1);
  });

  it('runs at start-up and then on its timer, until stopped', async () => {
    // Far enough ahead that every row is older than any retention.
    const ctx = { db: t.handle.db, now: () => new Date('2100-01-01T00:00:00.000Z') };
    const mark = async (account: string) => {
      await t.handle.db
        .insert(operationLog)
        .values({ time: t.app.cityops.now(), account, action: 'login', outcome: 'success' });
    };
    const present = async (account: string) =>
      (await t.handle.db.$count(operationLog, eq(operationLog.account, account))) > 0;
    const logged: string[] = [];
    const log = {
      info: (_: object, message: string) => void logged.push(message),
      error: (_: object, message: string) => void logged.push(message),
    };
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    await mark('timer_a');
    const { stop, first } = startLogPurge(ctx, log, 20 / 3_600_000);
    await first;
    expect(await present('timer_a')).toBe(false);
    await mark('timer_b');
    await wait(120);
    expect(await present('timer_b')).toBe(false);
    stop();
    await wait(20);
    await mark('timer_c');
    await wait(120);
    expect(await present('timer_c')).toBe(true);
    expect(logged).toContain('old log rows purged');
    expect(logged).not.toContain('log purge failed');
  });
});
