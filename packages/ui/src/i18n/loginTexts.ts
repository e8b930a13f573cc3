/**
 * The texts of the login screen and of the boot's 系统加载中 (part of the `ui` namespace). A module of their own because the
 * light login shows them before i18next and the rest of the resources load; the full
 * resources spread the same objects, so each text is written once. en-US has every zh-CN key.
 */
const zhCN = {
  'app.name': 'CityOps 城市运营平台',
  'language.label': '语言',
  'language.zh-CN': '中文',
  'language.en-US': 'English',
  'login.account': '账号',
  'login.password': '密码',
  'login.remember': '记住账号和密码',
  'login.submit': '登录',
  'login.showPassword': '显示密码',
  'login.hidePassword': '隐藏密码',
  'login.registrationNumber': '备案号',
  loading: '系统加载中',
} as const;

const enUS: { readonly [K in keyof typeof zhCN]: string } = {
  'app.name': 'CityOps',
  'language.label': 'Language',
  'language.zh-CN': '中文',
  'language.en-US': 'English',
  'login.account': 'Account',
  'login.password': 'Password',
  'login.remember': 'Remember account and password',
  'login.submit': 'Sign in',
  'login.showPassword': 'Show password',
  'login.hidePassword': 'Hide password',
  'login.registrationNumber': 'Registration number',
  loading: 'Loading the system',
};

export const loginTexts = { 'zh-CN': zhCN, 'en-US': enUS } as const;
export type LoginTextKey = keyof typeof zhCN;
