import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALARM_PAGE,
  ALARM_PAGES,
  alarmCallEndpoints,
  alarmEndpoints,
  DEVICE_PAGE,
  deviceEndpoints,
  findRouteByCode,
  recordLink,
  WORK_ORDER_PAGE,
  workOrderEndpoints,
  type PermissionItem,
} from '@cityops/contract';
import { changeLocale, initI18n } from '@cityops/ui';
import { renderAdminPage, type FakeServer } from '../../../test/renderAdminPage';
import { DutyPanel } from './DutyPanel';

beforeAll(() => initI18n('zh-CN'));

const page = (code: string, id: number) =>
  ({
    id,
    parentId: 0,
    type: 2,
    code,
    name: code,
    url: findRouteByCode(code)?.path ?? '',
    sortNum: id,
    icon: '',
    level: 0,
  }) satisfies PermissionItem;

const paged = <T,>(list: T[], total: number) => ({ list, total, pageNum: 1, pageSize: 5 });

/** What the four widgets read: two of 17 open alarms, one ringing call, one of 3 overdue orders, one of 42 offline devices. */
const server: FakeServer = {
  [alarmEndpoints.page.path]: () =>
    paged(
      [
        {
          alarmId: 71,
          deviceName: '路灯00001',
          title: '单灯控制器离线',
          titleEn: 'Lamp controller offline',
          lastAt: '2026-12-07T02:00:00.000Z',
        },
        // A rule with no English name: its one name in either language.
        {
          alarmId: 72,
          deviceName: '路灯00002',
          title: '灯杆倾斜',
          titleEn: '',
          lastAt: '2026-12-07T01:00:00.000Z',
        },
      ],
      17,
    ),
  [alarmCallEndpoints.current.path]: () => [
    { id: 5, eventStatus: 1, deviceDto: { devName: '一键报警柱00001' } },
  ],
  [workOrderEndpoints.page.path]: () =>
    paged(
      [
        {
          orderId: 9,
          orderNo: 'GD202612070001',
          title: '路灯00001灯具不亮',
          deadlineAt: '2026-12-07T04:00:00.000Z',
        },
      ],
      3,
    ),
  [workOrderEndpoints.counts.path]: () => ({ to_dispatch: 4 }),
  [deviceEndpoints.page.path]: () =>
    paged(
      [{ deviceId: 3, deviceKey: 'lamp-00003', name: '路灯00003', projectName: '深圳南山智慧路灯示范项目' }],
      42,
    ),
};

const render = (menus: PermissionItem[]) =>
  renderAdminPage(
    <MemoryRouter>
      <DutyPanel menus={menus} />
    </MemoryRouter>,
    server,
    [],
  );

const widget = async (title: string) => {
  const heading = await screen.findByRole('link', { name: title });
  return heading.closest('.ant-card') as HTMLElement;
};
const hrefOf = (scope: HTMLElement, name: string | RegExp) =>
  within(scope).getByRole('link', { name }).getAttribute('href');

describe('the duty panel', () => {
  it('shows each widget’s count and first rows, each a link to its record or its page so filtered', async () => {
    render([
      page(ALARM_PAGE, 1),
      page(ALARM_PAGES.receiver, 2),
      page(WORK_ORDER_PAGE, 3),
      page(DEVICE_PAGE, 4),
    ]);

    const alarms = await widget('未处理告警');
    expect(await within(alarms).findByText('17')).toBeTruthy();
    expect(hrefOf(alarms, '路灯00001 · 单灯控制器离线')).toBe(recordLink(ALARM_PAGE, 71));
    expect(hrefOf(alarms, '查看全部')).toBe('/omapp/assets/alarmManagement/alarmList');

    const calls = await widget('报警呼叫');
    expect(await within(calls).findByText('呼叫中')).toBeTruthy();
    expect(hrefOf(calls, '一键报警柱00001')).toBe(findRouteByCode(ALARM_PAGES.receiver)?.path);

    const orders = await widget('超期工单');
    expect(await within(orders).findByText('3')).toBeTruthy();
    expect(hrefOf(orders, 'GD202612070001 · 路灯00001灯具不亮')).toBe(recordLink(WORK_ORDER_PAGE, 9));
    expect(hrefOf(orders, '查看全部')).toBe('/omapp/assets/om/omWorkOrder?tab=overdue');
    expect(hrefOf(orders, '待派发 4')).toBe('/omapp/assets/om/omWorkOrder?tab=to_dispatch');

    const offline = await widget('离线设备');
    expect(await within(offline).findByText('42')).toBeTruthy();
    const devices = findRouteByCode(DEVICE_PAGE)?.path ?? '';
    expect(hrefOf(offline, '查看全部')).toBe(`${devices}?online=false`);
    expect(hrefOf(offline, '路灯00003')).toBe(`${devices}?keyword=lamp-00003`);
  });

  it('shows only the widgets of the pages the user holds, and asks for nothing else', async () => {
    const kit = render([page(DEVICE_PAGE, 4)]);
    await widget('离线设备');
    expect(screen.queryByRole('link', { name: '未处理告警' })).toBeNull();
    expect(screen.queryByRole('link', { name: '报警呼叫' })).toBeNull();
    expect(screen.queryByRole('link', { name: '超期工单' })).toBeNull();
    expect(new Set(kit.calls.map((call) => call.path))).toEqual(new Set([deviceEndpoints.page.path]));
  });

  it('names each alarm by its rule’s English name in English, the device by the name it was given', async () => {
    await changeLocale('en-US');
    try {
      render([page(ALARM_PAGE, 1)]);
      const alarms = await widget('Open alarms');
      const offline = await within(alarms).findByRole('link', {
        name: '路灯00001 · Lamp controller offline',
      });
      expect(offline.getAttribute('href')).toBe(recordLink(ALARM_PAGE, 71));
      expect(hrefOf(alarms, '路灯00002 · 灯杆倾斜')).toBe(recordLink(ALARM_PAGE, 72));
    } finally {
      await changeLocale('zh-CN');
    }
  });

  it('is absent for a user who holds none of them', () => {
    render([page('userManage', 9)]);
    expect(screen.queryByRole('region', { name: '值班概况' })).toBeNull();
  });
});
