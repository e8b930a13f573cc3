/** organization's server-answered texts (merged into the contract's catalogue). */
export const organizationTextsZh = {
  'organization.nameTaken': '同一上级组织下已有同名组织',
  'organization.unknownParent': '所选上级组织不存在，请刷新后重试',
  'organization.parentCycle': '上级组织不能是该组织本身或其下级组织',
  'organization.unknownType': '所选组织类型不存在或已停用，请刷新后重试',
  'organization.inUse': '该组织下还有{{children}}个下级组织、{{users}}个用户，不能删除',
} as const;

export const organizationTextsEn: { readonly [K in keyof typeof organizationTextsZh]: string } = {
  'organization.nameTaken': 'An organization with this name already exists under the same parent',
  'organization.unknownParent': 'The chosen parent organization no longer exists; refresh and try again',
  'organization.parentCycle': 'The parent cannot be the organization itself or one of its sub-organizations',
  'organization.unknownType':
    'The chosen organization type does not exist or is disabled; refresh and try again',
  'organization.inUse':
    'This organization still has {{children}} sub-organizations and {{users}} users and cannot be deleted',
};
