import { describe, expect, it } from 'vitest';
import { STORAGE_REMEMBER, STORAGE_REMEMBER_KEY } from '@cityops/contract';
import { createRememberMe } from './rememberMe';

const rememberMe = createRememberMe(() => localStorage);
const admin = { userName: 'admin', password: 'Admin@123' };

describe('remember me', () => {
  it('round-trips the account and password through SM2', async () => {
    await rememberMe.save(admin);
    const stored = localStorage.getItem(STORAGE_REMEMBER) ?? '';
    expect(stored).toMatch(/^[0-9a-f]+$/);
    expect(stored).not.toContain('admin');
    expect(await rememberMe.load()).toEqual(admin);
  });

  it('keeps a per-browser key pair under userRemKey and reuses it', async () => {
    await rememberMe.save(admin);
    const keys = localStorage.getItem(STORAGE_REMEMBER_KEY);
    expect(keys).toMatch(/"publicKey":"04[0-9a-f]{128}"/);
    await rememberMe.save({ userName: 'operator', password: 'Operator@123' });
    expect(localStorage.getItem(STORAGE_REMEMBER_KEY)).toBe(keys);
  });

  it('cannot decrypt an item copied from another browser, and removes it', async () => {
    await rememberMe.save(admin);
    const copied = localStorage.getItem(STORAGE_REMEMBER) ?? '';
    localStorage.clear();
    await rememberMe.save({ userName: 'someone', password: 'Some@1234' });
    localStorage.setItem(STORAGE_REMEMBER, copied);
    expect(await rememberMe.load()).toBeNull();
    expect(localStorage.getItem(STORAGE_REMEMBER)).toBeNull();
  });

  it.each([
    ['not hex', 'hello world'],
    ['too short', 'abcd'],
    ['hex of the wrong content', 'ab'.repeat(150)],
  ])('removes a corrupt item (%s)', async (_, value) => {
    await rememberMe.save(admin);
    localStorage.setItem(STORAGE_REMEMBER, value);
    expect(await rememberMe.load()).toBeNull();
    expect(localStorage.getItem(STORAGE_REMEMBER)).toBeNull();
  });

  it('removes the item when the key pair is gone or malformed', async () => {
    await rememberMe.save(admin);
    localStorage.setItem(STORAGE_REMEMBER_KEY, '{"publicKey":"x"}');
    expect(await rememberMe.load()).toBeNull();
    expect(localStorage.getItem(STORAGE_REMEMBER)).toBeNull();
  });

  it('forgets', async () => {
    await rememberMe.save(admin);
    rememberMe.forget();
    expect(localStorage.getItem(STORAGE_REMEMBER)).toBeNull();
    expect(await rememberMe.load()).toBeNull();
  });

  it('answers null with nothing stored', async () => {
    expect(rememberMe.hasItem()).toBe(false);
    expect(await rememberMe.load()).toBeNull();
  });
});
