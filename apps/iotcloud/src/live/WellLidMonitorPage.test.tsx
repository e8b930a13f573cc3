import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALARM_FEED_PATH,
  COOKIE_TOKEN,
  TELEMETRY_PUSH_PATH,
  TYPE_WELL_LID,
  TYPE_WELL_LID_BASE,
  deviceAlarmEndpoints,
  lidStatesOf,
  productEndpoints,
  telemetryEndpoints,
  wellLidListRequestSchema,
  type LidLimit,
  type LiveWellLid,
  type WellLidListRequest,
} from '@cityops/contract';
import { FakeWebSocket, alarmRow, renderWithKit } from '@cityops/crud/testing';
import { initI18n } from '@cityops/ui';
import { liveDevice } from '../test/devices';
import { WellLidMonitorPage } from './WellLidMonitorPage';

beforeAll(() => initI18n('zh-CN'));

/** The limits of the lid product's rules, as the server gives them with each lid. */
const limits: LidLimit[] = [
  { identifier: 'tilt', operator: '>', threshold: 15 },
  { identifier: 'battery', operator: '<', threshold: 20 },
];
const lid = (
  deviceId: number,
  name: string,
  online: boolean,
  values: Record<string, number>,
): LiveWellLid => ({
  ...liveDevice(deviceId, name, { typeCode: TYPE_WELL_LID, productName: '智能井盖', online, values }),
  limits,
});
const lids: LiveWellLid[] = [
  lid(1, '正常的井盖', true, { tilt: 2, battery: 80, signal: -70 }),
  lid(2, '倾斜的井盖', true, { tilt: 32.5, battery: 75, signal: -80 }),
  lid(3, '没电的井盖', true, { tilt: 1, battery: 9, signal: -75 }),
  lid(4, '离线的井盖', false, { tilt: 3, battery: 60, signal: -90 }),
  { ...liveDevice(5, '一号基站', { typeCode: TYPE_WELL_LID_BASE, values: { linked: 3 } }), limits: [] },
];

/**
 * The server's well-lid page over `devices`: filtered by the request's lid state and paged, so a lid
 * in the state is found whatever page it sits on in the whole list.
 */
function wellLidServer(devices: LiveWellLid[]) {
  return {
    [telemetryEndpoints.liveWellLids.path]: ({ body }: { body?: unknown }) => {
      const { lidState, pageNum, pageSize } = wellLidListRequestSchema.parse(body);
      const matching = devices.filter((row) => !lidState || lidStatesOf(row).includes(lidState));
      const from = (pageNum - 1) * pageSize;
      return { list: matching.slice(from, from + pageSize), total: matching.length, pageNum, pageSize };
    },
    [productEndpoints.model.path]: () => {
      throw new Error('no product page');
    },
  };
}

/** The devices the server of the test holds. */
let served: LiveWellLid[] = [];

function render(devices = lids) {
  served = devices;
  return renderWithKit(<WellLidMonitorPage />, {
    server: {
      ...wellLidServer(devices),
      // 101 open alarms: the newest 100 on the first page, the tilted lid's alone on the second.
      [deviceAlarmEndpoints.page.path]: ({ body }) => {
        const { pageNum } = body as { pageNum: number };
        const list =
          pageNum === 1
            ? Array.from({ length: 100 }, (_, i) => alarmRow(1000 + i, { deviceId: 9999, title: '其他' }))
            : [alarmRow(1, { deviceId: 2, title: '井盖倾角超限', state: 'confirmed' })];
        return { list, total: 101, pageNum, pageSize: 100 };
      },
    },
  });
}

