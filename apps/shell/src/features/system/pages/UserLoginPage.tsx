import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pageSettings } from '../../../app/pageSettings';
import { goForward } from '../../auth/pages/LoginPage';
import { signIn } from '../../auth/session';
import { useTicketLogin } from '../queries';

/**
 * Where a `redirect` parameter may send the user: a path on this origin, starting with exactly one
 * '/' (not '//host', not '/\host', not a URL with a scheme); anything else is null.
 */
export function safeRedirect(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  try {
    // The URL parser drops tabs and newlines, so '/\t/evil.com' is caught here as another origin.
    const url = new URL(value, window.location.origin);
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (url.origin !== window.location.origin || path.startsWith('//')) return null;
    return url.pathname.startsWith('/userlogin') ? null : path;
  } catch {
    return null;
  }
}

/** The address bar without the ticket, so it stays in neither the history nor a bookmark. */
function forgetTicket() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('ticket')) return;
  url.searchParams.delete('ticket');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * /userlogin?ticket=…&redirect=/path: password-less sign-in with a one-time ticket (POST
 * /login/doLoginByTicket), the way control-room screens and links from other systems open CityOps.
 * The session is stored exactly as the login page stores it.
 */
export function UserLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Read once: the ticket leaves the address bar as soon as the page is up.
  const [params] = useState(() => new URLSearchParams(location.search));
  const ticket = params.get('ticket');
  const login = useTicketLogin();
  const { mutate } = login;
  // A ticket is good once: redeemed on arrival, never again (not even by StrictMode's second effect).
  const started = useRef(false);

  useEffect(() => {
    if (!ticket || started.current) return;
    started.current = true;
    forgetTicket();
    const redirect = params.get('redirect');
    mutate(ticket, {
      onSuccess: (session) => {
        signIn(session);
        if (redirect !== null) navigate(safeRedirect(redirect) ?? '/', { replace: true });
        else goForward(pageSettings.forwardUrl, navigate, Promise.resolve());
      },
    });
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
