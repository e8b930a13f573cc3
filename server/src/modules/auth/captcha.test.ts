import { inflateSync } from 'node:zlib';
import { sm2 } from 'sm-crypto-v2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas, serverKeys } from '../../db/schema.js';
import { createTestApp, TEST_CAPTCHA, type TestApp } from '../../test/testApp.js';
import { drawCaptcha } from './captchaImage.js';
import { CAPTCHA_ALPHABET } from './glyphs.js';
import { randomCaptchaText } from './captcha.js';

let t: TestApp;
let publicKey: string;
beforeAll(async () => {
  t = await createTestApp();
  publicKey = ((await t.call('GET', '/api/login/publicKey?t=1')).json.data as { publicKey: string })
    .publicKey;
});
afterAll(() => t.close());

async function captcha() {
  const answer = await t.call('POST', '/api/login/genCaptcha', { body: {} });
  expect(answer.json.status_code).toBe(1);
  return answer.json.data as { img: string; imgId: string };
}

const cipherLogin = (body: Record<string, string>) => t.call('POST', '/api/login/doLogin', { body });

/** Reads a PNG far enough to check it is a real one: signature, size, chunk CRCs, pixel data. */
function readPng(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idatLength = png.readUInt32BE(33);
  const pixels = inflateSync(png.subarray(41, 41 + idatLength));
  return { width, height, pixels };
}

describe('captcha', () => {
  it('is a real PNG image with a noisy background', async () => {
    const { img, imgId } = await captcha();
    expect(img).toMatch(/^data:image\/png;base64,/);
    expect(imgId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const { width, height, pixels } = readPng(Buffer.from(img.split(',')[1] ?? '', 'base64'));
    expect([width, height]).toEqual([120, 40]);
    expect(pixels.length).toBe((width * 3 + 1) * height);
    expect(new Set(pixels).size).toBeGreaterThan(50);
  });

  it('draws the same text differently each time', () => {
    expect(drawCaptcha('HK47').equals(drawCaptcha('HK47'))).toBe(false);
  });

  it('picks characters only from the unambiguous alphabet', () => {
    for (let i = 0; i < 50; i++)
      expect(randomCaptchaText()).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1I2Z5S8B]/);
  });

  it('stores only a hash of the answer', async () => {
    const { imgId } = await captcha();
    const [row] = await t.handle.db.select().from(captchas).where(eq(captchas.id, imgId));
    expect(row?.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(TEST_CAPTCHA);
  });
});

