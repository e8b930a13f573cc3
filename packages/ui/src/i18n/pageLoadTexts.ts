/**
 * Texts of a page whose code does not come (platform-shell.md §9: chunk load timeout 120 s) and of a
 * page that breaks while it shows, in the shell and in the sub-app frames (part of the `ui`
 * namespace); en-US has every zh-CN key.
 */
const zhCN = {
  'pageLoad.failedTitle': '页面加载失败',
  'pageLoad.failedText': '页面的代码没有下载成功，可能是网络中断或系统正在更新。请检查网络后重试。',
  'pageLoad.timeoutTitle': '页面加载超时',
  'pageLoad.timeoutText': '页面的代码在 {{seconds}} 秒内没有下载完成。请检查网络后重试。',
  'pageLoad.retry': '重试',
  'pageError.text': '此页面出现了错误。请重试；如果问题仍然存在，请联系管理员。',
} as const;

const enUS: { readonly [K in keyof typeof zhCN]: string } = {
  'pageLoad.failedTitle': 'The page could not be loaded',
  'pageLoad.failedText':
    'The page’s code did not download: the network may be down, or the system is being updated. Check the network and retry.',
  'pageLoad.timeoutTitle': 'The page is taking too long to load',
  'pageLoad.timeoutText':
    'The page’s code did not arrive within {{seconds}} seconds. Check the network and retry.',
  'pageLoad.retry': 'Retry',
  'pageError.text': 'This page ran into an error. Retry; if the problem persists, contact the administrator.',
};

export const pageLoadTexts = { 'zh-CN': zhCN, 'en-US': enUS } as const;
