/** authority's server-answered texts (merged into `contractTexts` beside adminTexts). */
export const resourceTextsZh = {
  'resource.nameRequired': '请输入权限名称',
  'resource.codeRequired': '请输入权限编码',
  'resource.codeFormat': '权限编码只能包含字母、数字、下划线或中划线',
  'resource.codeTaken': '权限编码已存在（不区分大小写）',
  'resource.unknown': '所选权限不存在，请刷新后重试',
  'resource.unknownParent': '上级权限不存在，请刷新后重试',
  'resource.parentCycle': '上级权限不能是它自己或它的下级',
  'resource.hasChildren': '该权限下还有{{count}}个子权限，请先删除子权限',
  'resource.publicSaved': '公共权限已保存',
  'resource.urlScheme': '访问地址只能是 http、https 或站内相对地址',
  'resource.codeAdminOnly': '只有超级管理员可以修改权限编码',
  'resource.editBeyondOwn': '不能修改您自己没有的权限：{{names}}',
  'resource.deleteBeyondOwn': '不能删除您自己没有的权限：{{names}}',
  'resource.moveBeyondOwn': '其下有您没有的权限，不能移动：{{names}}',
  'resource.parentBeyondOwn': '不能放在您没有的上级权限下：{{names}}',
  'resource.publishBeyondOwn': '只能公开或取消公开您的角色拥有的权限，不能更改：{{names}}',
} as const;

export const resourceTextsEn: { readonly [K in keyof typeof resourceTextsZh]: string } = {
  'resource.nameRequired': 'Please enter the permission name',
  'resource.codeRequired': 'Please enter the permission code',
  'resource.codeFormat': 'Codes contain only letters, digits, underscores or hyphens',
  'resource.codeTaken': 'This code already exists (ignoring case)',
  'resource.unknown': 'A chosen permission no longer exists; refresh and try again',
  'resource.unknownParent': 'The parent permission no longer exists; refresh and try again',
  'resource.parentCycle': 'The parent cannot be the permission itself or one below it',
  'resource.hasChildren': 'This permission has {{count}} child permissions; delete them first',
  'resource.publicSaved': 'Public permissions saved',
  'resource.urlScheme': 'The URL must be http, https or a relative address on this site',
  'resource.codeAdminOnly': 'Only the administrator can change a permission code',
  'resource.editBeyondOwn': 'You cannot change permissions you do not hold yourself: {{names}}',
  'resource.deleteBeyondOwn': 'You cannot delete permissions you do not hold yourself: {{names}}',
  'resource.moveBeyondOwn': 'Permissions below it are ones you do not hold, so you cannot move: {{names}}',
  'resource.parentBeyondOwn': 'You cannot place a permission under one you do not hold: {{names}}',
  'resource.publishBeyondOwn':
    'You can make public, or no longer public, only permissions your roles hold; not these: {{names}}',
};
