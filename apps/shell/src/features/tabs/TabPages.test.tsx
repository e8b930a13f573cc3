import { useEffect } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { findRouteByPath, type AdminPageName } from '@cityops/contract';
import { TabPages } from './TabPages';
import { tabFor, useTabs } from './tabStore';

const PAGES = ['userManage', 'roleManage', 'areaManage'] as const;

/** An admin page holding what was typed in it, and nothing else. */
function FilterPage({ name }: { name: string }) {
  return <input aria-label={`${name} filter`} />;
}

/** The part of the shell's layout that opens a route's tab and shows the tab pages. */
function Body({ cachedAdminPages }: { cachedAdminPages: readonly AdminPageName[] }) {
  const { pathname } = useLocation();
  const route = findRouteByPath(pathname);
  const open = useTabs((state) => state.open);
  useEffect(() => {
    if (route) open(tabFor(route, cachedAdminPages));
  }, [route, open, cachedAdminPages]);
  return <TabPages activeCode={route?.code ?? null} />;
}

function renderShell(cachedAdminPages: readonly AdminPageName[]) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Body cachedAdminPages={cachedAdminPages} />,
        children: PAGES.map((name) => ({ path: `admin/${name}`, element: <FilterPage name={name} /> })),
      },
    ],
    { initialEntries: ['/admin/userManage'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Types into a page's filter, shows the other pages' tabs in turn, and comes back: what is left. */
async function typedAfterTabSwitch(name: AdminPageName, cachedAdminPages: readonly AdminPageName[]) {
  const router = renderShell(cachedAdminPages);
  await act(() => router.navigate(`/admin/${name}`));
  fireEvent.change(screen.getByLabelText(`${name} filter`), { target: { value: '巡检员' } });
  for (const other of PAGES.filter((page) => page !== name))
    await act(() => router.navigate(`/admin/${other}`));
  await act(() => router.navigate(`/admin/${name}`));
  const fields = screen.getAllByLabelText<HTMLInputElement>(`${name} filter`);
  expect(fields).toHaveLength(1);
  return fields[0]?.value;
}

beforeEach(() => useTabs.getState().reset());

describe('admin pages kept in their tabs by the page setting', () => {
  it('keeps what was typed on a listed page across a tab switch', async () => {
    expect(await typedAfterTabSwitch('roleManage', ['roleManage'])).toBe('巡检员');
  });

  it('starts a page that is not listed afresh when its tab comes back', async () => {
    expect(await typedAfterTabSwitch('userManage', ['roleManage'])).toBe('');
  });

  it('starts the area page afresh even when the setting lists it', async () => {
    expect(await typedAfterTabSwitch('areaManage', ['areaManage', 'userManage', 'roleManage'])).toBe('');
  });
});
