import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SYSTEM_NAMES,
  canonicalJson,
  findRouteByPath,
  HEADER_ACCESS_TOKEN,
  LICENCE_MANAGE,
  licenceDowngradeSchema,
  signedLicenceSchema,
  type LicenceStatus,
  type WorseReason,
} from '@cityops/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { auditLog, licences, serverKeys } from '../../db/schema.js';
import {
  licenceDocument,
  signedByTestVendor,
  TEST_VENDOR,
  TEST_VENDOR_PUBLIC_KEY,
} from '../../test/licence.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { generateVendorKeys, parsePublicKey, signLicence, verifyLicence } from './sign.js';
import { LICENCE_CACHE_MS } from './state.js';

const DAY_MINUTES = 24 * 60;
const unlicensed = { status_code: 10402, message: '许可证无效或已过期', data: null };
const refused = (message: string) => ({ status_code: 10001, message, data: null });

describe('signatures', () => {
  const key = parsePublicKey(TEST_VENDOR.publicKeyPem);
  const document = licenceDocument(new Date('2026-06-01T00:00:00Z'));

  it('verifies the vendor’s signature over the canonical JSON, whatever the key order', () => {
    const signed = signedByTestVendor(document);
    expect(verifyLicence(signed, key)).toBe(true);
    const reordered = Object.fromEntries(Object.entries(document).reverse()) as typeof document;
    expect(verifyLicence({ ...signed, licence: reordered }, key)).toBe(true);
    expect(canonicalJson(reordered)).toBe(canonicalJson(document));
  });

  it('rejects a forged signature, a tampered document and a malformed signature', () => {
    const forged = signLicence(document, generateVendorKeys().privateKeyPem);
    expect(verifyLicence(forged, key)).toBe(false);
    const signed = signedByTestVendor(document);
    for (const change of [
      { deviceLimit: 1_000_000 },
      { expiresAt: '2099-12-31T23:59:59.000Z' },
      { modules: [...document.modules, 'omapp'] },
      { customer: `${document.customer} ` },
    ]) {
      expect(verifyLicence({ ...signed, licence: { ...document, ...change } }, key)).toBe(false);
    }
    expect(verifyLicence({ ...signed, signature: 'abc' }, key)).toBe(false);
    expect(verifyLicence({ ...signed, signature: `${signed.signature}\n` }, key)).toBe(false);
    expect(verifyLicence({ ...signed, signature: signed.signature.replace(/^./, 'A') }, key)).toBe(
      signed.signature.startsWith('A'),
    );
  });

  it('takes the public key as PEM or one-line base64, and nothing but Ed25519', () => {
    expect(parsePublicKey(TEST_VENDOR_PUBLIC_KEY).equals(key)).toBe(true);
    expect(() => parsePublicKey('bm90IGEga2V5')).toThrow();
    expect(() => parsePublicKey(TEST_VENDOR.privateKeyPem.replaceAll('PRIVATE', 'PUBLIC'))).toThrow();
  });
});

