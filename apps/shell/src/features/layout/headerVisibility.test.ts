import { describe, expect, it } from 'vitest';
import { buildUserMenu } from '@cityops/client';
import type { PermissionItem } from '@cityops/contract';
import { firstPageWithHeader, isHeaderHidden } from './headerVisibility';

describe('header visibility', () => {
  it.each([
    '/login',
    '/dashboard/login',
    '/404',
    '/center',
    '/iotcloud/iot/alarmbox/monitorReceiver',
    '/llapp/landscapeLighting/overview',
    '/userlogin',
    '/userlogin/abc',
    '/iotcloud/dashboard/dashboard',
    '/iotcloud/dashboard/dashboard5k',
    '/zcapp/dashboard/index',
    '/zcapp/dashboard/detail',
    '/zcapp/dashboard/login',
    '/zcapp/dashboard/UE4Loading',
    '/zcapp/dashboard/resourcemanagement',
    '/zcapp/dashboard/alarm',
    '/zcapp/dashboardLight/index',
    '/omapp/anything/404',
    '/center/',
  ])('hides the header on %s', (path) => {
    expect(isHeaderHidden(path, '/')).toBe(true);
  });

  it.each([
    '/admin/userManage',
    '/iotcloud/iot/lamp/plan',
    '/iotcloud/iot/alarmbox/monitor',
    '/llapp/landscapeLighting/devManage',
    '/iotcloud/dashboard/x',
    '/zcapp/dashboardLight',
    '/plug',
  ])('shows the header on %s', (path) => {
    expect(isHeaderHidden(path, '/')).toBe(false);
  });

  it('shows the header on / only when / is marked as home', () => {
    expect(isHeaderHidden('/', '/')).toBe(false);
    expect(isHeaderHidden('/', null)).toBe(true);
    expect(isHeaderHidden('/', '/center')).toBe(true);
  });
});

const entry = (id: number, parentId: number, type: number, code: string, url = `/${code}`) =>
  ({ id, parentId, type, code, name: code, url, sortNum: id, icon: '', level: 0 }) satisfies PermissionItem;

describe('where a system lands', () => {
  it('is its first page with a header, depth first, past the full-screen dashboards', () => {
    const menu = buildUserMenu([
      entry(1, 0, 0, 'iotcloud'),
      entry(2, 1, 1, 'iotcloud_dashboard'),
      entry(3, 2, 2, 'dashboardPlatform'),
      entry(4, 2, 2, 'dashboard'),
      entry(5, 1, 1, 'iotcloud_iot/alarmbox'),
      entry(6, 5, 2, 'monitorReceiver'),
      entry(7, 5, 2, 'history'),
    ]);
    const [iotcloud] = menu.topNav;
    if (!iotcloud) throw new Error('no system');
    expect(iotcloud.url).toBe('/iotcloud/dashboard/dashboardPlatform');
    expect(firstPageWithHeader(iotcloud)).toBe('/iotcloud/iot/alarmbox/history');
  });

  it('is none when every page of the system is full-screen', () => {
    const menu = buildUserMenu([entry(1, 0, 0, 'zcapp'), entry(2, 1, 2, 'dashboard_index')]);
    const [zcapp] = menu.topNav;
    if (!zcapp) throw new Error('no system');
    expect(firstPageWithHeader(zcapp)).toBeNull();
  });
});
