import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_TOKEN, COOKIE_USER_TYPE, STORAGE_REMEMBER } from '@cityops/contract';
import { readCookie } from '@cityops/client';
import { LOCALE_STORAGE_KEY } from '@cityops/ui';
import { adminLogin, mockApi, ok, refused } from '../test/api';
import { rememberMe } from '../features/auth/rememberMe';
import { THEME_MODE_KEY, useThemeMode } from '../features/theme/themeMode';
import { LightLogin } from './LightLogin';

vi.hoisted(() => {
  window.__CITYOPS_CONFIG__ = {
    copyright: '© 2026 CityOps 城市运营',
    registrationNumber: '京ICP备00000000号',
  };
});

// The full shell is not what these tests are about: its prefetch is left waiting.
vi.mock('./fullAppCode', () => ({
  loadFullApp: () => new Promise(() => {}),
  prefetchFullApp: () => () => {},
}));

const LOGIN = '/api/login/doLoginNoVerCode';

function renderLogin() {
  const onSignedIn = vi.fn();
  render(<LightLogin onSignedIn={onSignedIn} />);
  return {
    onSignedIn,
    account: screen.getByLabelText<HTMLInputElement>('账号'),
    password: screen.getByLabelText<HTMLInputElement>('密码'),
    remember: screen.getByRole<HTMLInputElement>('checkbox', { name: '记住账号和密码' }),
    submit: screen.getByRole('button', { name: '登录' }),
  };
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const enter = (input: HTMLElement) => fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });

beforeEach(() => {
  sessionStorage.clear();
  useThemeMode.setState({ mode: 'light' });
});

describe('the light login', () => {
  it('shows the fields, the box, the button, the language switch and the page settings', () => {
    const { submit } = renderLogin();
    expect(submit.textContent).toBe('登录');
    expect(screen.getByRole('radio', { name: '中文' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('English')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'CityOps 城市运营平台' })).toBeTruthy();
    expect(screen.getByText('© 2026 CityOps 城市运营')).toBeTruthy();
    expect(screen.getByRole('link', { name: '京ICP备00000000号' })).toBeTruthy();
  });

  it('draws in the theme the shell keeps: dark mode takes antd’s dark tokens', () => {
    sessionStorage.setItem(THEME_MODE_KEY, 'dark');
    useThemeMode.setState({ mode: 'dark' });
    renderLogin();
    const page = screen.getByRole('main');
    expect(page.style.getPropertyValue('--login-page-bg')).toBe('#000000');
    expect(page.style.getPropertyValue('--login-container-bg')).toBe('#141414');
    expect(page.style.getPropertyValue('--login-primary')).toBe('#1668dc');
    expect(page.style.colorScheme).toBe('dark');
  });

  it('checks the account and the password on blur with the contract’s texts', async () => {
    const { account, password } = renderLogin();
    fireEvent.blur(account);
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    type(account, 'a');
    fireEvent.blur(account);
    expect(await screen.findByText('账号长度2-50位,只能为字母、数字或任意组合')).toBeTruthy();
    type(account, 'admin');
    fireEvent.blur(account);
    await waitFor(() => expect(screen.queryByText('账号长度2-50位,只能为字母、数字或任意组合')).toBeNull());
    fireEvent.blur(password);
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    type(password, 'has space');
    fireEvent.blur(password);
    expect(await screen.findByText('密码长度6-16位,必须是字母、数字、特殊字符或任意组合')).toBeTruthy();
  });

  it('checks both on submit, warns 请输入用户名 and sends nothing', async () => {
    const { fetchMock } = mockApi({});
    const { submit, onSignedIn } = renderLogin();
    fireEvent.click(submit);
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('removes whitespace from the account and Chinese characters from the password', () => {
    const { account, password } = renderLogin();
    type(account, ' ad\tmin ');
    expect(account.value).toBe('admin');
    type(password, 'Ad中文min@123');
    expect(password.value).toBe('Admin@123');
  });

  it('signs in once on Enter, keeps the token in cookies and hands the answer to the full shell', async () => {
    const { sentTo } = mockApi({ [LOGIN]: () => ok(adminLogin) });
    const { account, password, onSignedIn } = renderLogin();
    type(account, ' admin');
    type(password, 'Admin@123');
    enter(password);
    enter(password);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(sentTo(LOGIN)).toEqual([{ userName: 'admin', password: 'Admin@123' }]);
    // The answer as the server sent it, session included: the full shell seeds its cache from it.
    expect(onSignedIn).toHaveBeenCalledWith({ login: adminLogin, path: '/' });
    expect(readCookie(COOKIE_TOKEN)).toBe('token-admin');
    expect(readCookie(COOKIE_USER_TYPE)).toBe('1');
    expect(sentTo('/api/user/queryUserPermissions')).toEqual([]);
  });

  it('shows the server’s message when sign-in is refused, and stays', async () => {
    mockApi({ [LOGIN]: () => refused(10500, '用户无任何权限，无法登入系统。') });
    const { account, password, submit, onSignedIn } = renderLogin();
    type(account, 'nobody');
    type(password, 'Nobody@123');
    fireEvent.click(submit);
    expect(await screen.findByText('用户无任何权限，无法登入系统。')).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(readCookie(COOKIE_TOKEN)).toBeNull();
    // The button is back for another try.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: '登录' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('refuses an answer that does not match the contract, with 服务不可用', async () => {
    mockApi({ [LOGIN]: () => ok({ token: 'token-admin' }) });
    const { account, password, submit, onSignedIn } = renderLogin();
    type(account, 'admin');
    type(password, 'Admin@123');
    fireEvent.click(submit);
    expect(await screen.findByText('服务不可用')).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(readCookie(COOKIE_TOKEN)).toBeNull();
  });

  it('shows the message the page before the reload left (修改密码操作成功，请重新登录。)', async () => {
    sessionStorage.setItem(
      'cityops-pending-message',
      JSON.stringify({ level: 'SUCCESS', text: '修改密码操作成功，请重新登录。' }),
    );
    renderLogin();
    expect(await screen.findByText('修改密码操作成功，请重新登录。')).toBeTruthy();
    expect(sessionStorage.getItem('cityops-pending-message')).toBeNull();
  });

  it('shows and hides the password', () => {
    const { password } = renderLogin();
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(password.type).toBe('password');
  });

  it('switches to English, keeps what was typed and remembers the choice', async () => {
    const { account } = renderLogin();
    type(account, 'admin');
    fireEvent.click(screen.getByText('English'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Account').value).toBe('admin');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    type(screen.getByLabelText('Account'), '');
    fireEvent.blur(screen.getByLabelText('Account'));
    expect(await screen.findByText('Please enter the account')).toBeTruthy();
    fireEvent.click(screen.getByText('中文'));
    expect(await screen.findByText('请输入账号')).toBeTruthy();
  });
});

describe('remember me on the light login', () => {
  async function signInWith(remember: boolean) {
    mockApi({ [LOGIN]: () => ok(adminLogin) });
    const view = renderLogin();
    type(view.account, 'admin');
    type(view.password, 'Admin@123');
    if (view.remember.checked !== remember) fireEvent.click(view.remember);
    fireEvent.click(view.submit);
    await waitFor(() => expect(view.onSignedIn).toHaveBeenCalled());
  }

  it('stores the account and password encrypted when ticked', async () => {
    await signInWith(true);
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
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(account.value).toBe('admin');
  });
});
