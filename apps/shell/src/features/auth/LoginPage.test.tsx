import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_TOKEN, COOKIE_USER_TYPE, STORAGE_REMEMBER } from '@cityops/contract';
import { readCookie } from '@cityops/client';
import { AppConfigProvider, FeedbackHost, LOCALE_STORAGE_KEY, changeLocale, initI18n } from '@cityops/ui';
import { adminLogin, mockApi, ok, refused } from '../../test/api';
import { queryClient } from '../../app/queryClient';
import { LoginPage } from './pages/LoginPage';
import { sessionKey } from './queries';
import { rememberMe } from './rememberMe';

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
 * The shell's own /login route (after a sign-out): the same light login screen as the boot's
 * (boot/LightLogin.test.tsx), with the shell's i18n, antd messages, session cache and router.
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

  it('checks the account on blur', async () => {
    const { account } = renderLogin();
    fireEvent.blur(account);
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    type(account, 'a');
    fireEvent.blur(account);
    expect(await screen.findByText('账号长度2-50位,只能为字母、数字或任意组合')).toBeTruthy();
    type(account, 'admin');
    fireEvent.blur(account);
    await waitFor(() => expect(screen.queryByText('账号长度2-50位,只能为字母、数字或任意组合')).toBeNull());
  });

  it('checks the password on blur', async () => {
    const { password } = renderLogin();
    fireEvent.blur(password);
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    type(password, '12345');
    fireEvent.blur(password);
    expect(await screen.findByText('密码长度6-16位,必须是字母、数字、特殊字符或任意组合')).toBeTruthy();
    type(password, 'has space');
    fireEvent.blur(password);
    expect(await screen.findByText('密码长度6-16位,必须是字母、数字、特殊字符或任意组合')).toBeTruthy();
  });

  it('checks both on submit, warns 请输入用户名 and sends nothing', async () => {
    const { fetchMock } = mockApi({});
    const { submit } = renderLogin();
    fireEvent.click(submit);
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the format messages on submit', async () => {
    const { fetchMock } = mockApi({});
    const { account, password, submit } = renderLogin();
    type(account, 'a-b');
    type(password, '123');
    fireEvent.click(submit);
    expect(await screen.findByText('账号长度2-50位,只能为字母、数字或任意组合')).toBeTruthy();
    expect(await screen.findByText('密码长度6-16位,必须是字母、数字、特殊字符或任意组合')).toBeTruthy();
    expect(screen.queryByText('请输入用户名')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('removes whitespace from the account and Chinese characters from the password', () => {
    const { account, password } = renderLogin();
    type(account, ' ad\tmin ');
    expect(account.value).toBe('admin');
    type(password, 'Ad中文min@123');
    expect(password.value).toBe('Admin@123');
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

  it('shows and hides the password', () => {
    const { password } = renderLogin();
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(password.type).toBe('password');
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

describe('remember me on the shell’s login page', () => {
  async function signInWith(remember: boolean) {
    mockApi({ [LOGIN]: () => ok(adminLogin) });
    const view = renderLogin();
    type(view.account, 'admin');
    type(view.password, 'Admin@123');
    if (view.remember.checked !== remember) fireEvent.click(view.remember);
    fireEvent.click(view.submit);
    await screen.findByText('首页已打开');
  }

  it('stores the account and password encrypted when ticked', async () => {
    await signInWith(true);
    // Saved in the background after the page has moved on.
    await waitFor(() => expect(localStorage.getItem(STORAGE_REMEMBER)).not.toBeNull());
    expect(localStorage.getItem(STORAGE_REMEMBER)).not.toContain('Admin@123');
    expect(await rememberMe.load()).toEqual({ userName: 'admin', password: 'Admin@123' });
  });

  it('removes the stored item when unticked', async () => {
    await rememberMe.save({ userName: 'old', password: 'Old@1234' });
    await signInWith(false);
    expect(localStorage.getItem(STORAGE_REMEMBER)).toBeNull();
  });

  it('prefills and ticks the box from a stored item', async () => {
    await rememberMe.save({ userName: 'operator', password: 'Operator@123' });
    const { account, password, remember } = renderLogin();
    await waitFor(() => expect(account.value).toBe('operator'));
    expect(password.value).toBe('Operator@123');
    expect(remember.checked).toBe(true);
  });

  it('unticks and removes an item it cannot decrypt', async () => {
    await rememberMe.save({ userName: 'operator', password: 'Operator@123' });
    localStorage.setItem(STORAGE_REMEMBER, 'ab'.repeat(120));
    const { account, remember } = renderLogin();
    await waitFor(() => expect(localStorage.getItem(STORAGE_REMEMBER)).toBeNull());
    expect(account.value).toBe('');
    expect(remember.checked).toBe(false);
  });

  it('does not overwrite what the user typed before the item was read', async () => {
    await rememberMe.save({ userName: 'operator', password: 'Operator@123' });
    const { account } = renderLogin();
    type(account, 'admin');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(account.value).toBe('admin');
  });
});
