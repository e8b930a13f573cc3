import { useEffect } from 'react';
import { isCancelledError, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { SESSION_ENDED_CODES, StatusCode } from '@cityops/contract';
import { isApiError, readToken } from '@cityops/client';
import { AccessProvider, LoadingOverlay, i18n, showMessage } from '@cityops/ui';
import { sessionQuery } from '../features/auth/queries';
import { signOutLocally } from '../features/auth/session';
import { menuOf } from '../features/menu/userMenu';
import { decideRoute, isLoginPath } from './guardDecision';
import { StableNavigateContext } from './navigation';
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
  const queryClient = useQueryClient();
  const token = readToken();
  const user = useQuery({ ...sessionQuery(token), enabled: false }).data ?? null;
  const decision = decideRoute({
    path: pathname,
    hasToken: token !== null,
    userLoaded: user !== null,
    enabledPaths: user ? menuOf(user.menus).enabledPaths : undefined,
  });
  const mustLoad = decision.action === 'load-user' && token !== null;

  // Loaded here rather than by the query's own fetching: a failure is handled once, where the load
  // started, even though a session-ended answer clears the cookie and so moves the query's key.
  useEffect(() => {
    if (!mustLoad || token === null) return;
    const session = sessionQuery(token);
    queryClient.fetchQuery(session).catch((error: unknown) => {
      // Cancelled: the guard left, or another tab's sign-in changed the token meanwhile.
      if (isCancelledError(error) || leavingPage) return;
      // 10402 has already sent the user to /license, a public page; a licence problem does not end
      // the session, so once a licence is registered the user carries on where they were.
      if (isApiError(error) && error.statusCode === StatusCode.LICENCE) return;
      showMessage('FAIL', loadFailureText(error));
      signOutLocally();
      navigate('/login', { replace: true });
    });
    return () => void queryClient.cancelQueries({ queryKey: session.queryKey });
  }, [mustLoad, token, queryClient, navigate]);

  useKeepalive(token !== null && !isLoginPath(pathname));

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (mustLoad) return <LoadingOverlay />;
  return (
    <AccessProvider elements={user?.elements}>
      <StableNavigateContext value={navigate}>
        <Outlet />
      </StableNavigateContext>
    </AccessProvider>
  );
}
