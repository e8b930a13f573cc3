import type { SubApp } from './constants.js';
import { IOTCLOUD_PAGES } from './route-pages-iotcloud.js';

/**
 * The pages of platform-shell.md §2 (and the alarm receiver of video-talk-alarm-header.md §2.2) with
 * their zh-CN and en-US titles. `routes.ts` turns them into the route table; nothing else should read
 * this file.
 */

/** zh-CN title, then the en-US one (sentence case). */
export type PageTitle = readonly [zh: string, en: string];

export interface ShellPage {
  path: string;
  title: PageTitle;
  /** Only for paths whose last segment cannot name them. */
  code?: string;
  /** Reachable with any session, no permission code needed. */
  sessionOnly?: boolean;
}

/** Top-level routes of the shell; their access follows PUBLIC_PATHS, else `sessionOnly`. */
export const SHELL_PAGES: readonly ShellPage[] = [
  { path: '/', code: 'home', title: ['首页', 'Home'], sessionOnly: true },
  { path: '/center', title: ['综合系统', 'Systems'], sessionOnly: true },
  { path: '/plug', title: ['视频插件管理', 'Video plug-in management'] },
  { path: '/license', title: ['许可证注册', 'Licence registration'] },
  { path: '/login', title: ['登录', 'Sign in'] },
  { path: '/dashboard/login', title: ['大屏登录', 'Dashboard sign-in'] },
  { path: '/userlogin', title: ['用户登录', 'User sign-in'] },
  { path: '/404', code: 'notFound', title: ['页面不存在', 'Page not found'], sessionOnly: true },
];

/** Children of /admin, in menu order. */
export const ADMIN_PAGE_NAMES = [
  'userManage',
  'roleManage',
  'authority',
  'areaManage',
  'logManage',
  'organization',
  'project',
  'dictionary',
  'license',
  'licenseRenewal',
  'siteManage',
  'message',
  'messageTemplate',
  'parameterManage',
  'editionService',
] as const;
export type AdminPageName = (typeof ADMIN_PAGE_NAMES)[number];

export const ADMIN_PAGES: Readonly<Record<AdminPageName, PageTitle>> = {
  userManage: ['用户管理', 'User management'],
  roleManage: ['角色管理', 'Role management'],
  authority: ['权限管理', 'Permission management'],
  areaManage: ['区域管理', 'Area management'],
  logManage: ['日志管理', 'Log management'],
  organization: ['组织架构', 'Organisation structure'],
  project: ['项目管理', 'Project management'],
  dictionary: ['数据字典', 'Data dictionary'],
  license: ['许可证管理', 'Licence management'],
  licenseRenewal: ['许可证续期', 'Licence renewal'],
  siteManage: ['站点管理', 'Site management'],
  message: ['消息中心', 'Message centre'],
  messageTemplate: ['消息模板', 'Message templates'],
  parameterManage: ['参数管理', 'Parameter management'],
  editionService: ['版本服务', 'Version service'],
};

/**
 * Admin pages never kept alive in a tab, whatever the page settings say: §2 "areaManage (areas, with
 * map, never cached)".
 */
export const ADMIN_NEVER_CACHED: readonly AdminPageName[] = ['areaManage'];

export interface SubAppPageGroup {
  app: SubApp;
  /** Path between the app prefix and the page name; '' when the page sits right under the app. */
  group: string;
  pages: Readonly<Record<string, PageTitle>>;
}