describe('demo mode without LICENCE_PUBLIC_KEY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('issues itself a one-year demo licence for every module, signed with a demo key kept in the database', async () => {
    const token = await t.token('admin', 'Admin@123');
    const status = (await t.call('GET', '/api/sys/license/detail?t=1', { token })).json;
    expect(status.status_code).toBe(1);
    const data = status.data as LicenceStatus;
    expect(data).toMatchObject({ state: 'valid', daysLeft: 365 });
    expect(data.licence).toMatchObject({ customer: 'CityOps 演示', modules: Object.keys(SYSTEM_NAMES) });
    expect(data.licence?.issuedAt).toBe(t.clock.now().toISOString());
    const [demoKey] = await t.handle.db
      .select()
      .from(serverKeys)
      .where(eq(serverKeys.name, 'licence-demo-ed25519'));
    expect(demoKey?.privateKey).toContain('PRIVATE KEY');
  });

  it('issues nothing more when another instance starts on the same database', async () => {
    const again = await buildApp({ config: t.config, database: t.handle, now: t.clock.now });
    await again.close();
    expect(await t.handle.db.select().from(licences)).toHaveLength(1);
  });

  it('answers 10402 once the licence expires by the clock, while sign-in still works; a new one restores service', async () => {
    const token = await t.token('admin', 'Admin@123');
    const permissions = () => t.call('POST', '/api/user/queryUserPermissions', { token });
    expect((await permissions()).json.status_code).toBe(1);
    t.clock.advanceMinutes(366 * DAY_MINUTES);
    expect((await permissions()).json).toEqual(unlicensed);
    expect((await t.call('GET', '/api/sys/license/status')).json.data).toEqual({ state: 'expired' });
    // The session ran out meanwhile; signing in again still works, without the session (the menus
    // are a service like any other), and the session's own call lands on 10402.
    const signedIn = await t.login('admin', 'Admin@123');
    expect(signedIn.data).not.toHaveProperty('session');
    const fresh = await t.token('admin', 'Admin@123');
    expect((await t.call('POST', '/api/user/queryUserPermissions', { token: fresh })).json).toEqual(
      unlicensed,
    );
    // The vendor (here: the demo key in the database) issues a renewal.
    const [demoKey] = await t.handle.db
      .select()
      .from(serverKeys)
      .where(eq(serverKeys.name, 'licence-demo-ed25519'));
    const renewal = signLicence(licenceDocument(t.clock.now()), demoKey?.privateKey ?? '');
    const registered = await t.call('POST', '/api/sys/license/register', { body: renewal });
    expect(registered.json).toMatchObject({ status_code: 1, message: '许可证注册成功' });
    expect((await t.call('POST', '/api/user/queryUserPermissions', { token: fresh })).json.status_code).toBe(
      1,
    );
  });

  it('trusts only LICENCE_PUBLIC_KEY once it is set: a demo licence no longer counts', async () => {
    const config = { ...t.config, LICENCE_PUBLIC_KEY: TEST_VENDOR_PUBLIC_KEY };
    const other = await buildApp({ config, database: t.handle, now: t.clock.now });
    try {
      const status = await other.inject({ method: 'GET', url: '/api/sys/license/status' });
      expect(status.json().data).toEqual({ state: 'missing' });
    } finally {
      await other.close();
    }
  });
});

