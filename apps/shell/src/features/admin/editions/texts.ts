import { defineTexts } from '@cityops/ui';

/** 版本服务's texts (namespace `editions`); the platforms' names and the server's refusals come from the contract. */
export const editionTexts = defineTexts(
  'editions',
  {
    title: '版本服务',
    platform: '平台',
    version: '版本号',
    notes: '更新说明',
    forceUpdate: '强制更新',
    forced: '强制',
    optional: '可选',
    file: '安装包',
    fileName: '文件名',
    fileSize: '大小',
    checksum: 'SHA-256',
    copy: '复制校验值',
    copied: '已复制',
    publisher: '发布人',
    publishTime: '发布时间',
    downloads: '下载次数',
    download: '下载',
    all: '全部',
    add: '发布版本',
    edit: '编辑版本',
    versionHint: '如1.2.3或1.2.3.4，同一平台的版本号不能重复',
    platformRequired: '请选择平台',
    versionRequired: '请输入版本号',
    fileRequired: '请选择要上传的安装包',
    fileTooLarge: '安装包不能超过{{size}}，所选文件为{{actual}}',
    pick: '选择文件',
    uploading: '正在上传 {{percent}}%',
    published: '版本发布成功',
    fixedAfterPublish: '平台、版本号和安装包发布后不能修改，如需更换请发布新版本',
  },
  {
    title: 'Version service',
    platform: 'Platform',
    version: 'Version',
    notes: 'Release notes',
    forceUpdate: 'Force update',
    forced: 'Forced',
    optional: 'Optional',
    file: 'Package',
    fileName: 'File name',
    fileSize: 'Size',
    checksum: 'SHA-256',
    copy: 'Copy checksum',
    copied: 'Copied',
    publisher: 'Published by',
    publishTime: 'Published at',
    downloads: 'Downloads',
    download: 'Download',
    all: 'All',
    add: 'Publish version',
    edit: 'Edit version',
    versionHint: 'Like 1.2.3 or 1.2.3.4; a platform cannot have the same version twice',
    platformRequired: 'Please choose the platform',
    versionRequired: 'Please enter the version',
    fileRequired: 'Please choose the installation package',
    fileTooLarge: 'The package may not exceed {{size}}; the chosen file is {{actual}}',
    pick: 'Choose file',
    uploading: 'Uploading {{percent}}%',
    published: 'Version published',
    fixedAfterPublish:
      'Platform, version and package cannot change once published; publish a new version instead',
  },
);

/** A byte count as people read it: `12.3 MB`. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}
