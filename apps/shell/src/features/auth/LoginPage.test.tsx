import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_TOKEN, COOKIE_USER_TYPE } from '@cityops/contract';
import { readCookie } from '@cityops/client';
import { AppConfigProvider, FeedbackHost, LOCALE_STORAGE_KEY, changeLocale, initI18n } from '@cityops/ui';
import { adminLogin, mockApi, ok, refused } from '../../test/api';
import { queryClient } from '../../app/queryClient';
import { LoginPage } from './pages/LoginPage';
import { sessionKey } from './queries';

vi.hoisted(() => {
  window.__CITYOPS_CONFIG__ = {
    copyright: '© 2026 CityOps 城市运营',
    registrationNumber: '京ICP备00000000号',
  };
});

const LOGIN = '/api/login/doLoginNoVerCode';

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>首页已打开</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <AppConfigProvider>
      <FeedbackHost />
      <RouterProvider router={router} />
    </AppConfigProvider>,
  );
  return {
    router,
    account: screen.getByLabelText<HTMLInputElement>('账号'),
    password: screen.getByLabelText<HTMLInputElement>('密码'),
    remember: screen.getByRole<HTMLInputElement>('checkbox', { name: '记住账号和密码' }),
    submit: screen.getByRole('button', { name: '登录' }),
  };
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

beforeAll(async () => {
  await initI18n('zh-CN');
});

beforeEach(async () => {
  await changeLocale('zh-CN');
});

/**
 * The shell's own /login route (after a sign-out): the same light login screen as the boot's, whose
 * form (rules, whitespace, the password toggle, remember-me) boot/LightLogin.test.tsx tests once; here,
 * what the shell adds: its i18n, antd's messages, the session cache and the router.
 */
describe('login page inside the signed-in shell', () => {
  it('shows the fields, the box, the button, the language switch and the page settings', () => {
    const { submit } = renderLogin();
    expect(submit.textContent).toBe('登录');
    expect(screen.getByText('中文')).toBeTruthy();
    expect(screen.getByText('English')).toBeTruthy();
    expect(screen.getByText('© 2026 CityOps 城市运营')).toBeTruthy();
    expect(screen.getByRole('link', { name: '京ICP备00000000号' })).toBeTruthy();
  });

  it('signs in on Enter, keeps the token in cookies and goes to /', async () => {
    const { sentTo } = mockApi({ [LOGIN]: () => ok(adminLogin) });
    const { router, account, password } = renderLogin();
    type(account, ' admin');
    type(password, 'Admin@123');
    fireEvent.keyDown(password, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('首页已打开')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(sentTo(LOGIN)).toEqual([{ userName: 'admin', password: 'Admin@123' }]);
    expect(readCookie(COOKIE_TOKEN)).toBe('token-admin');
    expect(readCookie(COOKIE_USER_TYPE)).toBe('1');
    // The session came with the sign-in answer: no second call before the menus.
    expect(queryClient.getQueryData(sessionKey('token-admin'))).toEqual(adminLogin.session);
    expect(sentTo('/api/user/queryUserPermissions')).toEqual([]);
  });

  it('shows the server message when sign-in is refused and stays', async () => {
    mockApi({ [LOGIN]: () => refused(10500, '用户无任何权限，无法登入系统。') });
    const { router, account, password, submit } = renderLogin();
    type(account, 'nobody');
    type(password, 'Nobody@123');
    fireEvent.click(submit);
    expect(await screen.findByText('用户无任何权限，无法登入系统。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(readCookie(COOKIE_TOKEN)).toBeNull();
  });

  it('switches to English and remembers the choice', async () => {
    renderLogin();
    fireEvent.click(screen.getByText('English'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('Account')).toBeTruthy();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en-US');
    fireEvent.blur(screen.getByLabelText('Account'));
    expect(await screen.findByText('Please enter the account')).toBeTruthy();
  });
});
