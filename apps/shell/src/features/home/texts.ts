import { defineTexts } from '@cityops/ui';

/** The landing page's duty panel (namespace `duty`): what a duty officer looks at first. */
export const dutyTexts = defineTexts(
  'duty',
  {
    title: '值班概况',
    alarms: '未处理告警',
    calls: '报警呼叫',
    orders: '超期工单',
    offline: '离线设备',
    toDispatch: '待派发 {{count}}',
    viewAll: '查看全部',
    none: '暂无',
    loadFailed: '加载失败',
    ringing: '呼叫中',
    talking: '通话中',
    deadline: '截止 {{time}}',
  },
  {
    title: 'On duty',
    alarms: 'Open alarms',
    calls: 'Alarm calls',
    orders: 'Overdue work orders',
    offline: 'Devices offline',
    toDispatch: 'To dispatch: {{count}}',
    viewAll: 'View all',
    none: 'None',
    loadFailed: 'Failed to load',
    ringing: 'Ringing',
    talking: 'Talking',
    deadline: 'Due {{time}}',
  },
);
