import { describe, expect, it } from 'vitest';
import type { PermissionItem } from '@cityops/contract';
import { systemCards } from './systems';

const item = (id: number, parentId: number, type: number, code: string, url = `/${code}`, sortNum = id) =>
  ({ id, parentId, type, code, name: code, url, sortNum, icon: '', level: 0 }) satisfies PermissionItem;

describe('system cards', () => {
  it('lists type-0 roots with their permitted pages and first page by sort order', () => {
    const cards = systemCards([
      item(1, 0, 0, 'admin'),
      item(2, 1, 2, 'userManage', '/admin/userManage', 20),
      item(3, 1, 2, 'roleManage', '/admin/roleManage', 10),
      item(4, 0, 0, 'iotcloud'),
      item(5, 4, 1, 'lamp', '/iotcloud/iot/lamp'),
      item(6, 5, 2, 'plan', '/iotcloud/iot/lamp/plan'),
      item(7, 4, 2, 'closed', '#'),
      item(8, 0, 3, 'helpDocs', 'https://example.com'),
    ]);
    expect(cards).toEqual([
      {
        code: 'admin',
        name: 'admin',
        titleEn: 'Platform administration',
        icon: '',
        pages: 2,
        firstUrl: '/admin/roleManage',
      },
      {
        code: 'iotcloud',
        name: 'iotcloud',
        titleEn: 'IoT platform',
        icon: '',
        pages: 1,
        firstUrl: '/iotcloud/iot/lamp/plan',
      },
    ]);
  });

  it('opens a system on its first page with a header, and on a full-screen one only when it has no other', () => {
    const [iotcloud, zcapp] = systemCards([
      item(1, 0, 0, 'iotcloud'),
      item(2, 1, 2, 'dashboardPlatform', '/iotcloud/dashboard/dashboardPlatform', 2),
      item(3, 1, 2, 'plan', '/iotcloud/iot/lamp/plan', 3),
      item(4, 0, 0, 'zcapp'),
      item(5, 4, 2, 'index', '/zcapp/dashboard/index', 5),
    ]);
    expect(iotcloud?.firstUrl).toBe('/iotcloud/iot/lamp/plan');
    expect(zcapp?.firstUrl).toBe('/zcapp/dashboard/index');
  });

  it('names a system an administrator created by its own name in English too', () => {
    const [card] = systemCards([{ ...item(1, 0, 0, 'parkingOffice'), name: '停车办' }]);
    expect(card).toMatchObject({ name: '停车办', titleEn: '停车办' });
  });
});