describe('cipher-text sign-in', () => {
  it('serves the SM2 public key and keeps the private key to itself', async () => {
    expect(publicKey).toMatch(/^04[0-9a-f]{128}$/);
    const [row] = await t.handle.db.select().from(serverKeys);
    const everything = JSON.stringify((await t.call('GET', '/api/login/publicKey')).json);
    expect(everything).not.toContain(row?.privateKey);
  });

  it('signs in with a password encrypted by the public key and a correct captcha', async () => {
    const { imgId } = await captcha();
    const password = sm2.doEncrypt('Operator@123', publicKey, 1);
    const answer = await cipherLogin({ userName: 'operator', password, verKey: imgId, verCode: 'hk47' });
    expect(answer.json.status_code).toBe(1);
    expect(answer.json.data).toMatchObject({ userName: 'operator', token: expect.any(String) });
  });

  it('accepts the ciphertext with the 04 point prefix some libraries add', async () => {
    const { imgId } = await captcha();
    const password = `04${sm2.doEncrypt('Operator@123', publicKey, 1)}`;
    const answer = await cipherLogin({
      userName: 'operator',
      password,
      verKey: imgId,
      verCode: TEST_CAPTCHA,
    });
    expect(answer.json.status_code).toBe(1);
  });

  it('uses a captcha once only, right or wrong', async () => {
    const { imgId } = await captcha();
    const password = sm2.doEncrypt('Operator@123', publicKey, 1);
    expect(
      (await cipherLogin({ userName: 'operator', password, verKey: imgId, verCode: TEST_CAPTCHA })).json
        .status_code,
    ).toBe(1);
    const again = await cipherLogin({ userName: 'operator', password, verKey: imgId, verCode: TEST_CAPTCHA });
    expect(again.json).toEqual({ status_code: 10001, message: '验证码错误或已过期，请重新获取', data: null });

    const second = await captcha();
    expect(
      (await cipherLogin({ userName: 'operator', password, verKey: second.imgId, verCode: 'XXXX' })).json
        .status_code,
    ).toBe(10001);
    const retry = await cipherLogin({
      userName: 'operator',
      password,
      verKey: second.imgId,
      verCode: TEST_CAPTCHA,
    });
    expect(retry.json.message).toBe('验证码错误或已过期，请重新获取');
  });

  it('refuses a captcha older than two minutes', async () => {
    const { imgId } = await captcha();
    t.clock.advanceMinutes(2.1);
    const password = sm2.doEncrypt('Operator@123', publicKey, 1);
    const answer = await cipherLogin({
      userName: 'operator',
      password,
      verKey: imgId,
      verCode: TEST_CAPTCHA,
    });
    expect(answer.json.message).toBe('验证码错误或已过期，请重新获取');
  });

  it('refuses ciphertext made with another key, or not ciphertext at all', async () => {
    const other = sm2.generateKeyPairHex();
    for (const password of [
      sm2.doEncrypt('Operator@123', other.publicKey, 1),
      'abcdef0123',
      'ab'.repeat(150),
    ]) {
      const { imgId } = await captcha();
      const answer = await cipherLogin({
        userName: 'operator',
        password,
        verKey: imgId,
        verCode: TEST_CAPTCHA,
      });
      expect(answer.json).toEqual({
        status_code: 10001,
        message: '密码密文无法解密，请刷新页面后重试',
        data: null,
      });
    }
  });

  it('checks the decrypted password against the password rules', async () => {
    const { imgId } = await captcha();
    const password = sm2.doEncrypt('密码', publicKey, 1);
    const answer = await cipherLogin({
      userName: 'operator',
      password,
      verKey: imgId,
      verCode: TEST_CAPTCHA,
    });
    expect(answer.json.message).toBe('密码长度6-16位,必须是字母、数字、特殊字符或任意组合');
  });

  it('counts a wrong encrypted password like any wrong password', async () => {
    const { imgId } = await captcha();
    const password = sm2.doEncrypt('Wrong@123', publicKey, 1);
    const answer = await cipherLogin({
      userName: 'operator',
      password,
      verKey: imgId,
      verCode: TEST_CAPTCHA,
    });
    expect(answer.json.message).toBe('账号或密码错误，再失败4次账号将被锁定10分钟');
  });

  it.each([
    [
      { userName: 'operator', password: 'zz', verKey: 'k', verCode: 'c' },
      '密码密文无法解密，请刷新页面后重试',
    ],
    [{ userName: 'operator', password: 'ab', verKey: '', verCode: 'c' }, '请输入验证码'],
    [{ userName: 'operator', password: 'ab', verKey: 'k', verCode: '' }, '请输入验证码'],
    [{ userName: 'operator', password: 'ab', verKey: 'k' }, '缺少参数verCode'],
  ])('refuses %j before looking at the captcha', async (body, message) => {
    expect((await cipherLogin(body)).json).toEqual({ status_code: 10001, message, data: null });
  });

  it('keeps the same key pair across restarts of the app on the same database', async () => {
    const { buildApp } = await import('../../app.js');
    const second = await buildApp({ config: t.config, database: t.handle });
    const answer = await second.inject({ method: 'GET', url: '/api/login/publicKey' });
    expect(answer.json<{ data: { publicKey: string } }>().data.publicKey).toBe(publicKey);
    await second.close();
  });
});
