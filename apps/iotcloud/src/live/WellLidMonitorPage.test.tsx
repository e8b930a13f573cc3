import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  TYPE_WELL_LID,
  TYPE_WELL_LID_BASE,
  deviceAlarmEndpoints,
  telemetryEndpoints,
} from '@cityops/contract';
import { alarmRow, renderWithKit } from '@cityops/crud/testing';
import { initI18n } from '@cityops/ui';
import { liveDevice, liveServer, page } from '../test/devices';
import { WellLidMonitorPage } from './WellLidMonitorPage';

beforeAll(() => initI18n('zh-CN'));

const lid = (deviceId: number, name: string, online: boolean, values: Record<string, number>) =>
  liveDevice(deviceId, name, { typeCode: TYPE_WELL_LID, productName: '智能井盖', online, values });
const lids = [
  lid(1, '正常的井盖', true, { tilt: 2, battery: 80, signal: -70 }),
  lid(2, '倾斜的井盖', true, { tilt: 32.5, battery: 75, signal: -80 }),
  lid(3, '没电的井盖', true, { tilt: 1, battery: 9, signal: -75 }),
  lid(4, '离线的井盖', false, { tilt: 3, battery: 60, signal: -90 }),
  liveDevice(5, '一号基站', { typeCode: TYPE_WELL_LID_BASE, values: { linked: 3 } }),
];

function render() {
  return renderWithKit(<WellLidMonitorPage />, {
    server: {
      ...liveServer(telemetryEndpoints.liveWellLids, lids),
      [deviceAlarmEndpoints.page.path]: () => page([alarmRow(1, { deviceId: 2, title: '井盖倾角超限' })]),
    },
  });
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const statesOf = (name: string) =>
  rowOf(name).querySelector('[data-states]')?.getAttribute('data-states')?.split(' ');
/** The devices listed, by name (each row names its device by `data-device`). */
const shown = () =>
  [...document.querySelectorAll('tr[data-device]')].map(
    (row) => lids.find((device) => device.deviceKey === row.getAttribute('data-device'))?.name,
  );
const filter = (label: string) =>
  fireEvent.click(within(document.querySelector('.ant-segmented') as HTMLElement).getByText(label));

describe('异常监测', () => {
  it('tags each lid normal, tilted, low on battery or offline, with its values and type', async () => {
    render();
    expect(await screen.findByText('正常的井盖')).toBeTruthy();
    expect(statesOf('正常的井盖')).toEqual(['normal']);
    expect(statesOf('倾斜的井盖')).toEqual(['tilted']);
    expect(statesOf('没电的井盖')).toEqual(['lowBattery']);
    expect(statesOf('离线的井盖')).toEqual(['offline']);
    expect(within(rowOf('正常的井盖')).getByText('正常')).toBeTruthy();
    expect(within(rowOf('没电的井盖')).getByText('电量低')).toBeTruthy();
    expect(within(rowOf('倾斜的井盖')).getByText(/^32\.5/)).toBeTruthy();
    expect(within(rowOf('倾斜的井盖')).getByText('智能井盖')).toBeTruthy();
    expect(within(rowOf('一号基站')).getByText('井盖基站')).toBeTruthy();
  });

  it('marks a lid with an alarm waiting for handling, asking for the well lids’ waiting alarms', async () => {
    const view = render();
    expect(await screen.findByText('倾斜的井盖')).toBeTruthy();
    expect(await within(rowOf('倾斜的井盖')).findByLabelText('有未处理告警')).toBeTruthy();
    expect(within(rowOf('正常的井盖')).queryByLabelText('有未处理告警')).toBeNull();
    const asked = view.calls.find((call) => call.path === deviceAlarmEndpoints.page.path);
    expect(asked?.body).toMatchObject({ typeCode: TYPE_WELL_LID, state: 'waiting' });
  });

  it('filters the page by state, and 全部 shows every device again', async () => {
    render();
    expect(await screen.findByText('正常的井盖')).toBeTruthy();
    filter('倾斜');
    await waitFor(() => expect(shown()).toEqual(['倾斜的井盖']));
    filter('电量低');
    await waitFor(() => expect(shown()).toEqual(['没电的井盖']));
    filter('离线');
    await waitFor(() => expect(shown()).toEqual(['离线的井盖']));
    filter('正常');
    await waitFor(() => expect(shown()).toEqual(['正常的井盖', '一号基站']));
    filter('全部');
    await waitFor(() => expect(shown()).toHaveLength(lids.length));
  });
});
