import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  areaEndpoints,
  placementEndpoints,
  projectEndpoints,
  StatusCode,
  text,
  type AreaCountRow,
  type AreaCounts,
  type PlacedDeviceRow,
} from '@cityops/contract';
import { ApiError } from '@cityops/client';
import { changeLocale, initI18n } from '@cityops/ui';
import { renderWithKit, type FakeServer } from '@cityops/crud/testing';
import { choose, nanshan, save } from '../test/fixtures';
import { AreaDevicesPage } from './AreaDevicesPage';
import { LocationPage } from './LocationPage';

beforeAll(() => initI18n('zh-CN'));

const placed = (deviceId: number, name: string, extra: Partial<PlacedDeviceRow> = {}): PlacedDeviceRow => ({
  deviceId,
  deviceKey: `dev-${deviceId}`,
  name,
  productName: '环境监测仪A型',
  productNameEn: 'Environment sensor A',
  typeCode: '0401',
  projectId: 1,
  projectName: nanshan.projectName,
  areaId: null,
  areaName: null,
  longitude: null,
  latitude: null,
  address: '',
  online: true,
  enabled: true,
  ...extra,
});

const page = (list: PlacedDeviceRow[]) => ({ list, total: list.length, pageNum: 1, pageSize: 15 });

/** Ticks a row of the page's table by its device name. */
function tick(name: string) {
  const row = screen.getByText(name).closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByRole('checkbox'));
}

const refusal = (message: string) =>
  new ApiError('status', message, { status_code: StatusCode.REJECTED, message, data: null });

