import {
  authEndpoints,
  PAGE_SETTINGS_GLOBAL,
  PARAMETER_MANAGE,
  parameterEndpoints,
  userEndpoints,
  type PageSettings,
  type UpdateParameters,
} from '@cityops/contract';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, roles, systemSettings, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { PAGE_SETTINGS_FILE } from '../shell/pageSettings.js';

let t: TestApp;
let admin: string;

const AMAP_KEY = 'amap-key-0123456789abcdef';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test starts from the defaults, with a fresh administrator session.
  await t.handle.db.delete(systemSettings).where(like(systemSettings.key, 'parameters.%'));
  t.app.cityops.parameters.forget();
  admin = await t.token('admin', 'Admin@123');
});

/** A valid map group: Beijing at zoom 12 on the offline map. */
const map = {
  group: 'map',
  provider: 'offline',
  tileUrl: '',
  tileCoordinates: 'wgs84',
  centerLng: 116.39748,
  centerLat: 39.90882,
  zoom: 12,
} as const;

const save = (body: UpdateParameters, token = admin) => t.api(parameterEndpoints.update, { token, body });
const list = (token = admin) => t.api(parameterEndpoints.list, { token });
const storedGroups = async () =>
  (await t.handle.db.select().from(systemSettings).where(like(systemSettings.key, 'parameters.%'))).map(
    (row) => row.key,
  );
const lastAudit = async () => {
  const [row] = await t.handle.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.module, PARAMETER_MANAGE))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};
async function pageSettings(): Promise<PageSettings> {
  const answer = await t.call('GET', '/config.js');
  const prefix = `window.${PAGE_SETTINGS_GLOBAL} = `;
  expect(answer.body.startsWith(prefix)).toBe(true);
  return JSON.parse(answer.body.slice(prefix.length).trim().replace(/;$/, '')) as PageSettings;
}
const permissions = (token: string) => t.api(authEndpoints.userPermissions, { token });

describe('GET /sys/parameter/list', () => {
  it('answers every group with the constants the platform used before parameters', async () => {
    expect(await list()).toEqual({
      status_code: 1,
      message: '成功',
      data: {
        session: { idleMinutes: 30 },
        tabs: { maxTabs: 12 },
        signInLock: { maxFailures: 5, lockMinutes: 10 },
        password: { minLength: 6, requiredClasses: [], mustChangeFirst: true },
        map: {
          provider: 'offline',
          tileUrl: '',
          tileCoordinates: 'wgs84',
          extractFile: '',
          amapKey: '',
          amapSecurityCode: '',
          centerLng: 113.93041,
          centerLat: 22.53332,
          zoom: 14,
        },
      },
    });
  });

  it('refuses callers without a session (10401) and users without 参数管理 (10500)', async () => {
    expect((await t.api(parameterEndpoints.list)).status_code).toBe(10401);
    const operator = await t.token('operator', 'Operator@123');
    expect(await list(operator)).toEqual({ status_code: 10500, message: '没有访问该功能的权限', data: null });
  });
});

describe('POST /sys/parameter/update', () => {
  it('saves one group, answers the values in force and writes the operation log', async () => {
    const answer = await save({ group: 'signInLock', maxFailures: 4, lockMinutes: 15 });
    expect(answer.status_code).toBe(1);
    expect(answer.message).toBe('保存成功');
    expect(answer.data?.signInLock).toEqual({ maxFailures: 4, lockMinutes: 15 });
    expect(answer.data?.session).toEqual({ idleMinutes: 30 });
    expect((await list()).data?.signInLock).toEqual({ maxFailures: 4, lockMinutes: 15 });
    expect(await storedGroups()).toEqual(['parameters.signInLock']);
    expect(await lastAudit()).toMatchObject({
      account: 'admin',
      action: 'update',
      targetId: 'signInLock',
      outcome: 'success',
      changes: [
        { field: 'maxFailures', before: 5, after: 4 },
        { field: 'lockMinutes', before: 10, after: 15 },
      ],
    });
  });

  it('refuses without a session (10401) and without the edit button (10500), writing nothing', async () => {
    expect(
      (await t.api(parameterEndpoints.update, { body: { group: 'tabs', maxTabs: 3 } })).status_code,
    ).toBe(10401);
    await t.createUser('viewer_params', 'Viewer@123', [PARAMETER_MANAGE]);
    const viewer = await t.token('viewer_params', 'Viewer@123');
    expect((await list(viewer)).status_code).toBe(1);
    expect(await save({ group: 'tabs', maxTabs: 3 }, viewer)).toEqual({
      status_code: 10500,
      message: '没有访问该功能的权限',
      data: null,
    });
    expect(await storedGroups()).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['idle minutes below 5', { group: 'session', idleMinutes: 4 }, '参数idleMinutes不合法：不能小于5'],
    [
      'idle minutes above a day',
      { group: 'session', idleMinutes: 1441 },
      '参数idleMinutes不合法：不能大于1440',
    ],
    ['no idle minutes', { group: 'session' }, '缺少参数idleMinutes'],
    ['a fraction of a tab', { group: 'tabs', maxTabs: 2.5 }, '参数maxTabs不合法'],
    ['51 tabs', { group: 'tabs', maxTabs: 51 }, '参数maxTabs不合法：不能大于50'],
    [
      'a lock after 2 failures',
      { group: 'signInLock', maxFailures: 2, lockMinutes: 10 },
      '参数maxFailures不合法',
    ],
    [
      'a password shorter than §5 allows',
      { group: 'password', minLength: 5, requiredClasses: [], mustChangeFirst: true },
      '参数minLength不合法：不能小于6',
    ],
    [
      'a password longer than §5 allows',
      { group: 'password', minLength: 17, requiredClasses: [], mustChangeFirst: true },
      '参数minLength不合法：不能大于16',
    ],
    [
      'a class twice',
      { group: 'password', minLength: 8, requiredClasses: ['digit', 'digit'], mustChangeFirst: true },
      '字符类型不能重复选择',
    ],
    ['an unknown group', { group: 'theme', dark: true }, '参数group不合法'],
    ['an unknown field', { group: 'tabs', maxTabs: 5, minTabs: 1 }, 'minTabs'],
  ])('refuses %s with 10001 naming the field, writing nothing', async (_, body, message) => {
    const answer = await save(body as UpdateParameters);
    expect(answer.status_code).toBe(10001);
    expect(answer.message).toContain(message);
    expect(await storedGroups()).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a longitude beyond 180', { centerLng: 180.5 }, '请输入正确的经度，-180~180'],
    ['six decimals below 100°', { centerLng: 99.123456 }, '请输入正确的经度，-180~180'],
    ['a latitude beyond 90', { centerLat: -90.1 }, '请输入正确的纬度，-90~90'],
    ['zoom 3', { zoom: 3 }, '参数zoom不合法：不能小于4'],
    ['zoom 21', { zoom: 21 }, '参数zoom不合法：不能大于20'],
    ['tiles without an address', { provider: 'tiles' }, '请输入瓦片服务地址'],
    ['a tile address that is no address', { provider: 'tiles', tileUrl: 'tiles here' }, '瓦片服务地址应以'],
    ['AMap without a key', { provider: 'amap' }, '使用高德地图时请输入高德Key'],
    ['an extract without its file', { provider: 'extract' }, '请输入离线瓦片包的文件名'],
    [
      'an extract named as a path',
      { provider: 'extract', extractFile: '../pglite/x.pmtiles' },
      '文件名应以 .pmtiles 结尾',
    ],
  ])('refuses a map with %s (the §5 texts), writing nothing', async (_, change, message) => {
    const answer = await save({ ...map, ...change } as UpdateParameters);
    expect(answer.status_code).toBe(10001);
    expect(answer.message).toContain(message);
    expect(await storedGroups()).toEqual([]);
  });

  it('keeps the AMap key secret: answered masked, kept when left out, never logged', async () => {
    const saved = await save({
      ...map,
      provider: 'amap',
      amapKey: AMAP_KEY,
      amapSecurityCode: 'sec-code-42',
    });
    expect(saved.data?.map).toMatchObject({
      provider: 'amap',
      amapKey: '******',
      amapSecurityCode: '******',
    });
    // Saved again without the key (the page leaves an unchanged secret out), or with it masked.
    expect((await save({ ...map, provider: 'amap', zoom: 15 })).status_code).toBe(1);
    expect((await save({ ...map, provider: 'amap', amapKey: '******', zoom: 16 })).status_code).toBe(1);
    const settings = await pageSettings();
    expect(settings.map).toMatchObject({
      provider: 'amap',
      amapKey: AMAP_KEY,
      amapSecurityCode: 'sec-code-42',
    });
    expect(settings.map.zoom).toBe(16);
    const logged = JSON.stringify(
      await t.handle.db.select().from(auditLog).where(eq(auditLog.module, PARAMETER_MANAGE)),
    );
    expect(logged).toContain('amapKey');
    expect(logged).not.toContain(AMAP_KEY);
    expect(logged).not.toContain('sec-code-42');
  });
});

