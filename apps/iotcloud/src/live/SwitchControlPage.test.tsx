import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BUTTON_CODES,
  SELECT_DEVICES_MAX,
  commandEndpoints,
  telemetryEndpoints,
  type CommandRow,
} from '@cityops/contract';
import { renderWithKit } from '@cityops/crud/testing';
import { initI18n } from '@cityops/ui';
import { liveDevice, liveServer } from '../test/devices';
import { SwitchControlPage } from './SwitchControlPage';

beforeAll(() => initI18n('zh-CN'));

const switches = Array.from({ length: 12 }, (_, i) =>
  liveDevice(i + 1, `智能开关${String(i + 1).padStart(5, '0')}`, {
    values: { on: false, power: 0, voltage: 220.4 },
  }),
);

const answer = (deviceId: number, state: CommandRow['state'], replyMessage = ''): CommandRow => ({
  commandId: deviceId * 10,
  deviceId,
  deviceName: switches[deviceId - 1]?.name ?? '',
  service: 'setSwitch',
  params: { on: true },
  state,
  replyCode: state === 'failed' ? 2 : state === 'succeeded' ? 0 : null,
  replyMessage,
  replyData: null,
  sender: 'admin',
  sentAt: '2026-11-24T06:30:00.000Z',
  answeredAt: state === 'succeeded' || state === 'failed' ? '2026-11-24T06:30:01.000Z' : null,
});

function render(sent: unknown[]) {
  return renderWithKit(<SwitchControlPage />, {
    server: {
      ...liveServer(telemetryEndpoints.liveSwitches, switches),
      [commandEndpoints.send.path]: ({ body }) => {
        sent.push(body);
        return [answer(1, 'succeeded'), answer(2, 'failed', '继电器故障'), answer(3, 'offline')];
      },
    },
    elements: [BUTTON_CODES.smartSwitchControl.control],
  });
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const tick = (name: string) => fireEvent.click(within(rowOf(name)).getByRole('checkbox'));

describe('智能开关控制', () => {
  it('says §5’s rule and sends nothing when no switch is chosen', async () => {
    const sent: unknown[] = [];
    const view = render(sent);
    expect(await screen.findByText('智能开关00001')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '开' }));
    expect(await screen.findByText('请至少选择一个开关')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '关' }));
    expect(view.calls.some((call) => call.path === commandEndpoints.send.path)).toBe(false);
    expect(sent).toEqual([]);
  });

  it('lets at most ten switches be chosen: the rest cannot be ticked once ten are', async () => {
    render([]);
    expect(await screen.findByText('智能开关00001')).toBeTruthy();
    for (const device of switches.slice(0, SELECT_DEVICES_MAX)) tick(device.name);
    expect(screen.getByText(`已选 ${SELECT_DEVICES_MAX} / ${SELECT_DEVICES_MAX} 台`)).toBeTruthy();
    const eleventh = within(rowOf('智能开关00011')).getByRole('checkbox') as HTMLInputElement;
    expect(eleventh.disabled).toBe(true);
    // Letting one go frees a place.
    tick('智能开关00001');
    await waitFor(() => expect(eleventh.disabled).toBe(false));
  });

  it('switches the chosen ones on with setSwitch {on} and lists each device’s result', async () => {
    const sent: unknown[] = [];
    render(sent);
    expect(await screen.findByText('智能开关00001')).toBeTruthy();
    tick('智能开关00001');
    tick('智能开关00002');
    tick('智能开关00003');
    fireEvent.click(screen.getByRole('button', { name: '开' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ deviceIds: [1, 2, 3], service: 'setSwitch', params: { on: true } });
    const table = (await screen.findByText('执行结果')).closest('.ant-table-wrapper') as HTMLElement;
    expect(within(table).getByText('命令执行成功')).toBeTruthy();
    expect(within(table).getByText('设备执行失败：继电器故障')).toBeTruthy();
    expect(within(table).getByText('设备离线，命令未下发')).toBeTruthy();
  });

  it('shows the switches’ live state, power and voltage with the thing model’s units', async () => {
    render([]);
    const row = rowOf(await screen.findByText('智能开关00001').then((cell) => cell.textContent ?? ''));
    expect(within(row).getByText('关')).toBeTruthy();
    expect(within(row).getByText('220.4 V')).toBeTruthy();
    expect(within(row).getByText('0 W')).toBeTruthy();
  });
});
