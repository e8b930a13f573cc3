import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PAGE_NAMES,
  CACHED_ADMIN_PAGES_DEFAULT,
  findRouteByPath,
  type AdminPageName,
} from '@cityops/contract';
import { HOME_TAB, tabFor, useTabs } from './tabStore';

function tabAt(path: string, cachedAdminPages: readonly AdminPageName[] = CACHED_ADMIN_PAGES_DEFAULT) {
  const route = findRouteByPath(path);
  if (!route) throw new Error(`no route ${path}`);
  return tabFor(route, cachedAdminPages);
}

const codes = () => useTabs.getState().tabs.map((tab) => tab.code);
const { open, close, closeOthers, setMaxTabs } = useTabs.getState();

beforeEach(() => {
  useTabs.getState().reset();
  setMaxTabs(12);
});

describe('page tabs', () => {
  it('starts with the fixed home tab, which cannot be closed', () => {
    expect(codes()).toEqual(['home']);
    expect(close('home')).toBeNull();
    expect(codes()).toEqual(['home']);
  });

  it('opens a tab per page and switches back to an open one without adding another', () => {
    open(tabAt('/admin/userManage'));
    open(tabAt('/iotcloud/iot/lamp/plan'));
    open(tabAt('/admin/userManage'));
    expect(codes()).toEqual(['home', 'userManage', tabAt('/iotcloud/iot/lamp/plan').code]);
    expect(useTabs.getState().activeCode).toBe('userManage');
  });

  it('closes the active tab and shows its neighbour', () => {
    open(tabAt('/admin/userManage'));
    open(tabAt('/admin/roleManage'));
    open(tabAt('/admin/logManage'));
    open(tabAt('/admin/roleManage'));
    expect(close('roleManage')).toBe('/admin/logManage');
    expect(useTabs.getState().activeCode).toBe('logManage');
    expect(close('logManage')).toBe('/admin/userManage');
    expect(close('userManage')).toBe('/');
    expect(useTabs.getState().activeCode).toBe(HOME_TAB.code);
  });

  it('closes a background tab without changing the page', () => {
    open(tabAt('/admin/userManage'));
    open(tabAt('/admin/roleManage'));
    expect(close('userManage')).toBeNull();
    expect(codes()).toEqual(['home', 'roleManage']);
    expect(useTabs.getState().activeCode).toBe('roleManage');
  });

  it('closes the others, keeping home and the chosen tab', () => {
    open(tabAt('/admin/userManage'));
    open(tabAt('/admin/roleManage'));
    open(tabAt('/admin/logManage'));
    closeOthers('roleManage');
    expect(codes()).toEqual(['home', 'roleManage']);
    expect(useTabs.getState().activeCode).toBe('roleManage');
  });

  it('keeps at most maxTabs tabs besides home, dropping the oldest', () => {
    setMaxTabs(2);
    open(tabAt('/admin/userManage'));
    open(tabAt('/admin/roleManage'));
    open(tabAt('/admin/logManage'));
    expect(codes()).toEqual(['home', 'roleManage', 'logManage']);
  });

  it('keeps every admin page alive but the area page when the page settings say nothing', () => {
    expect(tabAt('/admin/userManage').keepAlive).toBe(true);
    expect(tabAt('/admin/parameterManage').keepAlive).toBe(true);
    expect(tabAt('/admin/areaManage').keepAlive).toBe(false);
  });

  it('keeps alive only the admin pages the page settings list', () => {
    const listed: AdminPageName[] = ['roleManage'];
    expect(tabAt('/admin/roleManage', listed).keepAlive).toBe(true);
    expect(tabAt('/admin/userManage', listed).keepAlive).toBe(false);
    expect(tabAt('/admin/logManage', []).keepAlive).toBe(false);
  });

  it('never keeps the area page alive, even when the page settings list it', () => {
    expect(tabAt('/admin/areaManage', ['areaManage']).keepAlive).toBe(false);
    expect(tabAt('/admin/areaManage', ADMIN_PAGE_NAMES).keepAlive).toBe(false);
  });

  it('keeps sub-app pages alive whatever the admin pages setting says, and not the home page', () => {
    expect(tabAt('/iotcloud/iot/lamp/plan', []).keepAlive).toBe(true);
    expect(tabAt('/iotcloud/iot/assetMorror/areaManage', []).keepAlive).toBe(true);
    expect(tabAt('/', ADMIN_PAGE_NAMES).keepAlive).toBe(false);
  });
});
