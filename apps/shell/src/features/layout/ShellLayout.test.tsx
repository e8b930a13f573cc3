import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findRouteByPath, type PermissionItem, type UserPermissions } from '@cityops/contract';
import { writeSessionCookies } from '@cityops/client';
import { initI18n } from '@cityops/ui';
import { adminSession, mockApi, ok } from '../../test/api';
import { renderRoutesAt } from '../../test/renderRoutes';
import { installSearchShortcut } from '../menu/searchShortcut';
import { useSystemChoice } from '../menu/userMenu';
import { useTabs } from '../tabs/tabStore';

const PERMISSIONS = '/api/user/queryUserPermissions';
const planCode = findRouteByPath('/iotcloud/iot/lamp/plan')?.code ?? '';
const areaCode = findRouteByPath('/admin/areaManage')?.code ?? '';

const entry = (id: number, parentId: number, type: number, code: string, name: string, url: string) =>
  ({
    id,
    parentId,
    type,
    code,
    name,
    url,
    sortNum: id,
    icon: '',
    level: parentId === 0 ? 1 : 2,
  }) satisfies PermissionItem;

const operator: UserPermissions = {
  ...adminSession,
  name: '运维人员',
  menus: [
    entry(1, 0, 0, 'admin', '系统管理', ''),
    entry(2, 1, 2, 'roleManage', '角色管理', '/admin/roleManage'),
    entry(3, 1, 2, 'logManage', '日志管理', '#'),
    entry(4, 1, 2, areaCode, '区域管理', '/admin/areaManage'),
    // Its type filter shows what a kept tab keeps.
    entry(5, 1, 2, 'messageTemplate', '消息模板', '/admin/messageTemplate'),
    entry(10, 0, 0, 'iot', '物联网', ''),
    entry(11, 10, 2, planCode, '单灯计划', '/iotcloud/iot/lamp/plan'),
    entry(20, 0, 3, 'docs', '帮助文档', 'https://example.org'),
    // A system whose only page is not open yet: picking it shows its menu and stays on the page.
    entry(30, 0, 0, 'video', '视频', ''),
    entry(31, 30, 2, 'videoWall', '视频墙', '#'),
  ],
};

async function waitForPath(router: ReturnType<typeof renderRoutesAt>, path: string) {
  await vi.waitFor(() => expect(router.state.location.pathname).toBe(path));
}

function renderAt(path: string) {
  writeSessionCookies('token-op', 2);
  // No project to manage: 区域管理 says so (its text marks whether the page is in the document).
  mockApi({
    [PERMISSIONS]: () => ok(operator),
    '/api/sys/project/listByUser': () => ok([]),
    '/api/sys/messageTemplate/list': () => ok([]),
  });
  return renderRoutesAt(path);
}

beforeAll(async () => {
  await initI18n('zh-CN');
  return installSearchShortcut();
});

afterEach(() => {
  useTabs.getState().reset();
  useSystemChoice.getState().choose(null);
  sessionStorage.clear();
});

