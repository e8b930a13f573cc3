import { inLocale, type Names } from '../names.js';
import { fillText } from '../texts.js';

/**
 * Why a sign-in log row happened (its `detail`), stored as a code so each reader sees it in the
 * interface's language. A reason that needs more says it after a colon: `ticketPurpose:<purpose as
 * typed>`, `byTicketRefused:<another reason>`. The lock-out counts rows by these codes, so they never
 * change once shipped.
 */
export const SIGN_IN_REASONS = {
  wrongPassword: ['账号或密码错误', 'Wrong account or password'],
  accountLocked: ['账号已锁定', 'Account locked'],
  accountDisabled: ['账号已停用', 'Account disabled'],
  noPermissions: ['用户无任何权限', 'The user has no permissions'],
  addressLocked: ['此地址多次失败，已锁定', 'Locked for this address after repeated failures'],
  accountLockedForNewAddresses: [
    '多个地址多次失败，已对新地址锁定',
    'Locked for new addresses after repeated failures from many',
  ],
  ticketInvalid: ['登录凭证未知、已过期或已使用', 'Ticket unknown, expired or used'],
  byTicket: ['一次性登录凭证登录', 'By one-time ticket'],
  byTicketRefused: ['一次性登录凭证：{{argument}}', 'By one-time ticket: {{argument}}'],
  ticketPurpose: ['用途：{{argument}}', 'Purpose: {{argument}}'],
  wrongCurrentPassword: ['原密码错误', 'Wrong current password'],
  passwordChangePaused: ['原密码多次错误，暂停修改密码', 'Paused after repeated wrong current passwords'],
  passwordChangeRefused: ['原密码错误次数过多，已拒绝', 'Refused: too many wrong current passwords'],
} as const satisfies Record<string, Names>;
export type SignInReason = keyof typeof SIGN_IN_REASONS;

const isSignInReason = (code: string): code is SignInReason => Object.hasOwn(SIGN_IN_REASONS, code);

/** The stored form of a reason, with its argument when it takes one. */
export const signInDetail = (reason: SignInReason, argument?: SignInReason | string): string =>
  argument === undefined ? reason : `${reason}:${argument}`;

/**
 * A stored detail in the reader's language. A detail that is not a code (written before reasons
 * were codes, or a reason this version does not know) is shown as stored rather than hidden.
 */
export function signInReasonText(detail: string, locale: string): string {
  const colon = detail.indexOf(':');
  const code = colon < 0 ? detail : detail.slice(0, colon);
  if (!isSignInReason(code)) return detail;
  const argument = colon < 0 ? '' : detail.slice(colon + 1);
  return fillText(inLocale(SIGN_IN_REASONS[code], locale), {
    argument: isSignInReason(argument) ? inLocale(SIGN_IN_REASONS[argument], locale) : argument,
  });
}