describe('the parameters take effect at once', () => {
  it('ends a session by new, lower idle minutes', async () => {
    const operator = await t.token('operator', 'Operator@123');
    t.clock.advanceMinutes(6);
    // Six idle minutes are nothing under the default 30.
    expect((await permissions(operator)).status_code).toBe(1);
    admin = await t.token('admin', 'Admin@123');
    expect((await save({ group: 'session', idleMinutes: 5 })).status_code).toBe(1);
    t.clock.advanceMinutes(4);
    expect((await permissions(operator)).status_code).toBe(1);
    t.clock.advanceMinutes(6);
    expect((await permissions(operator)).status_code).toBe(10401);
    // A new session follows the new rule too.
    const again = await t.token('operator', 'Operator@123');
    t.clock.advanceMinutes(5.5);
    expect((await permissions(again)).status_code).toBe(10401);
  });

  it('keeps an open session alive longer when the idle minutes are raised', async () => {
    const operator = await t.token('operator', 'Operator@123');
    expect((await save({ group: 'session', idleMinutes: 120 })).status_code).toBe(1);
    t.clock.advanceMinutes(90);
    expect((await permissions(operator)).status_code).toBe(1);
  });

  it('locks an account after fewer failures when the lock count is lowered', async () => {
    await t.createUser('locky_params', 'Locky@123');
    expect((await save({ group: 'signInLock', maxFailures: 3, lockMinutes: 2 })).status_code).toBe(1);
    expect((await t.login('locky_params', 'Wrong@123')).message).toBe(
      '账号或密码错误，再失败2次账号将被锁定2分钟',
    );
    expect((await t.login('locky_params', 'Wrong@123')).message).toBe(
      '账号或密码错误，再失败1次账号将被锁定2分钟',
    );
    expect((await t.login('locky_params', 'Wrong@123')).message).toBe('账号已被锁定，请2分钟后再试');
    expect((await t.login('locky_params', 'Locky@123')).message).toBe('账号已被锁定，请2分钟后再试');
    t.clock.advanceMinutes(2.5);
    expect((await t.login('locky_params', 'Locky@123')).status_code).not.toBe(10001);
  });

  it('answers the tab limit and the map in /config.js, over page-settings.json', async () => {
    const file = join(t.config.DATA_DIR, PAGE_SETTINGS_FILE);
    await writeFile(
      file,
      JSON.stringify({ maxTabs: 8, map: { provider: 'tiles', tileUrl: '/tiles/{z}/{x}/{y}.png' } }),
    );
    // Until saved, the page settings' values are in force, and the page shows them.
    expect((await pageSettings()).maxTabs).toBe(8);
    expect((await list()).data).toMatchObject({ tabs: { maxTabs: 8 }, map: { provider: 'tiles', zoom: 14 } });
    expect((await save({ group: 'tabs', maxTabs: 20 })).status_code).toBe(1);
    expect((await pageSettings()).maxTabs).toBe(20);
    expect(
      (await save({ ...map, provider: 'tiles', tileUrl: 'https://tiles.city.example/{z}/{x}/{y}.png' }))
        .status_code,
    ).toBe(1);
    expect((await pageSettings()).map).toEqual({
      provider: 'tiles',
      tileUrl: 'https://tiles.city.example/{z}/{x}/{y}.png',
      tileCoordinates: 'wgs84',
      extractFile: '',
      amapKey: '',
      amapSecurityCode: '',
      center: { lng: 116.39748, lat: 39.90882 },
      zoom: 12,
    });
    await rm(file);
  });

  it("draws a city's offline extract once chosen with its file name", async () => {
    expect(
      (await save({ ...map, provider: 'extract', extractFile: 'shenzhen-2026.pmtiles' })).status_code,
    ).toBe(1);
    expect((await pageSettings()).map).toMatchObject({
      provider: 'extract',
      extractFile: 'shenzhen-2026.pmtiles',
    });
    expect((await list()).data?.map).toMatchObject({
      provider: 'extract',
      extractFile: 'shenzhen-2026.pmtiles',
    });
  });

  it('holds new passwords to the policy: created, reset and changed', async () => {
    expect(
      (
        await save({
          group: 'password',
          minLength: 10,
          requiredClasses: ['upper', 'digit'],
          mustChangeFirst: false,
        })
      ).status_code,
    ).toBe(1);
    const [operatorRole] = await t.handle.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.code, 'operator'));
    const roleIds = [operatorRole?.id ?? 0];
    const create = (userName: string, password: string) =>
      t.api(userEndpoints.create, { token: admin, body: { userName, password, name: '张三', roleIds } });

    expect((await create('policy_a', 'Start@12')).message).toBe('密码长度不能少于10位');
    expect((await create('policy_a', 'start@12345')).message).toBe('密码必须包含大写字母');
    expect((await create('policy_a', 'Start@abcde')).message).toBe('密码必须包含数字');
    expect(await t.handle.db.$count(users, eq(users.userName, 'policy_a'))).toBe(0);
    const created = await create('policy_a', 'Start@12345');
    expect(created.status_code).toBe(1);
    // The policy says a password set by an administrator need not be changed at the next sign-in.
    expect(created.data?.mustChangePassword).toBe(false);

    const userId = created.data?.userId ?? 0;
    expect(
      (await t.api(userEndpoints.resetPassword, { token: admin, body: { userId, password: 'Reset@1' } }))
        .message,
    ).toBe('密码长度不能少于10位');
    const own = await t.token('policy_a', 'Start@12345');
    const change = await t.api(authEndpoints.updatePassword, {
      token: own,
      body: { oldPassword: 'Start@12345', password: 'lower@12345', confirmPass: 'lower@12345' },
    });
    expect(change.message).toBe('密码必须包含大写字母');
    // Nothing changed: the old password still signs in.
    expect((await t.login('policy_a', 'Start@12345')).status_code).toBe(1);
    const [row] = await t.handle.db
      .select({ must: users.mustChangePassword })
      .from(users)
      .where(and(eq(users.id, userId)));
    expect(row?.must).toBe(false);
  });
});
