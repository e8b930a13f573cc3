import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { safeRedirectPath } from '@cityops/contract';
import { pageSettings } from '../../../app/pageSettings';
import { goForward } from '../../auth/login/forward';
import { signIn } from '../../auth/session';
import { useNopassLogin } from '../queries';

/** The address bar without the ticket, so it stays in neither the history nor a bookmark. */
function forgetTicket() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('ticket')) return;
  url.searchParams.delete('ticket');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * /userlogin?ticket=…&redirect=/path: password-less sign-in with a one-time ticket (GET nopass/token,
 * platform-shell.md §7 Auth), the way control-room screens and links from other systems open CityOps.
 * The server refuses a redirect off this origin before it spends the ticket; the session is stored
 * exactly as the login page stores it.
 */
export function UserLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Read once: the ticket leaves the address bar as soon as the page is up.
  const [params] = useState(() => new URLSearchParams(location.search));
  const ticket = params.get('ticket');
  const login = useNopassLogin();
  const { mutate } = login;
  // A ticket is good once: redeemed on arrival, never again (not even by StrictMode's second effect).
  const started = useRef(false);

  useEffect(() => {
    if (!ticket || started.current) return;
    started.current = true;
    forgetTicket();
    // An empty redirect is no redirect (the client drops empty parameters too).
    const redirect = params.get('redirect') || undefined;
    mutate(
      { ticket, redirect },
      {
        onSuccess: (session) => {
          signIn(session);
          if (redirect === undefined)
            goForward(
              pageSettings.forwardUrl,
              (path) => navigate(path, { replace: true }),
              Promise.resolve(),
            );
          else navigate(safeRedirectPath(redirect) ?? '/', { replace: true });
        },
      },
    );
  }, [ticket, params, navigate, mutate]);

  const toLogin = (
    <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
      {t('userlogin.toLogin')}
    </Button>
  );

  if (!ticket) {
    return (
      <Result status="info" title={t('userlogin.title')} subTitle={t('userlogin.text')} extra={toLogin} />
    );
  }
  if (login.isError) {
    return (
      <Result status="error" title={t('userlogin.failed')} subTitle={login.error.message} extra={toLogin} />
    );
  }
  return (
    <div role="status" aria-live="polite">
      <Spin fullscreen description={t('userlogin.working')} size="large" />
    </div>
  );
}
