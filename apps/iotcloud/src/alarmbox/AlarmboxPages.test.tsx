import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ALARM_HISTORY_BUTTONS,
  ALARM_MONITOR_BUTTONS,
  alarmCallEndpoints,
  areaEndpoints,
  projectEndpoints,
  videoEndpoints,
  type AlarmBoxRow,
  type AlarmCallRow,
  type AlarmRecord,
  type CameraEntry,
  type CameraTree,
} from '@cityops/contract';
import { renderWithKit, type FakeServer } from '@cityops/crud/testing';
import { initI18n } from '@cityops/ui';
import { page } from '../test/devices';
import { nanshan } from '../test/fixtures';
import { HistoryPage } from './HistoryPage';
import { MonitorOldPage } from './MonitorOldPage';
import { MonitorPage, ringingSeconds } from './MonitorPage';
import { callPlayback } from './playback';
import { ALARM_LIVE_MS, AnswerAlarmContext, type AnswerAlarm } from './shared';

beforeAll(() => initI18n('zh-CN'));

const camera: CameraEntry = {
  controlCode: 'hik-cam-01',
  devName: '科技园路口摄像机',
  recordLocation: 0,
  hasPtz: false,
  deviceDto: {
    controlCode: 'hik-cam-01',
    lng: 113.94,
    lat: 22.53,
    devName: '科技园路口摄像机',
    siteName: '科技园站',
    areaName: '南山区',
    accessWay: 'hik_isc_huati',
  },
};

const dto = (id: number, devName: string) => ({
  id,
  controlCode: `0801${String(id).padStart(5, '0')}`,
  devName,
  projectId: 1,
  projectName: nanshan.projectName,
  areaName: '南山区',
  siteName: '科技园站',
  address: '科技园南路1号',
  lng: 113.94 + id / 1000,
  lat: 22.53,
  accessWay: 'hik_isc_huati',
  camera,
});

const record = (
  id: number,
  devId: number,
  devName: string,
  extra: Partial<AlarmRecord> = {},
): AlarmRecord => ({
  id,
  devId,
  deviceDto: dto(devId, devName),
  eventStatus: 1,
  createTime: '2026-11-24 10:00:00',
  happenTime: '2026-11-24 10:00:00',
  endTime: null,
  notifyTime: null,
  answeredBy: null,
  endReason: null,
  outgoing: false,
  ...extra,
});

const box = (id: number, devName: string, extra: Partial<AlarmBoxRow> = {}): AlarmBoxRow => ({
  ...dto(id, devName),
  deviceKey: `alarmbox-${id}`,
  online: true,
  state: 'idle',
  call: null,
  lastCallTime: null,
  ...extra,
});

const ringingCall = record(31, 2, '一键报警柱00002');
const boxes = [
  box(1, '一键报警柱00001'),
  box(2, '一键报警柱00002', { state: 'ringing', call: ringingCall, lastCallTime: '2026-11-24 10:00:00' }),
  box(3, '一键报警柱00003', {
    state: 'inCall',
    call: record(30, 3, '一键报警柱00003', {
      eventStatus: 9,
      notifyTime: '2026-11-24 09:59:30',
      answeredBy: { userId: 7, name: '值班员甲' },
    }),
  }),
  box(4, '一键报警柱00004', { state: 'offline', online: false }),
];

const tree: CameraTree = [
  {
    projectId: 1,
    projectName: nanshan.projectName,
    areas: [
      {
        areaName: '南山区',
        sites: [
          {
            siteName: '科技园站',
            cameras: [camera, { ...camera, controlCode: 'icc-cam-01', devName: '科技园南门摄像机' }],
          },
        ],
      },
    ],
  },
];

function renderMonitor(
  ui: React.ReactNode,
  {
    answer,
    elements = [],
    path = '/iotcloud/iot/alarmbox/monitorOld',
    current = () => [ringingCall, boxes[2]?.call],
  }: {
    answer?: AnswerAlarm;
    elements?: string[];
    path?: string;
    /** What the current-calls query answers, asked again at each of the page's reads. */
    current?: () => unknown;
  } = {},
) {
  const bound: unknown[] = [];
  const server: FakeServer = {
    [alarmCallEndpoints.boxes.path]: () => page(boxes),
    [alarmCallEndpoints.boxMap.path]: () => ({ list: boxes, total: boxes.length }),
    [alarmCallEndpoints.current.path]: current,
    [alarmCallEndpoints.bindCamera.path]: ({ body }) => {
      bound.push(body);
      return boxes[0];
    },
    [videoEndpoints.cameraTree.path]: () => tree,
    [projectEndpoints.listByUser.path]: () => [nanshan],
    [areaEndpoints.tree.path]: () => [],
  };
  const view = renderWithKit(answer ? <AnswerAlarmContext value={answer}>{ui}</AnswerAlarmContext> : ui, {
    server,
    elements,
    path,
  });
  return { ...view, bound };
}

