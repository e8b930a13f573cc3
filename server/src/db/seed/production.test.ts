import { ROUTE_TABLE } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { projects, users } from '../schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CITYOPS_MODE: 'production', CITYOPS_ADMIN_PASSWORD: 'Prod@Secret1' } });
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

  it('leaves an existing admin alone when started again with another password', async () => {
    const config = { ...t.config, CITYOPS_ADMIN_PASSWORD: 'Other@Secret2' };
    const again = await buildApp({ config, database: t.handle });
    await again.close();
    expect((await t.login('admin', 'Prod@Secret1')).status_code).toBe(1);
    expect((await t.login('admin', 'Other@Secret2')).status_code).toBe(10001);
  });

  it('shows no demo copyright on the login page', async () => {
    expect((await t.call('GET', '/config.js')).body).toContain('"copyright":""');
  });
});
