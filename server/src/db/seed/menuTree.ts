/**
 * Icons of the administration pages and the buttons of the permission tree. The names and icons of
 * the systems and menu groups live in the contract (`SYSTEM_NAMES`, `GROUP_NAMES`), beside their
 * English names; pages take their names from the contract's route table.
 */

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
    kick: '强制下线',
    export: '导出用户',
  },
  logManage: { export: '导出日志', retention: '日志保留设置' },
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
