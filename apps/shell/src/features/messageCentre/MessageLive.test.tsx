import { act, fireEvent, screen, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dictionaryEndpoints,
  findRouteByPath,
  messageEndpoints,
  PUSH_CLOSE,
  PUSH_FALLBACK_POLL_MS,
  PUSH_OPEN_DELAY_MS,
  type PermissionItem,
  type UserPermissions,
} from '@cityops/contract';
import { writeSessionCookies } from '@cityops/client';
import { initI18n } from '@cityops/ui';
import { adminSession, mockApi, ok } from '../../test/api';
import { messageOf } from '../../test/messages';
import { lastSocket, type FakeWebSocket } from '../../test/pushSocket';
import { renderRoutesAt } from '../../test/renderRoutes';
import { useTabs } from '../tabs/tabStore';
import { useNotifier } from './notifierStore';

const PERMISSIONS = '/api/user/queryUserPermissions';
const PAGE_LIST = `/api${messageEndpoints.pageList.path}`;
const RECORD_DEAL = `/api${messageEndpoints.recordDeal.path}`;
const DICTIONARIES = `/api${dictionaryEndpoints.all.path}`;
const PLAN = '/iotcloud/iot/lamp/plan';
const SCHEMES = '/iotcloud/iot/lamp/schemeProject';

const entry = (id: number, parentId: number, type: number, url: string, name: string): PermissionItem => ({
  id,
  parentId,
  type,
  code: findRouteByPath(url)?.code ?? url,
  name,
  url,
  sortNum: id,
  icon: '',
  level: parentId === 0 ? 1 : 2,
});
const iot = { ...entry(10, 0, 0, '', '物联网'), code: 'iot' };
// The message centre comes with msg_page: without its page there is no live message centre at all.
const messageCentre = entry(13, 10, 2, '/admin/message', '消息中心');
const session = (pages: PermissionItem[]): UserPermissions => ({
  ...adminSession,
  menus: [iot, messageCentre, ...pages],
  elements: ['msg_page'],
});
const plan = entry(11, 10, 2, PLAN, '单灯计划');
const schemes = entry(12, 10, 2, SCHEMES, '单灯策略方案');

const unread = (noReadCount: number, fresh = false, messageList = [] as ReturnType<typeof messageOf>[]) => ({
  status_code: 1,
  type: 'messages',
  fresh,
  messageList,
  noReadCount,
});

let permissions: UserPermissions;

function start(path = '/') {
  writeSessionCookies('token-admin', 1);
  const api = mockApi({
    [PERMISSIONS]: () => ok(permissions),
    [PAGE_LIST]: () => ok({ messageList: [], noReadCount: 9, total: 9 }),
    [RECORD_DEAL]: () => ok({ updated: 1 }),
    [DICTIONARIES]: () =>
      ok({ version: 'v2', dictionaries: { lampState: [{ itemCode: '1', itemName: '亮灯' }] } }),
  });
  const router = renderRoutesAt(path);
  return { ...api, router };
}

/** Waits out the start delay: the shell opens its socket, and the server accepts it. */
async function connect(): Promise<FakeWebSocket> {
  await screen.findByRole('banner');
  act(() => vi.advanceTimersByTime(PUSH_OPEN_DELAY_MS));
  const socket = lastSocket();
  if (!socket) throw new Error('no socket was opened');
  act(() => socket.open());
  return socket;
}

const bell = (count: number) => screen.findByRole('button', { name: `消息中心（${count} 条未读）` });

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  permissions = session([plan, schemes]);
  useNotifier.getState().dismiss();
});
afterEach(() => {
  vi.useRealTimers();
  focusManager.setFocused(undefined);
  useTabs.getState().reset();
});