const rowOf = (name: string) =>
  screen
    .getAllByText(name)
    .map((cell) => cell.closest('tr'))
    .find(Boolean) as HTMLElement;

describe('报警监控（旧版）', () => {
  it('lists the boxes with their states, the ringing one blinking, and the calls ringing or in progress', async () => {
    renderMonitor(<MonitorOldPage />, { answer: () => true });
    await screen.findAllByText('一键报警柱00004');
    for (const state of ['空闲', '呼叫中', '通话中', '离线'])
      expect(screen.getAllByText(state).length).toBeGreaterThan(0);
    expect(rowOf('一键报警柱00002').className).toMatch(/ringing/);
    expect(rowOf('一键报警柱00001').className).not.toMatch(/ringing/);
    const live = screen.getByTestId('live-calls');
    await waitFor(() => expect(within(live).getByTestId('live-call-count').textContent).toBe('2'));
    expect(within(live).getByText('正在呼叫和通话中的报警')).toBeTruthy();
    // The ringing call first, with 接听 and how long it rings; the answered one with its answerer, no 接听.
    const [ringing, talking] = live.querySelectorAll<HTMLElement>('.ant-list-item');
    expect(within(ringing ?? live).getByText('一键报警柱00002')).toBeTruthy();
    expect(within(ringing ?? live).getByText(/^已呼叫 \d+ 秒$/)).toBeTruthy();
    expect(within(ringing ?? live).getByRole('button', { name: /接\s*听/ })).toBeTruthy();
    expect(within(talking ?? live).getByText('一键报警柱00003')).toBeTruthy();
    expect(within(talking ?? live).getByText('接听人：值班员甲')).toBeTruthy();
    expect(within(talking ?? live).queryByRole('button')).toBeNull();
    expect(screen.getAllByText('2026-11-24 10:00:00').length).toBeGreaterThan(0);
  });

  it('answers a ringing call and calls an idle box through the shell; no 呼叫 on a busy or offline box', async () => {
    const answer = vi.fn<AnswerAlarm>(() => true);
    renderMonitor(<MonitorOldPage />, { answer });
    await screen.findAllByText('一键报警柱00004');
    fireEvent.click(within(rowOf('一键报警柱00002')).getByRole('button', { name: '接听' }));
    expect(answer).toHaveBeenLastCalledWith(2, 31);
    fireEvent.click(within(screen.getByTestId('live-calls')).getByRole('button', { name: /接\s*听/ }));
    expect(answer).toHaveBeenLastCalledWith(2, 31);
    fireEvent.click(within(rowOf('一键报警柱00001')).getByRole('button', { name: '呼叫' }));
    expect(answer).toHaveBeenLastCalledWith(1, null);
    expect(within(rowOf('一键报警柱00003')).queryByRole('button', { name: '呼叫' })).toBeNull();
    expect(within(rowOf('一键报警柱00004')).queryByRole('button', { name: '呼叫' })).toBeNull();
    expect(within(rowOf('一键报警柱00001')).queryByRole('button', { name: '绑定摄像机' })).toBeNull();
  });

  it('says so when the page is not in the platform (no receiver to answer)', async () => {
    renderMonitor(<MonitorOldPage />);
    await screen.findAllByText('一键报警柱00004');
    fireEvent.click(within(rowOf('一键报警柱00001')).getByRole('button', { name: '呼叫' }));
    expect(await screen.findByText('请在平台中打开此页面接听')).toBeTruthy();
  });

  it('sends the filters of the address and of the search bar to the request', async () => {
    const { calls } = renderMonitor(<MonitorOldPage />, {
      answer: () => true,
      path: '/iotcloud/iot/alarmbox/monitorOld?projectId=1&state=ringing',
    });
    await screen.findAllByText('一键报警柱00004');
    expect(calls.find((call) => call.path === alarmCallEndpoints.boxes.path)?.body).toMatchObject({
      projectId: 1,
      state: 'ringing',
    });
    const search = screen.getByRole('search');
    fireEvent.change(within(search).getByPlaceholderText('名称、控制码、站点或地址'), {
      target: { value: '科技园' },
    });
    fireEvent.click(within(search).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === alarmCallEndpoints.boxes.path).at(-1)?.body).toMatchObject({
        projectId: 1,
        state: 'ringing',
        keyword: '科技园',
      }),
    );
  });

  it('binds a camera of the box project for holders of monitor_camera', async () => {
    const { bound } = renderMonitor(<MonitorOldPage />, {
      answer: () => true,
      elements: [ALARM_MONITOR_BUTTONS.camera],
    });
    await screen.findAllByText('一键报警柱00004');
    fireEvent.click(within(rowOf('一键报警柱00001')).getByRole('button', { name: '绑定摄像机' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('绑定摄像机：一键报警柱00001')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('科技园南门摄像机 (icc-cam-01)'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bound).toEqual([{ devId: 1, cameraCode: 'icc-cam-01' }]));
  });
});

