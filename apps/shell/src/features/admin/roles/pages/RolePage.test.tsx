import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeSessionCookies } from '@cityops/client';
import type { PermissionNode, RoleRow } from '@cityops/contract';
import { initI18n } from '@cityops/ui';
import { adminSession, mockApi, ok, refused, type Route } from '../../../../test/api';
import { renderRoutesAt } from '../../../../test/renderRoutes';
import { useTabs } from '../../../tabs/tabStore';

const admin = {
  ...adminSession,
  elements: ['roleManage_add', 'roleManage_edit', 'roleManage_delete', 'roleManage_assignPermission'],
};

const role = (roleId: number, name: string, extra: Partial<RoleRow> = {}): RoleRow => ({
  roleId,
  code: `r${roleId}`,
  name,
  description: '',
  builtIn: false,
  userCount: 0,
  editor: 'admin',
  createTime: '2026-06-01T08:00:00.000Z',
  updateTime: '2026-06-01T08:00:00.000Z',
  ...extra,
});
const roles = [
  role(1, '超级管理员', { builtIn: true, userCount: 1 }),
  role(2, '值班操作员', { userCount: 3 }),
];

const node = (
  id: number,
  name: string,
  checked: boolean,
  children: PermissionNode[] = [],
): PermissionNode => ({
  id,
  parentId: 0,
  code: `c${id}`,
  type: children.length > 0 ? 0 : 2,
  name,
  url: '',
  sortNum: id,
  icon: '',
  level: 0,
  isPublic: false,
  checked,
  children,
});
const tree = [node(10, '平台管理', true, [node(11, '用户管理', true), node(12, '角色管理', false)])];

beforeAll(async () => {
  await initI18n('zh-CN');
  // The whole shell renders around the page; give it time on a busy machine.
  configure({ asyncUtilTimeout: 10_000 });
  // jsdom computes styles against every CSS-in-JS rule of the whole shell; antd only measures with it
  // (scrollbars, motion), so a cheap answer keeps opening a dialog from taking minutes.
  const computed = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) =>
    pseudo ? computed(element, pseudo) : ({ getPropertyValue: () => '' } as unknown as CSSStyleDeclaration),
  );
});

afterEach(() => {
  useTabs.getState().reset();
});

/** Role queries over the whole shell are slow in jsdom: find by text, then look inside. */
const tableOf = async (text: string) => (await screen.findByText(text)).closest('table') as HTMLElement;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const dialogOf = async (title: string | RegExp) =>
  (
    await screen.findByText(title, {
      selector: '.ant-modal-title, .ant-modal-confirm-title, .ant-modal-confirm-content',
    })
  ).closest('.ant-modal') as HTMLElement;
const searchForm = () => document.querySelector('form[role="search"]') as HTMLElement;

function renderPage(routes: Record<string, Route> = {}) {
  writeSessionCookies('token-admin', 1);
  const api = mockApi({
    '/api/user/queryUserPermissions': () => ok(admin),
    '/api/user/tableSettings': () => ok(null),
    '/api/sys/role/list': ({ body }) => {
      const name = (body as { name?: string }).name ?? '';
      const list = roles.filter((row) => row.name.includes(name));
      return ok({ list, total: list.length, pageNum: 1, pageSize: 15 });
    },
    '/api/sys/role/permissionTree': () => ok(tree),
    ...routes,
  });
  renderRoutesAt('/admin/roleManage');
  return api;
}

