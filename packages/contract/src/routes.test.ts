import { describe, expect, it } from 'vitest';
import { PUBLIC_PATHS } from './constants.js';
import {
  adminPageOf,
  findRouteByCode,
  findRouteByPath,
  isPublicRoute,
  ROUTE_TABLE,
  routeCodes,
} from './routes.js';

describe('route table', () => {
  it('gives every route a code that is unique ignoring case', () => {
    const codes = ROUTE_TABLE.map((route) => route.code.toLowerCase());
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('names a route by its last path segment when that is unique', () => {
    expect(findRouteByPath('/admin/userManage')?.code).toBe('userManage');
    expect(findRouteByPath('/iotcloud/iot/videoMonitor/playRealWeb')?.code).toBe('playRealWeb');
    expect(findRouteByPath('/omapp/assets/alarmManagement/alarmList')?.code).toBe('alarmList');
  });

  it('joins the path below the app when two routes end the same way', () => {
    expect(findRouteByPath('/iotcloud/iot/videoMonitor/playReal')?.code).toBe('iot_videoMonitor_playReal');
    expect(findRouteByPath('/iotcloud/iot/videoUniview/playReal')?.code).toBe('iot_videoUniview_playReal');
    expect(findRouteByPath('/admin/siteManage')?.code).toBe('admin_siteManage');
    expect(findRouteByPath('/esapp/wsManagement/siteManage')?.code).toBe('wsManagement_siteManage');
  });

  it('prefixes the app when the joined path still collides', () => {
    expect(
      routeCodes([
        { path: '/dashboard/login', app: 'shell' },
        { path: '/zcapp/dashboard/login', app: 'zcapp' },
      ]),
    ).toEqual(['shell_dashboard_login', 'zcapp_dashboard_login']);
  });

  it('finds routes by code ignoring case', () => {
    expect(findRouteByCode('USERMANAGE')?.path).toBe('/admin/userManage');
  });

  it('marks exactly the spec public list as public', () => {
    const open = ROUTE_TABLE.filter((route) => route.access === 'public').map((route) => route.path);
    expect(open.sort()).toEqual([...PUBLIC_PATHS].sort());
    expect(isPublicRoute('/iotcloud/iot/dynamicTable')).toBe(true);
    expect(isPublicRoute('/admin/userManage')).toBe(false);
  });

  it('covers every admin child and every sub-app of the spec', () => {
    const admin = ROUTE_TABLE.filter((route) => route.path.startsWith('/admin/'));
    expect(admin).toHaveLength(15);
    for (const app of ['iotcloud', 'omapp', 'opapp', 'zcapp', 'esapp', 'llapp']) {
      expect(ROUTE_TABLE.some((route) => route.app === app)).toBe(true);
    }
    expect(findRouteByPath('/esapp/esManage/dataAnalysis/disCharge')?.title).toBe('充放电分析');
    expect(findRouteByPath('/admin/areaManage')?.cached).toBe(false);
  });

  it('names the admin page of a path, and no page for any other path', () => {
    expect(adminPageOf('/admin/userManage')).toBe('userManage');
    expect(adminPageOf('/admin/areaManage')).toBe('areaManage');
    expect(adminPageOf('/admin')).toBeNull();
    expect(adminPageOf('/admin/nothing')).toBeNull();
    expect(adminPageOf('/iotcloud/iot/assetMorror/areaManage')).toBeNull();
    for (const route of ROUTE_TABLE.filter(({ path }) => path.startsWith('/admin/')))
      expect(adminPageOf(route.path), route.path).toBe(route.path.split('/').at(-1));
  });
});