describe('with LICENCE_PUBLIC_KEY (production, or demo for the browser tests)', () => {
  let t: TestApp;
  const register = (body: unknown) => t.call('POST', '/api/sys/license/register', { body });
  beforeAll(async () => {
    t = await createTestApp({ env: { LICENCE_PUBLIC_KEY: TEST_VENDOR_PUBLIC_KEY } });
  });
  afterAll(() => t.close());

  it('issues itself nothing, and gates every /api call but the licence, health and sign-in ones', async () => {
    expect(await t.handle.db.select().from(licences)).toEqual([]);
    expect((await t.call('GET', '/api/sys/license/status')).json).toEqual({
      status_code: 1,
      message: '成功',
      data: { state: 'missing' },
    });
    expect((await t.call('GET', '/api/health')).json.status_code).toBe(1);
    expect((await t.call('GET', '/api/login/publicKey')).json.status_code).toBe(1);
    expect((await t.call('POST', '/api/login/genCaptcha')).json.status_code).toBe(1);
    const token = await t.token('operator', 'Operator@123');
    for (const [method, url, body] of [
      ['POST', '/api/user/queryUserPermissions', undefined],
      ['GET', '/api/sys/project/listByUser', undefined],
      ['POST', '/api/sys/message/pageList', {}],
      ['GET', '/api/sys/dictionary/queryDicByDicCode?dicCode=alarm_state', undefined],
      ['POST', '/api/user/token/postpone', undefined],
      ['GET', '/api/no/such/thing', undefined],
      ['GET', '/api/login/doLoginNoVerCode', undefined],
    ] as const) {
      expect((await t.call(method, url, { token, body })).json, url).toEqual(unlicensed);
      expect((await t.call(method, url, { body })).json, url).toEqual(unlicensed);
    }
    const english = await t.call('GET', '/api/sys/project/listByUser', {
      token,
      headers: { 'accept-language': 'en-US' },
    });
    expect(english.json.message).toBe('The licence is missing or expired');
    expect((await t.call('GET', '/config.js')).status).toBe(200);
    expect((await t.call('POST', '/api/login/doLogout', { token })).json.status_code).toBe(1);
  });

  it('refuses a forged, tampered or malformed licence, naming what is wrong', async () => {
    const document = licenceDocument(t.clock.now());
    const forged = signLicence(document, generateVendorKeys().privateKeyPem);
    expect((await register(forged)).json).toEqual(refused('许可证签名无效'));
    const signed = signedByTestVendor(document);
    const tampered = { ...signed, licence: { ...signed.licence, deviceLimit: 999_999 } };
    expect((await register(tampered)).json).toEqual(refused('许可证签名无效'));
    expect(
      (
        await t.call('POST', '/api/sys/license/register', {
          body: forged,
          headers: { 'accept-language': 'en-US' },
        })
      ).json.message,
    ).toBe('The licence signature is invalid');

    const { expiresAt: _, ...noExpiry } = document;
    expect((await register({ licence: noExpiry, signature: signed.signature })).json).toEqual(
      refused('缺少参数licence.expiresAt'),
    );
    expect(
      (await register({ licence: { ...document, expiresAt: 'next year' }, signature: 'x' })).json,
    ).toEqual(refused('参数licence.expiresAt不合法：格式不正确'));
    expect((await register({ licence: { ...document, modules: [] }, signature: 'x' })).json.message).toMatch(
      /^参数licence.modules不合法/,
    );
    expect(
      (await register({ licence: { ...document, deviceLimit: '10' }, signature: 'x' })).json.message,
    ).toMatch(/^参数licence.deviceLimit不合法：类型应为/);
    expect((await register({ licence: document })).json).toEqual(refused('缺少参数signature'));
    expect((await register({ ...signed, signature: "' or 1=1; --" })).json).toEqual(
      refused('许可证签名无效'),
    );
    const html = await register({
      licence: { ...document, customer: '<img src=x onerror=alert(1)>' },
      signature: 'x',
    });
    expect(html.json).toEqual(refused('许可证签名无效'));
    expect((await t.call('POST', '/api/sys/license/register')).json).toEqual(refused('缺少参数body'));
    expect(
      (await t.call('POST', '/api/sys/license/register', { payload: '{"licence": {"licenceId": ' })).json,
    ).toEqual(refused('请求内容不合法'));
    expect((await t.call('POST', '/api/sys/license/register?x=1', { body: signed })).json).toEqual(
      refused('不支持的参数x'),
    );
    expect(await t.handle.db.select().from(licences)).toEqual([]);
  });

  it('refuses a licence that has already expired', async () => {
    const now = t.clock.now();
    const old = licenceDocument(new Date(now.getTime() - 400 * 86_400_000));
    expect((await register(signedByTestVendor(old))).json).toEqual(refused('许可证已过期'));
  });

  it('installs a vendor-signed licence at once; it survives a JSON round trip of the signed file', async () => {
    const signed = signedLicenceSchema.parse(
      JSON.parse(JSON.stringify(signedByTestVendor(licenceDocument(t.clock.now(), { deviceLimit: 5000 })))),
    );
    const answer = await register(signed);
    expect(answer.json).toEqual({
      status_code: 1,
      message: '许可证注册成功',
      data: { state: 'valid', licence: signed.licence, daysLeft: 365 },
    });
    const token = await t.token('operator', 'Operator@123');
    expect((await t.call('POST', '/api/user/queryUserPermissions', { token })).json.status_code).toBe(1);
  });

  it('tells anyone only whether a licence is in force; who it is for and what it opens take the permission', async () => {
    expect((await t.call('GET', '/api/sys/license/status')).json.data).toEqual({ state: 'valid' });
    const detail = (token?: string) => t.call('GET', '/api/sys/license/detail', { token });
    expect((await detail()).json.status_code).toBe(10401);
    expect((await detail(await t.token('operator', 'Operator@123'))).json.status_code).toBe(10500);
    const full = (await detail(await t.token('admin', 'Admin@123'))).json;
    expect(full).toMatchObject({ status_code: 1, data: { state: 'valid', licence: { deviceLimit: 5000 } } });
  });

  it('lets another instance on the same database see a registration within the cache time', async () => {
    const other = await buildApp({ config: t.config, database: t.handle, now: t.clock.now });
    try {
      const token = await t.token('admin', 'Admin@123');
      const status = async () =>
        (
          await other.inject({
            method: 'GET',
            url: '/api/sys/license/detail',
            headers: { [HEADER_ACCESS_TOKEN]: token },
          })
        ).json().data as LicenceStatus;
      expect((await status()).licence?.deviceLimit).toBe(5000);
      const renewal = signedByTestVendor(
        licenceDocument(t.clock.now(), { licenceId: 'TEST-0002', deviceLimit: 7000 }),
      );
      const registered = await t.call('POST', '/api/sys/license/register', { token, body: renewal });
      expect(registered.json.status_code).toBe(1);
      t.clock.advanceMinutes(LICENCE_CACHE_MS / 60_000);
      expect((await status()).licence).toMatchObject({ licenceId: 'TEST-0002', deviceLimit: 7000 });
    } finally {
      await other.close();
    }
  });

  it('notices expiry by the clock, and a newer registration restores service', async () => {
    const token = await t.token('admin', 'Admin@123');
    t.clock.advanceMinutes(366 * DAY_MINUTES);
    expect((await t.call('GET', '/api/user/set/find', { token })).json).toEqual(unlicensed);
    expect((await t.login('admin', 'Admin@123')).status_code).toBe(1);
    const renewal = signedByTestVendor(licenceDocument(t.clock.now(), { licenceId: 'TEST-0003' }));
    expect((await register(renewal)).json.data).toMatchObject({ state: 'valid' });
    const fresh = await t.token('admin', 'Admin@123');
    expect((await t.call('GET', '/api/user/set/find', { token: fresh })).json.status_code).toBe(1);
  });
});

