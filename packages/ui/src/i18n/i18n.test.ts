import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contractTexts } from '@cityops/contract';
import { uiTexts } from './uiTexts.js';
import {
  LOCALE_STORAGE_KEY,
  changeLocale,
  currentLocale,
  i18n,
  initI18n,
  readStoredLocale,
  resources,
} from './i18n.js';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});

describe('resources', () => {
  it('carry the contract texts exactly as the contract writes them', () => {
    expect(resources['zh-CN'].contract).toBe(contractTexts['zh-CN']);
    expect(resources['en-US'].contract).toBe(contractTexts['en-US']);
  });

  it('give every UI text in both languages', () => {
    expect(Object.keys(uiTexts['en-US']).sort()).toEqual(Object.keys(uiTexts['zh-CN']).sort());
    for (const value of [...Object.values(uiTexts['zh-CN']), ...Object.values(uiTexts['en-US'])]) {
      expect(value.trim()).not.toBe('');
    }
  });

  it('hold the login page texts of the spec verbatim', () => {
    const zh = uiTexts['zh-CN'];
    expect([zh['login.account'], zh['login.password'], zh['login.remember'], zh['login.submit']]).toEqual([
      '账号',
      '密码',
      '记住账号和密码',
      '登录',
    ]);
    expect(zh.loading).toBe('系统加载中');
  });
});

describe('locale', () => {
  it('is zh-CN by default and when the stored value is not one of ours', () => {
    expect(readStoredLocale()).toBe('zh-CN');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'fr-FR');
    expect(readStoredLocale()).toBe('zh-CN');
  });

  it('is remembered when changed and translates both namespaces', async () => {
    await initI18n();
    expect(currentLocale()).toBe('zh-CN');
    expect(i18n.t('login.submit')).toBe('登录');
    expect(i18n.t('contract:level.FAIL')).toBe('失败');
    await changeLocale('en-US');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en-US');
    expect(readStoredLocale()).toBe('en-US');
    expect(i18n.t('login.submit')).toBe('Sign in');
    expect(i18n.t('contract:account.required')).toBe('Please enter the account');
    await changeLocale('zh-CN');
  });
});
