import type { SubApp } from './constants.js';

/**
 * The pages of platform-shell.md §2 (and the alarm receiver of video-talk-alarm-header.md §2.2) with
 * their zh-CN titles. `routes.ts` turns them into the route table; nothing else should read this file.
 */

export interface ShellPage {
  path: string;
  title: string;
  /** Only for paths whose last segment cannot name them. */
  code?: string;
  /** Reachable with any session, no permission code needed. */
  sessionOnly?: boolean;
}

/** Top-level routes of the shell; their access follows PUBLIC_PATHS, else `sessionOnly`. */
export const SHELL_PAGES: readonly ShellPage[] = [
  { path: '/', code: 'home', title: '首页', sessionOnly: true },
  { path: '/center', title: '综合系统', sessionOnly: true },
  { path: '/plug', title: '视频插件管理' },
  { path: '/license', title: '许可证注册' },
  { path: '/login', title: '登录' },
  { path: '/dashboard/login', title: '大屏登录' },
  { path: '/userlogin', title: '用户登录' },
  { path: '/404', code: 'notFound', title: '页面不存在', sessionOnly: true },
];

/** Children of /admin, in menu order. */
export const ADMIN_PAGES: Readonly<Record<string, string>> = {
  userManage: '用户管理',
  roleManage: '角色管理',
  authority: '权限管理',
  areaManage: '区域管理',
  logManage: '日志管理',
  organization: '组织架构',
  project: '项目管理',
  dictionary: '数据字典',
  license: '许可证管理',
  licenseRenewal: '许可证续期',
  siteManage: '站点管理',
  message: '消息中心',
  messageTemplate: '消息模板',
  parameterManage: '参数管理',
  editionService: '版本服务',
};

/** Admin pages that are never kept alive in a tab (they hold a live map). */
export const ADMIN_UNCACHED = ['areaManage'] as const;

export interface SubAppPageGroup {
  app: SubApp;
  /** Path between the app prefix and the page name; '' when the page sits right under the app. */
  group: string;
  pages: Readonly<Record<string, string>>;
}

