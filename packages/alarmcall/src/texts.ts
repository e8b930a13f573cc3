import { useTranslation } from 'react-i18next';
import { isLocale } from '@cityops/ui';

/** The alarm call texts (video-talk-alarm-header.md §4.6, §8 Intercom: the Chinese quoted verbatim). */
export const alarmcallTexts = {
  'zh-CN': {
    noticeTitle: '一键报警',
    answer: '接听',
    ended: '已结束({{n}})',
    answeredElsewhere: '已被接听({{n}})',
    callEnded: '此报警已结束',
    busy: '当前正在接听',
    busyDialog: '当前正在接听，请先关闭弹框再接听',
    receiver: '报警接听',
    noRinging: '暂无报警',
    minimise: '最小化',
    restore: '还原',
    hangUp: '挂断',
    closeConfirm: '确定挂断并关闭此通话吗？',
    toMonitor: '报警监控',
    hint: '提示',
    toMonitorConfirm: '此操作将去到报警监控页面, 是否继续?',
    noCamera: '该报警柱未绑定摄像机',
    micConnecting: '正在连接麦克风',
    micConnected: '麦克风连接成功',
    micMissing: '未连接麦克风 ！',
    linking: '正在建立连接',
    notLinked: '未建立连接',
    yellReady: '麦克风准备完毕，开始喊话',
    listenFailed: '建立接听连接失败，请稍后重试！',
    talkFailed: '建立上报连接失败，请稍后重试！',
    chooseDevice: '请先选择设备',
    startYell: '开始喊话',
    stopYell: '停止喊话',
    stopYellConfirm: '确定停止喊话吗？',
    ringing: '正在呼叫',
    inCall: '通话中',
    ok: '确定',
    cancel: '取消',
  },
  'en-US': {
    noticeTitle: 'Alarm call',
    answer: 'Answer',
    ended: 'Ended ({{n}})',
    answeredElsewhere: 'Answered ({{n}})',
    callEnded: 'This alarm has ended',
    busy: 'You are on a call',
    busyDialog: 'You are on a call; close its dialog before answering another',
    receiver: 'Alarm calls',
    noRinging: 'No alarm calls',
    minimise: 'Minimise',
    restore: 'Restore',
    hangUp: 'Hang up',
    closeConfirm: 'Hang up and close this call?',
    toMonitor: 'Alarm monitor',
    hint: 'Notice',
    toMonitorConfirm: 'This takes you to the alarm monitor page. Continue?',
    noCamera: 'No camera is bound to this alarm column',
    micConnecting: 'Connecting the microphone',
    micConnected: 'Microphone connected',
    micMissing: 'No microphone connected!',
    linking: 'Connecting',
    notLinked: 'Not connected',
    yellReady: 'Microphone ready, start speaking',
    listenFailed: 'Could not open the listening connection; try again later!',
    talkFailed: 'Could not open the speaking connection; try again later!',
    chooseDevice: 'Choose a device first',
    startYell: 'Start speaking',
    stopYell: 'Stop speaking',
    stopYellConfirm: 'Stop speaking?',
    ringing: 'Ringing',
    inCall: 'In call',
    ok: 'OK',
    cancel: 'Cancel',
  },
} as const;

export type AlarmTextKey = keyof (typeof alarmcallTexts)['zh-CN'];
export type AlarmTexts = (key: AlarmTextKey, values?: { n: number }) => string;

/** The texts in the user's language (follows language changes). */
export function useAlarmTexts(): AlarmTexts {
  const { i18n } = useTranslation();
  const texts = alarmcallTexts[isLocale(i18n.language) ? i18n.language : 'zh-CN'];
  return (key, values) => {
    const text: string = texts[key];
    return values ? text.replace('{{n}}', String(values.n)) : text;
  };
}