describe('replacing a valid licence in force', () => {
  let t: TestApp;
  let admin: string;
  const register = (body: unknown, token?: string, headers?: Record<string, string>) =>
    t.call('POST', '/api/sys/license/register', { body, token, headers });
  const DAY = 86_400_000;
  /** The licence in force: issued now, a year long, admin + iotcloud, 100 devices. */
  let current: ReturnType<typeof licenceDocument>;
  const inForce = async () => {
    const token = await t.token('admin', 'Admin@123');
    const answer = await t.call('GET', '/api/sys/license/detail', { token });
    return (answer.json.data as LicenceStatus).licence?.licenceId;
  };
  beforeAll(async () => {
    t = await createTestApp({ env: { LICENCE_PUBLIC_KEY: TEST_VENDOR_PUBLIC_KEY } });
    current = licenceDocument(t.clock.now(), { licenceId: 'NOW-0001' });
    // Nothing valid is installed yet: the first registration is public, as the /license page is.
    expect((await register(signedByTestVendor(current))).json.status_code).toBe(1);
    admin = await t.token('admin', 'Admin@123');
  });
  afterAll(() => t.close());

  it('the licence permission is the code of /admin/license, which the seeded admin holds', () => {
    expect(findRouteByPath('/admin/license')?.code).toBe(LICENCE_MANAGE);
  });

  it('refuses anyone signed out, even with a better licence, and leaves the licence in force', async () => {
    const better = signedByTestVendor({ ...current, licenceId: 'NEW-0001', deviceLimit: 500 });
    expect((await register(better)).json).toEqual(
      refused('已安装有效的许可证，更换许可证请先登录具有许可证管理权限的账号'),
    );
    expect((await register(better, undefined, { 'accept-language': 'en-US' })).json.message).toBe(
      'A valid licence is installed: sign in with the licence management permission to replace it',
    );
    expect((await register(better, 'not-a-token')).json.status_code).toBe(10001);
    expect(await inForce()).toBe('NOW-0001');
  });

  it('refuses a user without the licence permission with 10500', async () => {
    const operator = await t.token('operator', 'Operator@123');
    const better = signedByTestVendor({ ...current, licenceId: 'NEW-0002', deviceLimit: 500 });
    expect((await register(better, operator)).json).toEqual({
      status_code: 10500,
      message: '更换许可证需要许可证管理权限',
      data: null,
    });
    expect(await inForce()).toBe('NOW-0001');
  });

  it('answers re-registering the very licence in force as done, to anyone, without writing', async () => {
    const before = (await t.handle.db.select().from(licences)).length;
    const same = await register(signedByTestVendor(current));
    expect(same.json).toMatchObject({ status_code: 1, data: { state: 'valid', licence: current } });
    expect(await t.handle.db.select().from(licences)).toHaveLength(before);
  });

  it('refuses a worse or older licence from an administrator, naming what is worse in words and as data', async () => {
    const worse: [Partial<typeof current>, WorseReason, string, string][] = [
      [
        { expiresAt: new Date(Date.parse(current.expiresAt) - DAY).toISOString() },
        'expiresAt',
        '到期时间更早',
        'it expires sooner',
      ],
      [
        { issuedAt: new Date(Date.parse(current.issuedAt) - DAY).toISOString() },
        'issuedAt',
        '签发时间更早',
        'it was issued earlier',
      ],
      [{ modules: ['admin'] }, 'modules', '授权模块更少', 'it opens fewer modules'],
      [{ deviceLimit: 99 }, 'deviceLimit', '设备数量上限更低', 'it allows fewer devices'],
      [{ customer: '另一个客户' }, 'customer', '客户不同', 'it is for another customer'],
    ];
    for (const [change, reason, zh, en] of worse) {
      const signed = signedByTestVendor({ ...current, licenceId: 'OLD-0001', ...change });
      expect((await register(signed, admin)).json, zh).toEqual({
        status_code: 10001,
        message: `新许可证不如当前许可证（${zh}），如确需更换，请确认后再次提交`,
        data: { reasons: [reason] },
      });
      const english = (await register(signed, admin, { 'accept-language': 'en-US' })).json;
      expect(english.message).toBe(
        `The new licence is worse than the one in force (${en}); confirm to replace it anyway`,
      );
      expect(english.data).toEqual({ reasons: [reason] });
    }
    const several = signedByTestVendor({
      ...current,
      licenceId: 'OLD-0002',
      deviceLimit: 1,
      modules: ['admin'],
    });
    const answer = (await register(several, admin)).json;
    expect(answer.message).toBe(
      '新许可证不如当前许可证（授权模块更少、设备数量上限更低），如确需更换，请确认后再次提交',
    );
    // What the page reads to ask the administrator, parsed as the contract defines it.
    expect(licenceDowngradeSchema.parse(answer.data)).toEqual({ reasons: ['modules', 'deviceLimit'] });
    expect(await inForce()).toBe('NOW-0001');
  });

  it('installs a worse licence when an administrator confirms it, and writes the operation log', async () => {
    const shorter = signedByTestVendor({
      ...current,
      licenceId: 'OLD-0003',
      expiresAt: new Date(Date.parse(current.expiresAt) - 30 * DAY).toISOString(),
    });
    expect((await register({ ...shorter, acceptDowngrade: true })).json.status_code).toBe(10001);
    const answer = await register({ ...shorter, acceptDowngrade: true }, admin);
    expect(answer.json).toMatchObject({ status_code: 1, message: '许可证注册成功' });
    expect(await inForce()).toBe('OLD-0003');
    const [row] = await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.module, LICENCE_MANAGE))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      account: 'admin',
      action: 'downgrade',
      targetId: 'OLD-0003',
      outcome: 'success',
    });
  });

  it('installs a better licence from an administrator without asking', async () => {
    const renewal = signedByTestVendor(
      licenceDocument(t.clock.now(), { licenceId: 'NEW-0003', modules: ['admin', 'iotcloud', 'omapp'] }),
    );
    expect((await register(renewal, admin)).json.status_code).toBe(1);
    expect(await inForce()).toBe('NEW-0003');
  });

  it('is public again once the licence in force has expired', async () => {
    t.clock.advanceMinutes(366 * 24 * 60);
    const renewal = signedByTestVendor(
      licenceDocument(t.clock.now(), { licenceId: 'NEW-0004', deviceLimit: 1 }),
    );
    expect((await register(renewal)).json.status_code).toBe(1);
    expect(await inForce()).toBe('NEW-0004');
  });
});

