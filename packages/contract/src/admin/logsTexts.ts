/** logManage's texts that the server answers (refusals, success messages); merged into `contractTexts`. */
export const logsTextsZh = {
  'log.rangeTooLong': '查询时间范围不能超过1年',
  'log.retentionSaved': '日志保留设置已保存',
} as const;

export const logsTextsEn: { readonly [K in keyof typeof logsTextsZh]: string } = {
  'log.rangeTooLong': 'The time range cannot exceed one year',
  'log.retentionSaved': 'Log retention saved',
};
