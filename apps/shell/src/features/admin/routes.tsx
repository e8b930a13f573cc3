import type { RouteObject } from 'react-router';

/** The administration pages that are built; the others show that they are not connected yet. */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin/parameterManage',
    lazy: async () => ({ Component: (await import('./pages/ParameterPage')).ParameterPage }),
  },
  {
    path: '/admin/logManage',
    lazy: async () => ({ Component: (await import('./logs/LogManagePage')).LogManagePage }),
  },
  {
    path: '/admin/organization',
    lazy: async () => ({
      Component: (await import('./organization/pages/OrganizationPage')).OrganizationPage,
    }),
  },
  {
    path: '/admin/project',
    lazy: async () => ({ Component: (await import('./projects/pages/ProjectPage')).ProjectPage }),
  },
  {
    path: '/admin/areaManage',
    lazy: async () => ({ Component: (await import('./areas/pages/AreaManagePage')).AreaManagePage }),
  },
  {
    path: '/admin/siteManage',
    lazy: async () => ({ Component: (await import('./sites/pages/SiteManagePage')).SiteManagePage }),
  },
  {
    path: '/admin/license',
    lazy: async () => ({ Component: (await import('./licences/pages/LicenceManagePage')).LicenceManagePage }),
  },
  {
    path: '/admin/licenseRenewal',
    lazy: async () => ({
      Component: (await import('./licences/pages/LicenceRenewalPage')).LicenceRenewalPage,
    }),
  },
  {
    path: '/admin/dictionary',
    lazy: async () => ({ Component: (await import('./dictionary/pages/DictionaryPage')).DictionaryPage }),
  },
  {
    path: '/admin/userManage',
    lazy: async () => ({ Component: (await import('./users/pages/UserManagePage')).UserManagePage }),
  },
  {
    path: '/admin/roleManage',
    lazy: async () => ({ Component: (await import('./roles/pages/RolePage')).RolePage }),
  },
  {
    path: '/admin/editionService',
    lazy: async () => ({
      Component: (await import('./editions/pages/EditionServicePage')).EditionServicePage,
    }),
  },
  {
    path: '/admin/message',
    lazy: async () => ({ Component: (await import('./messages/pages/MessagePage')).MessagePage }),
  },
  {
    path: '/admin/messageTemplate',
    lazy: async () => ({
      Component: (await import('./messageTemplates/pages/MessageTemplatePage')).MessageTemplatePage,
    }),
  },
  {
    path: '/admin/authority',
    lazy: async () => ({ Component: (await import('./authority/pages/AuthorityPage')).AuthorityPage }),
  },
];
