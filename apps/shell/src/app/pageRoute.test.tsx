import { fireEvent, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppConfigProvider, initI18n } from '@cityops/ui';
import { pageRoute } from './pageRoute';

function Layout() {
  return (
    <>
      <nav>菜单</nav>
      <Outlet />
    </>
  );
}
const rolePage = { RolePage: () => <h1>角色管理</h1> };

beforeAll(async () => {
  await initI18n('zh-CN');
});

beforeEach(() => {
  // The failed load is reported on the console; that is expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('a route whose page is a chunk of its own', () => {
  it('shows, in the page’s place, that its code failed, and 重试 shows the page', async () => {
    const load = vi
      .fn<() => Promise<typeof rolePage>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(rolePage);
    const router = createMemoryRouter(
      [{ Component: Layout, children: [{ path: '/admin/roleManage', lazy: pageRoute(load, 'RolePage') }] }],
      { initialEntries: ['/admin/roleManage'] },
    );
    render(
      <AppConfigProvider>
        <RouterProvider router={router} />
      </AppConfigProvider>,
    );
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('页面加载失败');
    // The layout around the page stays.
    expect(screen.getByText('菜单')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '角色管理' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