describe('what a licence serves', () => {
  let t: TestApp;
  const systemsOf = async (token: string) => {
    const session = (await t.call('POST', '/api/user/queryUserPermissions', { token })).json.data as {
      menus: { code: string; parentId: number }[];
    };
    return session.menus.filter((menu) => menu.parentId === 0).map((menu) => menu.code);
  };
  beforeAll(async () => {
    t = await createTestApp({ env: { LICENCE_PUBLIC_KEY: TEST_VENDOR_PUBLIC_KEY } });
  });
  afterAll(() => t.close());

  it('hides the systems a licence does not open, with their pages and buttons, and serves them again once one does', async () => {
    const register = (modules: string[], licenceId: string, token?: string) =>
      t.call('POST', '/api/sys/license/register', {
        token,
        body: {
          ...signedByTestVendor(licenceDocument(t.clock.now(), { licenceId, modules })),
          acceptDowngrade: true,
        },
      });
    expect((await register(['admin', 'iotcloud'], 'PART-0001')).json.status_code).toBe(1);
    const admin = await t.token('admin', 'Admin@123');
    expect(await systemsOf(admin)).toEqual(expect.arrayContaining(['admin', 'iotcloud']));
    expect(await systemsOf(admin)).not.toContain('esapp');
    expect(await systemsOf(admin)).not.toContain('omapp');
    // A call that needs an omapp button code is refused as if the code were not held.
    const session = (await t.call('POST', '/api/user/queryUserPermissions', { token: admin })).json.data as {
      elements: string[];
    };
    expect(session.elements).not.toContain('alarmList_handle');
    expect(session.elements).toContain('userManage_add');

    // A licence opening everything (an administrator's renewal) serves every system at once.
    expect((await register(Object.keys(SYSTEM_NAMES), 'FULL-0001', admin)).json.status_code).toBe(1);
    expect(await systemsOf(admin)).toEqual(expect.arrayContaining(Object.keys(SYSTEM_NAMES)));
    const full = (await t.call('POST', '/api/user/queryUserPermissions', { token: admin })).json.data as {
      elements: string[];
    };
    expect(full.elements).toContain('alarmList_handle');
    // And a licence without 储能充电 takes it away again, from a session already open.
    const withoutEs = Object.keys(SYSTEM_NAMES).filter((system) => system !== 'esapp');
    expect((await register(withoutEs, 'NOES-0001', admin)).json.status_code).toBe(1);
    expect(await systemsOf(admin)).not.toContain('esapp');
    expect(await systemsOf(admin)).toContain('llapp');
  });
});