/** The page's socket to `path` (the telemetry push, the alarm feed), once made. */
async function socketAt(path: string) {
  await waitFor(() => expect(FakeWebSocket.made.some((made) => made.url.endsWith(path))).toBe(true));
  return FakeWebSocket.made.find((made) => made.url.endsWith(path)) as FakeWebSocket;
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const statesOf = (name: string) =>
  rowOf(name).querySelector('[data-states]')?.getAttribute('data-states')?.split(' ');
/** The devices listed, by name (each row names its device by `data-device`). */
const shown = () =>
  [...document.querySelectorAll('tr[data-device]')].map(
    (row) => served.find((device) => device.deviceKey === row.getAttribute('data-device'))?.name,
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

  it('marks a lid with an open alarm, asking for the open alarms of the devices shown, every page of them', async () => {
    const view = render();
    expect(await screen.findByText('倾斜的井盖')).toBeTruthy();
    expect(await within(rowOf('倾斜的井盖')).findByLabelText('有未处理告警')).toBeTruthy();
    expect(within(rowOf('正常的井盖')).queryByLabelText('有未处理告警')).toBeNull();
    const asked = view.calls.filter((call) => call.path === deviceAlarmEndpoints.page.path);
    expect(asked.map((call) => (call.body as { pageNum: number }).pageNum)).toEqual([1, 2]);
    expect(asked[0]?.body).toMatchObject({
      deviceIds: lids.map((lid) => lid.deviceId),
      openOnly: true,
    });
  });

  it('follows the devices shown on the alarm feed, and reads their open alarms again when it says they changed', async () => {
    document.cookie = `${COOKIE_TOKEN}=tok-lid; path=/`;
    const view = render();
    expect(await screen.findByText('倾斜的井盖')).toBeTruthy();
    expect(await within(rowOf('倾斜的井盖')).findByLabelText('有未处理告警')).toBeTruthy();
    const reads = () =>
      view.calls.filter(
        (call) =>
          call.path === deviceAlarmEndpoints.page.path && (call.body as { pageNum: number }).pageNum === 1,
      ).length;
    const before = reads();
    const feed = await socketAt(ALARM_FEED_PATH);
    act(() => feed.open());
    act(() => feed.receive({ type: 'ready' }));
    expect(feed.sent).toContainEqual({ type: 'follow', deviceIds: lids.map((lid) => lid.deviceId) });
    act(() => feed.receive({ type: 'devices', deviceIds: [2] }));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('asks the server for the lids in the chosen state, in the address, and 全部 asks for all again', async () => {
    const view = render();
    expect(await screen.findByText('正常的井盖')).toBeTruthy();
    const asked = () =>
      view.calls
        .filter((call) => call.path === telemetryEndpoints.liveWellLids.path)
        .map((call) => (call.body as WellLidListRequest).lidState);
    expect(asked()).toEqual([undefined]);
    filter('倾斜');
    await waitFor(() => expect(shown()).toEqual(['倾斜的井盖']));
    expect(asked().at(-1)).toBe('tilted');
    expect(view.address()).toMatch(/lidState=tilted/);
    filter('电量低');
    await waitFor(() => expect(shown()).toEqual(['没电的井盖']));
    filter('离线');
    await waitFor(() => expect(shown()).toEqual(['离线的井盖']));
    filter('正常');
    await waitFor(() => expect(shown()).toEqual(['正常的井盖', '一号基站']));
    filter('全部');
    await waitFor(() => expect(shown()).toHaveLength(lids.length));
    expect(asked().at(-1)).toBeUndefined();
  });

  it('finds a tilted lid that sits beyond the first page, with the pager counting only tilted lids', async () => {
    const many = [
      ...Array.from({ length: 20 }, (_, i) =>
        lid(10 + i, `井盖${String(i + 1).padStart(2, '0')}`, true, { tilt: 1, battery: 90 }),
      ),
      lid(40, '井盖21', true, { tilt: 28, battery: 90 }),
    ];
    render(many);
    expect(await screen.findByText('井盖01')).toBeTruthy();
    expect(screen.getByText('共 21 条')).toBeTruthy();
    expect(screen.queryByText('井盖21')).toBeNull();
    filter('倾斜');
    await waitFor(() => expect(shown()).toEqual(['井盖21']));
    expect(screen.getByText('共 1 条')).toBeTruthy();
    expect(statesOf('井盖21')).toEqual(['tilted']);
  });

  it('tags a lid again when a pushed value crosses its product’s limit', async () => {
    document.cookie = `${COOKIE_TOKEN}=tok-lid; path=/`;
    render();
    expect(await screen.findByText('正常的井盖')).toBeTruthy();
    const socket = await socketAt(TELEMETRY_PUSH_PATH);
    act(() => socket.open());
    act(() => socket.receive({ type: 'ready' }));
    act(() => socket.receive({ type: 'values', deviceId: 1, t: Date.now(), values: { tilt: 16 } }));
    await waitFor(() => expect(statesOf('正常的井盖')).toEqual(['tilted']));
    act(() => socket.receive({ type: 'status', deviceId: 3, online: false, at: new Date().toISOString() }));
    await waitFor(() => expect(statesOf('没电的井盖')).toEqual(['offline', 'lowBattery']));
  });
});
