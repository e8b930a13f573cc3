import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COOKIE_TOKEN, KEEPALIVE_INTERVAL_MS } from '@cityops/contract';
import { clearSessionCookies, readCookie, writeSessionCookies } from '@cityops/client';
import { initI18n } from '@cityops/ui';
import { adminSession, mockApi, ok, refused } from '../test/api';
import { sessionKey } from '../features/auth/queries';
import { queryClient } from './queryClient';
import { renderRoutesAt } from '../test/renderRoutes';

const PERMISSIONS = '/api/user/queryUserPermissions';
const LOGOUT = '/api/login/doLogout';
const POSTPONE = '/api/user/token/postpone';

const renderAt = renderRoutesAt;

beforeAll(async () => {
  await initI18n('zh-CN');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the guarded app', () => {
  it('sends a visitor without a token to /login', async () => {
    const router = renderAt('/');
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows a public page without a token', async () => {
    renderAt('/license');
    expect(await screen.findByText('许可证注册')).toBeTruthy();
  });

  it('shows 系统加载中 while the user info loads', async () => {
    writeSessionCookies('token-admin', 1);
    const answers: ((value: Response) => void)[] = [];
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => answers.push(resolve)));
    renderAt('/');
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(screen.getByText('系统加载中')).toBeTruthy();
    answers[0]?.(new Response(JSON.stringify(ok(adminSession))));
    expect(await screen.findByText('欢迎，系统管理员')).toBeTruthy();
    expect(screen.queryByText('系统加载中')).toBeNull();
  });

  it('loads the user info with the token, then shows the landing page', async () => {
    writeSessionCookies('token-admin', 1);
    const { fetchMock } = mockApi({ [PERMISSIONS]: () => ok(adminSession) });
    renderAt('/');
    expect(await screen.findByText('欢迎，系统管理员')).toBeTruthy();
    expect(screen.getByText('可访问的菜单入口：3 个')).toBeTruthy();
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Access-Token')).toBe('token-admin');
    expect(headers.get('Page-Path')).toBe(window.location.pathname);
  });

  it('sends a signed-in user from /login to /', async () => {
    writeSessionCookies('token-admin', 1);
    mockApi({ [PERMISSIONS]: () => ok(adminSession) });
    const router = renderAt('/login');
    expect(await screen.findByText('欢迎，系统管理员')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows 404 for an unknown path only after the user info has loaded', async () => {
    writeSessionCookies('token-admin', 1);
    const { fetchMock } = mockApi({ [PERMISSIONS]: () => ok(adminSession) });
    const router = renderAt('/no/such/page');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('loads the session again when another tab signs in as someone else', async () => {
    writeSessionCookies('token-admin', 1);
    const { fetchMock } = mockApi({
      [PERMISSIONS]: ({ headers }) =>
        ok(
          headers.get('Access-Token') === 'token-admin' ? adminSession : { ...adminSession, name: '值班员' },
        ),
    });
    const router = renderAt('/');
    expect(await screen.findByText('欢迎，系统管理员')).toBeTruthy();
    writeSessionCookies('token-operator', 1);
    await act(() => router.navigate('/center'));
    expect(await screen.findByText('欢迎，值班员')).toBeTruthy();
    // The session's own calls (the layout makes others, such as the licence's status).
    const sessionCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes(PERMISSIONS));
    expect(sessionCalls).toHaveLength(2);
  });

  it("hands the session's element codes to the pages: msg_page shows the message centre icon", async () => {
    writeSessionCookies('token-admin', 1);
    const messageCentre = { id: 9, parentId: 1, code: 'message', type: 2, name: '消息中心' };
    const page = { ...messageCentre, url: '/admin/message', sortNum: 9, icon: '', level: 2 };
    mockApi({
      [PERMISSIONS]: () =>
        ok({ ...adminSession, menus: [...adminSession.menus, page], elements: ['msg_page'] }),
      '/api/sys/message/pageList': () => ok({ messageList: [], noReadCount: 0, total: 0 }),
    });
    renderAt('/');
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('button', { name: /消息中心/ })).toBeTruthy();
  });

  it('when the user info fails: shows the error, logs out locally, goes to /login', async () => {
    writeSessionCookies('stale-token', 1);
    mockApi({ [PERMISSIONS]: () => refused(10401, '登录已失效，请重新登录') });
    const router = renderAt('/');
    expect(await screen.findByText('登录已失效，请重新登录')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(readCookie(COOKIE_TOKEN)).toBeNull();
    expect(screen.queryByText('确定登出')).toBeNull();
  });

  it('logs out: calls the server, clears the session and goes to /login', async () => {
    writeSessionCookies('token-admin', 1);
    const { sentTo } = mockApi({ [PERMISSIONS]: () => ok(adminSession), [LOGOUT]: () => ok(null) });
    const router = renderAt('/');
    fireEvent.click(within(await screen.findByRole('banner')).getByRole('button', { name: '退出登录' }));
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(sentTo(LOGOUT)).toHaveLength(1);
    expect(readCookie(COOKIE_TOKEN)).toBeNull();
    expect(queryClient.getQueryData(sessionKey('token-admin'))).toBeUndefined();
  });

  it('logs out locally even when the server call fails', async () => {
    writeSessionCookies('token-admin', 1);
    mockApi({ [PERMISSIONS]: () => ok(adminSession), [LOGOUT]: () => refused(10500, 'boom') });
    const router = renderAt('/');
    fireEvent.click(within(await screen.findByRole('banner')).getByRole('button', { name: '退出登录' }));
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(readCookie(COOKIE_TOKEN)).toBeNull();
  });

  it('keeps the session alive every 180 s while signed in', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    writeSessionCookies('token-admin', 1);
    const { sentTo } = mockApi({
      [PERMISSIONS]: () => ok(adminSession),
      [POSTPONE]: () => ok({ expiresAt: '2026-01-01T00:00:00Z' }),
    });
    renderAt('/');
    await screen.findByText('欢迎，系统管理员');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(KEEPALIVE_INTERVAL_MS);
    });
    expect(sentTo(POSTPONE)).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(KEEPALIVE_INTERVAL_MS);
    });
    expect(sentTo(POSTPONE)).toHaveLength(2);
  });

  it('stops the keepalive once the session has ended', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    writeSessionCookies('token-admin', 1);
    const { sentTo } = mockApi({ [PERMISSIONS]: () => ok(adminSession) });
    renderAt('/');
    await screen.findByText('欢迎，系统管理员');
    clearSessionCookies();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(KEEPALIVE_INTERVAL_MS * 2);
    });
    expect(sentTo(POSTPONE)).toHaveLength(0);
  });

  it('sends no keepalive on the login page', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { fetchMock } = mockApi({});
    renderAt('/login');
    await screen.findByRole('button', { name: '登录' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(KEEPALIVE_INTERVAL_MS * 2);
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
