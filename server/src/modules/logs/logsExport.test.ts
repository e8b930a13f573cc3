import { API_PREFIX, HEADER_ACCESS_TOKEN, logExports, XLSX_CONTENT_TYPE } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operationLog } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { sheetRows } from '../../test/xlsx.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  // 2026-11-20 00:00 to 02:00 UTC: 08:00 to 10:00 China time.
  const at = (hour: number) => new Date(Date.UTC(2026, 10, 20, hour, 0, 5));
  await t.handle.db.insert(operationLog).values([
    {
      time: at(0),
      account: 'exp_sign',
      ip: '10.0.0.1',
      userAgent: 'UA-0',
      action: 'login',
      outcome: 'success',
    },
    {
      time: at(1),
      account: 'exp_sign',
      ip: '10.0.0.2',
      userAgent: 'UA-1',
      action: 'login_failed',
      outcome: 'failure',
      detail: 'wrongPassword',
    },
    {
      time: at(2),
      account: 'exp_sign',
      ip: '10.0.0.3',
      userAgent: 'UA-2',
      action: 'logout',
      outcome: 'success',
    },
    { time: at(1), account: 'other_sign', action: 'login', outcome: 'success' },
  ]);
  await t.handle.db.insert(auditLog).values([
    {
      time: at(0),
      account: 'exp_op',
      ip: '10.1.0.1',
      module: 'userManage',
      action: 'create',
      targetId: '7',
      targetName: '张三',
      outcome: 'success',
      detail: '新增用户',
    },
    {
      time: at(1),
      account: 'exp_op',
      ip: '10.1.0.2',
      module: 'roleManage',
      action: 'delete',
      targetId: '8',
      targetName: '巡检员',
      outcome: 'failure',
      detail: '角色仍有用户',
    },
  ]);
});
afterAll(() => t.close());

const download = (path: string, body: unknown, token: string | null = admin) =>
  t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}${path}`,
    headers: { 'content-type': 'application/json', ...(token ? { [HEADER_ACCESS_TOKEN]: token } : {}) },
    payload: JSON.stringify(body),
  });

describe('log export refusals', () => {
  it('refuses a user without logManage_export with 10500, and no session with 10401', async () => {
    await t.createUser('log_reader', 'Reader@123', ['logManage']);
    const reader = await t.token('log_reader', 'Reader@123');
    for (const endpoint of [logExports.signIns, logExports.operations]) {
      const refused = await download(endpoint.path, {}, reader);
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toMatchObject({ status_code: 10500, data: null });
      expect((await download(endpoint.path, {}, null)).json()).toMatchObject({ status_code: 10401 });
    }
  });

  it('answers a bad filter with 10001 before any file starts', async () => {
    const reversed = await download(logExports.signIns.path, {
      from: '2026-11-20 10:00:00',
      to: '2026-11-20 08:00:00',
    });
    expect(reversed.headers['content-type']).toContain('application/json');
    expect(reversed.json()).toMatchObject({ status_code: 10001, data: null });
    const tooLong = await download(logExports.operations.path, {
      from: '2024-01-01 00:00:00',
      to: '2026-01-01 00:00:00',
    });
    expect(tooLong.json()).toMatchObject({ status_code: 10001, data: null });
    const unreadable = await download(logExports.operations.path, { outcome: 'maybe' });
    expect(unreadable.json()).toMatchObject({ status_code: 10001, data: null });
    expect(unreadable.json<{ message: string }>().message).toContain('outcome');
  });
});

describe('log export downloads', () => {
  it('downloads the sign-in rows the filter selects, newest first, in China time', async () => {
    const answer = await download(logExports.signIns.path, {
      account: 'exp_sign',
      from: '2026-11-20 08:30:00',
      to: '2026-11-20 12:00:00',
    });
    expect(answer.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const today = new Date(t.app.cityops.now().getTime() + 8 * 3_600_000)
      .toISOString()
      .slice(0, 10)
      .replaceAll('-', '');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(`登录日志-${today}.xlsx`)}`,
    );
    const { name, rows } = await sheetRows(answer.rawPayload);
    expect(name).toBe('登录日志');
    expect(rows).toEqual([
      ['时间', '账号', '动作', '结果', '地址', '浏览器', '原因'],
      ['2026-11-20 10:00:05', 'exp_sign', 'logout', 'success', '10.0.0.3', 'UA-2'],
      ['2026-11-20 09:00:05', 'exp_sign', 'login_failed', 'failure', '10.0.0.2', 'UA-1', '账号或密码错误'],
    ]);
  });

  it('downloads the operation rows the filter selects', async () => {
    const answer = await download(logExports.operations.path, { account: 'exp_op', module: 'userManage' });
    expect(answer.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(decodeURIComponent(answer.headers['content-disposition'] ?? '')).toContain('操作日志-');
    const { name, rows } = await sheetRows(answer.rawPayload);
    expect(name).toBe('操作日志');
    expect(rows).toEqual([
      ['时间', '账号', '模块', '动作', '对象', '结果', '地址', '说明'],
      ['2026-11-20 08:00:05', 'exp_op', 'userManage', 'create', '张三', 'success', '10.1.0.1', '新增用户'],
    ]);
    const all = await sheetRows(
      (await download(logExports.operations.path, { account: 'exp_op' })).rawPayload,
    );
    expect(all.rows.slice(1).map((row) => row[3])).toEqual(['delete', 'create']);
  });
});
