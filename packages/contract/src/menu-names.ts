import type { SubApp } from './constants.js';
import { findRouteByCode } from './routes.js';

/**
 * Names and antd icon names of the permission tree's systems (type 0) and menu groups (type 1), plus
 * the few seeded entries that are neither (a help link, a page not open yet). The seed writes the zh-CN
 * name to the database; the menu shows the en-US one in English. Pages take their names from the
 * route table.
 */
export interface MenuName {
  zh: string;
  /** Sentence case. */
  en: string;
  icon: string;
}

export type SystemCode = 'admin' | SubApp;

/** The top-level systems in menu order: the administration area, then the sub-apps. */
export const SYSTEM_NAMES: Readonly<Record<SystemCode, MenuName>> = {
  admin: { zh: '平台管理', en: 'Platform administration', icon: 'SettingOutlined' },
  iotcloud: { zh: '物联网平台', en: 'IoT platform', icon: 'CloudServerOutlined' },
  omapp: { zh: '运维管理', en: 'Operations and maintenance', icon: 'ToolOutlined' },
  opapp: { zh: '运营管理', en: 'Business operations', icon: 'BarChartOutlined' },
  zcapp: { zh: '零碳大屏', en: 'Zero-carbon dashboard', icon: 'FundProjectionScreenOutlined' },
  esapp: { zh: '储能充电', en: 'Energy storage and charging', icon: 'ThunderboltOutlined' },
  llapp: { zh: '景观照明', en: 'Landscape lighting', icon: 'BulbOutlined' },
};

