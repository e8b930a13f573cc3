import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_TOKEN, telemetryEndpoints } from '@cityops/contract';
import { renderWithKit } from '@cityops/crud/testing';
import { changeLocale, initI18n } from '@cityops/ui';
import { FakeWebSocket } from '@cityops/crud/testing';
import { liveDevice, liveServer } from '../test/devices';
import { RealtimePage } from './RealtimePage';

beforeAll(() => initI18n('zh-CN'));

const sensor = (deviceId: number, name: string) =>
  liveDevice(deviceId, name, {
    typeCode: '0401',
    productId: 1,
    productName: '环境监测仪',
    values: { temperature: 21.5, humidity: 55, pm25: 35, noise: 48.2 },
    valuesAt: '2026-11-24T06:00:00.000Z',
  });
const sensors = [sensor(1, '环境监测00001'), sensor(2, '环境监测00002')];

function render() {
  return renderWithKit(<RealtimePage />, {
    server: {
      ...liveServer(telemetryEndpoints.live, sensors),
    },
  });
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('实时数据 and the live socket', () => {
  it('lists the sensors’ latest values with their units and asks for type 0401 only', async () => {
    const view = render();
    expect(await screen.findByText('环境监测00001')).toBeTruthy();
    const row = rowOf('环境监测00001');
    expect(within(row).getByText('21.5 ℃')).toBeTruthy();
    expect(within(row).getByText('35 μg/m³')).toBeTruthy();
    expect(screen.getAllByText('温度(℃)').length).toBeGreaterThan(0);
    const asked = view.calls.find((call) => call.path === telemetryEndpoints.live.path);
    expect(asked?.body).toMatchObject({ typeCode: '0401' });
  });

  it('names the properties in English in the English interface, with their units', async () => {
    await changeLocale('en-US');
    try {
      render();
      expect(await screen.findByText('环境监测00001')).toBeTruthy();
      for (const title of ['Temperature(℃)', 'Humidity(%)', 'Noise(dB)'])
        expect(screen.getAllByText(title).length).toBeGreaterThan(0);
      expect(screen.queryByText('温度(℃)')).toBeNull();
    } finally {
      await changeLocale('zh-CN');
    }
  });

  it('follows the rows shown and updates a pushed value in place, highlighted, without asking again', async () => {
    document.cookie = `${COOKIE_TOKEN}=tok-live; path=/`;
    const view = render();
    expect(await screen.findByText('环境监测00001')).toBeTruthy();
    await waitFor(() => expect(FakeWebSocket.made).toHaveLength(1));
    const socket = FakeWebSocket.made[0] as FakeWebSocket;
    expect(socket.url).toMatch(/\/push\/telemetry$/);
    act(() => socket.open());
    act(() => socket.receive({ type: 'ready' }));
    expect(socket.sent).toEqual([{ accessToken: 'tok-live' }, { type: 'follow', deviceIds: [1, 2] }]);
    expect(await screen.findByText('实时推送已连接')).toBeTruthy();
    const calls = view.calls.length;

    act(() => socket.receive({ type: 'values', deviceId: 2, t: Date.now(), values: { temperature: 23.25 } }));
    const row = rowOf('环境监测00002');
    const cell = await within(row).findByText('23.25 ℃');
    expect(cell.getAttribute('data-flash')).toBe('on');
    // An unchanged value does not light up.
    expect(within(row).getByText('55 %').getAttribute('data-flash')).toBeNull();
    act(() => socket.receive({ type: 'status', deviceId: 1, online: false, at: new Date().toISOString() }));
    expect(await within(rowOf('环境监测00001')).findByText('离线')).toBeTruthy();
    expect(view.calls.length).toBe(calls);
  });
});