export const SUB_APP_PAGES: readonly SubAppPageGroup[] = [
  // /iotcloud
  {
    app: 'iotcloud',
    group: 'dashboard',
    pages: {
      dashboardPlatform: '平台总览',
      dashboard: '数据大屏',
      dashboard5k: '5K大屏',
      dashboard9k: '9K大屏',
      dashboardAI: 'AI大屏',
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/lamp',
    pages: {
      schemeProject: '单灯策略方案',
      plan: '单灯计划',
      lightingStuation: '亮灯情况',
      manualSwitch: '单灯手动控制',
      alarmRecord: '路灯告警记录',
      loopSchemeSimple: '回路简易方案',
      loopSchemeProject: '回路策略方案',
      loopLampPlan: '回路计划',
      loopManualSwitch: '回路手动控制',
      loopAlarm: '回路告警',
      operationMonitoring: '运行监测',
      statisticalOverview: '统计概览',
      operationRecord: '操作记录',
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/inspection',
    pages: { intelligentPatrol: '智能巡检', patrolManagement: '巡检管理' },
  },
  {
    app: 'iotcloud',
    group: 'iot/push',
    pages: {
      resources: '素材管理',
      programme: '节目管理',
      task: '发布任务',
      realTime: '实时发布',
      brightScreen: '屏幕开关',
      screenshot: '屏幕截图',
      playLog: '播放日志',
      advertisementManagement: '广告管理',
      advertisingconfiguration: '广告配置',
      adAccountManage: '广告账户管理',
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/alarmbox',
    pages: {
      monitor: '报警监控',
      monitorOld: '报警监控（旧版）',
      monitorReceiver: '报警接听',
      history: '报警历史',
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/broadcast',
    pages: { resources: '广播素材', plan: '广播计划', realTime: '实时广播', yelling: '远程喊话' },
  },
  { app: 'iotcloud', group: 'iot/wireless', pages: { smartWireless: '智慧无线' } },
  { app: 'iotcloud', group: 'iot/charging', pages: { phoneCharging: '手机充电' } },
  { app: 'iotcloud', group: 'iot/box', pages: { smartBox: '智能箱控' } },
  { app: 'iotcloud', group: 'linkage', pages: { list: '联动列表', rule: '联动规则', settings: '联动设置' } },
  {
    app: 'iotcloud',
    group: 'iot/assetMorror',
    pages: {
      equipmentOverview: '设备概览',
      pointManagement: '点位管理',
      areaManage: '区域管理',
      productManage: '产品管理',
      functionManage: '功能管理',
      locationManagement: '位置管理',
      modelSetting: '模型设置',
      devList: '设备列表',
      batchImport: '设备批量导入',
      batchImportPoint: '点位批量导入',
      equipmentMaintenance: '设备维护',
      devManage: '设备管理',
      upgrade: '固件升级',
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/envMonitor',
    pages: { realtimeReport: '实时数据', historyRecord: '历史数据' },
  },
  {
    app: 'iotcloud',
    group: 'iot/wellLid',
    pages: { abnormalMonitor: '异常监测', alarmRecord: '井盖告警记录' },
  },
  {
    app: 'iotcloud',
    group: 'iot/videoMonitor',
    pages: {
      playReal: '实时预览',
      playBack: '录像回放',
      playRealWeb: '实时预览（网页版）',
      playBackWeb: '录像回放（网页版）',
    },
  },
  {
    app: 'iotcloud',
    group: 'iot/videoUniview',
    pages: { playReal: '实时预览', playBack: '录像回放', control: '云台控制' },
  },
  {
    app: 'iotcloud',
    group: 'iot/videoControl',
    pages: {
      realTimeCapture: '实时抓拍',
      controlAlarm: '布控告警',
      controlSetting: '布控设置',
      nameListLibrary: '名单库',
      captureRetrieval: '抓拍检索',
    },
  },
  { app: 'iotcloud', group: 'iot/gateway', pages: { white: '网关白名单', manualControl: '网关手动控制' } },
  { app: 'iotcloud', group: 'iot/smartGuardrail', pages: { smartGuardrail: '智慧护栏' } },
  {
    app: 'iotcloud',
    group: 'templeManage',
    pages: { meritManage: '功德管理', meritMasterManage: '功德主管理', accountManage: '寺庙账户管理' },
  },
  { app: 'iotcloud', group: 'smartSwitch', pages: { smartSwitchControl: '智能开关控制' } },
  { app: 'iotcloud', group: 'iot', pages: { dynamicTable: '动态数据表' } },

  // /omapp
  {
    app: 'omapp',
    group: 'assets/alarmManagement',
    pages: { alarmList: '告警列表', historyList: '历史告警' },
  },
  {
    app: 'omapp',
    group: 'assets/ewManagement',
    pages: { ewInfoList: '预警信息', ewInfoHisList: '历史预警' },
  },
  {
    app: 'omapp',
    group: 'assets/om',
    pages: {
      omInspection: '巡检任务',
      attendanceList: '考勤记录',
      omWorkOrder: '工单管理',
      omStatisticsInfo: '运维统计',
      performanceList: '绩效考核',
      energyCollect: '能耗采集',
    },
  },
  {
    app: 'omapp',
    group: 'assets/ondutyManagement',
    pages: {
      dayDutySituation: '日值班情况',
      monthDutySituation: '月值班情况',
      workforceManagement: '排班管理',
      dutyPersonManagement: '值班人员',
    },
  },
  {
    app: 'omapp',
    group: 'assets/citizenInteraction',
    pages: {
      complaintManagement: '投诉管理',
      publicHelp: '市民求助',
      feedBack: '意见反馈',
      reportObstacles: '故障上报',
    },
  },
  { app: 'omapp', group: 'assets/inforRelease', pages: { inforDynamic: '信息动态' } },
  {
    app: 'omapp',
    group: 'assets/scenicAreaManagement',
    pages: { scenicAreaList: '景区列表', scenicSpotList: '景点列表' },
  },
  { app: 'omapp', group: 'electronicMap', pages: { eMap: '电子地图' } },
  { app: 'omapp', group: 'visibleDispatch', pages: { dispatch: '可视化调度' } },
  { app: 'omapp', group: 'emergencyCommand', pages: { emergency: '应急指挥' } },
  { app: 'omapp', group: 'interface', pages: { document: '接口文档' } },
  {
    app: 'omapp',
    group: 'aiHelper',
    pages: {
      identifyAlarm: '识别告警',
      logService: '日志服务',
      algorithmList: '算法列表',
      chargingGuard: '充电守护',
    },
  },

  // /opapp
  { app: 'opapp', group: 'overall/opSummary', pages: { opSummarys: '运营概况' } },
  { app: 'opapp', group: 'record/contract', pages: { contracts: '合同备案' } },
  { app: 'opapp', group: 'overall/incomeERP', pages: { incomeERPs: '收入台账' } },
  {
    app: 'opapp',
    group: 'dataResearch/businessCirculation',
    pages: { resourceReview: '资源评审', businessReview: '业务评审' },
  },
  { app: 'opapp', group: 'office/circulationSettings', pages: { circulationSet: '流转设置' } },
  { app: 'opapp', group: '', pages: { itemizedStatistics: '分项统计', tableTennis: '乒乓球馆' } },

  // /zcapp
  {
    app: 'zcapp',
    group: 'dashboard',
    pages: {
      login: '零碳大屏登录',
      UE4Loading: '三维场景加载',
      index: '零碳大屏',
      detail: '零碳详情',
      resourcemanagement: '资源管理',
      alarm: '告警大屏',
    },
  },
  { app: 'zcapp', group: 'dashboardLight', pages: { index: '景观照明大屏' } },

  // /esapp
  {
    app: 'esapp',
    group: 'esManage',
    pages: {
      overview: '储能总览',
      esSite: '储能站点',
      dataBoard: '数据看板',
      controlStrategy: '控制策略',
      logList: '运行日志',
    },
  },
  {
    app: 'esapp',
    group: 'esManage/statusMonitor',
    pages: { smartSwitch: '智能开关状态', esMachine: '储能机状态' },
  },
  {
    app: 'esapp',
    group: 'esManage/devManage',
    pages: {
      smartSwitch: '智能开关',
      esMachine: '储能机',
      wsController: '风光控制器',
      esCabinet: '储能柜',
      inverter: '逆变器',
    },
  },
  {
    app: 'esapp',
    group: 'esManage/dataAnalysis',
    pages: { powerConsume: '用电分析', powerSupply: '供电分析', disCharge: '充放电分析' },
  },
  {
    app: 'esapp',
    group: 'esManage/energyStorageReport',
    pages: { incomeReport: '收益报表', eletrictyReport: '电量报表' },
  },
  {
    app: 'esapp',
    group: 'newEnergyCharging',
    pages: {
      orderedCharging: '有序充电',
      siteManage: '充电站管理',
      devManage: '充电桩管理',
      orderManage: '充电订单',
      orderManageTeam: '车队订单',
      orderManageV2g: 'V2G订单',
      orderManageOccupy: '占位订单',
      occupyAppeal: '占位申诉',
      carOwnerManage: '车主管理',
      accountManage: '充电账户管理',
      whitelist: '充电白名单',
      operatorManagement: '运营商管理',
      chargeOperation: '充电运营',
      invoiceManage: '发票管理',
    },
  },
  { app: 'esapp', group: 'wsManagement', pages: { generalOverview: '风光储总览', siteManage: '风光储站点' } },
  {
    app: 'esapp',
    group: 'powerManage',
    pages: { pgsDashboard: '光储充看板', powerSite: '电站管理', powerReport: '电站报表' },
  },
  {
    app: 'esapp',
    group: 'marketingCenter/activitiesManage',
    pages: { siteDiscount: '站点优惠', register: '注册有礼', scanCode: '扫码活动' },
  },
  { app: 'esapp', group: 'couponManage', pages: { couponList: '优惠券列表', couponDetail: '优惠券明细' } },
  {
    app: 'esapp',
    group: 'parkPlatformManage',
    pages: { parkPlatform: '停车平台', stationPush: '场站推送', discountRecord: '停车减免记录' },
  },
  {
    app: 'esapp',
    group: 'teamCharging',
    pages: { reportForms: '车队报表', teamList: '车队列表', teamMembers: '车队成员', teamCars: '车队车辆' },
  },
  { app: 'esapp', group: 'teamFinance', pages: { teamAccount: '车队账户' } },

  // /llapp
  {
    app: 'llapp',
    group: 'landscapeLighting',
    pages: { overview: '景观照明总览', devManage: '景观设备管理' },
  },
];
