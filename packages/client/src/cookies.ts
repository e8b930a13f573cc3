import { COOKIE_LICENCE, COOKIE_TOKEN, COOKIE_USER_TYPE } from '@cityops/contract';

/** Anything with a `cookie` property that behaves like `document.cookie`. */
export interface CookieJar {
  cookie: string;
}

const defaultJar = (): CookieJar => globalThis.document;

/**
 * Cookies are shared by every port of the host, which is why the session token lives in one: the
 * sub-apps served on their own ports read the same `user-Token` (ARCHITECTURE.md, Auth).
 */
function attributes(): string {
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  return `; path=/; SameSite=Lax${secure}`;
}

export function readCookie(name: string, jar: CookieJar = defaultJar()): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of jar.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, jar: CookieJar = defaultJar()): void {
  jar.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}${attributes()}`;
}

export function removeCookie(name: string, jar: CookieJar = defaultJar()): void {
  jar.cookie = `${encodeURIComponent(name)}=; Max-Age=0${attributes()}`;
}

/** The session token, or null when signed out (an empty cookie counts as signed out). */
export function readToken(jar: CookieJar = defaultJar()): string | null {
  const token = readCookie(COOKIE_TOKEN, jar);
  return token === null || token === '' ? null : token;
}

export function readUserType(jar: CookieJar = defaultJar()): number | null {
  const value = readCookie(COOKIE_USER_TYPE, jar);
  if (value === null || !/^-?\d+$/.test(value)) return null;
  return Number(value);
}

/** Stores what a successful login answered (platform-shell.md §4, Session). */
export function writeSessionCookies(token: string, userType: number, jar: CookieJar = defaultJar()): void {
  writeCookie(COOKIE_TOKEN, token, jar);
  writeCookie(COOKIE_USER_TYPE, String(userType), jar);
}

/** Logout, local logout and the session-ended codes all clear both cookies. */
export function clearSessionCookies(jar: CookieJar = defaultJar()): void {
  removeCookie(COOKIE_TOKEN, jar);
  removeCookie(COOKIE_USER_TYPE, jar);
}

export function clearLicenceCookie(jar: CookieJar = defaultJar()): void {
  removeCookie(COOKIE_LICENCE, jar);
}
