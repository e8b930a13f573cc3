import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { SESSION_ENDED_CODES, StatusCode } from '@cityops/contract';
import { isApiError, readToken } from '@cityops/client';
import { LoadingOverlay, i18n, showMessage } from '@cityops/ui';
import { fetchUserPermissions } from '../features/auth/api';
import { signOutLocally, useSession } from '../features/auth/session';
import { installSearchShortcut } from '../features/menu/searchShortcut';
import { menuOf } from '../features/menu/userMenu';
import { decideRoute, isLoginPath } from './guardDecision';
import { useKeepalive } from './useKeepalive';

function loadFailureText(error: unknown): string {
  if (isApiError(error) && error.message) return error.message;
  if (isApiError(error) && SESSION_ENDED_CODES.includes(error.statusCode))
    return i18n.t('contract:session.ended');
  return i18n.t('contract:service.unavailable');
}

/**
 * A reload or a typed address cancels the user-info call in flight; that is not a failure, and must not
 * sign the user out (it cleared the cookie the next page needs).
 */
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leavingPage = true;
  });
  window.addEventListener('pageshow', () => {
    leavingPage = false;
  });
}

/**
 * The route guard of platform-shell.md §2, around every route. The token is read from its cookie on
 * each render, so a session the server ended (the HTTP client clears the cookie) sends the user to
 * /login at their next navigation, while the 确定登出 box lets them stay on the page they are on.
 */
export function RouteGuard() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const userToken = useSession((state) => state.userToken);
  const setUser = useSession((state) => state.setUser);
  const token = readToken();
  const userLoaded = user !== null && userToken === token;
  const decision = decideRoute({
    path: pathname,
    hasToken: token !== null,
    userLoaded,
    enabledPaths: userLoaded && user ? menuOf(user.menus).enabledPaths : undefined,
  });
  const mustLoad = decision.action === 'load-user' && token !== null;

  useEffect(() => {
    if (!mustLoad || token === null) return;
    const controller = new AbortController();
    fetchUserPermissions(controller.signal).then(
      (loaded) => setUser(token, loaded),
      (error: unknown) => {
        if (controller.signal.aborted || leavingPage) return;
        // 10402 has already sent the user to /license, a public page; a licence problem does not end
        // the session, so once a licence is registered the user carries on where they were.
        if (isApiError(error) && error.statusCode === StatusCode.LICENCE) return;
        showMessage('FAIL', loadFailureText(error));
        signOutLocally();
        navigate('/login', { replace: true });
      },
    );
    return () => controller.abort();
  }, [mustLoad, token, setUser, navigate]);

  useKeepalive(token !== null && !isLoginPath(pathname));
  useEffect(() => installSearchShortcut(), []);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (mustLoad) return <LoadingOverlay />;
  return <Outlet />;
}
