/** Texts the server answers for the message centre and message templates. */
export const messageTextsZh = {
  'message.allRead': '已全部标记为已读',
  'messageTemplate.unknownVariable': '模板使用了不存在的变量：{{names}}',
  'messageTemplate.reset': '已恢复默认模板',
} as const;

export const messageTextsEn: { readonly [K in keyof typeof messageTextsZh]: string } = {
  'message.allRead': 'All messages marked as read',
  'messageTemplate.unknownVariable': 'The template uses variables that do not exist: {{names}}',
  'messageTemplate.reset': 'Template reset to the default',
};
