import { clearLicenceCookie, clearSessionCookies, createHttpClient, readToken } from '@cityops/client';
import { currentLocale, i18n, openConfirm, showMessage } from '@cityops/ui';
import { logout } from '../features/auth/session';
import { navigateTo } from './navigation';
import { pageSettings } from './pageSettings';

/** The one HTTP client of the shell, wired to antd, the cookies and the router. */
export const http = createHttpClient({
  baseUrl: pageSettings.baseUrl,
  serviceUrls: { messageCenter: pageSettings.messageCenterUrl },
  getToken: readToken,
  getPagePath: () => window.location.pathname,
  getLocale: currentLocale,
  handlers: {
    showMessage,
    clearSession: clearSessionCookies,
    confirmLoggedOut: () =>
      openConfirm({
        title: i18n.t('contract:session.loggedOutTitle'),
        content: i18n.t('contract:session.loggedOutText'),
        okText: i18n.t('contract:session.relogin'),
        cancelText: i18n.t('contract:session.stay'),
      }),
    relogin: () => {
      void logout(http).then(() => window.location.reload());
    },
    clearLicenceCookie,
    navigate: navigateTo,
  },
});
