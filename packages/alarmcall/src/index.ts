export * from './receiverLogic.js';
export * from './receiverStore.js';
export * from './alarmSocket.js';
export * from './intercom.js';
export * from './pcm.js';
export { alarmcallTexts, useAlarmTexts, type AlarmTextKey } from './texts.js';
export { answerAlarm } from './answer.js';
export { AlarmNoticeBody, callSummary } from './AlarmNoticeBody.js';
export { useAlarmSocket, type AlarmSocketOptions } from './useAlarmSocket.js';
export {
  AlarmReceiverProvider,
  useAlarmReceiver,
  type AlarmReceiverProps,
  type AlarmReceiverValue,
} from './AlarmReceiver.js';
export { IntercomPanel, type IntercomPanelProps } from './IntercomPanel.js';
export { playRing, notifyHidden, askNotificationPermissionOnce } from './alerts.js';
