/** roleManage's server-answered texts (merged into `contractTexts` beside adminTexts). */
export const roleTextsZh = {
  'role.nameRequired': '请输入角色名称',
  'role.nameTaken': '角色名称已存在',
  'role.inUse': '该角色已分配给{{count}}个用户，请先取消分配后再删除',
  'role.adminProtected': '超级管理员角色不能删除或重命名',
  'role.adminFull': '超级管理员角色始终拥有全部权限，不能修改',
  'role.permissionsAssigned': '权限分配成功',
  'role.grantBeyondOwn': '不能授予您自己没有的权限：{{names}}',
  'role.ownRole': '不能修改自己所属角色的权限：{{name}}',
  'role.beyondOwn': '该角色拥有您没有的权限，不能修改其权限：{{name}}',
} as const;

export const roleTextsEn: { readonly [K in keyof typeof roleTextsZh]: string } = {
  'role.nameRequired': 'Please enter the role name',
  'role.nameTaken': 'A role with this name already exists',
  'role.inUse': 'This role is assigned to {{count}} users; remove it from them before deleting it',
  'role.adminProtected': 'The administrator role cannot be deleted or renamed',
  'role.adminFull': 'The administrator role always holds every permission; it cannot be changed',
  'role.permissionsAssigned': 'Permissions assigned',
  'role.grantBeyondOwn': 'You cannot grant permissions you do not hold yourself: {{names}}',
  'role.ownRole': 'You cannot change the permissions of a role you hold yourself: {{name}}',
  'role.beyondOwn':
    'This role holds permissions you do not hold, so you cannot change its permissions: {{name}}',
};