describe('报警监控', () => {
  it('shows the boxes on the map and in a list, ringing first, and answers from the list', async () => {
    const answer = vi.fn<AnswerAlarm>(() => true);
    renderMonitor(<MonitorPage />, { answer, path: '/iotcloud/iot/alarmbox/monitor' });
    await screen.findAllByText('一键报警柱00004');
    await waitFor(() => expect(screen.getByTestId('map-count').textContent).toBe('地图上 4 个，共 4 个'));
    const names = screen
      .getAllByRole('row')
      .map((row) => row.textContent ?? '')
      .flatMap((text) => /一键报警柱0000\d/.exec(text) ?? []);
    expect(names).toEqual(['一键报警柱00002', '一键报警柱00003', '一键报警柱00001', '一键报警柱00004']);
    fireEvent.click(within(rowOf('一键报警柱00002')).getByRole('button', { name: '接听' }));
    expect(answer).toHaveBeenCalledWith(2, 31);
  });

  it('counts a live call from the press through the answer to the hang-up, as the page reads the calls again', async () => {
    let now: AlarmRecord[] = [];
    renderMonitor(<MonitorPage />, {
      answer: () => true,
      path: '/iotcloud/iot/alarmbox/monitor',
      current: () => now,
    });
    const count = () => within(screen.getByTestId('live-calls')).getByTestId('live-call-count').textContent;
    await waitFor(() => expect(screen.getByText('暂无正在呼叫或通话中的报警')).toBeTruthy());
    expect(count()).toBe('0');
    // Each step shows at the page's next read (every 2 s).
    const next = { timeout: 3 * ALARM_LIVE_MS };
    now = [ringingCall];
    await waitFor(() => expect(count()).toBe('1'), next);
    now = [{ ...ringingCall, eventStatus: 9, answeredBy: { userId: 7, name: '值班员甲' } }];
    await waitFor(() => expect(screen.getByText('接听人：值班员甲')).toBeTruthy(), next);
    expect(count()).toBe('1');
    now = [];
    await waitFor(() => expect(count()).toBe('0'), next);
  });
});

const call = (id: number, extra: Partial<AlarmCallRow> = {}): AlarmCallRow => ({
  ...record(id, 2, '一键报警柱00002', {
    eventStatus: 0,
    notifyTime: '2026-11-24 10:00:05',
    endTime: '2026-11-24 10:01:05',
    answeredBy: { userId: 1, name: '值班员甲' },
    endReason: 'box',
  }),
  ringSeconds: 5,
  talkSeconds: 60,
  ...extra,
});

describe('报警历史', () => {
  function renderHistory(elements: string[] = [], canListBoxes = false) {
    return renderWithKit(<HistoryPage canListBoxes={canListBoxes} />, {
      server: {
        [alarmCallEndpoints.history.path]: () =>
          page([
            call(1),
            call(2, {
              endReason: 'missed',
              answeredBy: null,
              notifyTime: null,
              talkSeconds: null,
              ringSeconds: 180,
              outgoing: false,
              deviceDto: { ...dto(4, '一键报警柱00004'), camera: null },
            }),
            call(3, { outgoing: true, endReason: 'operator' }),
          ]),
        [projectEndpoints.listByUser.path]: () => [nanshan],
        [alarmCallEndpoints.boxes.path]: () => page(boxes),
        [videoEndpoints.hikPlaybackUrls.path]: () => ({
          'hik-cam-01': { url: 'ws://127.0.0.1:1/none', list: [] },
        }),
      },
      elements,
      path: '/iotcloud/iot/alarmbox/history?outcome=answered&endReason=box',
    });
  }

  it('lists calls with who answered, how long, how they ended and their direction; filters go to the request', async () => {
    const { calls } = renderHistory();
    expect((await screen.findAllByText('值班员甲')).length).toBe(2);
    expect(screen.getAllByText('报警柱挂断').length).toBeGreaterThan(0);
    expect(screen.getAllByText('无人接听').length).toBeGreaterThan(0);
    expect(screen.getAllByText('值班员挂断').length).toBeGreaterThan(0);
    expect(screen.getAllByText('呼入').length).toBe(2);
    expect(screen.getAllByText('呼出').length).toBe(1);
    expect(screen.getAllByText('180').length).toBeGreaterThan(0);
    expect(calls.find((entry) => entry.path === alarmCallEndpoints.history.path)?.body).toMatchObject({
      outcome: 'answered',
      endReason: 'box',
    });
    // 录像回放 only where the box has a camera; export only with history_export.
    expect(within(rowOf('一键报警柱00004')).queryByRole('button', { name: '录像回放' })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });

  it('filters by a box chosen from the boxes list, for holders of an answering page only', async () => {
    const { calls } = renderHistory([], true);
    await screen.findAllByText('值班员甲');
    const search = screen.getByRole('search');
    fireEvent.mouseDown(within(search).getByLabelText('报警柱'));
    fireEvent.click(await screen.findByTitle('一键报警柱00003 (080100003)'));
    fireEvent.click(within(search).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(
        calls.filter((entry) => entry.path === alarmCallEndpoints.history.path).at(-1)?.body,
      ).toMatchObject({ devId: 3, outcome: 'answered' }),
    );
  });

  it('offers no box filter without an answering page (its list would be refused)', async () => {
    const { calls } = renderHistory();
    await screen.findAllByText('值班员甲');
    expect(within(screen.getByRole('search')).queryByLabelText('报警柱')).toBeNull();
    expect(calls.some((entry) => entry.path === alarmCallEndpoints.boxes.path)).toBe(false);
  });

  it('offers the export to holders of history_export', async () => {
    renderHistory([ALARM_HISTORY_BUTTONS.export]);
    await screen.findAllByText('值班员甲');
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
  });

  it('plays the box camera from 30 s before the press to 30 s after the end', async () => {
    const { calls } = renderHistory();
    await screen.findAllByText('值班员甲');
    const [first] = screen.getAllByRole('button', { name: '录像回放' });
    if (!first) throw new Error('no 录像回放');
    fireEvent.click(first);
    expect(await screen.findByText('录像回放：一键报警柱00002')).toBeTruthy();
    // The player asks for the recording in the browser's zone; the instants are what count.
    const asked = await waitFor(() => {
      const body = calls.find((entry) => entry.path === videoEndpoints.hikPlaybackUrls.path)?.body as
        { param: { cameraIndexCode: string; beginTime: string; endTime: string }[] } | undefined;
      if (!body) throw new Error('no playback request yet');
      return body.param;
    });
    expect(asked.map((entry) => entry.cameraIndexCode)).toEqual(['hik-cam-01']);
    expect(Date.parse(asked[0]?.beginTime ?? '')).toBe(Date.parse('2026-11-24T09:59:30+08:00'));
    expect(Date.parse(asked[0]?.endTime ?? '')).toBe(Date.parse('2026-11-24T10:01:35+08:00'));
  });
});

describe('how long a call rang', () => {
  it('counts whole seconds from the press in China time, never below zero', () => {
    const pressed = Date.parse('2026-11-24T10:00:00+08:00');
    expect(ringingSeconds('2026-11-24 10:00:00', pressed + 12_900)).toBe(12);
    expect(ringingSeconds('2026-11-24 10:00:00', pressed - 5_000)).toBe(0);
  });
});

describe('the playback window of a call', () => {
  const at = (time: string) => Date.parse(`${time.replace(' ', 'T')}+08:00`);
  it('runs from 30 s before the press to 30 s after the end, or to now while the call goes on', () => {
    const ended = callPlayback(call(1), at('2026-11-24 12:00:00'));
    expect(ended?.startTime).toBe(at('2026-11-24 09:59:30'));
    expect(ended?.endTime).toBe(at('2026-11-24 10:01:35'));
    expect(ended?.controlCode).toBe('hik-cam-01');
    const now = at('2026-11-24 10:00:40');
    expect(callPlayback(call(1, { endTime: null }), now)?.endTime).toBe(now);
    expect(callPlayback(call(2, { deviceDto: { ...dto(4, 'x'), camera: null } }), now)).toBeNull();
  });
});
