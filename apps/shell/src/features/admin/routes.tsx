import type { RouteObject } from 'react-router';
import { pageRoute } from '../../app/pageRoute';

/** The administration pages that are built; the others show that they are not connected yet. */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin/parameterManage',
    lazy: pageRoute(() => import('./pages/ParameterPage'), 'ParameterPage'),
  },
  {
    path: '/admin/logManage',
    lazy: pageRoute(() => import('./logs/LogManagePage'), 'LogManagePage'),
  },
  {
    path: '/admin/organization',
    lazy: pageRoute(() => import('./organization/pages/OrganizationPage'), 'OrganizationPage'),
  },
  {
    path: '/admin/project',
    lazy: pageRoute(() => import('./projects/pages/ProjectPage'), 'ProjectPage'),
  },
  {
    path: '/admin/areaManage',
    lazy: pageRoute(() => import('./areas/pages/AreaManagePage'), 'AreaManagePage'),
  },
  {
    path: '/admin/siteManage',
    lazy: pageRoute(() => import('./sites/pages/SiteManagePage'), 'SiteManagePage'),
  },
  {
    path: '/admin/license',
    lazy: pageRoute(() => import('./licences/pages/LicenceManagePage'), 'LicenceManagePage'),
  },
  {
    path: '/admin/licenseRenewal',
    lazy: pageRoute(() => import('./licences/pages/LicenceRenewalPage'), 'LicenceRenewalPage'),
  },
  {
    path: '/admin/dictionary',
    lazy: pageRoute(() => import('./dictionary/pages/DictionaryPage'), 'DictionaryPage'),
  },
  {
    path: '/admin/userManage',
    lazy: pageRoute(() => import('./users/pages/UserManagePage'), 'UserManagePage'),
  },
  {
    path: '/admin/roleManage',
    lazy: pageRoute(() => import('./roles/pages/RolePage'), 'RolePage'),
  },
  {
    path: '/admin/editionService',
    lazy: pageRoute(() => import('./editions/pages/EditionServicePage'), 'EditionServicePage'),
  },
  {
    path: '/admin/message',
    lazy: pageRoute(() => import('./messages/pages/MessagePage'), 'MessagePage'),
  },
  {
    path: '/admin/messageTemplate',
    lazy: pageRoute(() => import('./messageTemplates/pages/MessageTemplatePage'), 'MessageTemplatePage'),
  },
  {
    path: '/admin/authority',
    lazy: pageRoute(() => import('./authority/pages/AuthorityPage'), 'AuthorityPage'),
  },
];
