/**
 * Texts of the sub-application frames and of pages not connected yet, in the shell and inside the
 * frames (part of the `ui` namespace); en-US has every zh-CN key.
 */
const zhCN = {
  'notConnected.status': '尚未接入',
  'notConnected.text': '此页面的功能将在后续版本中接入；在此之前，这里不显示任何数据，也不执行任何操作。',
  'notConnected.trail': '菜单位置',
  'subApp.loading': '正在加载{{name}}…',
  'subApp.failedTitle': '{{name}}没有响应',
  'subApp.failedText': '子应用 {{origin}} 无法连接，可能已停止或正在重启。平台的其他页面不受影响。',
  'subApp.retry': '重试',
  'subApp.noPermission': '没有访问此页面的权限',
  'subApp.noPermissionText': '请联系管理员为您的角色分配此页面。',
  'subApp.notFound': '子应用中没有这个页面',
  'subApp.permissionsFailed': '无法读取您的权限',
  'subApp.signedOut': '您已退出登录',
  'subApp.sessionNeeded': '请先登录平台',
} as const;

const enUS: { readonly [K in keyof typeof zhCN]: string } = {
  'notConnected.status': 'Not connected yet',
  'notConnected.text':
    'This page’s features come with a later release; until then it shows no data and does nothing.',
  'notConnected.trail': 'Place in the menu',
  'subApp.loading': 'Loading {{name}}…',
  'subApp.failedTitle': '{{name}} is not answering',
  'subApp.failedText':
    'The sub-application at {{origin}} cannot be reached; it may be stopped or restarting. The rest of the platform keeps working.',
  'subApp.retry': 'Retry',
  'subApp.noPermission': 'You have no permission to open this page',
  'subApp.noPermissionText': 'Ask an administrator to give your role this page.',
  'subApp.notFound': 'This sub-application has no such page',
  'subApp.permissionsFailed': 'Your permissions could not be read',
  'subApp.signedOut': 'You have signed out',
  'subApp.sessionNeeded': 'Sign in to the platform first',
};

export const subAppTexts = { 'zh-CN': zhCN, 'en-US': enUS } as const;