describe('角色管理', () => {
  it('lists the roles with their user counts and searches by name', async () => {
    const api = renderPage();
    const table = await tableOf('值班操作员');
    expect(within(table).getByText('内置')).toBeTruthy();
    expect(within(table).getByText('3')).toBeTruthy();
    expect(within(table).getAllByText('2026-06-01 16:00:00').length).toBeGreaterThan(0);

    fireEvent.change(within(searchForm()).getByLabelText('角色名称'), {
      target: { value: '值班' },
    });
    fireEvent.click(
      within(searchForm())
        .getByText(/^查\s*询$/)
        .closest('button') as HTMLElement,
    );
    await waitFor(() => expect(api.sentTo('/api/sys/role/list').at(-1)).toMatchObject({ name: '值班' }));
    await waitFor(() => expect(within(table).queryByText('超级管理员')).toBeNull());
  });

  it('adds a role, and keeps the dialog with the server’s reason when the name is taken', async () => {
    let taken = true;
    const api = renderPage({
      '/api/sys/role/insert': ({ body }) =>
        taken ? refused(10001, '角色名称已存在') : ok(role(3, (body as { name: string }).name)),
    });
    await screen.findByText('值班操作员');
    fireEvent.click(screen.getByText('新增角色', { selector: 'button span' }));
    const dialog = await dialogOf('新增角色');
    fireEvent.click(
      within(dialog)
        .getByText(/^保\s*存$/)
        .closest('button') as HTMLElement,
    );
    expect(await within(dialog).findByText('请输入角色名称')).toBeTruthy();
    expect(api.sentTo('/api/sys/role/insert')).toEqual([]);

    fireEvent.change(within(dialog).getByPlaceholderText('请输入角色名称'), { target: { value: '巡检员' } });
    fireEvent.click(
      within(dialog)
        .getByText(/^保\s*存$/)
        .closest('button') as HTMLElement,
    );
    expect(await screen.findByText('角色名称已存在')).toBeTruthy();
    expect(dialog.isConnected).toBe(true);

    taken = false;
    fireEvent.click(
      within(dialog)
        .getByText(/^保\s*存$/)
        .closest('button') as HTMLElement,
    );
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(api.sentTo('/api/sys/role/insert').at(-1)).toEqual({ name: '巡检员', description: '' });
  });

  it('asks before deleting and shows why a role in use is refused; the admin role has no delete', async () => {
    const api = renderPage({
      '/api/sys/role/delete': () => refused(10001, '该角色已分配给3个用户，请先取消分配后再删除'),
    });
    const row = await rowOf('值班操作员');
    const adminRow = await rowOf('超级管理员');
    expect(within(adminRow).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    fireEvent.click(
      within(row)
        .getByText(/^删\s*除$/)
        .closest('button') as HTMLElement,
    );
    const confirm = await dialogOf('确定删除“值班操作员”吗？删除后不可恢复。');
    fireEvent.click(
      within(confirm)
        .getByText(/^确\s*定$/)
        .closest('button') as HTMLElement,
    );
    expect(await screen.findByText('该角色已分配给3个用户，请先取消分配后再删除')).toBeTruthy();
    expect(api.sentTo('/api/sys/role/delete')).toEqual([{ roleId: 2 }]);
  });

  it('assigns permissions in a tree: checking an item checks its ancestors, and the checked ids are saved', async () => {
    const api = renderPage({
      '/api/sys/role/assignPermission': () => ok(tree),
    });
    const row = await rowOf('值班操作员');
    fireEvent.click(within(row).getByText('分配权限').closest('button') as HTMLElement);
    const dialog = await dialogOf('分配权限：值班操作员');
    await within(dialog).findByText('角色管理（c12）');
    fireEvent.click(within(dialog).getByText('平台管理（c10）'));
    // Unchecking the system unchecks everything below it.
    fireEvent.click(within(dialog).getByText('角色管理（c12）'));
    fireEvent.click(
      within(dialog)
        .getByText(/^保\s*存$/)
        .closest('button') as HTMLElement,
    );
    expect(await screen.findByText('权限分配成功')).toBeTruthy();
    const [sent] = api.sentTo('/api/sys/role/assignPermission') as {
      roleId: number;
      resourceIds: number[];
    }[];
    expect(sent?.roleId).toBe(2);
    expect([...(sent?.resourceIds ?? [])].sort()).toEqual([10, 12]);
  });

  it('warns beside `project` that it opens every project’s devices', async () => {
    const project = { ...node(13, '项目管理', false), code: 'project' };
    renderPage({
      '/api/sys/role/permissionTree': () =>
        ok([{ ...tree[0], children: [...(tree[0]?.children ?? []), project] }]),
    });
    const row = await rowOf('值班操作员');
    fireEvent.click(within(row).getByText('分配权限').closest('button') as HTMLElement);
    const dialog = await dialogOf('分配权限：值班操作员');
    const title = (await within(dialog).findByText('项目管理（project）')).closest('.ant-tree-treenode');
    expect(title?.textContent).toContain(
      '拥有此权限即可查看和操作所有项目的设备（含设备密钥），不限于其所属项目',
    );
    // Only there: an ordinary page carries no warning.
    expect(within(dialog).getAllByText(/拥有此权限即可查看和操作所有项目的设备/)).toHaveLength(1);
  });

  it('shows the admin role’s permissions read-only', async () => {
    renderPage();
    const row = await rowOf('超级管理员');
    fireEvent.click(within(row).getByText('分配权限').closest('button') as HTMLElement);
    const dialog = await dialogOf('分配权限：超级管理员');
    expect(await within(dialog).findByText('超级管理员角色始终拥有全部权限，不能修改')).toBeTruthy();
    expect(
      within(dialog)
        .getByText(/^保\s*存$/)
        .closest('button') as HTMLElement,
    ).toHaveProperty('disabled', true);
  });
});