describe('licence management and renewal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LICENCE_PUBLIC_KEY: TEST_VENDOR_PUBLIC_KEY } });
  });
  afterAll(() => t.close());

  it('lists every registered licence newest first, marks the one in force, and flags one no trusted key signed', async () => {
    const first = signedByTestVendor(licenceDocument(t.clock.now(), { licenceId: 'LIST-0001' }));
    expect((await t.call('POST', '/api/sys/license/register', { body: first })).json.status_code).toBe(1);
    const admin = await t.token('admin', 'Admin@123');
    const better = signedByTestVendor(
      licenceDocument(t.clock.now(), { licenceId: 'LIST-0002', modules: Object.keys(SYSTEM_NAMES) }),
    );
    expect(
      (await t.call('POST', '/api/sys/license/register', { body: better, token: admin })).json.status_code,
    ).toBe(1);
    // A row no trusted key verifies (written behind the server's back) is listed, never in force.
    const forged = signLicence(
      licenceDocument(t.clock.now(), { licenceId: 'FORGED-1' }),
      generateVendorKeys().privateKeyPem,
    );
    await t.handle.db.insert(licences).values({
      licenceId: 'FORGED-1',
      customer: forged.licence.customer,
      document: forged.licence,
      signature: forged.signature,
      expiresAt: new Date(forged.licence.expiresAt),
      registeredAt: new Date(t.clock.now().getTime() + 1000),
    });
    const listed = (await t.call('GET', '/api/sys/license/list', { token: admin })).json;
    expect(listed.status_code).toBe(1);
    expect(listed.data).toMatchObject([
      { licenceId: 'FORGED-1', verified: false, inForce: false },
      { licenceId: 'LIST-0002', verified: true, inForce: true, modules: Object.keys(SYSTEM_NAMES) },
      { licenceId: 'LIST-0001', verified: true, inForce: false },
    ]);
  });

  it('hands out a renewal request: customer, a stable fingerprint, the licence in force', async () => {
    const admin = await t.token('admin', 'Admin@123');
    const first = (await t.call('GET', '/api/sys/license/renewalRequest', { token: admin })).json;
    expect(first.data).toMatchObject({
      kind: 'cityops-licence-renewal',
      customer: '测试客户',
      current: { licenceId: 'LIST-0002' },
    });
    const fingerprint = (first.data as { fingerprint: string }).fingerprint;
    expect(fingerprint).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){7}$/);
    const again = (await t.call('GET', '/api/sys/license/renewalRequest', { token: admin })).json;
    expect((again.data as { fingerprint: string }).fingerprint).toBe(fingerprint);
  });

  it('refuses both without the codes (10500) and without a session (10401)', async () => {
    const operator = await t.token('operator', 'Operator@123');
    for (const path of ['/api/sys/license/list', '/api/sys/license/renewalRequest']) {
      expect((await t.call('GET', path, { token: operator })).json.status_code).toBe(10500);
      expect((await t.call('GET', path)).json.status_code).toBe(10401);
    }
  });
});

