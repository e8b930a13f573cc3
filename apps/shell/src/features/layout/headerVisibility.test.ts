import { describe, expect, it } from 'vitest';
import { isHeaderHidden } from './headerVisibility';

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
