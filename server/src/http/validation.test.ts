import {
  authEndpoints,
  defineEndpoint,
  dictionaryEndpoints,
  fieldRules,
  PUBLIC,
  userEndpoints,
  videoEndpoints,
} from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/testApp.js';
import { route } from './route.js';

const NUL = '\u0000';

/** A form of §5's field rules, answered by a handler that never runs when a rule refuses. */
const ruledProbe = defineEndpoint({
  method: 'POST',
  path: '/test/fieldRules',
  access: PUBLIC,
  query: z.object({}),
  body: z.object({ deviceName: fieldRules.deviceName, projectName: fieldRules.projectName }).strict(),
  data: z.null(),
});

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  // A handler whose query the database refuses, as a NUL byte or a bad cast would make it.
  const probe = defineEndpoint({
    method: 'GET',
    path: '/test/databaseFailure',
    access: PUBLIC,
    query: z.object({}),
    body: z.undefined(),
    data: z.null(),
  });
  route(t.app, probe, async () => {
    await t.handle.db.execute(sql`select ${'not a number; secret-param'}::int as n from users`);
    return null;
  });
  // A failure that carries an HTTP status of its own, as some drivers' errors do.
  route(t.app, { ...probe, path: '/test/statusFailure' }, async () => {
    throw Object.assign(new Error('relation "users" violates check; select * from users'), {
      code: '23514',
      statusCode: 400,
    });
  });
  route(t.app, ruledProbe, async () => null);
  admin = await t.token('admin', 'Admin@123');
});
afterAll(() => t.close());

const refusedNaming = (field: string) => ({
  status_code: 10001,
  message: `参数${field}不合法：不能包含空字符（U+0000）`,
  data: null,
});

describe('a NUL character anywhere in the input', () => {
  it('is refused on the public cipher sign-in, naming verKey', async () => {
    const answer = await t.api(authEndpoints.cipherLogin, {
      body: { userName: 'admin', password: 'abcdef', verKey: `key${NUL}`, verCode: 'HK47' },
    });
    expect(answer).toEqual(refusedNaming('verKey'));
  });

  it('is refused in a body field, a nested one, a query parameter and a key', async () => {
    expect(
      await t.api(userEndpoints.page, { token: admin, body: { pageNum: 1, pageSize: 15, name: `a${NUL}` } }),
    ).toEqual(refusedNaming('name'));
    expect(
      await t.api(dictionaryEndpoints.typeCreate, {
        token: admin,
        body: { code: 'nul_probe', name: `名${NUL}称` } as never,
      }),
    ).toEqual(refusedNaming('name'));
    expect(
      await t.api(videoEndpoints.updatePlatformSettings, {
        token: admin,
        body: {
          platformCode: 'dh_icc_huati',
          baseUrl: 'http://127.0.0.1:10802',
          username: `system${NUL}`,
          clientId: 'cityops',
          timeoutMs: 5000,
        },
      }),
    ).toEqual(refusedNaming('username'));
    expect(
      await t.api(videoEndpoints.hikPlaybackUrls, {
        token: admin,
        body: { param: [{ cameraIndexCode: 'hik-cam-01' }, { cameraIndexCode: `x${NUL}` }] } as never,
      }),
    ).toEqual(refusedNaming('param.1.cameraIndexCode'));
    const query = await t.call('GET', `/api${videoEndpoints.cameraTree.path}?platformCode=%00`, {
      token: admin,
    });
    expect(query.json).toEqual(refusedNaming('platformCode'));
    const key = await t.call('POST', `/api${userEndpoints.page.path}`, {
      token: admin,
      payload: JSON.stringify({ pageNum: 1, [`a${NUL}b`]: 1 }),
    });
    expect(key.json).toEqual(refusedNaming('a\\u0000b'));
  });

  it('is refused in English too', async () => {
    const answer = await t.api(authEndpoints.login, {
      body: { userName: `admin${NUL}`, password: 'Admin@123' },
      headers: { 'accept-language': 'en' },
    });
    expect(answer.message).toBe('Field userName is invalid: must not contain the NUL character (U+0000)');
  });
});

describe('a field rule of §5', () => {
  it('is answered with its text and the limit it names, in Chinese and English', async () => {
    const body = { deviceName: '灯'.repeat(33), projectName: '项目' };
    expect(await t.api(ruledProbe, { body })).toEqual({
      status_code: 10001,
      message: '长度不能超过32个字符',
      data: null,
    });
    const english = await t.api(ruledProbe, {
      body: { deviceName: '灯', projectName: '' },
      headers: { 'accept-language': 'en' },
    });
    expect(english.message).toBe('Enter 1-200 characters');
    expect(
      await t.api(ruledProbe, { body: { deviceName: '灯'.repeat(32), projectName: '项目' } }),
    ).toMatchObject({
      status_code: 1,
    });
  });
});

describe('a failure of the database', () => {
  it('reaches the client only as the generic 服务不可用, without the statement or its values', async () => {
    for (const path of ['/api/test/databaseFailure', '/api/test/statusFailure']) {
      const answer = await t.call('GET', path);
      expect(answer.status, path).toBe(200);
      expect(answer.json, path).toEqual({ status_code: 10500, message: '服务不可用', data: null });
      expect(answer.body, path).not.toMatch(/select|secret|users|relation/i);
    }
  });
});
