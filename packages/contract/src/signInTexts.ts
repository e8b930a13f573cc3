import type { Locale } from './locales.js';

/**
 * The catalogue's texts that the light login shows before the rest loads: the account and
 * password rules (platform-shell.md §5) and what the HTTP client says when no service answers.
 * `contractTexts` spreads them, so they are written once.
 */
export const signInTexts = {
  'zh-CN': {
    'account.required': '请输入账号',
    'account.requiredUserName': '请输入用户名',
    'account.format': '账号长度2-50位,只能为字母、数字或任意组合',
    'password.required': '请输入密码',
    'password.format': '密码长度6-16位,必须是字母、数字、特殊字符或任意组合',
    'service.unavailable': '服务不可用',
    'service.noService': '没有可用的服务，请联系管理员。',
  },
  'en-US': {
    'account.required': 'Please enter the account',
    'account.requiredUserName': 'Please enter the user name',
    'account.format': 'Account: 2-50 letters, digits or underscores',
    'password.required': 'Please enter the password',
    'password.format': 'Password: 6-16 letters, digits or special characters, no spaces',
    'service.unavailable': 'Service unavailable',
    'service.noService': 'No service is available; please contact the administrator.',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type SignInTextKey = keyof (typeof signInTexts)['zh-CN'];

export const isSignInTextKey = (value: string): value is SignInTextKey =>
  Object.hasOwn(signInTexts['zh-CN'], value);
