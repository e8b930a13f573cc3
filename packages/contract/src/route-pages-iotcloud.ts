import type { SubAppPageGroup } from './route-pages.js';

/** The pages of /iotcloud (platform-shell.md §2) with their zh-CN and en-US titles. */
export const IOTCLOUD_PAGES: readonly SubAppPageGroup[] = [
  {
    app: 'iotcloud',
    group: 'dashboard',
    pages: {
      dashboardPlatform: ['平台总览', 'Platform overview'],
      dashboard: ['数据大屏', 'Data dashboard'],
      dashboard5k: ['5K大屏', '5K dashboard'],
      dashboard9k: ['9K大屏', '9K dashboard'],
      dashboardAI: ['AI大屏', 'AI dashboard'],
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/lamp',
    pages: {
      schemeProject: ['单灯策略方案', 'Single-lamp control schemes'],
      plan: ['单灯计划', 'Single-lamp schedules'],
      lightingStuation: ['亮灯情况', 'Lighting status'],
      manualSwitch: ['单灯手动控制', 'Single-lamp manual control'],
      alarmRecord: ['路灯告警记录', 'Street light alarm records'],
      loopSchemeSimple: ['回路简易方案', 'Simple circuit schemes'],
      loopSchemeProject: ['回路策略方案', 'Circuit control schemes'],
      loopLampPlan: ['回路计划', 'Circuit schedules'],
      loopManualSwitch: ['回路手动控制', 'Circuit manual control'],
      loopAlarm: ['回路告警', 'Circuit alarms'],
      operationMonitoring: ['运行监测', 'Operation monitoring'],
      statisticalOverview: ['统计概览', 'Statistics overview'],
      operationRecord: ['操作记录', 'Operation records'],
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/inspection',
    pages: {
      intelligentPatrol: ['智能巡检', 'Smart inspection'],
      patrolManagement: ['巡检管理', 'Inspection management'],
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/push',
    pages: {
      resources: ['素材管理', 'Media management'],
      programme: ['节目管理', 'Programme management'],
      task: ['发布任务', 'Publishing tasks'],
      realTime: ['实时发布', 'Live publishing'],
      brightScreen: ['屏幕开关', 'Screen power'],
      screenshot: ['屏幕截图', 'Screenshots'],
      playLog: ['播放日志', 'Play log'],
      advertisementManagement: ['广告管理', 'Advertising management'],
      advertisingconfiguration: ['广告配置', 'Advertising configuration'],
      adAccountManage: ['广告账户管理', 'Advertising account management'],
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/alarmbox',
    pages: {
      monitor: ['报警监控', 'Alarm monitoring'],
      monitorOld: ['报警监控（旧版）', 'Alarm monitoring (classic)'],
      monitorReceiver: ['报警接听', 'Alarm call answering'],
      history: ['报警历史', 'Alarm call history'],
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/broadcast',
    pages: {
      resources: ['广播素材', 'Broadcast media'],
      plan: ['广播计划', 'Broadcast schedules'],
      realTime: ['实时广播', 'Live broadcast'],
      yelling: ['远程喊话', 'Remote announcements'],
    },
  },
  { app: 'iotcloud', group: 'iot/wireless', pages: { smartWireless: ['智慧无线', 'Smart Wi-Fi'] } },
  { app: 'iotcloud', group: 'iot/charging', pages: { phoneCharging: ['手机充电', 'Phone charging'] } },
  { app: 'iotcloud', group: 'iot/box', pages: { smartBox: ['智能箱控', 'Smart cabinet control'] } },
  {
    app: 'iotcloud',
    group: 'linkage',
    pages: {
      list: ['联动列表', 'Linkage list'],
      rule: ['联动规则', 'Linkage rules'],
      settings: ['联动设置', 'Linkage settings'],
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/assetMorror',
    pages: {
      equipmentOverview: ['设备概览', 'Device overview'],
      pointManagement: ['点位管理', 'Installation point management'],
      areaManage: ['区域管理', 'Area management'],
      productManage: ['产品管理', 'Product management'],
      functionManage: ['功能管理', 'Function management'],
      locationManagement: ['位置管理', 'Location management'],
      modelSetting: ['模型设置', 'Model settings'],
      devList: ['设备列表', 'Device list'],
      batchImport: ['设备批量导入', 'Bulk device import'],
      batchImportPoint: ['点位批量导入', 'Bulk installation point import'],
      equipmentMaintenance: ['设备维护', 'Device maintenance'],
      devManage: ['设备管理', 'Device management'],
      upgrade: ['固件升级', 'Firmware upgrades'],
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/envMonitor',
    pages: { realtimeReport: ['实时数据', 'Real-time data'], historyRecord: ['历史数据', 'Historical data'] },
  },
  {
    app: 'iotcloud',
    group: 'iot/wellLid',
    pages: {
      abnormalMonitor: ['异常监测', 'Anomaly monitoring'],
      alarmRecord: ['井盖告警记录', 'Manhole cover alarm records'],
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/videoMonitor',
    pages: {
      playReal: ['实时预览', 'Live view'],
      playBack: ['录像回放', 'Playback'],
      playRealWeb: ['实时预览（网页版）', 'Live view (web)'],
      playBackWeb: ['录像回放（网页版）', 'Playback (web)'],
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/videoUniview',
    pages: {
      playReal: ['实时预览', 'Live view'],
      playBack: ['录像回放', 'Playback'],
      control: ['云台控制', 'PTZ control'],
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/videoControl',
    pages: {
      realTimeCapture: ['实时抓拍', 'Live captures'],
      controlAlarm: ['布控告警', 'Watchlist alarms'],
      controlSetting: ['布控设置', 'Watchlist settings'],
      nameListLibrary: ['名单库', 'Watchlists'],
      captureRetrieval: ['抓拍检索', 'Capture search'],
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/gateway',
    pages: {
      white: ['网关白名单', 'Gateway allowlist'],
      manualControl: ['网关手动控制', 'Gateway manual control'],
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/smartGuardrail',
    pages: { smartGuardrail: ['智慧护栏', 'Smart guardrails'] },
  },
  {
    app: 'iotcloud',
    group: 'templeManage',
    pages: {
      meritManage: ['功德管理', 'Donation management'],
      meritMasterManage: ['功德主管理', 'Donor management'],
      accountManage: ['寺庙账户管理', 'Temple account management'],
    },
  },
  {
    app: 'iotcloud',
    group: 'smartSwitch',
    pages: { smartSwitchControl: ['智能开关控制', 'Smart switch control'] },
  },
  { app: 'iotcloud', group: 'iot', pages: { dynamicTable: ['动态数据表', 'Dynamic data table'] } },
];
