/** editionService's server-answered texts and the platforms' labels (merged into the contract's catalogue). */
export const editionTextsZh = {
  'edition.platform.android': '安卓',
  'edition.platform.ios': 'iOS',
  'edition.platform.windows': 'Windows',
  'edition.platform.macos': 'macOS',
  'edition.platform.linux': 'Linux',
  'edition.platformUnknown': '请选择平台：安卓、iOS、Windows、macOS或Linux',
  'edition.versionFormat': '版本号格式应为1.2.3或1.2.3.4，每段为不以0开头的数字',
  'edition.notesTooLong': '更新说明不能超过2000个字符',
  'edition.versionTaken': '该平台已发布过版本{{version}}，请使用新的版本号',
  // Any upload's refusals (editionService has the first upload).
  'upload.fileRequired': '请选择要上传的文件',
  'upload.tooLarge': '上传的文件不能超过{{size}}',
  'upload.broken': '文件上传未完成，请重新上传',
  'edition.fileMissing': '安装包文件不存在，请删除该版本后重新发布',
  'edition.published': '版本发布成功',
} as const;

export const editionTextsEn: { readonly [K in keyof typeof editionTextsZh]: string } = {
  'edition.platform.android': 'Android',
  'edition.platform.ios': 'iOS',
  'edition.platform.windows': 'Windows',
  'edition.platform.macos': 'macOS',
  'edition.platform.linux': 'Linux',
  'edition.platformUnknown': 'Choose a platform: Android, iOS, Windows, macOS or Linux',
  'edition.versionFormat':
    'The version must look like 1.2.3 or 1.2.3.4, each part a number without leading zeros',
  'edition.notesTooLong': 'The release notes may not exceed 2000 characters',
  'edition.versionTaken':
    'Version {{version}} has already been published for this platform; use a new number',
  'upload.fileRequired': 'Choose the file to upload',
  'upload.tooLarge': 'The file may not exceed {{size}}',
  'upload.broken': 'The file did not arrive in full; upload it again',
  'edition.fileMissing': "The package's file is missing; delete this version and publish it again",
  'edition.published': 'Version published',
};
