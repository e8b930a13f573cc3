/**
 * The entry stays light (the shell loads it at start): the call dialog is lazy, and the intercom's
 * panel (which pulls packages/video) is `@cityops/alarmcall/intercom`.
 */
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
export { playRing, notifyHidden, askNotificationPermissionOnce } from './alerts.js';
