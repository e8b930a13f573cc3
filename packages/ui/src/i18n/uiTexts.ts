import { accountTexts } from './accountTexts.js';
import { adminTexts } from './adminTexts.js';
import { crudTexts } from './crudTexts.js';
import { layoutTexts } from './layoutTexts.js';
import { loginTexts } from './loginTexts.js';
import { pageLoadTexts } from './pageLoadTexts.js';
import { subAppTexts } from './subAppTexts.js';
import { videoTexts } from './videoTexts.js';

/**
 * The UI's own texts (the `ui` namespace). Texts the server also speaks (validation, error catalogue,
 * message levels) are not here: they come from `contractTexts` in the `contract` namespace.
 */
const zhCN = {
  logout: '退出登录',
  'home.welcome': '欢迎，{{name}}',
  'home.menuCount': '可访问的菜单入口：{{count}} 个',
  'notFound.title': '页面不存在',
  'notFound.back': '返回首页',
  'error.title': '页面出错了',
  'error.text': '请刷新页面重试；如果问题仍然存在，请联系管理员。',
  'error.reload': '刷新页面',
} as const;

type UiTexts = { readonly [K in keyof typeof zhCN]: string };

const enUS: UiTexts = {
  logout: 'Sign out',
  'home.welcome': 'Welcome, {{name}}',
  'home.menuCount': 'Menu entries you can open: {{count}}',
  'notFound.title': 'Page not found',
  'notFound.back': 'Back to home',
  'error.title': 'Something went wrong',
  'error.text': 'Reload the page to try again; if the problem persists, contact the administrator.',
  'error.reload': 'Reload',
};

/** The `ui` namespace: these texts plus each feature's own file. */
export const uiTexts = {
  'zh-CN': {
    ...zhCN,
    ...loginTexts['zh-CN'],
    ...layoutTexts['zh-CN'],
    ...accountTexts['zh-CN'],
    ...subAppTexts['zh-CN'],
    ...videoTexts['zh-CN'],
    ...adminTexts['zh-CN'],
    ...crudTexts['zh-CN'],
    ...pageLoadTexts['zh-CN'],
  },
  'en-US': {
    ...enUS,
    ...loginTexts['en-US'],
    ...layoutTexts['en-US'],
    ...accountTexts['en-US'],
    ...subAppTexts['en-US'],
    ...videoTexts['en-US'],
    ...adminTexts['en-US'],
    ...crudTexts['en-US'],
    ...pageLoadTexts['en-US'],
  },
} as const;
