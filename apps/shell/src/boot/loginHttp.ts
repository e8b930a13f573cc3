import { authEndpoints, type LoginRequest } from '@cityops/contract';
import { clearLicenceCookie, clearSessionCookies, createHttpClient, readToken } from '@cityops/client';
import { readStoredLocale } from '@cityops/ui';
import { pageSettings } from '../app/pageSettings';
import { showToast } from '../features/auth/login/toast';

/**
 * The HTTP client of the light login: the shell's client, with the answer checked against
 * the contract's schema as every call is, but wired to the login's own message instead of antd's. A
 * sign-in call ends no session, so the 确定登出 box is never asked for here.
 */
const http = createHttpClient({
  baseUrl: pageSettings.baseUrl,
  getToken: readToken,
  getPagePath: () => window.location.pathname,
  getLocale: readStoredLocale,
  handlers: {
    showMessage: showToast,
    clearSession: clearSessionCookies,
    confirmLoggedOut: () => Promise.resolve(false),
    relogin: () => window.location.reload(),
    clearLicenceCookie,
    navigate: (path) => window.location.assign(path),
  },
});

export const login = (body: LoginRequest) => http.call(authEndpoints.login, { body });