describe('the vendor CLIs', () => {
  it('make a key pair and sign a licence the server accepts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cityops-licence-'));
    try {
      const server = join(import.meta.dirname, '../../..');
      const run = (script: string, args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
          cwd: server,
          encoding: 'utf8',
          timeout: 30_000,
        });
      const keygen = run('licence-keygen.ts', ['--out', dir]);
      expect(keygen.status, keygen.stderr).toBe(0);
      const publicKey = /LICENCE_PUBLIC_KEY=(\S+)/.exec(keygen.stdout)?.[1] ?? '';
      expect(run('licence-keygen.ts', ['--out', dir]).status).toBe(1);
      const sign = run('licence-sign.ts', [
        ...['--key', join(dir, 'licence-private.pem'), '--customer', '某市城管局'],
        ...['--expires', '2027-12-31', '--modules', 'admin,iotcloud,omapp', '--devices', '10000'],
      ]);
      expect(sign.status, sign.stderr).toBe(0);
      const signed = signedLicenceSchema.parse(JSON.parse(sign.stdout));
      expect(signed.licence).toMatchObject({
        customer: '某市城管局',
        expiresAt: '2027-12-31T23:59:59.000Z',
        modules: ['admin', 'iotcloud', 'omapp'],
        deviceLimit: 10000,
      });
      expect(verifyLicence(signed, parsePublicKey(publicKey))).toBe(true);
      expect(
        verifyLicence(signed, parsePublicKey(await readFile(join(dir, 'licence-public.pem'), 'utf8'))),
      ).toBe(true);
      const missing = run('licence-sign.ts', ['--key', join(dir, 'licence-private.pem')]);
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain('--customer is required');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
