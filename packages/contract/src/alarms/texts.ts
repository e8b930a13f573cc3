/** The server's texts of alarms, rules, work orders and statistics. */
export const alarmTextsZh = {
  'alarm.notFound': '告警不存在或您无权查看，请刷新列表',
  'alarm.moved': '告警当前为「{{state}}」，不能{{action}}（可能已被他人处理），请刷新列表',
  'alarm.reasonRequired': '转无效须填写原因',
  'alarm.someRefused': '{{done}}条已处理，{{refused}}条未处理',
  'alarm.handled': '处理成功',
  'alarm.note.autoHandled': '规则自动处理',
  'alarm.note.orderCancelled': '工单已取消',
  'alarm.note.autoOrderFailed': '自动转工单失败，请人工处理',
  'alarmRule.clearPair': '解除条件的运算符和阈值须同时填写或同时留空',
  'alarmRule.window': '趋势规则须填写时间窗口（60秒至1天）',
  'alarmRule.rise': '上升幅度须大于0',
  'alarmRule.clearForValues': '事件和离线规则没有数值解除条件',
  'alarmRule.clearEventOnly': '只有事件规则可以指定解除事件',
  'alarmRule.clock': '时间格式应为HH:mm',
  'alarmRule.days': '请至少选择一天',
  'alarmRule.emptySpan': '开始时间与结束时间不能相同',
  'alarmRule.unknownFunction': '产品没有此功能：{{identifier}}',
  'alarmRule.notNumeric': '阈值和趋势规则须监视数值属性',
  'alarmRule.notEvent': '事件规则须监视产品的事件',
  'workOrder.notFound': '工单不存在或您无权查看，请刷新列表',
  'workOrder.moved': '工单当前为「{{state}}」，不能{{action}}（可能已被他人处理），请刷新',
  'workOrder.notAllowed': '您不能对此工单{{action}}',
  'workOrder.notAssignee': '只有工单处理人可以{{action}}',
  'workOrder.assigneeRequired': '请选择处理人',
  'workOrder.assigneeInvalid': '处理人须为该项目中有工单权限的启用用户',
  'workOrder.reasonRequired': '请填写原因',
  'workOrder.resultRequired': '请填写处理结果',
  'workOrder.tooManyPhotos': '每步最多上传9张照片',
  'workOrder.photoType': '照片须为JPG、PNG或WebP图片',
  'workOrder.photoMissing': '照片不存在或已失效，请重新上传',
  'workOrder.deviceInvalid': '设备不存在或不属于所选项目',
  'statistics.rangeRequired': '请选择统计时间范围',
  'statistics.rangeTooLong': '统计时间范围最长1年',
} as const;

export const alarmTextsEn: { readonly [K in keyof typeof alarmTextsZh]: string } = {
  'alarm.notFound': 'The alarm does not exist or you may not see it; refresh the list',
  'alarm.moved':
    'The alarm is now "{{state}}" and cannot be {{action}} (someone may have handled it); refresh the list',
  'alarm.reasonRequired': 'A reason is required to mark an alarm invalid',
  'alarm.someRefused': '{{done}} handled, {{refused}} not handled',
  'alarm.handled': 'Handled',
  'alarm.note.autoHandled': 'Handled by the rule',
  'alarm.note.orderCancelled': 'The work order was cancelled',
  'alarm.note.autoOrderFailed': 'The rule could not open a work order; handle the alarm by hand',
  'alarmRule.clearPair': 'Give both the clear operator and threshold, or neither',
  'alarmRule.window': 'A trend rule needs a time window (60 s to 1 day)',
  'alarmRule.rise': 'The rise must be greater than 0',
  'alarmRule.clearForValues': 'Event and offline rules have no value clear condition',
  'alarmRule.clearEventOnly': 'Only event rules can name a clearing event',
  'alarmRule.clock': 'Use HH:mm',
  'alarmRule.days': 'Choose at least one day',
  'alarmRule.emptySpan': 'The start and end times cannot be the same',
  'alarmRule.unknownFunction': 'The product has no such function: {{identifier}}',
  'alarmRule.notNumeric': 'Threshold and trend rules watch a numeric property',
  'alarmRule.notEvent': 'Event rules watch one of the product events',
  'workOrder.notFound': 'The work order does not exist or you may not see it; refresh the list',
  'workOrder.moved':
    'The order is now "{{state}}" and cannot be {{action}} (someone may have acted on it); refresh',
  'workOrder.notAllowed': 'You may not {{action}} this order',
  'workOrder.notAssignee': 'Only the assignee may {{action}}',
  'workOrder.assigneeRequired': 'Choose an assignee',
  'workOrder.assigneeInvalid':
    'The assignee must be an enabled user of the project with access to work orders',
  'workOrder.reasonRequired': 'Give a reason',
  'workOrder.resultRequired': 'Describe the result',
  'workOrder.tooManyPhotos': 'At most 9 photos per step',
  'workOrder.photoType': 'Photos must be JPG, PNG or WebP images',
  'workOrder.photoMissing': 'The photo no longer exists; upload it again',
  'workOrder.deviceInvalid': 'The device does not exist or is not in the chosen project',
  'statistics.rangeRequired': 'Choose the period',
  'statistics.rangeTooLong': 'The period can be at most a year',
};

/**
 * The notes the engine itself writes into an alarm's timeline. They are stored as these keys and
 * read out in the reader's language; what a person typed is stored and shown as typed.
 */
export const ALARM_ENGINE_NOTES = [
  'alarm.note.autoHandled',
  'alarm.note.orderCancelled',
  'alarm.note.autoOrderFailed',
] as const;
export type AlarmEngineNote = (typeof ALARM_ENGINE_NOTES)[number];
export const isAlarmEngineNote = (stored: string): stored is AlarmEngineNote =>
  (ALARM_ENGINE_NOTES as readonly string[]).includes(stored);
