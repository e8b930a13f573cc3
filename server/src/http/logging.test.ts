import { sql } from 'drizzle-orm';
import { sm2 } from 'sm-crypto-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leakedSecrets } from '../test/leakedSecrets.js';
import { createTestApp, TEST_CAPTCHA, type TestApp } from '../test/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ captureLogs: true });
});
afterAll(() => t.close());

describe('logs', () => {
  it('never contain a password, token, captcha answer, Access-Token header or cookie', async () => {
    const token = await t.token('operator', 'Operator@123');
    await t.login('operator', 'Wrong@Pass9');
    await t.call('POST', '/api/user/queryUserPermissions', {
      token,
      headers: { cookie: 'user-Token=cookie-secret-1', authorization: 'Bearer bearer-secret-2' },
    });
    await t.call('GET', `/api/sys/dictionary/queryDicByDicCode?dicCode=alarm_state&token=query-secret-3`, {
      token,
    });
    const { publicKey } = (await t.call('GET', '/api/login/publicKey')).json.data as { publicKey: string };
    const { imgId } = (await t.call('POST', '/api/login/genCaptcha')).json.data as { imgId: string };
    await t.call('POST', '/api/login/doLogin', {
      body: {
        userName: 'operator',
        password: sm2.doEncrypt('Operator@123', publicKey, 1),
        verKey: imgId,
        verCode: TEST_CAPTCHA,
      },
    });
    await t.call('POST', '/api/user/updatePwd', {
      token,
      body: { oldPassword: 'Operator@123', password: 'Changed@456', confirmPass: 'Changed@456' },
    });

    const text = t.logs.join('');
    expect(text).toContain('signed in');
    expect(text).toContain('/api/user/queryUserPermissions');
    for (const secret of [
      'Operator@123',
      'Wrong@Pass9',
      'Changed@456',
      token,
      'cookie-secret-1',
      'bearer-secret-2',
      'query-secret-3',
      TEST_CAPTCHA,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('censors secrets even when code logs them by mistake', () => {
    t.logs.length = 0;
    t.app.log.info({ body: { password: 'Leaky@123', verCode: 'AB12' }, token: 'leaky-token' }, 'oops');
    const text = t.logs.join('');
    expect(text).toContain('oops');
    expect(text).not.toMatch(/Leaky@123|AB12|leaky-token/);
  });

  it('show a failed query by its SQL and the database’s code, never the values it carried', async () => {
    t.logs.length = 0;
    const secret = 'Icc-Client-Secret-77';
    const failure = await t.handle.db
      .execute(sql`select ${secret}::integer as n, ${'Artemis-Key-88'} as k`)
      .then(() => null)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    t.app.log.error({ err: failure }, 'request failed');
    const text = t.logs.join('');
    expect(text).toContain('request failed');
    expect(text).toContain('::integer');
    expect(text).toContain('22P02');
    expect(text).toContain('invalid input syntax for type integer');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('Artemis-Key-88');
  });

  it('censor the video platforms’ secrets by name', () => {
    t.logs.length = 0;
    t.app.log.warn({ settings: { appSecret: 'hik-secret-1', clientSecret: 'icc-secret-2' } }, 'saved');
    expect(t.logs.join('')).not.toMatch(/hik-secret-1|icc-secret-2/);
  });

  it('are scanned after every test file: a test’s passwords and tokens, or anything shaped like one, fail it', () => {
    const log = '{"msg":"signed in","user":"viewer"}\n{"msg":"oops","detail":"Viewer@123"}';
    expect(leakedSecrets(log, ['token-abcdef'])).toEqual(['Viewer@123']);
    expect(leakedSecrets('{"token":"token-abcdef"}', ['token-abcdef'])).toEqual(['token-abcdef']);
    expect(leakedSecrets('{"msg":"signed in","user":"viewer"}', ['token-abcdef'])).toEqual([]);
  });
});
