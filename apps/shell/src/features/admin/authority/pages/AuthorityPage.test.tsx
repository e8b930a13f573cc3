import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeSessionCookies } from '@cityops/client';
import { createResourceSchema, type PermissionNode, type ResourceRow } from '@cityops/contract';
import { initI18n } from '@cityops/ui';
import { adminSession, mockApi, ok, refused, type Route } from '../../../../test/api';
import { renderRoutesAt } from '../../../../test/renderRoutes';
import { useTabs } from '../../../tabs/tabStore';

const admin = {
  ...adminSession,
  menus: [
    ...adminSession.menus,
    {
      id: 5,
      parentId: 1,
      type: 2,
      code: 'authority',
      name: '权限管理',
      url: '/admin/authority',
      sortNum: 5,
      icon: '',
      level: 2,
    },
  ],
  elements: ['authority_add', 'authority_edit', 'authority_delete'],
};

const node = (
  id: number,
  name: string,
  type: number,
  children: PermissionNode[] = [],
  isPublic = false,
): PermissionNode => ({
  id,
  parentId: 0,
  code: `code${id}`,
  type,
  name,
  url: '',
  sortNum: id,
  icon: '',
  level: 0,
  isPublic,
  checked: false,
  children,
});
const tree = [node(10, '平台管理', 0, [node(11, '数据字典', 2), node(12, '角色管理', 2)])];

beforeAll(async () => {
  await initI18n('zh-CN');
  configure({ asyncUtilTimeout: 10_000 });
  // jsdom computes styles against every CSS-in-JS rule of the whole shell; antd only measures with it.
  const computed = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) =>
    pseudo ? computed(element, pseudo) : ({ getPropertyValue: () => '' } as unknown as CSSStyleDeclaration),
  );
});

afterEach(() => {
  useTabs.getState().reset();
});

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const dialogOf = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;

function renderPage(routes: Record<string, Route> = {}) {
  writeSessionCookies('token-admin', 1);
  const api = mockApi({
    '/api/user/queryUserPermissions': () => ok(admin),
    '/api/sys/resources/listAll': () => ok(tree),
    '/api/sys/resources/getUrlList': () =>
      ok([{ url: '/admin/dictionary', code: 'dictionary', title: '数据字典', titleEn: 'Dictionary' }]),
    ...routes,
  });
  renderRoutesAt('/admin/authority');
  return api;
}

describe('权限管理', () => {
  it('adds a child under a row, refusing a sort number of 1000 and a script link before sending', async () => {
    const api = renderPage({
      // The saved item as the server answers it (the client rejects an answer of another shape).
      '/api/sys/resources/insert': ({ body }) => {
        const saved: ResourceRow = { ...createResourceSchema.parse(body), id: 20, level: 1, isPublic: false };
        return ok(saved);
      },
    });
    const row = await rowOf('平台管理');
    fireEvent.click(within(row).getByText('新增下级').closest('button') as HTMLElement);
    const dialog = await dialogOf('新增权限');
    fireEvent.change(within(dialog).getByLabelText('权限名称'), { target: { value: '区域管理' } });
    fireEvent.change(within(dialog).getByLabelText('权限编码'), { target: { value: 'areaManage' } });
    fireEvent.change(within(dialog).getByLabelText('排序号'), { target: { value: '1000' } });
    fireEvent.change(within(dialog).getByLabelText('访问地址'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(
      within(dialog)
        .getByText(/^保\s*存$/)
        .closest('button') as HTMLElement,
    );
    expect(await within(dialog).findByText('排序号必须小于1000')).toBeTruthy();
    expect(await within(dialog).findByText('访问地址只能是 http、https 或站内相对地址')).toBeTruthy();
    expect(api.sentTo('/api/sys/resources/insert')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('排序号'), { target: { value: '30' } });
    fireEvent.change(within(dialog).getByLabelText('访问地址'), { target: { value: '' } });
    fireEvent.click(
      within(dialog)
        .getByText(/^保\s*存$/)
        .closest('button') as HTMLElement,
    );
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(api.sentTo('/api/sys/resources/insert')).toEqual([
      { parentId: 10, name: '区域管理', code: 'areaManage', type: 2, url: '', sortNum: 30, icon: '' },
    ]);
  });

  it('deletes through the path /sys/resources/{id}/delete and shows a refusal', async () => {
    const api = renderPage({
      '/api/sys/resources/10/delete': () => refused(10001, '该权限下还有2个子权限，请先删除子权限'),
    });
    const row = await rowOf('平台管理');
    fireEvent.click(
      within(row)
        .getByText(/^删\s*除$/)
        .closest('button') as HTMLElement,
    );
    const confirm = (await screen.findByText('确定删除“平台管理”吗？删除后不可恢复。')).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(
      within(confirm)
        .getByText(/^确\s*定$/)
        .closest('button') as HTMLElement,
    );
    expect(await screen.findByText('该权限下还有2个子权限，请先删除子权限')).toBeTruthy();
    expect(api.fetchMock.mock.calls.some(([url]) => String(url).includes('/sys/resources/10/delete'))).toBe(
      true,
    );
  });

  it('saves the public resources as the checked ids', async () => {
    const api = renderPage({ '/api/sys/resources/updatePublicRes': () => ok([]) });
    await rowOf('平台管理');
    fireEvent.click(screen.getByText('公共权限', { selector: 'button span' }));
    const dialog = await dialogOf('公共权限（所有登录用户都拥有）');
    fireEvent.click(within(dialog).getByText('平台管理（code10）'));
    fireEvent.click(
      within(dialog)
        .getByText(/^保\s*存$/)
        .closest('button') as HTMLElement,
    );
    await waitFor(() =>
      expect(api.sentTo('/api/sys/resources/updatePublicRes')).toEqual([{ resourceIds: [10] }]),
    );
  });
});
