/** The refusals of the alarm-call endpoints and sockets, zh-CN as §4.6 words them. */
export const alarmboxTextsZh = {
  'alarmbox.notFound': '报警记录不存在或无权访问',
  'alarmbox.boxNotFound': '报警柱不存在或无权访问',
  'alarmbox.ended': '此报警已结束',
  'alarmbox.answeredElsewhere': '该报警已被其他值班员接听',
  'alarmbox.busy': '当前正在接听，请先关闭弹框再接听',
  'alarmbox.offline': '报警柱离线，无法呼叫',
  'alarmbox.boxBusy': '报警柱正在通话中',
  'alarmbox.notAnswerer': '只有接听人可以挂断此报警',
  'alarmbox.alarmIdRequired': 'interfaceType为1时须提供alarmId',
  'alarmbox.cameraNotFound': '摄像机不存在或不在报警柱所属项目中',
  'alarmbox.brokerDown': '设备连接服务不可用，请稍后重试',
} as const;

export const alarmboxTextsEn: { readonly [K in keyof typeof alarmboxTextsZh]: string } = {
  'alarmbox.notFound': 'The alarm call does not exist or you may not see it',
  'alarmbox.boxNotFound': 'The alarm column does not exist or you may not see it',
  'alarmbox.ended': 'This alarm has ended',
  'alarmbox.answeredElsewhere': 'Another operator answered this alarm',
  'alarmbox.busy': 'You are on a call; close its dialog before answering another',
  'alarmbox.offline': 'The alarm column is offline and cannot be called',
  'alarmbox.boxBusy': 'The alarm column is on a call',
  'alarmbox.notAnswerer': 'Only the operator who answered can hang up this call',
  'alarmbox.alarmIdRequired': 'alarmId is required when interfaceType is 1',
  'alarmbox.cameraNotFound': "The camera does not exist or is not in the alarm column's project",
  'alarmbox.brokerDown': 'The device connection service is unavailable; try again shortly',
};
