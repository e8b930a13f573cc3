import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  commandEndpoints,
  deviceAlarmEndpoints,
  deviceEndpoints,
  productEndpoints,
  telemetryEndpoints,
  type DeviceAlarmRow,
} from '@cityops/contract';
import { initI18n } from '@cityops/ui';
import { alarmRow, renderWithKit, type FakeServer } from '@cityops/crud/testing';
import { device, sensorFunctions, sensorProduct } from '../test/fixtures';
import { DeviceManagePage } from './DeviceManagePage';
import { OverviewPage } from './OverviewPage';

beforeAll(() => initI18n('zh-CN'));

// jsdom has no canvas: the charts show their options as text, which is what this page decides.
vi.mock('@cityops/ui/charts', () => ({
  EChart: ({ label, option }: { label: string; option: unknown }) => (
    <div role="img" aria-label={label}>
      {JSON.stringify(option)}
    </div>
  ),
}));

const sensor = device(7, '科技园1号环境站', { areaName: '科技园北区' });

const functions = sensorFunctions.filter((item) => item.kind === 'property');

const alarm = (alarmId: number, title: string, state: DeviceAlarmRow['state']): DeviceAlarmRow =>
  alarmRow(alarmId, {
    deviceName: sensor.name,
    deviceKey: sensor.deviceKey,
    projectName: sensor.projectName,
    areaId: sensor.areaId,
    areaName: sensor.areaName,
    address: sensor.address,
    title,
    state,
    closedAt: state === 'auto_recover' ? '2026-11-24T06:10:00.000Z' : null,
  });

const server: FakeServer = {
  [deviceEndpoints.find.path]: () => sensor,
  [deviceEndpoints.page.path]: () => ({ list: [sensor], total: 1, pageNum: 1, pageSize: 20 }),
  [productEndpoints.model.path]: () => ({ product: sensorProduct, functions }),
  [telemetryEndpoints.live.path]: () => ({
    list: [{ ...sensor, values: { temperature: 23.5, door: true }, valuesAt: '2026-11-24T06:01:00.000Z' }],
    total: 1,
    pageNum: 1,
    pageSize: 15,
  }),
  [commandEndpoints.page.path]: () => ({
    list: [
      {
        commandId: 1,
        deviceId: 7,
        deviceName: sensor.name,
        service: 'reboot',
        params: {},
        state: 'timeout',
        replyCode: null,
        replyMessage: '',
        replyData: null,
        sender: 'admin',
        sentAt: '2026-11-24T05:30:00.000Z',
        answeredAt: null,
      },
    ],
    total: 1,
    pageNum: 1,
    pageSize: 15,
  }),
  [telemetryEndpoints.faults.path]: () => [
    {
      faultId: 1,
      deviceId: 7,
      deviceKey: 'dev-7',
      kind: 'invalidValue',
      detail: 'humidity=140',
      at: '2026-11-24T04:00:00.000Z',
    },
  ],
  [deviceAlarmEndpoints.page.path]: () => ({
    list: [alarm(1, '温度过高', 'waiting'), alarm(2, '噪声超标', 'auto_recover')],
    total: 2,
    pageNum: 1,
    pageSize: 100,
  }),
  [deviceEndpoints.overview.path]: () => ({
    total: 8,
    online: 6,
    disabled: 1,
    alarming: 2,
    byType: [{ typeCode: '0401', total: 8, online: 6 }],
    byArea: [{ areaId: null, areaName: null, total: 8, online: 6 }],
    devicesInUse: 8,
    deviceLimit: 500,
  }),
};

describe('DeviceManagePage', () => {
  it('shows one device: its fields, values named by its model, open alarms only, commands and faults', async () => {
    renderWithKit(<DeviceManagePage />, { server, path: '/iotcloud/iot/assetMorror/devManage?deviceId=7' });
    const info = (await screen.findByText('设备信息')).closest('.ant-card') as HTMLElement;
    expect(within(info).getByText('dev-7')).toBeTruthy();
    expect(within(info).getByText('科技园北区')).toBeTruthy();
    expect(await screen.findByText('温度 (temperature)')).toBeTruthy();
    expect(screen.getByText('23.5 ℃')).toBeTruthy();
    expect(screen.getByText('打开')).toBeTruthy();
    expect(await screen.findByText('温度过高')).toBeTruthy();
    expect(screen.queryByText('噪声超标')).toBeNull();
    expect(await screen.findByText('reboot')).toBeTruthy();
    expect(screen.getByText('超时')).toBeTruthy();
    expect(await screen.findByText('humidity=140')).toBeTruthy();
    expect(screen.getByText('取值不合法')).toBeTruthy();
  });

  it('asks for a device when none is chosen', async () => {
    renderWithKit(<DeviceManagePage />, { server, path: '/iotcloud/iot/assetMorror/devManage' });
    expect(await screen.findByText('请先选择一个设备')).toBeTruthy();
  });
});

describe('OverviewPage', () => {
  it('shows the counts, the online rate and the licence use', async () => {
    renderWithKit(<OverviewPage />, { server, path: '/iotcloud/iot/assetMorror/equipmentOverview' });
    expect(await screen.findByText('75%')).toBeTruthy();
    expect(screen.getByText('8 / 500')).toBeTruthy();
    expect(screen.getByRole('img', { name: '按设备类型' }).textContent).toContain(
      '{"name":"环境监测仪","value":8}',
    );
    const byArea = screen.getByRole('img', { name: '按区域' }).textContent ?? '';
    expect(byArea).toContain('"data":["未分区域"]');
    expect(byArea).toContain('{"name":"在线设备","type":"bar","data":[6]}');
  });
});
