import { ROUTE_TABLE } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { TEST_SECRETS_KEY, TEST_VENDOR_PUBLIC_KEY } from '../../test/licence.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { licences, projects, users } from '../schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      CITYOPS_MODE: 'production',
      CITYOPS_ADMIN_PASSWORD: 'Prod@Secret1',
      LICENCE_PUBLIC_KEY: TEST_VENDOR_PUBLIC_KEY,
      SECRETS_KEY: TEST_SECRETS_KEY,
    },
  });
});
afterAll(() => t.close());

describe('production mode', () => {
  it('creates only the admin account, with the configured password and every permission', async () => {
    expect(
      (await t.handle.db.select({ userName: users.userName }).from(users)).map((u) => u.userName),
    ).toEqual(['admin']);
    expect(await t.handle.db.select().from(projects)).toEqual([]);
    const answer = await t.login('admin', 'Prod@Secret1');
    expect(answer.status_code).toBe(1);
    const codes = answer.data?.permissions ?? [];
    for (const route of ROUTE_TABLE.filter((r) => r.access === 'permission'))
      expect(codes).toContain(route.code);
  });

  it('has no demo accounts and no demo password', async () => {
    expect((await t.login('admin', 'Admin@123')).message).toMatch(/^账号或密码错误/);
    expect((await t.login('operator', 'Operator@123')).message).toMatch(/^账号或密码错误/);
    expect((await t.login('nobody', 'Nobody@123')).message).toMatch(/^账号或密码错误/);
  });

  it('leaves an existing admin alone when started again with another password, and says so', async () => {
    const config = { ...t.config, CITYOPS_ADMIN_PASSWORD: 'Other@Secret2' };
    // Captured before the spy goes: restoring it forgets its calls.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let said = '';
    try {
      const again = await buildApp({ config, database: t.handle });
      await again.close();
      said = warn.mock.calls.map((call) => String(call[0])).join('\n');
    } finally {
      warn.mockRestore();
    }
    expect(said).toContain(
      `CITYOPS_ADMIN_PASSWORD is not applied: admin already exists in ${t.handle.label}`,
    );
    expect(said).not.toContain('Other@Secret2');
    expect((await t.login('admin', 'Prod@Secret1')).status_code).toBe(1);
    expect((await t.login('admin', 'Other@Secret2')).status_code).toBe(10001);
  });

  it('issues itself no licence: everything but sign-in answers 10402 until one is registered', async () => {
    expect(await t.handle.db.select().from(licences)).toEqual([]);
    const status = await t.call('GET', '/api/sys/license/status');
    expect(status.json.data).toEqual({ state: 'missing' });
    const token = await t.token('admin', 'Prod@Secret1');
    const permissions = await t.call('POST', '/api/user/queryUserPermissions', { token });
    expect(permissions.json).toEqual({ status_code: 10402, message: '许可证无效或已过期', data: null });
  });

  it('shows no demo copyright on the login page', async () => {
    expect((await t.call('GET', '/config.js')).body).toContain('"copyright":""');
  });
});