describe('the live message centre', () => {
  it('opens the push socket 2 s after start with the token, and takes the unread count from it', async () => {
    const { sentTo } = start();
    const socket = await connect();
    expect(socket.url).toBe('ws://localhost:3000/api/push/message');
    expect(socket.sent).toEqual([{ accessToken: 'token-admin' }]);
    act(() => socket.receive(unread(4)));
    expect(await bell(4)).toBeTruthy();
    // The count of a (re)connection is no news: nothing pops up.
    expect(screen.queryByRole('region', { name: '新消息' })).toBeNull();
    act(() => socket.receive({ status_code: 1, type: 'count', noReadCount: 2 }));
    expect(await bell(2)).toBeTruthy();
    expect(sentTo(PAGE_LIST)).toHaveLength(0);
  });

  it('pops up a fresh message; a click marks it read and opens its page', async () => {
    const { sentTo, router } = start();
    const socket = await connect();
    const alarm = messageOf(7, { messageType: 1, title: '设备告警：1号路灯', link: SCHEMES });
    act(() => socket.receive(unread(5, true, [alarm])));
    const notifier = await screen.findByRole('region', { name: '新消息' });
    expect(within(notifier).getByText('1 条新消息')).toBeTruthy();
    expect(await bell(5)).toBeTruthy();
    fireEvent.click(within(notifier).getByRole('button', { name: '查看“设备告警：1号路灯”' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(SCHEMES));
    expect(sentTo(RECORD_DEAL)).toEqual([{ recordIds: [7], readStatus: true }]);
    expect(screen.queryByRole('region', { name: '新消息' })).toBeNull();
  });

  it('a message whose page the user cannot open meets the not-found page, not an empty screen', async () => {
    const { router } = start();
    const socket = await connect();
    act(() => socket.receive(unread(1, true, [messageOf(8, { link: '/admin/userManage' })])));
    fireEvent.click(await screen.findByRole('button', { name: '查看“消息8”' }));
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('polls the unread count only while the socket cannot connect, and only while the page is visible', async () => {
    const { sentTo } = start();
    const socket = await connect();
    act(() => socket.receive(unread(4)));
    await bell(4);
    act(() => socket.serverClose(1006));
    expect(await bell(9)).toBeTruthy();
    expect(sentTo(PAGE_LIST)).toHaveLength(1);
    // Down for a while: every PUSH_FALLBACK_POLL_MS, and not at all while the page is hidden.
    act(() => vi.advanceTimersByTime(PUSH_FALLBACK_POLL_MS));
    await vi.waitFor(() => expect(sentTo(PAGE_LIST)).toHaveLength(2));
    act(() => focusManager.setFocused(false));
    act(() => vi.advanceTimersByTime(PUSH_FALLBACK_POLL_MS));
    expect(sentTo(PAGE_LIST)).toHaveLength(2);
    act(() => focusManager.setFocused(true));
    // The socket reconnects (the back-off has long passed) and re-syncs: polling stops.
    const again = lastSocket() as FakeWebSocket;
    expect(again).not.toBe(socket);
    act(() => again.open());
    act(() => again.receive(unread(3)));
    expect(await bell(3)).toBeTruthy();
    const polled = sentTo(PAGE_LIST).length;
    act(() => vi.advanceTimersByTime(PUSH_FALLBACK_POLL_MS * 2));
    expect(sentTo(PAGE_LIST)).toHaveLength(polled);
  });

  it('stops for good when the server says the session ended, without polling', async () => {
    const { sentTo } = start();
    const socket = await connect();
    act(() => socket.serverClose(PUSH_CLOSE.unauthorized));
    const made = lastSocket();
    act(() => vi.advanceTimersByTime(PUSH_FALLBACK_POLL_MS * 2));
    expect(lastSocket()).toBe(made);
    expect(sentTo(PAGE_LIST)).toHaveLength(0);
  });

  it('reloads dictList when a dictionary changed, asking with the version held', async () => {
    sessionStorage.setItem('dictList', JSON.stringify({ version: 'v1', dictionaries: {} }));
    const { fetchMock } = start();
    const dictionaries = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), window.location.origin))
        .filter((url) => url.pathname === DICTIONARIES);
    const socket = await connect();
    act(() => socket.receive({ status_code: 1, type: 'changed', what: 'dictionary' }));
    await vi.waitFor(() => expect(dictionaries()).toHaveLength(1));
    expect(dictionaries()[0]?.searchParams.get('version')).toBe('v1');
    await vi.waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('dictList') ?? '{}')).toEqual({
        version: 'v2',
        dictionaries: { lampState: [{ itemCode: '1', itemName: '亮灯' }] },
      }),
    );
    sessionStorage.clear();
  });

  it("follows a change of the user's access without a reload: the menu, and a page just lost", async () => {
    const { router } = start(PLAN);
    const socket = await connect();
    const side = await screen.findByRole('menu', { name: '侧边菜单' });
    expect(within(side).getByRole('menuitem', { name: '单灯计划' })).toBeTruthy();
    permissions = session([schemes]);
    act(() => socket.receive({ status_code: 1, type: 'changed', what: 'access' }));
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
    await act(() => router.navigate(SCHEMES));
    const menu = await screen.findByRole('menu', { name: '侧边菜单' });
    expect(within(menu).queryByRole('menuitem', { name: '单灯计划' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: '单灯策略方案' })).toBeTruthy();
  });
});
