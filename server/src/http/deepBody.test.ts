import { API_PREFIX, authEndpoints, systemEndpoints, userEndpoints } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/testApp.js';
import { JSON_MAX_DEPTH, nestsDeeperThan, parseUntrustedJson } from './untrustedJson.js';
import { nulField } from './validation.js';

/** The body limit of app.ts: the deepest valid JSON it lets through nests half as many levels. */
const BODY_LIMIT = 1024 * 1024;
const deepest = (bytes: number) => '['.repeat(bytes / 2) + ']'.repeat(bytes / 2);

let t: TestApp;
let base: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.token('admin', 'Admin@123');
});
afterAll(() => t.close());

const post = (path: string, body: string, token?: string) =>
  fetch(`${base}${API_PREFIX}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'access-token': token } : {}) },
    body,
  }).then((answer) => answer.json() as Promise<{ status_code: number; message: string }>);

const tooDeep = { status_code: 10001, message: `请求内容嵌套过深（最多${JSON_MAX_DEPTH}层）` };

describe('a deeply nested body', () => {
  it('the deepest the size limit allows is refused on the public sign-in while /api/health answers', async () => {
    const body = deepest(BODY_LIMIT - 2);
    const signIn = post(authEndpoints.login.path, body);
    // Sent while the deep body is on its way in and being looked at: the server keeps answering.
    const health = fetch(`${base}${API_PREFIX}${systemEndpoints.health.path}`).then((answer) =>
      answer.json(),
    );
    await expect(health).resolves.toMatchObject({ status_code: 1, data: { ok: true } });
    await expect(signIn).resolves.toMatchObject(tooDeep);
  });

  it('is refused from a signed-in user too, and in English', async () => {
    const nested = `{"pageNum":1,"pageSize":15,"name":${deepest(600_000)}}`;
    await expect(post(userEndpoints.page.path, nested, admin)).resolves.toMatchObject(tooDeep);
    const english = await t.call('POST', `${API_PREFIX}${userEndpoints.page.path}`, {
      token: admin,
      headers: { 'accept-language': 'en-US' },
      payload: nested,
    });
    expect(english.json).toMatchObject({
      status_code: 10001,
      message: `The request nests too deeply (at most ${JSON_MAX_DEPTH} levels)`,
    });
  });

  it('up to the limit is parsed as usual (the schema answers, not the depth rule)', async () => {
    const within = `{"pageNum":1,"pageSize":15,"name":${deepest((JSON_MAX_DEPTH - 1) * 2)}}`;
    const answer = await post(userEndpoints.page.path, within, admin);
    expect(answer.status_code).toBe(10001);
    expect(answer.message).toContain('name');
  });
});

describe('the depth count', () => {
  it('counts only brackets outside strings, escaped quotes included', () => {
    expect(nestsDeeperThan('{"a":"[[[[[[","b":"\\"[[[["}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(() => parseUntrustedJson('[[1]]', 1)).toThrow('deeper than 1');
    expect(parseUntrustedJson('[[1]]', 2)).toEqual([[1]]);
  });
});

describe('the NUL walk', () => {
  it('is linear in depth: a value nested 200,000 levels deep is walked at once, naming the path', () => {
    let value: unknown = `x\u0000`;
    for (let i = 0; i < 200_000; i += 1) value = { a: value };
    const path = nulField(value);
    expect(path?.length).toBe(200_000 * 2 - 1);
    expect(path?.startsWith('a.a.a')).toBe(true);
  });
});
