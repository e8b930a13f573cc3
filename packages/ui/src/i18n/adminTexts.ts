/** Texts of the administration pages (part of the `ui` namespace); en-US has every zh-CN key. */
const zhCN = {
  'parameters.title': '参数管理',
  'parameters.intro': '视频平台的连接参数：视频监控页面通过这些地址和密钥取流、回放、对讲和控制云台。',
  'parameters.platform.hik_isc_huati': '海康综合安防平台（hik_isc_huati）',
  'parameters.platform.dh_icc_huati': '大华 ICC 平台（dh_icc_huati）',
  'parameters.field.baseUrl': '平台地址',
  'parameters.field.appKey': 'AppKey',
  'parameters.field.appSecret': 'AppSecret',
  'parameters.field.username': '用户名',
  'parameters.field.password': '密码',
  'parameters.field.clientId': 'Client ID',
  'parameters.field.clientSecret': 'Client Secret',
  'parameters.field.timeoutMs': '请求超时（毫秒）',
  'parameters.secretKept': '已保存；留空则保持不变',
  'parameters.required': '请输入{{label}}',
  'parameters.save': '保存',
  'parameters.saved': '{{name}}的参数已保存',
  'parameters.loadFailed': '参数加载失败，请刷新重试',
} as const;

const enUS: { readonly [K in keyof typeof zhCN]: string } = {
  'parameters.title': 'Parameters',
  'parameters.intro':
    'Connection settings of the video platforms: the video pages use these addresses and keys to stream, play back, talk and steer cameras.',
  'parameters.platform.hik_isc_huati': 'Hikvision security platform (hik_isc_huati)',
  'parameters.platform.dh_icc_huati': 'Dahua ICC platform (dh_icc_huati)',
  'parameters.field.baseUrl': 'Platform address',
  'parameters.field.appKey': 'App key',
  'parameters.field.appSecret': 'App secret',
  'parameters.field.username': 'User name',
  'parameters.field.password': 'Password',
  'parameters.field.clientId': 'Client ID',
  'parameters.field.clientSecret': 'Client secret',
  'parameters.field.timeoutMs': 'Request timeout (ms)',
  'parameters.secretKept': 'Stored; leave empty to keep it',
  'parameters.required': 'Enter the {{label}}',
  'parameters.save': 'Save',
  'parameters.saved': 'Settings of {{name}} saved',
  'parameters.loadFailed': 'The parameters could not be loaded; refresh to try again',
};

export const adminTexts = { 'zh-CN': zhCN, 'en-US': enUS } as const;