describe('LocationPage', () => {
  const unlocated = [placed(1, '科技园1号环境站'), placed(2, '科技园2号环境站')];

  function render(elements = ['locationManagement_edit']) {
    const located: unknown[] = [];
    const view = renderWithKit(<LocationPage />, {
      server: {
        [placementEndpoints.unlocated.path]: () => page(unlocated),
        [placementEndpoints.map.path]: () => ({ total: 0, devices: [] }),
        [placementEndpoints.locate.path]: ({ body }) => {
          located.push(body);
          return 2;
        },
        [projectEndpoints.listByUser.path]: () => [nanshan],
        [areaEndpoints.tree.path]: () => [],
      },
      elements,
      path: '/iotcloud/iot/assetMorror/locationManagement',
    });
    return { ...view, located };
  }

  it('places the ticked devices at one checked coordinate and address', async () => {
    const { located } = render();
    expect(await screen.findByText('科技园1号环境站')).toBeTruthy();
    const place = screen.getByRole('button', { name: '设置位置' });
    expect(place.hasAttribute('disabled')).toBe(true);
    tick('科技园1号环境站');
    tick('科技园2号环境站');
    fireEvent.click(place);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('设置2台设备的位置')).toBeTruthy();

    // No place: refused with §5's text, nothing sent.
    save(dialog);
    expect(await within(dialog).findByText('请输入正确的经度，-180~180')).toBeTruthy();
    // A longitude out of range, then more than 5 decimals below 100 (§5).
    fireEvent.change(within(dialog).getByLabelText('经度'), { target: { value: '181' } });
    fireEvent.change(within(dialog).getByLabelText('纬度'), { target: { value: '22.5' } });
    save(dialog);
    await waitFor(() =>
      expect(within(dialog).getAllByText('请输入正确的经度，-180~180').length).toBeGreaterThan(0),
    );
    fireEvent.change(within(dialog).getByLabelText('纬度'), { target: { value: '91' } });
    fireEvent.change(within(dialog).getByLabelText('经度'), { target: { value: '113.9' } });
    save(dialog);
    expect(await within(dialog).findByText('请输入正确的纬度，-90~90')).toBeTruthy();
    expect(located).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('纬度'), { target: { value: '22.53' } });
    fireEvent.change(within(dialog).getByLabelText('地址'), { target: { value: '1号灯杆' } });
    save(dialog);
    await waitFor(() => expect(located).toHaveLength(1));
    expect(located[0]).toEqual({ ids: [1, 2], longitude: '113.9', latitude: '22.53', address: '1号灯杆' });
    expect(await screen.findByText('已设置2台设备的位置')).toBeTruthy();
    // Four saves of a dialog with a map: slow on a busy machine.
  }, 60_000);

  it('shows no ticks and no place button without the edit code', async () => {
    render([]);
    expect(await screen.findByText('科技园1号环境站')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '设置位置' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});

describe('AreaDevicesPage', () => {
  const counts = (total: number, online: number): AreaCounts => ({
    total,
    online,
    offline: total - online,
    disabled: 0,
    alarming: 0,
  });
  const areas: AreaCountRow[] = [
    { areaId: 10, parentId: null, name: '科技园片区', type: 'areadir', sortNum: 0, counts: counts(3, 2) },
    { areaId: 11, parentId: 10, name: '科技园北区', type: 'areanode', sortNum: 0, counts: counts(2, 1) },
    { areaId: 12, parentId: 10, name: '科技园南区', type: 'areanode', sortNum: 1, counts: counts(1, 1) },
  ];
  const devices = [placed(1, '科技园1号环境站', { areaId: 11, areaName: '科技园北区' })];

  function render(move: FakeServer[string]) {
    return renderWithKit(<AreaDevicesPage />, {
      server: {
        [placementEndpoints.areaCounts.path]: () => ({
          areas,
          unassigned: counts(1, 0),
          project: counts(4, 2),
        }),
        [placementEndpoints.areaDevices.path]: () => page(devices),
        [placementEndpoints.move.path]: move,
        [projectEndpoints.listByUser.path]: () => [nanshan],
      },
      elements: ['iot_assetMorror_areaManage_move'],
      path: '/iotcloud/iot/assetMorror/areaManage',
    });
  }

  it('shows the tree with each node’s counts, and lists a node’s devices when chosen', async () => {
    const view = render(() => 1);
    const north = await screen.findByTestId('area-科技园北区');
    expect(north.textContent).toContain('2台 · 在线1 · 离线1 · 停用0 · 告警0');
    expect(screen.getByTestId('area-科技园片区').textContent).toContain('3台');
    expect(screen.getByTestId('area-全部设备').textContent).toContain('4台');
    expect(screen.getByTestId('area-未分区域').textContent).toContain('1台');
    fireEvent.click(north);
    await waitFor(() =>
      expect(
        view.calls.filter((call) => call.path === placementEndpoints.areaDevices.path).at(-1)?.body,
      ).toMatchObject({
        projectId: 1,
        areaId: 11,
        unassigned: false,
      }),
    );
  });

  it('names each device’s product in the language in use, with its type unless the name says it', async () => {
    devices.push(
      placed(2, '科技园2号环境站', {
        productName: '环境监测仪',
        productNameEn: 'Environment sensor',
        areaId: 11,
        areaName: '科技园北区',
      }),
    );
    await changeLocale('en-US');
    try {
      render(() => 1);
      expect(await screen.findByText('Environment sensor A (Environment sensor)')).toBeTruthy();
      const second = screen.getByText('科技园2号环境站').closest('tr') as HTMLElement;
      expect(within(second).getByText('Environment sensor')).toBeTruthy();
      expect(screen.queryByText(/环境监测仪/)).toBeNull();
    } finally {
      devices.pop();
      await changeLocale('zh-CN');
    }
  });

  it('shows the server’s refusal of a move across projects in the dialog, keeping it open', async () => {
    const message = text('placement.otherProject', 'zh-CN', { count: 1, area: '科技园南区' });
    const moves: unknown[] = [];
    render(({ body }) => {
      moves.push(body);
      throw refusal(message);
    });
    expect(await screen.findByText('科技园1号环境站')).toBeTruthy();
    tick('科技园1号环境站');
    fireEvent.click(screen.getByRole('button', { name: '移动设备' }));
    const dialog = await screen.findByRole('dialog');
    save(dialog);
    expect(await within(dialog).findByText('请选择区域')).toBeTruthy();
    await choose(dialog, 'areaId', '科技园南区');
    save(dialog);
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(moves).toEqual([{ ids: [1], areaId: 12 }]);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});
