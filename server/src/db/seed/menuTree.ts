import type { SubApp } from '@cityops/contract';

/**
 * Names (zh-CN) and antd icon names of the permission tree's systems and menu groups. Pages take their
 * names from the contract's route table; groups are the path between a sub-app and its pages.
 */
interface Node {
  name: string;
  icon: string;
}

export type SystemCode = 'admin' | SubApp;

/** The top-level systems in menu order: the administration area, then the sub-apps. */
export const SYSTEMS: Readonly<Record<SystemCode, Node>> = {
  admin: { name: '平台管理', icon: 'SettingOutlined' },
  iotcloud: { name: '物联网平台', icon: 'CloudServerOutlined' },
  omapp: { name: '运维管理', icon: 'ToolOutlined' },
  opapp: { name: '运营管理', icon: 'BarChartOutlined' },
  zcapp: { name: '零碳大屏', icon: 'FundProjectionScreenOutlined' },
  esapp: { name: '储能充电', icon: 'ThunderboltOutlined' },
  llapp: { name: '景观照明', icon: 'BulbOutlined' },
};

/** Keyed `app:group path`. */
export const GROUPS: Readonly<Record<string, Node>> = {
  'iotcloud:dashboard': { name: '数据大屏', icon: 'DashboardOutlined' },
  'iotcloud:iot/lamp': { name: '智慧路灯', icon: 'BulbOutlined' },
  'iotcloud:iot/inspection': { name: '智能巡检', icon: 'ScanOutlined' },
  'iotcloud:iot/push': { name: '信息发布屏', icon: 'DesktopOutlined' },
  'iotcloud:iot/alarmbox': { name: '一键报警', icon: 'AlertOutlined' },
  'iotcloud:iot/broadcast': { name: '智慧广播', icon: 'SoundOutlined' },
  'iotcloud:iot/wireless': { name: '无线网络', icon: 'WifiOutlined' },
  'iotcloud:iot/charging': { name: '充电服务', icon: 'ThunderboltOutlined' },
  'iotcloud:iot/box': { name: '智能箱', icon: 'InboxOutlined' },
  'iotcloud:linkage': { name: '联动管理', icon: 'ApiOutlined' },
  'iotcloud:iot/assetMorror': { name: '资产管理', icon: 'DatabaseOutlined' },
  'iotcloud:iot/envMonitor': { name: '环境监测', icon: 'CloudOutlined' },
  'iotcloud:iot/wellLid': { name: '井盖监测', icon: 'AimOutlined' },
  'iotcloud:iot/videoMonitor': { name: '视频监控', icon: 'VideoCameraOutlined' },
  'iotcloud:iot/videoUniview': { name: '宇视视频', icon: 'VideoCameraAddOutlined' },
  'iotcloud:iot/videoControl': { name: '人脸布控', icon: 'UserSwitchOutlined' },
  'iotcloud:iot/gateway': { name: '智能网关', icon: 'ClusterOutlined' },
  'iotcloud:iot/smartGuardrail': { name: '智慧护栏', icon: 'SafetyOutlined' },
  'iotcloud:templeManage': { name: '寺庙管理', icon: 'BankOutlined' },
  'iotcloud:smartSwitch': { name: '智能开关', icon: 'PoweroffOutlined' },

  'omapp:assets/alarmManagement': { name: '告警管理', icon: 'WarningOutlined' },
  'omapp:assets/ewManagement': { name: '预警管理', icon: 'ExclamationCircleOutlined' },
  'omapp:assets/om': { name: '运维作业', icon: 'ToolOutlined' },
  'omapp:assets/ondutyManagement': { name: '值班管理', icon: 'ScheduleOutlined' },
  'omapp:assets/citizenInteraction': { name: '市民互动', icon: 'CommentOutlined' },
  'omapp:assets/inforRelease': { name: '信息发布', icon: 'NotificationOutlined' },
  'omapp:assets/scenicAreaManagement': { name: '景区管理', icon: 'EnvironmentOutlined' },
  'omapp:electronicMap': { name: '电子地图', icon: 'GlobalOutlined' },
  'omapp:visibleDispatch': { name: '可视化调度', icon: 'DeploymentUnitOutlined' },
  'omapp:emergencyCommand': { name: '应急指挥', icon: 'FireOutlined' },
  'omapp:interface': { name: '接口文档', icon: 'FileTextOutlined' },
  'omapp:aiHelper': { name: 'AI助手', icon: 'RobotOutlined' },

  'opapp:overall/opSummary': { name: '运营概况', icon: 'PieChartOutlined' },
  'opapp:record/contract': { name: '合同备案', icon: 'FileProtectOutlined' },
  'opapp:overall/incomeERP': { name: '收入管理', icon: 'AccountBookOutlined' },
  'opapp:dataResearch/businessCirculation': { name: '业务流转', icon: 'SwapOutlined' },
  'opapp:office/circulationSettings': { name: '流转设置', icon: 'SettingOutlined' },

  'zcapp:dashboard': { name: '零碳大屏', icon: 'FundProjectionScreenOutlined' },
  'zcapp:dashboardLight': { name: '景观照明大屏', icon: 'FundOutlined' },

  'esapp:esManage': { name: '储能管理', icon: 'ThunderboltOutlined' },
  'esapp:esManage/statusMonitor': { name: '状态监测', icon: 'MonitorOutlined' },
  'esapp:esManage/devManage': { name: '储能设备', icon: 'HddOutlined' },
  'esapp:esManage/dataAnalysis': { name: '数据分析', icon: 'LineChartOutlined' },
  'esapp:esManage/energyStorageReport': { name: '储能报表', icon: 'FileTextOutlined' },
  'esapp:newEnergyCharging': { name: '新能源充电', icon: 'CarOutlined' },
  'esapp:wsManagement': { name: '风光储管理', icon: 'SunOutlined' },
  'esapp:powerManage': { name: '电站管理', icon: 'DashboardOutlined' },
  'esapp:marketingCenter/activitiesManage': { name: '营销活动', icon: 'GiftOutlined' },
  'esapp:couponManage': { name: '优惠券管理', icon: 'TagsOutlined' },
  'esapp:parkPlatformManage': { name: '停车平台', icon: 'CarOutlined' },
  'esapp:teamCharging': { name: '车队充电', icon: 'TeamOutlined' },
  'esapp:teamFinance': { name: '车队财务', icon: 'WalletOutlined' },

  'llapp:landscapeLighting': { name: '景观照明', icon: 'BulbOutlined' },
};

