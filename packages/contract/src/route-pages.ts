import type { SubApp } from './constants.js';
import { IOTCLOUD_PAGES } from './route-pages-iotcloud.js';

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
  ...IOTCLOUD_PAGES,

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
