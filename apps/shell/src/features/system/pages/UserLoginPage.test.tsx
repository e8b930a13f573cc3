import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_TOKEN, COOKIE_USER_TYPE } from '@cityops/contract';
import { clearSessionCookies, readCookie } from '@cityops/client';
import { AppConfigProvider, initI18n } from '@cityops/ui';
import { adminLogin, mockApi, ok, refused } from '../../../test/api';
import { queryClient } from '../../../app/queryClient';
import { UserLoginPage } from './UserLoginPage';

const REDEEM = '/api/nopass/token';
const UNSAFE = '跳转地址不安全：只能跳转到本系统内以“/”开头的页面';

/** The calls the page made to GET nopass/token: method and query, without the client's timestamp. */
function callsTo(fetchMock: ReturnType<typeof mockApi>['fetchMock']) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), window.location.origin), method: init?.method }))
    .filter(({ url }) => url.pathname === REDEEM)
    .map(({ url, method }) => {
      url.searchParams.delete('t');
      return { method, query: Object.fromEntries(url.searchParams) };
    });
}

/** A browser router on jsdom's real address bar, so the test sees what history.replaceState did. */
function openAt(url: string) {
  window.history.replaceState(null, '', url);
  const router = createBrowserRouter([
    { path: '/userlogin', element: <UserLoginPage /> },
    { path: '/login', element: <p>登录页</p> },
    { path: '/admin/userManage', element: <p>用户管理</p> },
    { path: '/', element: <p>首页已打开</p> },
  ]);
  render(
    <AppConfigProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppConfigProvider>,
  );
  return router;
}

beforeAll(async () => {
  await initI18n('zh-CN');
});
afterEach(() => {
  clearSessionCookies();
  window.history.replaceState(null, '', '/');
});

describe('sign-in by one-time ticket', () => {
  it('redeems the ticket by GET nopass/token, stores the session like the login page and goes to the redirect', async () => {
    const { fetchMock } = mockApi({ [REDEEM]: () => ok(adminLogin) });
    openAt('/userlogin?ticket=T1cket&redirect=%2Fadmin%2FuserManage');
    expect(await screen.findByText('用户管理')).toBeTruthy();
    expect(callsTo(fetchMock)).toEqual([
      { method: 'GET', query: { ticket: 'T1cket', redirect: '/admin/userManage' } },
    ]);
    expect(readCookie(COOKIE_TOKEN)).toBe('token-admin');
    expect(readCookie(COOKIE_USER_TYPE)).toBe('1');
    expect(window.location.pathname).toBe('/admin/userManage');
  });

  it('takes the ticket out of the address bar at once, before the server answers', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const answered = new Promise((resolve) => (answer = resolve));
    mockApi({
      [REDEEM]: () => {
        answer(null);
        return refused(10001, '登录凭证无效或已过期，请重新获取');
      },
    });
    openAt('/userlogin?ticket=secret-ticket&redirect=%2Fadmin%2FuserManage');
    await answered;
    expect(window.location.href).not.toContain('secret-ticket');
    expect(window.location.search).toBe('?redirect=%2Fadmin%2FuserManage');
  });

  it('shows the server refusing an unsafe redirect, and signs nobody in', async () => {
    const { fetchMock } = mockApi({ [REDEEM]: () => refused(10001, UNSAFE) });
    openAt(`/userlogin?ticket=abc&redirect=${encodeURIComponent('//evil.com')}`);
    expect(await screen.findByText(UNSAFE)).toBeTruthy();
    expect(callsTo(fetchMock)).toEqual([{ method: 'GET', query: { ticket: 'abc', redirect: '//evil.com' } }]);
    expect(readCookie(COOKIE_TOKEN)).toBeNull();
    expect(window.location.pathname).toBe('/userlogin');
  });

  it.each(['//evil.com', 'https://evil.com', 'javascript:alert(1)', '/\\evil.com', 'admin'])(
    'still goes home, not to the unsafe redirect %s, if an answer lets it through',
    async (redirect) => {
      mockApi({ [REDEEM]: () => ok(adminLogin) });
      openAt(`/userlogin?ticket=abc&redirect=${encodeURIComponent(redirect)}`);
      expect(await screen.findByText('首页已打开')).toBeTruthy();
      expect(window.location.pathname).toBe('/');
    },
  );

  it('goes home (no forward address configured) when there is no redirect', async () => {
    const { fetchMock } = mockApi({ [REDEEM]: () => ok(adminLogin) });
    openAt('/userlogin?ticket=abc');
    expect(await screen.findByText('首页已打开')).toBeTruthy();
    expect(callsTo(fetchMock)).toEqual([{ method: 'GET', query: { ticket: 'abc' } }]);
  });

  it('shows the server message and a way to the login page when the ticket is refused', async () => {
    mockApi({ [REDEEM]: () => refused(10001, '登录凭证无效或已过期，请重新获取') });
    openAt('/userlogin?ticket=used');
    expect(await screen.findByText('登录凭证无效或已过期，请重新获取')).toBeTruthy();
    expect(screen.getByText('免密登录失败')).toBeTruthy();
    expect(readCookie(COOKIE_TOKEN)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    expect(await screen.findByText('登录页')).toBeTruthy();
  });

  it('says what the page is for when the link carries no ticket, and calls nothing', async () => {
    const { fetchMock } = mockApi({});
    openAt('/userlogin');
    expect(await screen.findByText(/一次性登录链接/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '去登录' })).toBeTruthy();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
