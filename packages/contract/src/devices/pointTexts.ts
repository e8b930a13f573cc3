/** The installation points' texts the server answers and the pages share (pointManagement). */
export const pointTextsZh = {
  'point.notFound': '点位不存在或已被删除，请刷新列表',
  'point.codeTaken': '点位编号已存在',
  'point.height': '高度须在0~100米之间',
  'point.areaNotInProject': '所属区域须为该点位项目的区域',
  'point.siteNotInProject': '所属站点须为该点位项目的站点',
  'point.notInProject': '所选点位须为该设备项目的点位',
  'point.deviceNotInProject': '设备“{{name}}”不属于该点位的项目',
  'point.mounted': '设备已挂载到点位',
  'point.unmounted': '设备已从点位卸载',
  'import.tooManyPoints': '一次最多导入{{max}}个点位',
  'import.duplicatePoint': '与第{{row}}行的点位编号重复',
  'import.unknownKind': '点位类型“{{value}}”不存在，应为灯杆、箱柜、墙面或其他',
  'import.unknownSite': '站点“{{value}}”不在该项目中',
} as const;

export const pointTextsEn: { readonly [K in keyof typeof pointTextsZh]: string } = {
  'point.notFound': 'The installation point does not exist or was deleted; refresh the list',
  'point.codeTaken': 'This point code already exists',
  'point.height': 'The height must be between 0 and 100 m',
  'point.areaNotInProject': 'The area must belong to the point’s project',
  'point.siteNotInProject': 'The site must belong to the point’s project',
  'point.notInProject': 'The point must belong to the device’s project',
  'point.deviceNotInProject': 'The device “{{name}}” is not in the point’s project',
  'point.mounted': 'The devices were mounted on the point',
  'point.unmounted': 'The devices were taken off their point',
  'import.tooManyPoints': 'At most {{max}} points can be imported at once',
  'import.duplicatePoint': 'Same point code as row {{row}}',
  'import.unknownKind': 'The point type “{{value}}” does not exist; use 灯杆, 箱柜, 墙面 or 其他',
  'import.unknownSite': 'The site “{{value}}” is not in this project',
};
