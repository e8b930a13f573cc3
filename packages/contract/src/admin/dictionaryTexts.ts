/** dictionary's server-answered texts (merged into the contract's catalogue). */
export const dictionaryTextsZh = {
  'dictionary.codeFormat': '字典编码只能包含字母、数字或下划线，长度1-64位',
  'dictionary.itemCodeFormat': '字典项编码只能包含字母、数字、下划线或短横线，长度1-64位',
  'dictionary.typeTaken': '字典编码已存在',
  'dictionary.unknownType': '字典不存在或已被删除，请刷新列表',
  'dictionary.typeHasItems': '该字典下还有{{count}}个字典项，请先删除字典项',
  'dictionary.itemTaken': '该字典下已有相同编码的字典项',
  'dictionary.itemInUse': '该字典项正被{{count}}个组织使用，不能删除，可改为停用',
} as const;

export const dictionaryTextsEn: { readonly [K in keyof typeof dictionaryTextsZh]: string } = {
  'dictionary.codeFormat': 'Dictionary codes are 1-64 letters, digits or underscores',
  'dictionary.itemCodeFormat': 'Item codes are 1-64 letters, digits, underscores or hyphens',
  'dictionary.typeTaken': 'This dictionary code already exists',
  'dictionary.unknownType': 'The dictionary does not exist or was deleted; refresh the list',
  'dictionary.typeHasItems': 'This dictionary still has {{count}} items; delete them first',
  'dictionary.itemTaken': 'This dictionary already has an item with this code',
  'dictionary.itemInUse':
    '{{count}} organizations use this item, so it cannot be deleted; disable it instead',
};
