// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_LICENCE, COOKIE_TOKEN, COOKIE_USER_TYPE } from '@cityops/contract';
import {
  clearLicenceCookie,
  clearSessionCookies,
  readCookie,
  readToken,
  readUserType,
  writeCookie,
  writeSessionCookies,
} from './cookies.js';

afterEach(() => {
  for (const name of [COOKIE_TOKEN, COOKIE_USER_TYPE, COOKIE_LICENCE, 'other']) {
    document.cookie = `${name}=; Max-Age=0; path=/`;
  }
});

describe('session cookies', () => {
  it('stores the token and user type under user-Token and user-Type', () => {
    writeSessionCookies('abc=+/token', 2);
    expect(readCookie(COOKIE_TOKEN)).toBe('abc=+/token');
    expect(readCookie(COOKIE_USER_TYPE)).toBe('2');
    expect(readToken()).toBe('abc=+/token');
    expect(readUserType()).toBe(2);
  });

  it('clears both on logout and leaves other cookies alone', () => {
    writeSessionCookies('abc', 1);
    writeCookie('other', 'kept');
    clearSessionCookies();
    expect(readToken()).toBeNull();
    expect(readUserType()).toBeNull();
    expect(readCookie('other')).toBe('kept');
  });

  it('treats an empty or missing token as signed out', () => {
    expect(readToken()).toBeNull();
    document.cookie = `${COOKIE_TOKEN}=; path=/`;
    expect(readToken()).toBeNull();
  });

  it('ignores a user type that is not a number', () => {
    document.cookie = `${COOKIE_USER_TYPE}=admin; path=/`;
    expect(readUserType()).toBeNull();
  });

  it('clears the licence cookie', () => {
    writeCookie(COOKIE_LICENCE, 'x');
    clearLicenceCookie();
    expect(readCookie(COOKIE_LICENCE)).toBeNull();
  });
});