describe('the shell layout', () => {
  it('never opens a page the user holds no code for, even by its address', async () => {
    const router = renderAt('/admin/userManage');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('sends /admin to /admin/userManage, which this operator may not open', async () => {
    const router = renderAt('/admin');
    await screen.findByText('页面不存在');
    expect(router.state.location.pathname).toBe('/404');
  });

  it("shows the system's side menu, says 页面暂时未开放 for a '#' item and keeps the collapse", async () => {
    renderAt('/admin/roleManage');
    const side = await screen.findByRole('menu', { name: '侧边菜单' });
    fireEvent.click(within(side).getByRole('menuitem', { name: '日志管理' }));
    expect(await screen.findByText('页面暂时未开放')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '折叠菜单' }));
    expect(screen.getByRole('button', { name: '展开菜单' })).toBeTruthy();
    expect(sessionStorage.getItem('cityops-side-collapsed')).toBe('true');
  });

  it('keeps a tab exactly as left: a chosen filter survives a switch, and closing frees the page', async () => {
    const router = renderAt('/admin/messageTemplate');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '消息类型' }));
    fireEvent.click(await screen.findByTitle('市民互动'));
    const chosen = () =>
      screen.getByRole('combobox', { name: '消息类型' }).closest('[title]')?.getAttribute('title');
    await vi.waitFor(() => expect(chosen()).toBe('市民互动'));
    await act(() => router.navigate('/admin/roleManage'));
    expect(await screen.findByRole('tab', { name: '角色管理' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '消息模板' }));
    await waitForPath(router, '/admin/messageTemplate');
    expect(chosen()).toBe('市民互动');

    const templateTab = screen.getByRole('tab', { name: '消息模板' });
    fireEvent.click(
      within(templateTab.parentElement ?? templateTab).getByRole('button', { name: /remove|关闭/i }),
    );
    await waitForPath(router, '/admin/roleManage');
    expect(screen.queryByRole('combobox', { name: '消息类型' })).toBeNull();
  });

  it('shows a sub-app page in its app frame, one frame per app, kept while its tab is open', async () => {
    const router = renderAt('/iotcloud/iot/lamp/plan');
    await screen.findByRole('tab', { name: '单灯计划' });
    const frame = () => document.querySelector<HTMLIFrameElement>('div[data-subapp="iotcloud"] iframe');
    expect(frame()?.getAttribute('src')).toBe('http://localhost:10202/iotcloud/iot/lamp/plan');
    expect(frame()?.name).toBe('cityops-frame|iotcloud|http://localhost:3000');
    const first = frame();

    await act(() => router.navigate('/admin/roleManage'));
    await screen.findByRole('tab', { name: '角色管理' });
    expect(frame()).toBe(first);
    expect(frame()?.parentElement?.style.visibility).toBe('hidden');

    fireEvent.click(screen.getByRole('tab', { name: '单灯计划' }));
    await waitForPath(router, '/iotcloud/iot/lamp/plan');
    expect(frame()).toBe(first);
    expect(frame()?.parentElement?.style.visibility).toBe('visible');

    const planTab = screen.getByRole('tab', { name: '单灯计划' });
    fireEvent.click(within(planTab.parentElement ?? planTab).getByRole('button', { name: /remove|关闭/i }));
    await waitForPath(router, '/admin/roleManage');
    expect(frame()).toBeNull();
  });

  it('shows the menu of a system picked in the top navigation until a page of another system shows', async () => {
    const router = renderAt('/admin/roleManage');
    expect(await screen.findByRole('menuitem', { name: '角色管理' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: '视频' }));
    expect(await screen.findByRole('menuitem', { name: '视频墙' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: '角色管理' })).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/roleManage');
    // Another page of the same system: the pick holds.
    await act(() => router.navigate('/admin/messageTemplate'));
    expect(screen.getByRole('menuitem', { name: '视频墙' })).toBeTruthy();
    // A page of another system ends it, in the same render; back on 系统管理's pages, its own menu shows.
    await act(() => router.navigate('/iotcloud/iot/lamp/plan'));
    expect(screen.getByRole('menuitem', { name: '单灯计划' })).toBeTruthy();
    await act(() => router.navigate('/admin/roleManage'));
    expect(screen.getByRole('menuitem', { name: '角色管理' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: '视频墙' })).toBeNull();
  });

  it('never keeps the area page alive: it leaves the document when another tab shows, and starts afresh', async () => {
    const router = renderAt('/admin/areaManage');
    const areaPage = /您还没有可管理的项目/;
    await screen.findByText(areaPage);
    await act(() => router.navigate('/admin/roleManage'));
    await screen.findByRole('tab', { name: '角色管理' });
    // A kept tab stays in the document, hidden; this one is gone.
    expect(screen.queryByText(areaPage)).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '区域管理' }));
    await waitForPath(router, '/admin/areaManage');
    await screen.findByText(areaPage);
  });

  it('searches the permitted pages with Ctrl+K and opens the match', async () => {
    const router = renderAt('/');
    await screen.findByRole('banner');
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await screen.findByPlaceholderText('搜索菜单');
    fireEvent.change(input, { target: { value: '计划' } });
    expect(screen.getByRole('option', { name: /单灯计划/ })).toBeTruthy();
    fireEvent.change(input, { target: { value: '用户' } });
    expect(screen.queryByRole('option')).toBeNull();
    fireEvent.change(input, { target: { value: 'plan' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitForPath(router, '/iotcloud/iot/lamp/plan');
  });
});
