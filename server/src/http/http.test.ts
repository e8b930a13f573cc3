import { defineEndpoint, PUBLIC } from '@cityops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessions } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/testApp.js';
import { route } from './route.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const probe = (path: string, data: z.ZodType) =>
    defineEndpoint({ method: 'GET', path, access: PUBLIC, query: z.object({}), body: z.undefined(), data });
  route(t.app, probe('/test/broken', z.null()), async () => {
    throw new Error('secret internals at /srv/db.ts:12');
  });
  route(
    t.app,
    probe('/test/offContract', z.object({ n: z.number() })),
    async () => ({ n: 'not a number' }) as never,
  );
});
afterAll(() => t.close());

const refused = (message: string) => ({ status_code: 10001, message, data: null });

describe('the envelope on every /api answer', () => {
  it('answers an unknown path with HTTP 200 and a message naming it', async () => {
    const get = await t.call('GET', '/api/no/such/thing?x=1');
    expect(get.status).toBe(200);
    expect(get.json).toEqual(refused('请求的接口不存在：GET /api/no/such/thing'));
    expect((await t.call('POST', '/api/nope', { body: {} })).json).toEqual(
      refused('请求的接口不存在：POST /api/nope'),
    );
    expect((await t.call('DELETE', '/api')).json.status_code).toBe(10001);
    const english = await t.call('GET', '/api/nope', { headers: { 'accept-language': 'en' } });
    expect(english.json.message).toBe('No such endpoint: GET /api/nope');
  });

  it('answers malformed JSON, a bad content type and a poisoned prototype as a bad request', async () => {
    const url = '/api/login/doLoginNoVerCode';
    expect((await t.call('POST', url, { payload: '{"userName": "admin", ' })).json).toEqual(
      refused('请求内容不合法'),
    );
    expect((await t.call('POST', url, { payload: '{"__proto__": {"admin": true}}' })).json).toEqual(
      refused('请求内容不合法'),
    );
    const xml = await t.call('POST', url, {
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml).toMatchObject({ status: 200, json: refused('请求内容不合法') });
  });

  it('answers an over-large body without reading it all', async () => {
    const answer = await t.call('POST', '/api/login/doLoginNoVerCode', {
      body: { userName: 'admin', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(answer).toMatchObject({ status: 200, json: refused('请求内容过大') });
  });

  it('takes an empty JSON body as no body', async () => {
    const answer = await t.call('POST', '/api/login/doLogout', { payload: '' });
    expect(answer.json.status_code).toBe(1);
  });

  it('names fields the endpoint does not take', async () => {
    const answer = await t.call('POST', '/api/login/doLoginNoVerCode?admin=1', {
      body: { userName: 'admin', password: 'Admin@123' },
    });
    expect(answer.json).toEqual(refused('不支持的参数admin'));
  });

  it('answers a malformed URL with the envelope', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status_code: 10001 });
  });

  it('hides a failure of ours behind 服务不可用, never a stack trace', async () => {
    for (const path of ['/api/test/broken', '/api/test/offContract']) {
      const answer = await t.call('GET', path);
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ status_code: 10500, message: '服务不可用', data: null });
      expect(answer.body).not.toMatch(/secret|\/srv|at |Error/);
    }
  });

  it('sends security headers, and never lets an API answer be cached', async () => {
    const api = await t.call('GET', '/api/health');
    expect(api.json).toEqual({ status_code: 1, message: '成功', data: { ok: true } });
    expect(api.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cache-control': 'no-store',
    });
    expect((await t.call('GET', '/config.js')).headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('gives pages a Content-Security-Policy: own scripts only, framed by itself, framing its sub-apps', async () => {
    const page = await t.call('GET', '/admin/userManage', { headers: { host: 'city.example:8080' } });
    const policy = String(page.headers['content-security-policy']);
    const directives = new Map(
      policy
        .split('; ')
        .map((directive) => [directive.split(' ')[0], directive.slice(directive.indexOf(' ') + 1)]),
    );
    expect(directives.get('script-src')).toBe("'self' blob:");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'self'");
    expect(directives.get('frame-src')).toBe(
      `'self' http://city.example:* https://city.example:* cityops-plugin: ${Array.from(
        { length: 10 },
        (_, i) => `http://127.0.0.1:${15900 + i}`,
      ).join(' ')}`,
    );
    expect(policy).not.toMatch(/unsafe-eval/);
  });

  it('stores hostile text it is given as plain text', async () => {
    const agent = `<script>alert(1)</script>'; drop table users; --`;
    const token = await t.token('operator', 'Operator@123');
    await t.call('POST', '/api/user/token/postpone', { token });
    const login = await t.call('POST', '/api/login/doLoginNoVerCode', {
      body: { userName: 'operator', password: 'Operator@123' },
      headers: { 'user-agent': agent },
    });
    expect(login.json.status_code).toBe(1);
    const rows = await t.handle.db.select().from(sessions).where(eq(sessions.userAgent, agent));
    expect(rows).toHaveLength(1);
    expect((await t.login('admin', 'Admin@123')).status_code).toBe(1);
  });
});