/** Icons of the administration pages, which sit right under their system. */
export const ADMIN_ICONS: Readonly<Record<string, string>> = {
  userManage: 'UserOutlined',
  roleManage: 'TeamOutlined',
  authority: 'SafetyCertificateOutlined',
  admin_areaManage: 'EnvironmentOutlined',
  logManage: 'FileSearchOutlined',
  organization: 'ApartmentOutlined',
  project: 'ProjectOutlined',
  dictionary: 'BookOutlined',
  admin_license: 'KeyOutlined',
  licenseRenewal: 'SyncOutlined',
  admin_siteManage: 'ShopOutlined',
  message: 'MessageOutlined',
  messageTemplate: 'FileTextOutlined',
  parameterManage: 'ControlOutlined',
  editionService: 'CloudUploadOutlined',
};

/** Buttons (type 4) by the code of the page they sit on; a button's code is `<page>_<action>`. */
export const BUTTONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  userManage: {
    add: '新增用户',
    edit: '编辑用户',
    delete: '删除用户',
    resetPwd: '重置密码',
    assignRole: '分配角色',
    state: '启用/停用',
  },
  roleManage: { add: '新增角色', edit: '编辑角色', delete: '删除角色', assignPermission: '分配权限' },
  authority: { add: '新增权限', edit: '编辑权限', delete: '删除权限' },
  organization: { add: '新增组织', edit: '编辑组织', delete: '删除组织' },
  project: { add: '新增项目', edit: '编辑项目', delete: '删除项目', location: '设置位置' },
  dictionary: { add: '新增字典项', edit: '编辑字典项', delete: '删除字典项' },
  message: { markRead: '标记已读', delete: '删除消息' },
  alarmList: { handle: '处理告警', export: '导出告警' },
  historyList: { export: '导出历史告警' },
  omWorkOrder: { dispatch: '派发工单', close: '关闭工单' },
  iot_videoMonitor_playReal: { ptz: '云台控制', talk: '语音对讲' },
};
