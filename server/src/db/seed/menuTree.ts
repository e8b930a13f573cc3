/**
 * Icons of the administration pages. The names and icons of the systems and menu groups live in the
 * contract (`SYSTEM_NAMES`, `GROUP_NAMES`), beside their English names; pages take their names from
 * the contract's route table, and the buttons of the permission tree come from the contract's
 * `BUTTONS` (the pages check the same codes).
 */

/** Icons of the administration pages, which sit right under their system. */
export const ADMIN_ICONS: Readonly<Record<string, string>> = {
  userManage: 'UserOutlined',
  roleManage: 'TeamOutlined',
  authority: 'SafetyCertificateOutlined',
  admin_areaManage: 'EnvironmentOutlined',
  logManage: 'FileSearchOutlined',
  organization: 'ApartmentOutlined',
  project: 'ProjectOutlined',
  dictionary: 'BookOutlined',
  admin_license: 'KeyOutlined',
  licenseRenewal: 'SyncOutlined',
  admin_siteManage: 'ShopOutlined',
  message: 'MessageOutlined',
  messageTemplate: 'FileTextOutlined',
  parameterManage: 'ControlOutlined',
  editionService: 'CloudUploadOutlined',
};