export const SUB_APP_PAGES: readonly SubAppPageGroup[] = [
  ...IOTCLOUD_PAGES,

  // /omapp
  {
    app: 'omapp',
    group: 'assets/alarmManagement',
    pages: { alarmList: ['告警列表', 'Alarm list'], historyList: ['历史告警', 'Alarm history'] },
  },
  {
    app: 'omapp',
    group: 'assets/ewManagement',
    pages: {
      ewInfoList: ['预警信息', 'Early warnings'],
      ewInfoHisList: ['历史预警', 'Early warning history'],
    },
  },
  {
    app: 'omapp',
    group: 'assets/om',
    pages: {
      omInspection: ['巡检任务', 'Inspection tasks'],
      attendanceList: ['考勤记录', 'Attendance records'],
      omWorkOrder: ['工单管理', 'Work order management'],
      omStatisticsInfo: ['运维统计', 'O&M statistics'],
      performanceList: ['绩效考核', 'Performance appraisal'],
      energyCollect: ['能耗采集', 'Energy data collection'],
    },
  },
  {
    app: 'omapp',
    group: 'assets/ondutyManagement',
    pages: {
      dayDutySituation: ['日值班情况', 'Daily duty status'],
      monthDutySituation: ['月值班情况', 'Monthly duty status'],
      workforceManagement: ['排班管理', 'Shift scheduling'],
      dutyPersonManagement: ['值班人员', 'Duty staff'],
    },
  },
  {
    app: 'omapp',
    group: 'assets/citizenInteraction',
    pages: {
      complaintManagement: ['投诉管理', 'Complaint management'],
      publicHelp: ['市民求助', 'Citizen help requests'],
      feedBack: ['意见反馈', 'Feedback'],
      reportObstacles: ['故障上报', 'Fault reports'],
    },
  },
  { app: 'omapp', group: 'assets/inforRelease', pages: { inforDynamic: ['信息动态', 'News updates'] } },
  {
    app: 'omapp',
    group: 'assets/scenicAreaManagement',
    pages: { scenicAreaList: ['景区列表', 'Scenic areas'], scenicSpotList: ['景点列表', 'Attractions'] },
  },
  { app: 'omapp', group: 'electronicMap', pages: { eMap: ['电子地图', 'Electronic map'] } },
  { app: 'omapp', group: 'visibleDispatch', pages: { dispatch: ['可视化调度', 'Visual dispatch'] } },
  { app: 'omapp', group: 'emergencyCommand', pages: { emergency: ['应急指挥', 'Emergency command'] } },
  { app: 'omapp', group: 'interface', pages: { document: ['接口文档', 'API documentation'] } },
  {
    app: 'omapp',
    group: 'aiHelper',
    pages: {
      identifyAlarm: ['识别告警', 'AI detection alarms'],
      logService: ['日志服务', 'Log service'],
      algorithmList: ['算法列表', 'Algorithm list'],
      chargingGuard: ['充电守护', 'Charging safety watch'],
    },
  },

  // /opapp
  { app: 'opapp', group: 'overall/opSummary', pages: { opSummarys: ['运营概况', 'Operations overview'] } },
  { app: 'opapp', group: 'record/contract', pages: { contracts: ['合同备案', 'Contract filing'] } },
  { app: 'opapp', group: 'overall/incomeERP', pages: { incomeERPs: ['收入台账', 'Revenue ledger'] } },
  {
    app: 'opapp',
    group: 'dataResearch/businessCirculation',
    pages: {
      resourceReview: ['资源评审', 'Resource review'],
      businessReview: ['业务评审', 'Business review'],
    },
  },
  {
    app: 'opapp',
    group: 'office/circulationSettings',
    pages: { circulationSet: ['流转设置', 'Workflow settings'] },
  },
  {
    app: 'opapp',
    group: '',
    pages: {
      itemizedStatistics: ['分项统计', 'Itemised statistics'],
      tableTennis: ['乒乓球馆', 'Table tennis hall'],
    },
  },

  // /zcapp
  {
    app: 'zcapp',
    group: 'dashboard',
    pages: {
      login: ['零碳大屏登录', 'Zero-carbon dashboard sign-in'],
      UE4Loading: ['三维场景加载', '3D scene loading'],
      index: ['零碳大屏', 'Zero-carbon dashboard'],
      detail: ['零碳详情', 'Zero-carbon details'],
      resourcemanagement: ['资源管理', 'Resource management'],
      alarm: ['告警大屏', 'Alarm dashboard'],
    },
  },
  {
    app: 'zcapp',
    group: 'dashboardLight',
    pages: { index: ['景观照明大屏', 'Landscape lighting dashboard'] },
  },

  // /esapp
  {
    app: 'esapp',
    group: 'esManage',
    pages: {
      overview: ['储能总览', 'Energy storage overview'],
      esSite: ['储能站点', 'Energy storage sites'],
      dataBoard: ['数据看板', 'Data board'],
      controlStrategy: ['控制策略', 'Control strategies'],
      logList: ['运行日志', 'Operation logs'],
    },
  },
  {
    app: 'esapp',
    group: 'esManage/statusMonitor',
    pages: {
      smartSwitch: ['智能开关状态', 'Smart switch status'],
      esMachine: ['储能机状态', 'Storage unit status'],
    },
  },
  {
    app: 'esapp',
    group: 'esManage/devManage',
    pages: {
      smartSwitch: ['智能开关', 'Smart switches'],
      esMachine: ['储能机', 'Storage units'],
      wsController: ['风光控制器', 'Wind-solar controllers'],
      esCabinet: ['储能柜', 'Storage cabinets'],
      inverter: ['逆变器', 'Inverters'],
    },
  },
  {
    app: 'esapp',
    group: 'esManage/dataAnalysis',
    pages: {
      powerConsume: ['用电分析', 'Consumption analysis'],
      powerSupply: ['供电分析', 'Supply analysis'],
      disCharge: ['充放电分析', 'Charge and discharge analysis'],
    },
  },
  {
    app: 'esapp',
    group: 'esManage/energyStorageReport',
    pages: { incomeReport: ['收益报表', 'Revenue report'], eletrictyReport: ['电量报表', 'Energy report'] },
  },
  {
    app: 'esapp',
    group: 'newEnergyCharging',
    pages: {
      orderedCharging: ['有序充电', 'Managed charging'],
      siteManage: ['充电站管理', 'Charging station management'],
      devManage: ['充电桩管理', 'Charger management'],
      orderManage: ['充电订单', 'Charging orders'],
      orderManageTeam: ['车队订单', 'Fleet orders'],
      orderManageV2g: ['V2G订单', 'V2G orders'],
      orderManageOccupy: ['占位订单', 'Idle fee orders'],
      occupyAppeal: ['占位申诉', 'Idle fee appeals'],
      carOwnerManage: ['车主管理', 'Vehicle owner management'],
      accountManage: ['充电账户管理', 'Charging account management'],
      whitelist: ['充电白名单', 'Charging allowlist'],
      operatorManagement: ['运营商管理', 'Operator management'],
      chargeOperation: ['充电运营', 'Charging operations'],
      invoiceManage: ['发票管理', 'Invoice management'],
    },
  },
  {
    app: 'esapp',
    group: 'wsManagement',
    pages: {
      generalOverview: ['风光储总览', 'Wind-solar-storage overview'],
      siteManage: ['风光储站点', 'Wind-solar-storage sites'],
    },
  },
  {
    app: 'esapp',
    group: 'powerManage',
    pages: {
      pgsDashboard: ['光储充看板', 'Solar, storage and charging board'],
      powerSite: ['电站管理', 'Power station management'],
      powerReport: ['电站报表', 'Power station reports'],
    },
  },
  {
    app: 'esapp',
    group: 'marketingCenter/activitiesManage',
    pages: {
      siteDiscount: ['站点优惠', 'Site discounts'],
      register: ['注册有礼', 'Sign-up rewards'],
      scanCode: ['扫码活动', 'QR code campaigns'],
    },
  },
  {
    app: 'esapp',
    group: 'couponManage',
    pages: { couponList: ['优惠券列表', 'Coupon list'], couponDetail: ['优惠券明细', 'Coupon details'] },
  },
  {
    app: 'esapp',
    group: 'parkPlatformManage',
    pages: {
      parkPlatform: ['停车平台', 'Parking platform'],
      stationPush: ['场站推送', 'Station sync'],
      discountRecord: ['停车减免记录', 'Parking fee waivers'],
    },
  },
  {
    app: 'esapp',
    group: 'teamCharging',
    pages: {
      reportForms: ['车队报表', 'Fleet reports'],
      teamList: ['车队列表', 'Fleet list'],
      teamMembers: ['车队成员', 'Fleet members'],
      teamCars: ['车队车辆', 'Fleet vehicles'],
    },
  },
  { app: 'esapp', group: 'teamFinance', pages: { teamAccount: ['车队账户', 'Fleet accounts'] } },

  // /llapp
  {
    app: 'llapp',
    group: 'landscapeLighting',
    pages: {
      overview: ['景观照明总览', 'Landscape lighting overview'],
      devManage: ['景观设备管理', 'Landscape device management'],
    },
  },
];
