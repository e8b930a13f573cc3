/** parameterManage's server-answered texts (merged into the contract's catalogue). */
export const parameterTextsZh = {
  'parameter.classRepeated': '字符类型不能重复选择',
  'parameter.passwordTooShort': '密码长度不能少于{{min}}位',
  'parameter.passwordNeeds.upper': '密码必须包含大写字母',
  'parameter.passwordNeeds.lower': '密码必须包含小写字母',
  'parameter.passwordNeeds.digit': '密码必须包含数字',
  'parameter.passwordNeeds.symbol': '密码必须包含特殊字符',
  'parameter.tileUrlRequired': '请输入瓦片服务地址',
  'parameter.tileUrlFormat': '瓦片服务地址应以http://、https://或/开头，且不含空格',
  'parameter.amapKeyRequired': '使用高德地图时请输入高德Key',
  'parameter.extractFileRequired': '请输入离线瓦片包的文件名',
  'parameter.extractFileFormat': '文件名应以 .pmtiles 结尾，只含字母、数字、点、下划线和连字符',
} as const;

export const parameterTextsEn: { readonly [K in keyof typeof parameterTextsZh]: string } = {
  'parameter.classRepeated': 'Choose each character class once',
  'parameter.passwordTooShort': 'The password must be at least {{min}} characters',
  'parameter.passwordNeeds.upper': 'The password must contain an upper-case letter',
  'parameter.passwordNeeds.lower': 'The password must contain a lower-case letter',
  'parameter.passwordNeeds.digit': 'The password must contain a digit',
  'parameter.passwordNeeds.symbol': 'The password must contain a special character',
  'parameter.tileUrlRequired': 'Enter the tile server address',
  'parameter.tileUrlFormat': 'The tile server address starts with http://, https:// or / and has no spaces',
  'parameter.amapKeyRequired': 'Enter the AMap key to use AMap',
  'parameter.extractFileRequired': 'Enter the file name of the offline tile extract',
  'parameter.extractFileFormat':
    'The file name ends in .pmtiles and has only letters, digits, dots, underscores and hyphens',
};