/** Menu groups, keyed `system:group path` (the path between the sub-app prefix and its pages). */
export const GROUP_NAMES: Readonly<Record<string, MenuName>> = {
  'iotcloud:dashboard': { zh: '数据大屏', en: 'Dashboards', icon: 'DashboardOutlined' },
  'iotcloud:iot/lamp': { zh: '智慧路灯', en: 'Smart street lighting', icon: 'BulbOutlined' },
  'iotcloud:iot/inspection': { zh: '智能巡检', en: 'Smart inspection', icon: 'ScanOutlined' },
  'iotcloud:iot/push': { zh: '信息发布屏', en: 'Information displays', icon: 'DesktopOutlined' },
  'iotcloud:iot/alarmbox': { zh: '一键报警', en: 'Emergency call points', icon: 'AlertOutlined' },
  'iotcloud:iot/broadcast': { zh: '智慧广播', en: 'Smart broadcasting', icon: 'SoundOutlined' },
  'iotcloud:iot/wireless': { zh: '无线网络', en: 'Wireless network', icon: 'WifiOutlined' },
  'iotcloud:iot/charging': { zh: '充电服务', en: 'Charging service', icon: 'ThunderboltOutlined' },
  'iotcloud:iot/box': { zh: '智能箱', en: 'Smart cabinets', icon: 'InboxOutlined' },
  'iotcloud:linkage': { zh: '联动管理', en: 'Linkage management', icon: 'ApiOutlined' },
  'iotcloud:iot/assetMorror': { zh: '资产管理', en: 'Asset management', icon: 'DatabaseOutlined' },
  'iotcloud:iot/envMonitor': { zh: '环境监测', en: 'Environmental monitoring', icon: 'CloudOutlined' },
  'iotcloud:iot/wellLid': { zh: '井盖监测', en: 'Manhole cover monitoring', icon: 'AimOutlined' },
  'iotcloud:iot/videoMonitor': { zh: '视频监控', en: 'Video surveillance', icon: 'VideoCameraOutlined' },
  'iotcloud:iot/videoUniview': { zh: '宇视视频', en: 'Uniview video', icon: 'VideoCameraAddOutlined' },
  'iotcloud:iot/videoControl': { zh: '人脸布控', en: 'Face watchlists', icon: 'UserSwitchOutlined' },
  'iotcloud:iot/gateway': { zh: '智能网关', en: 'Smart gateways', icon: 'ClusterOutlined' },
  'iotcloud:iot/smartGuardrail': { zh: '智慧护栏', en: 'Smart guardrails', icon: 'SafetyOutlined' },
  'iotcloud:templeManage': { zh: '寺庙管理', en: 'Temple management', icon: 'BankOutlined' },
  'iotcloud:smartSwitch': { zh: '智能开关', en: 'Smart switches', icon: 'PoweroffOutlined' },

  'omapp:assets/alarmManagement': { zh: '告警管理', en: 'Alarm management', icon: 'WarningOutlined' },
  'omapp:assets/ewManagement': {
    zh: '预警管理',
    en: 'Early warning management',
    icon: 'ExclamationCircleOutlined',
  },
  'omapp:assets/om': { zh: '运维作业', en: 'Maintenance work', icon: 'ToolOutlined' },
  'omapp:assets/ondutyManagement': { zh: '值班管理', en: 'Duty management', icon: 'ScheduleOutlined' },
  'omapp:assets/citizenInteraction': { zh: '市民互动', en: 'Citizen engagement', icon: 'CommentOutlined' },
  'omapp:assets/inforRelease': { zh: '信息发布', en: 'Information publishing', icon: 'NotificationOutlined' },
  'omapp:assets/scenicAreaManagement': {
    zh: '景区管理',
    en: 'Scenic area management',
    icon: 'EnvironmentOutlined',
  },
  'omapp:electronicMap': { zh: '电子地图', en: 'Electronic map', icon: 'GlobalOutlined' },
  'omapp:visibleDispatch': { zh: '可视化调度', en: 'Visual dispatch', icon: 'DeploymentUnitOutlined' },
  'omapp:emergencyCommand': { zh: '应急指挥', en: 'Emergency command', icon: 'FireOutlined' },
  'omapp:interface': { zh: '接口文档', en: 'API documentation', icon: 'FileTextOutlined' },
  'omapp:aiHelper': { zh: 'AI助手', en: 'AI assistant', icon: 'RobotOutlined' },

  'opapp:overall/opSummary': { zh: '运营概况', en: 'Operations overview', icon: 'PieChartOutlined' },
  'opapp:record/contract': { zh: '合同备案', en: 'Contract filing', icon: 'FileProtectOutlined' },
  'opapp:overall/incomeERP': { zh: '收入管理', en: 'Revenue management', icon: 'AccountBookOutlined' },
  'opapp:dataResearch/businessCirculation': { zh: '业务流转', en: 'Business workflow', icon: 'SwapOutlined' },
  'opapp:office/circulationSettings': { zh: '流转设置', en: 'Workflow settings', icon: 'SettingOutlined' },

  'zcapp:dashboard': { zh: '零碳大屏', en: 'Zero-carbon dashboard', icon: 'FundProjectionScreenOutlined' },
  'zcapp:dashboardLight': { zh: '景观照明大屏', en: 'Landscape lighting dashboard', icon: 'FundOutlined' },

  'esapp:esManage': { zh: '储能管理', en: 'Energy storage management', icon: 'ThunderboltOutlined' },
  'esapp:esManage/statusMonitor': { zh: '状态监测', en: 'Status monitoring', icon: 'MonitorOutlined' },
  'esapp:esManage/devManage': { zh: '储能设备', en: 'Energy storage devices', icon: 'HddOutlined' },
  'esapp:esManage/dataAnalysis': { zh: '数据分析', en: 'Data analysis', icon: 'LineChartOutlined' },
  'esapp:esManage/energyStorageReport': {
    zh: '储能报表',
    en: 'Energy storage reports',
    icon: 'FileTextOutlined',
  },
  'esapp:newEnergyCharging': { zh: '新能源充电', en: 'EV charging', icon: 'CarOutlined' },
  'esapp:wsManagement': { zh: '风光储管理', en: 'Wind-solar-storage management', icon: 'SunOutlined' },
  'esapp:powerManage': { zh: '电站管理', en: 'Power station management', icon: 'DashboardOutlined' },
  'esapp:marketingCenter/activitiesManage': {
    zh: '营销活动',
    en: 'Marketing campaigns',
    icon: 'GiftOutlined',
  },
  'esapp:couponManage': { zh: '优惠券管理', en: 'Coupon management', icon: 'TagsOutlined' },
  'esapp:parkPlatformManage': { zh: '停车平台', en: 'Parking platform', icon: 'CarOutlined' },
  'esapp:teamCharging': { zh: '车队充电', en: 'Fleet charging', icon: 'TeamOutlined' },
  'esapp:teamFinance': { zh: '车队财务', en: 'Fleet finance', icon: 'WalletOutlined' },

  'llapp:landscapeLighting': { zh: '景观照明', en: 'Landscape lighting', icon: 'BulbOutlined' },
};

/** Seeded entries that are neither a route, a system nor a group, keyed by their resource code. */
export const ENTRY_NAMES = {
  helpDocs: { zh: '帮助文档', en: 'Help', icon: 'QuestionCircleOutlined' },
  smartParking: { zh: '智慧停车', en: 'Smart parking', icon: 'CarOutlined' },
} as const satisfies Readonly<Record<string, MenuName>>;

/** The resource code of a menu group: `iotcloud:iot/lamp` → `iotcloud_iot_lamp`. */
export const menuGroupCode = (system: string, group: string) => `${system}_${group.replaceAll('/', '_')}`;

const englishByCode = new Map<string, string>([
  ...Object.entries(SYSTEM_NAMES).map(([code, { en }]) => [code.toLowerCase(), en] as const),
  ...Object.entries(GROUP_NAMES).map(([key, { en }]) => {
    const [system = '', group = ''] = key.split(':');
    return [menuGroupCode(system, group).toLowerCase(), en] as const;
  }),
  ...Object.entries(ENTRY_NAMES).map(([code, { en }]) => [code.toLowerCase(), en] as const),
]);

/**
 * The en-US name of a permission item we ship, by its resource code (ignoring case, like route codes):
 * a route, a system, a menu group or a seeded entry. Undefined for items administrators created.
 */
export const englishMenuName = (code: string): string | undefined =>
  findRouteByCode(code)?.titleEn ?? englishByCode.get(code.toLowerCase());
