import { adminTextsEn, adminTextsZh } from './admin/texts.js';
import { resourceTextsEn, resourceTextsZh } from './admin/resourceTexts.js';
import { roleTextsEn, roleTextsZh } from './admin/roleTexts.js';
import { dictionaryTextsEn, dictionaryTextsZh } from './admin/dictionaryTexts.js';
import { organizationTextsEn, organizationTextsZh } from './admin/organizationTexts.js';
import { logsTextsEn, logsTextsZh } from './admin/logsTexts.js';
import { projectTextsEn, projectTextsZh } from './admin/projectTexts.js';
import { editionTextsEn, editionTextsZh } from './admin/editionTexts.js';
import { areaTextsEn, areaTextsZh } from './admin/areaTexts.js';
import { parameterTextsEn, parameterTextsZh } from './admin/parameterTexts.js';
import { messageTextsEn, messageTextsZh } from './admin/messageTexts.js';
import { deviceTextsEn, deviceTextsZh } from './devices/texts.js';
import { otaTextsEn, otaTextsZh } from './devices/otaTexts.js';
import { maintenanceTextsEn, maintenanceTextsZh } from './devices/maintenanceTexts.js';
import { alarmboxTextsEn, alarmboxTextsZh } from './alarmbox/texts.js';
import { alarmTextsEn, alarmTextsZh } from './alarms/texts.js';
import { fieldRuleTextsEn, fieldRuleTextsZh } from './fieldRuleTexts.js';
import { DEFAULT_LOCALE, type Locale } from './locales.js';
import { signInTexts } from './signInTexts.js';

export { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.js';

/**
 * Texts that both the server and the browser speak: validation rules, error catalogue and the
 * message helper's defaults. zh-CN strings are quoted verbatim from the spec. The UI's i18n resources
 * include this catalogue under the `contract` namespace; nothing else writes these strings.
 */
export const contractTexts = {
  'zh-CN': {
    ...signInTexts['zh-CN'],
    'oldPassword.required': '请输入原密码',
    'newPassword.required': '请输入新密码',
    'confirmPassword.required': '请输入确认新密码',
    'newPassword.format': '密码的组成至少要包括大小写字母、数字及特殊符号的其中两项,6-16位',
    'newPassword.mismatch': '确认新密码和新密码不一致。',
    'newPassword.sameAsOld': '新密码不能与原密码相同。',
    'password.userMissing': '用户已失效，请刷新页面重新登录。',
    'password.confirmPrompt': '此操作将修改用户密码, 是否继续?',
    'password.changed': '修改密码操作成功，请重新登录。',
    'project.required': '请选择一个项目',
    'project.confirmPrompt': '此操作将设置默认加载项目, 是否继续?',
    'project.saved': '设置默认加载项目操作成功',
    'longitude.format': '请输入正确的经度，-180~180',
    'latitude.format': '请输入正确的纬度，-90~90',
    'menu.notOpen': '页面暂时未开放',
    'login.noPermission': '用户无任何权限，无法登入系统。',
    'login.badCredentials': '账号或密码错误',
    'login.badCredentialsRemaining': '账号或密码错误，再失败{{remaining}}次账号将被锁定{{minutes}}分钟',
    'login.locked': '账号已被锁定，请{{minutes}}分钟后再试',
    'login.disabled': '账号已停用，请联系管理员',
    'login.tooManyRequests': '请求过于频繁，请稍后再试',
    'ticket.invalid': '登录凭证无效或已过期，请重新获取',
    'redirect.unsafe': '跳转地址不安全：只能跳转到本系统内以“/”开头的页面',
    'captcha.required': '请输入验证码',
    'captcha.invalid': '验证码错误或已过期，请重新获取',
    'cipher.invalid': '密码密文无法解密，请刷新页面后重试',
    'session.ended': '登录已失效，请重新登录',
    'session.loggedOutTitle': '确定登出',
    'session.loggedOutText': '您已被登出，可以取消继续留在该页面，或者重新登录',
    'session.stay': '取消',
    'session.relogin': '重新登录',
    'licence.invalid': '许可证无效或已过期',
    'licence.badSignature': '许可证签名无效',
    'licence.expired': '许可证已过期',
    'licence.registered': '许可证注册成功',
    'licence.deviceLimit':
      '设备数量已达许可证上限（{{limit}} 台，已接入 {{inUse}} 台），无法再添加 {{adding}} 台设备，请续期或升级许可证',
    'licence.signInRequired': '已安装有效的许可证，更换许可证请先登录具有许可证管理权限的账号',
    'licence.forbidden': '更换许可证需要许可证管理权限',
    'licence.downgrade': '新许可证不如当前许可证（{{reasons}}），如确需更换，请确认后再次提交',
    'licence.worse.expiresAt': '到期时间更早',
    'licence.worse.issuedAt': '签发时间更早',
    'licence.worse.modules': '授权模块更少',
    'licence.worse.deviceLimit': '设备数量上限更低',
    'licence.worse.customer': '客户不同',
    'project.notYours': '只能将您所属的项目设为默认加载项目',
    'message.marked': '已标记为已读',
    'service.busy': '服务器繁忙，请稍后重试',
    'request.notFound': '请求的接口不存在：{{method}} {{path}}',
    'request.invalidField': '参数{{field}}不合法：{{rule}}',
    'request.invalidBody': '请求内容不合法',
    'request.missingField': '缺少参数{{field}}',
    'request.tooLong': '长度不能超过{{max}}个字符',
    'request.wrongType': '类型应为{{expected}}',
    'request.forbidden': '没有访问该功能的权限',
    'request.tooLarge': '请求内容过大',
    'request.tooDeep': '请求内容嵌套过深（最多{{max}}层）',
    'request.headersTooLarge': '请求地址或请求头过长',
    'request.timeout': '请求超时',
    'request.tooShort': '长度不能少于{{min}}个字符',
    'request.maxValue': '不能大于{{max}}',
    'request.minValue': '不能小于{{min}}',
    'request.badFormat': '格式不正确',
    'request.badValue': '取值不在允许范围内',
    'request.unknownField': '不支持的参数{{field}}',
    'request.nulCharacter': '不能包含空字符（U+0000）',
    'oldPassword.wrong': '原密码错误',
    'oldPassword.tooMany': '原密码错误次数过多，请{{minutes}}分钟后再试',
    'dictionary.required': '请指定字典编码',
    'level.SUCCESS': '成功',
    'level.FAIL': '失败',
    'level.TIPS': '提示',
    'level.WARN': '警告',
    ...adminTextsZh,
    ...roleTextsZh,
    ...resourceTextsZh,
    ...organizationTextsZh,
    ...dictionaryTextsZh,
    ...logsTextsZh,
    ...projectTextsZh,
    ...editionTextsZh,
    ...areaTextsZh,
    ...deviceTextsZh,
    ...otaTextsZh,
    ...maintenanceTextsZh,
    ...alarmboxTextsZh,
    ...alarmTextsZh,
    ...parameterTextsZh,
    ...messageTextsZh,
    ...fieldRuleTextsZh,
  },
  'en-US': {
    ...signInTexts['en-US'],
    'oldPassword.required': 'Please enter the current password',
    'newPassword.required': 'Please enter the new password',
    'confirmPassword.required': 'Please confirm the new password',
    'newPassword.format':
      'The password needs 6-16 characters with at least two of: upper case, lower case, digits, symbols',
    'newPassword.mismatch': 'The confirmation does not match the new password.',
    'newPassword.sameAsOld': 'The new password must differ from the current one.',
    'password.userMissing': 'Your session is no longer valid; please reload the page and sign in again.',
    'password.confirmPrompt': 'This will change your password. Continue?',
    'password.changed': 'Password changed. Please sign in again.',
    'project.required': 'Please choose a project',
    'project.confirmPrompt': 'This will set the project loaded by default. Continue?',
    'project.saved': 'Default project saved',
    'longitude.format': 'Enter a valid longitude, -180 to 180',
    'latitude.format': 'Enter a valid latitude, -90 to 90',
    'menu.notOpen': 'This page is not open yet',
    'login.noPermission': 'This user has no permissions and cannot sign in.',
    'login.badCredentials': 'Wrong account or password',
    'login.badCredentialsRemaining':
      'Wrong account or password; after {{remaining}} more failures the account locks for {{minutes}} minutes',
    'login.locked': 'The account is locked; try again in {{minutes}} minutes',
    'login.disabled': 'The account is disabled; contact an administrator',
    'login.tooManyRequests': 'Too many requests; please try again later',
    'ticket.invalid': 'The sign-in link is invalid or has expired; please get a new one',
    'redirect.unsafe': 'Unsafe redirect: only a page of this system, a path starting with "/", is allowed',
    'captcha.required': 'Please enter the captcha',
    'captcha.invalid': 'The captcha is wrong or has expired; get a new one',
    'cipher.invalid': 'The encrypted password could not be read; reload the page and try again',
    'session.ended': 'Your session has ended; please sign in again',
    'session.loggedOutTitle': 'Signed out',
    'session.loggedOutText': 'You have been signed out. Stay on this page, or sign in again.',
    'session.stay': 'Stay',
    'session.relogin': 'Sign in again',
    'licence.invalid': 'The licence is missing or expired',
    'licence.badSignature': 'The licence signature is invalid',
    'licence.expired': 'The licence has expired',
    'licence.registered': 'Licence registered',
    'licence.deviceLimit':
      'The licence allows {{limit}} devices and {{inUse}} are in use: {{adding}} more cannot be added. Renew or upgrade the licence.',
    'licence.signInRequired':
      'A valid licence is installed: sign in with the licence management permission to replace it',
    'licence.forbidden': 'Replacing the licence needs the licence management permission',
    'licence.downgrade':
      'The new licence is worse than the one in force ({{reasons}}); confirm to replace it anyway',
    'licence.worse.expiresAt': 'it expires sooner',
    'licence.worse.issuedAt': 'it was issued earlier',
    'licence.worse.modules': 'it opens fewer modules',
    'licence.worse.deviceLimit': 'it allows fewer devices',
    'licence.worse.customer': 'it is for another customer',
    'project.notYours': 'Only one of your own projects can be the default project',
    'message.marked': 'Marked as read',
    'service.busy': 'The server is busy; please try again in a moment',
    'request.notFound': 'No such endpoint: {{method}} {{path}}',
    'request.invalidField': 'Field {{field}} is invalid: {{rule}}',
    'request.invalidBody': 'The request is invalid',
    'request.missingField': 'Missing field {{field}}',
    'request.tooLong': 'at most {{max}} characters',
    'request.wrongType': 'expected {{expected}}',
    'request.forbidden': 'You do not have permission for this function',
    'request.tooLarge': 'The request is too large',
    'request.tooDeep': 'The request nests too deeply (at most {{max}} levels)',
    'request.headersTooLarge': 'The request address or headers are too long',
    'request.timeout': 'The request took too long to arrive',
    'request.tooShort': 'at least {{min}} characters',
    'request.maxValue': 'at most {{max}}',
    'request.minValue': 'at least {{min}}',
    'request.badFormat': 'wrong format',
    'request.badValue': 'value not allowed',
    'request.unknownField': 'Unknown field {{field}}',
    'request.nulCharacter': 'must not contain the NUL character (U+0000)',
    'oldPassword.wrong': 'The current password is wrong',
    'oldPassword.tooMany': 'Too many wrong current passwords; try again in {{minutes}} minutes',
    'dictionary.required': 'Please give a dictionary code',
    'level.SUCCESS': 'Success',
    'level.FAIL': 'Failure',
    'level.TIPS': 'Tip',
    'level.WARN': 'Warning',
    ...adminTextsEn,
    ...roleTextsEn,
    ...resourceTextsEn,
    ...organizationTextsEn,
    ...dictionaryTextsEn,
    ...logsTextsEn,
    ...projectTextsEn,
    ...editionTextsEn,
    ...areaTextsEn,
    ...deviceTextsEn,
    ...otaTextsEn,
    ...maintenanceTextsEn,
    ...alarmboxTextsEn,
    ...alarmTextsEn,
    ...parameterTextsEn,
    ...messageTextsEn,
    ...fieldRuleTextsEn,
  },
} as const satisfies Record<Locale, unknown>;

export type TextKey = keyof (typeof contractTexts)['zh-CN'];

/** Whether a string (a zod issue's message, an answer's key) is one of the catalogue's keys. */
export const isTextKey = (value: string): value is TextKey => Object.hasOwn(contractTexts['zh-CN'], value);

/** Fills `{{name}}` placeholders; the same syntax i18next uses, so the UI can use the strings as they are. */
export function text(
  key: TextKey,
  locale: Locale = DEFAULT_LOCALE,
  values: Record<string, string | number> = {},
) {
  return fillText(contractTexts[locale][key], values);
}

/** `{{name}}` placeholders filled from `values` (a missing value stays a placeholder). */
export function fillText(template: string, values: Record<string, string | number> = {}) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** Picks our locale from an Accept-Language header or a stored choice; Chinese is the default. */
export function pickLocale(value: string | null | undefined): Locale {
  return value?.trim().toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}
