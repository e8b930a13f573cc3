/**
 * The texts of §5's field rules (fieldRules.ts) that no other catalogue has; `{{…}}` are the limits,
 * filled from the refusal's values so each number is written once, in the rule.
 */
export const fieldRuleTextsZh = {
  'field.lengthRange': '长度为{{min}}-{{max}}个字符',
  'field.dateRangeTooLong': '日期范围不能超过1年',
  'field.tooManyChoices': '最多选择{{max}}个设备或分组',
  'field.tooManyMonitored': '最多同时监控{{max}}个设备',
  'field.tooManySelected': '最多选择{{max}}个设备',
  'field.brightness': '屏幕亮度必须大于0',
  'field.textSize': '字号必须小于{{below}}',
} as const;

export const fieldRuleTextsEn: { readonly [K in keyof typeof fieldRuleTextsZh]: string } = {
  'field.lengthRange': 'Enter {{min}}-{{max}} characters',
  'field.dateRangeTooLong': 'The date range may span at most 1 year',
  'field.tooManyChoices': 'Choose at most {{max}} devices or groups',
  'field.tooManyMonitored': 'At most {{max}} devices can be monitored at once',
  'field.tooManySelected': 'Choose at most {{max}} devices',
  'field.brightness': 'The screen brightness must be above 0',
  'field.textSize': 'The text size must be below {{below}}',
};
