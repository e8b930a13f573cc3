import { z } from 'zod';
import { ACCOUNT_MAX, ACCOUNT_MIN, PASSWORD_MAX, PASSWORD_MIN } from './constants.js';
import type { TextKey } from './texts.js';

/**
 * The validation rules of platform-shell.md §5 as pure functions. Each answers the text key of the
 * first rule broken, or null. The login form, the change-password dialog and the server all use these.
 */

const HAN = /\p{Script=Han}/gu;
const ACCOUNT = new RegExp(`^[A-Za-z0-9_]{${ACCOUNT_MIN},${ACCOUNT_MAX}}$`);

/** Login user names lose all whitespace before anything else. */
export const normaliseAccount = (value: string) => value.replace(/\s+/g, '');

/** Password inputs drop Chinese characters as they are typed. */
export const stripChinese = (value: string) => value.replace(HAN, '');

export function checkAccount(raw: string): TextKey | null {
  const value = normaliseAccount(raw);
  if (value === '') return 'account.required';
  return ACCOUNT.test(value) ? null : 'account.format';
}

export function checkPassword(value: string, requiredKey: TextKey = 'password.required'): TextKey | null {
  if (value === '') return requiredKey;
  const lengthOk = [...value].length >= PASSWORD_MIN && [...value].length <= PASSWORD_MAX;
  const charactersOk = !/\s/.test(value) && !/\p{Script=Han}/u.test(value);
  return lengthOk && charactersOk ? null : 'password.format';
}

/** How many of upper case, lower case, digit and symbol a password uses. */
export function passwordClasses(value: string) {
  return [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
}

export function checkNewPassword(
  value: string,
  requiredKey: TextKey = 'newPassword.required',
): TextKey | null {
  if (value === '') return requiredKey;
  const length = [...value].length;
  const ok =
    length >= PASSWORD_MIN &&
    length <= PASSWORD_MAX &&
    !/\s/.test(value) &&
    !/\p{Script=Han}/u.test(value) &&
    passwordClasses(value) >= 2;
  return ok ? null : 'newPassword.format';
}

export function checkConfirmPassword(password: string, confirm: string): TextKey | null {
  if (confirm === '') return 'confirmPassword.required';
  return password === confirm ? null : 'newPassword.mismatch';
}

/** Longitude -180..180 with at most 5 decimals below 100 and 10 decimals from 100 (§5). */
export function checkLongitude(value: string | number): TextKey | null {
  const text = String(value).trim();
  const match = /^-?(\d{1,3})(?:\.(\d+))?$/.exec(text);
  if (!match) return 'longitude.format';
  const whole = Number(match[1]);
  const decimals = match[2]?.length ?? 0;
  const n = Number(text);
  if (Math.abs(n) > 180) return 'longitude.format';
  return decimals <= (whole < 100 ? 5 : 10) ? null : 'longitude.format';
}

export function checkLatitude(value: string | number): TextKey | null {
  const text = String(value).trim();
  if (!/^-?\d{1,2}(?:\.\d+)?$/.test(text)) return 'latitude.format';
  return Math.abs(Number(text)) <= 90 ? null : 'latitude.format';
}

/** zod refinement from one of the rules above; the issue's message is the text key. */
export const ruled = (rule: (value: string) => TextKey | null) =>
  z.string().superRefine((value, ctx) => {
    const key = rule(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });
