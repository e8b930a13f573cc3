/**
 * The buttons (permission type 4) of the seeded permission tree, by the code of the page they sit on:
 * page code → action → name. A button's permission code is `<page>_<action>` (e.g. `userManage_add`).
 * The seed writes these into the tree and the pages hide what the user holds no code for, so both read
 * them from here.
 */
export const BUTTONS = {
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
  project: {
    add: '新增项目',
    edit: '编辑项目',
    delete: '删除项目',
    location: '设置位置',
    plan: '编辑项目计划',
    auditor: '设置审核人',
  },
  admin_areaManage: { add: '新增区域', edit: '编辑区域', delete: '删除区域', assign: '分配用户' },
  admin_siteManage: { add: '新增站点', edit: '编辑站点', delete: '删除站点' },
  dictionary: { add: '新增字典项', edit: '编辑字典项', delete: '删除字典项' },
  editionService: { add: '发布版本', edit: '编辑版本', delete: '删除版本' },
  parameterManage: { edit: '编辑参数' },
  message: { markRead: '标记已读', delete: '删除消息' },
  messageTemplate: { edit: '编辑模板' },
  alarmList: { handle: '处理告警', export: '导出告警' },
  historyList: { export: '导出历史告警' },
  ewInfoList: { handle: '处理预警', export: '导出预警' },
  ewInfoHisList: { export: '导出历史预警' },
  omWorkOrder: {
    add: '新建工单',
    dispatch: '派发工单',
    review: '审核工单',
    close: '关闭工单',
    export: '导出工单',
  },
  iot_videoMonitor_playReal: { ptz: '云台控制', talk: '语音对讲' },
  productManage: { add: '新增产品', edit: '编辑产品', delete: '删除产品' },
  functionManage: { edit: '编辑功能' },
  modelSetting: { edit: '编辑告警规则' },
  devList: { add: '新增设备', edit: '编辑设备', delete: '删除设备', credentials: '查看设备密钥' },
  batchImport: { import: '导入设备' },
  historyRecord: { export: '导出历史数据' },
  smartSwitchControl: { control: '开关控制' },
  manualControl: { control: '网关控制' },
  locationManagement: { edit: '设置位置' },
  iot_assetMorror_areaManage: { move: '移动设备' },
  upgrade: { upload: '上传固件', delete: '删除固件', create: '创建升级任务', cancel: '取消升级任务' },
  equipmentMaintenance: {
    add: '新增维护记录',
    edit: '编辑维护记录',
    delete: '删除维护记录',
    export: '导出维护记录',
  },
  white: { add: '新增白名单', delete: '删除白名单', sync: '同步白名单' },
  pointManagement: { add: '新增点位', edit: '编辑点位', delete: '删除点位', mount: '挂载设备' },
  batchImportPoint: { import: '导入点位' },
  monitor: { camera: '绑定摄像机' },
  history: { export: '导出报警记录' },
} as const satisfies Readonly<Record<string, Readonly<Record<string, string>>>>;

/** A page that has buttons. */
export type ButtonPage = keyof typeof BUTTONS;
/** The actions of one page's buttons. */
export type ButtonAction<P extends ButtonPage> = keyof (typeof BUTTONS)[P] & string;
/** Every seeded button code, e.g. `'userManage_add'`. */
export type ButtonCode = { [P in ButtonPage]: `${P}_${ButtonAction<P>}` }[ButtonPage];

/** The permission code of a page's button: `buttonCode('userManage', 'add') === 'userManage_add'`. */
export const buttonCode = <P extends ButtonPage, A extends ButtonAction<P>>(
  page: P,
  action: A,
): `${P}_${A}` => `${page}_${action}`;

/** A page's buttons, for a page code that may have none (the seed walks every page). */
export function buttonsOf(pageCode: string): { action: string; code: string; name: string }[] {
  const buttons: Readonly<Record<string, Readonly<Record<string, string>>>> = BUTTONS;
  return Object.entries(buttons[pageCode] ?? {}).map(([action, name]) => ({
    action,
    code: `${pageCode}_${action}`,
    name,
  }));
}

type ButtonCodes = { readonly [P in ButtonPage]: { readonly [A in ButtonAction<P>]: `${P}_${A}` } };

/** The codes as constants: `BUTTON_CODES.userManage.add === 'userManage_add'`. */
export const BUTTON_CODES = Object.fromEntries(
  Object.keys(BUTTONS).map((page) => [
    page,
    Object.fromEntries(buttonsOf(page).map(({ action, code }) => [action, code])),
  ]),
  // Built from BUTTONS by the rule above, so it has exactly the shape the type spells out.
) as ButtonCodes;

/** Every seeded button code, in seed order. */
export const ALL_BUTTON_CODES: readonly ButtonCode[] = Object.values(BUTTON_CODES).flatMap(
  (codes: Readonly<Record<string, ButtonCode>>) => Object.values(codes),
);

const known: ReadonlySet<string> = new Set(ALL_BUTTON_CODES);
/** Whether a code from the server is one of the seeded buttons. */
export const isButtonCode = (code: string): code is ButtonCode => known.has(code);
