/** The texts of the placement pages' refusals (locationManagement, iot_assetMorror_areaManage). */
export const placementTextsZh = {
  'placement.someNotFound': '所选设备中有{{count}}台不存在或已被删除，请刷新列表',
  'placement.areaNotFound': '区域不存在或已被删除，请刷新区域树',
  'placement.otherProject': '所选设备中有{{count}}台不属于“{{area}}”所在的项目，不能移入该区域',
  'placement.located': '已设置{{count}}台设备的位置',
  'placement.cleared': '已清除{{count}}台设备的位置',
  'placement.moved': '已将{{count}}台设备移入“{{area}}”',
} as const;

export const placementTextsEn: { readonly [K in keyof typeof placementTextsZh]: string } = {
  'placement.someNotFound': '{{count}} of the chosen devices do not exist or were deleted; refresh the list',
  'placement.areaNotFound': 'The area does not exist or was deleted; refresh the area tree',
  'placement.otherProject':
    '{{count}} of the chosen devices are not in the project of “{{area}}” and cannot move into it',
  'placement.located': 'Placed {{count}} devices',
  'placement.cleared': 'Cleared the location of {{count}} devices',
  'placement.moved': 'Moved {{count}} devices into “{{area}}”',
};
