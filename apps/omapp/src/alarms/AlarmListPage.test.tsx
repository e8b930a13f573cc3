import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALARM_HISTORY_PAGE_BUTTONS,
  ALARM_PAGE_BUTTONS,
  COOKIE_TOKEN,
  areaEndpoints,
  projectEndpoints,
  WARNING_BUTTONS,
  alarmEndpoints,
  warningEndpoints,
  workOrderEndpoints,
  type AlarmEvent,
  type AlarmRow,
  type HandleAlarms,
  type HandleResult,
} from '@cityops/contract';
import { alarmRow, FakeWebSocket, renderWithKit, type FakeServer } from '@cityops/crud/testing';
import { initI18n } from '@cityops/ui';
import { AlarmListPage } from './AlarmListPage';
import { resetAlarmSound, soundSettingKey } from './sound';

beforeAll(() => initI18n('zh-CN'));
// A list page with a table, dialogs and a drawer in jsdom: slow on a loaded two-core machine.
vi.setConfig({ testTimeout: 60_000 });

const page = <Row,>(list: Row[]) => ({ list, total: list.length, pageNum: 1, pageSize: 15 });

const alarm = (alarmId: number, deviceName: string, extra: Partial<AlarmRow> = {}) =>
  alarmRow(alarmId, { deviceName, ...extra });

const waiting = alarm(1, '井盖0001');
const ordered = alarm(2, '井盖0002', {
  level: 'common',
  state: 'work_order',
  recoveredAt: '2026-11-24T03:00:00.000Z',
  workOrderId: 9,
  workOrderNo: 'WO202611240001',
});
const confirmed = alarm(3, '井盖0003', { level: 'tips', state: 'confirmed' });

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
// Buttons by their text, not by role: role queries over an antd table are very slow in jsdom.
const buttonsOf = (name: string) =>
  [...rowOf(name).querySelectorAll('button')].map((button) => button.textContent);
const rowButton = (name: string, label: string) => {
  const button = [...rowOf(name).querySelectorAll('button')].find(
    (candidate) => candidate.textContent === label,
  );
  if (!button) throw new Error(`no ${label} on ${name}`);
  return button;
};
const toolButton = (label: string) => screen.getByText(label).closest('button') as HTMLElement;
const handleCalls = (view: { calls: { path: string; body?: unknown }[] }) =>
  view.calls
    .filter((call) => call.path === alarmEndpoints.handle.path)
    .map((call) => call.body as HandleAlarms);

function openList(server: Partial<FakeServer> = {}, elements: string[] = [ALARM_PAGE_BUTTONS.handle]) {
  return renderWithKit(<AlarmListPage kind="alarm" list="open" />, {
    server: {
      [alarmEndpoints.page.path]: () => page([waiting, ordered, confirmed]),
      [workOrderEndpoints.assignees.path]: () => [{ userId: 5, name: '李师傅', account: 'li' }],
      ...server,
    } as FakeServer,
    elements,
  });
}

describe('告警列表', () => {
  it('lists alarms with §4 level and state names, the recovered mark, the order number and China time', async () => {
    openList();
    expect(await screen.findByText('井盖0001')).toBeTruthy();
    expect(within(rowOf('井盖0001')).getByText('重要')).toBeTruthy();
    expect(within(rowOf('井盖0001')).getByText('待处理')).toBeTruthy();
    expect(within(rowOf('井盖0001')).getByText('智能井盖')).toBeTruthy();
    expect(within(rowOf('井盖0001')).getByText('2026-11-24 10:00:00')).toBeTruthy();
    const second = rowOf('井盖0002');
    expect(within(second).getByText('一般')).toBeTruthy();
    expect(within(second).getByText('转工单')).toBeTruthy();
    expect(within(second).getByText('已恢复')).toBeTruthy();
    expect(within(second).getByText('WO202611240001')).toBeTruthy();
    expect(within(rowOf('井盖0003')).getByText('提示')).toBeTruthy();
    expect(within(rowOf('井盖0003')).getByText('已确认')).toBeTruthy();
    expect(within(rowOf('井盖0001')).queryByText('已恢复')).toBeNull();
  });

  it('filters by an area of the chosen project, kept in the address', async () => {
    const area = (areaId: number, name: string) => ({
      areaId,
      projectId: 1,
      parentId: null,
      name,
      type: 'areanode' as const,
      polygon: [],
      remarks: '',
      sortNum: areaId,
      editor: 'admin',
      createdAt: '2026-11-24T02:00:00.000Z',
      updatedAt: '2026-11-24T02:00:00.000Z',
      children: [],
    });
    const view = renderWithKit(<AlarmListPage kind="alarm" list="open" />, {
      server: {
        [alarmEndpoints.page.path]: () => page([waiting]),
        [projectEndpoints.listByUser.path]: () => [
          { projectId: 1, projectName: '深圳南山智慧路灯示范项目', longitude: 0, latitude: 0, polygon: [] },
        ],
        [areaEndpoints.tree.path]: () => [area(11, '科技园北区'), area(12, '科技园南区')],
      },
      path: '/list?projectId=1&areaId=11',
    });
    expect(await screen.findByText('井盖0001')).toBeTruthy();
    expect(await screen.findByText('科技园北区')).toBeTruthy();
    const asked = view.calls.filter((call) => call.path === alarmEndpoints.page.path).at(-1);
    expect(asked?.body).toMatchObject({ projectId: 1, areaId: 11 });
    expect(view.calls.find((call) => call.path === areaEndpoints.tree.path)?.query).toEqual({ projectId: 1 });
  });

  it('offers an action only from the states that allow it', async () => {
    openList();
    expect(await screen.findByText('井盖0001')).toBeTruthy();
    expect(buttonsOf('井盖0001')).toEqual(['详情', '确认', '转工单', '转无效']);
    expect(buttonsOf('井盖0003')).toEqual(['详情', '转工单', '转无效']);
    expect(buttonsOf('井盖0002')).toEqual(['详情']);
    expect(toolButton('批量确认')).toBeTruthy();
  });

  it('offers no action, no batch and no selection without the handle button', async () => {
    openList({}, []);
    expect(await screen.findByText('井盖0001')).toBeTruthy();
    expect(buttonsOf('井盖0001')).toEqual(['详情']);
    expect(screen.queryByText('批量确认')).toBeNull();
    expect(document.querySelectorAll('input[type="checkbox"]')).toHaveLength(0);
  });

  it('确认 asks, sends the one alarm and reads the list again', async () => {
    let state: AlarmRow['state'] = 'waiting';
    const view = openList({
      [alarmEndpoints.page.path]: () => page([{ ...waiting, state }]),
      [alarmEndpoints.handle.path]: (): HandleResult => {
        state = 'confirmed';
        return { done: [{ ...waiting, state }], refused: [] };
      },
    });
    expect(await screen.findByText('井盖0001')).toBeTruthy();
    fireEvent.click(rowButton('井盖0001', '确认'));
    expect(await screen.findByText('确认告警“井盖0001”吗？')).toBeTruthy();
    expect(screen.queryByText(/确定确认/)).toBeNull();
    fireEvent.click(await screen.findByText('确定'));
    expect(await screen.findByText('已确认')).toBeTruthy();
    expect(handleCalls(view)).toEqual([{ alarmIds: [1], action: 'confirmed' }]);
  });

  it('转无效 refuses an empty reason, then sends the reason given', async () => {
    const view = openList({
      [alarmEndpoints.handle.path]: (): HandleResult => ({
        done: [{ ...waiting, state: 'invalid' }],
        refused: [],
      }),
    });
    expect(await screen.findByText('井盖0001')).toBeTruthy();
    fireEvent.click(rowButton('井盖0001', '转无效'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入无效原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('无效原因'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入无效原因')).toBeTruthy();
    expect(handleCalls(view)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('无效原因'), { target: { value: '施工误触' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(handleCalls(view)).toHaveLength(1));
    expect(handleCalls(view)[0]).toMatchObject({ alarmIds: [1], action: 'invalid', reason: '施工误触' });
  });

  it('转工单 offers the people of the alarm’s project and sends the one chosen', async () => {
    const view = openList({
      [alarmEndpoints.handle.path]: (): HandleResult => ({
        done: [{ ...waiting, state: 'work_order' }],
        refused: [],
      }),
    });
    expect(await screen.findByText('井盖0001')).toBeTruthy();
    fireEvent.click(rowButton('井盖0001', '转工单'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('李师傅（li）'));
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: '尽快处理' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(handleCalls(view)).toHaveLength(1));
    expect(handleCalls(view)[0]).toMatchObject({
      alarmIds: [1],
      action: 'work_order',
      assigneeId: 5,
      comment: '尽快处理',
    });
    const asked = view.calls.find((call) => call.path === workOrderEndpoints.assignees.path);
    expect(asked?.query).toEqual({ projectId: 1 });
  });

  it('a batch shows how many were handled and the reason of each refused alarm', async () => {
    const view = openList({
      [alarmEndpoints.handle.path]: (): HandleResult => ({
        done: [{ ...waiting, state: 'confirmed' }],
        refused: [{ alarmId: 3, reason: '告警当前为「已确认」，不能确认（可能已被他人处理），请刷新列表' }],
      }),
    });
    expect(await screen.findByText('井盖0001')).toBeTruthy();
    fireEvent.click(rowOf('井盖0001').querySelector('input[type="checkbox"]') as HTMLElement);
    fireEvent.click(rowOf('井盖0003').querySelector('input[type="checkbox"]') as HTMLElement);
    fireEvent.click(toolButton('批量确认'));
    expect(await screen.findByText('确认选中的2条告警吗？')).toBeTruthy();
    fireEvent.click(screen.getByText('确定'));
    const refused = await screen.findByLabelText('以下告警未处理');
    expect(within(refused).getByText(/告警 3（井盖0003）：告警当前为「已确认」，不能确认/)).toBeTruthy();
    expect(screen.getAllByText('1条已处理，1条未处理').length).toBeGreaterThan(0);
    expect(handleCalls(view)).toEqual([{ alarmIds: [1, 3], action: 'confirmed' }]);
  });
});

/** A stand-in for the browser's WebAudio: counts the beeps started, at which pitch. */
class FakeAudioContext {
  static beeps: number[] = [];
  state = 'running';
  currentTime = 0;
  destination = {};
  createOscillator() {
    const oscillator = {
      type: 'sine',
      frequency: { value: 0 },
      connect: () => undefined,
      start: () => FakeAudioContext.beeps.push(oscillator.frequency.value),
      stop: () => undefined,
    };
    return oscillator;
  }
  createGain() {
    return {
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
      connect: () => undefined,
    };
  }
  resume() {
    return Promise.resolve();
  }
}

describe('告警列表 live', () => {
  beforeEach(() => {
    FakeAudioContext.beeps = [];
    resetAlarmSound();
    vi.stubGlobal('AudioContext', FakeAudioContext);
    localStorage.removeItem(soundSettingKey('alarm'));
    document.cookie = `${COOKIE_TOKEN}=tok-alarms; path=/`;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The server has one alarm, then a second one is raised. */
  async function raiseOne() {
    const rows = [waiting];
    const view = openList({ [alarmEndpoints.page.path]: () => page([...rows]) });
    expect(await screen.findByText('井盖0001')).toBeTruthy();
    await waitFor(() => expect(FakeWebSocket.made).toHaveLength(1));
    const socket = FakeWebSocket.made[0] as FakeWebSocket;
    expect(socket.url).toMatch(/\/push\/alarms$/);
    act(() => socket.open());
    expect(socket.sent).toEqual([{ accessToken: 'tok-alarms' }]);
    act(() => socket.receive({ type: 'ready' }));
    expect(await screen.findByText('实时推送已连接')).toBeTruthy();
    rows.push(alarm(7, '井盖0007'));
    return { view, socket };
  }

  it('a raised alarm appears without a reload and sounds three high beeps for 重要', async () => {
    const { socket } = await raiseOne();
    // Another kind's alarm is not this list's.
    act(() =>
      socket.receive({
        type: 'raised',
        alarmId: 8,
        kind: 'warning',
        level: 'error',
        title: '水位上涨',
        titleEn: 'Water rising',
        deviceName: 'x',
      }),
    );
    act(() =>
      socket.receive({
        type: 'raised',
        alarmId: 7,
        kind: 'alarm',
        level: 'error',
        title: '井盖倾斜',
        titleEn: 'Cover tilted',
        deviceName: '井盖0007',
      }),
    );
    expect(await screen.findByText('井盖0007')).toBeTruthy();
    expect(FakeAudioContext.beeps).toHaveLength(3);
    expect(new Set(FakeAudioContext.beeps).size).toBe(1);
    const [high] = FakeAudioContext.beeps;

    act(() =>
      socket.receive({
        type: 'raised',
        alarmId: 9,
        kind: 'alarm',
        level: 'tips',
        title: '电量低',
        titleEn: 'Battery low',
        deviceName: 'y',
      }),
    );
    expect(FakeAudioContext.beeps).toHaveLength(4);
    expect(FakeAudioContext.beeps[3]).toBeLessThan(high ?? 0);
  });

  it('a changed frame of its kind reads the list again; one of the other kind does not', async () => {
    const { view, socket } = await raiseOne();
    const reads = () => view.calls.filter((call) => call.path === alarmEndpoints.page.path).length;
    const before = reads();
    act(() => socket.receive({ type: 'changed', kind: 'warning', alarmIds: [8] }));
    act(() => socket.receive({ type: 'changed', kind: 'alarm', alarmIds: [1, 7] }));
    expect(await screen.findByText('井盖0007')).toBeTruthy();
    expect(reads()).toBe(before + 1);
    // A change is no new alarm: nothing sounds.
    expect(FakeAudioContext.beeps).toHaveLength(0);
  });

  it('stays silent when 声音提醒 is switched off, and remembers it', async () => {
    const { socket } = await raiseOne();
    fireEvent.click(screen.getByLabelText('声音提醒'));
    expect(localStorage.getItem(soundSettingKey('alarm'))).toBe('off');
    act(() =>
      socket.receive({
        type: 'raised',
        alarmId: 7,
        kind: 'alarm',
        level: 'common',
        title: '井盖倾斜',
        titleEn: 'Cover tilted',
        deviceName: '井盖0007',
      }),
    );
    expect(await screen.findByText('井盖0007')).toBeTruthy();
    expect(FakeAudioContext.beeps).toHaveLength(0);
  });
});

describe('历史告警', () => {
  it('shows how long each alarm lasted, with no actions and no selection', async () => {
    renderWithKit(<AlarmListPage kind="alarm" list="closed" />, {
      server: {
        [alarmEndpoints.history.path]: () =>
          page([
            alarm(4, '井盖0004', {
              state: 'finish',
              firstAt: '2026-11-24T02:00:00.000Z',
              closedAt: '2026-11-25T05:30:00.000Z',
              workOrderNo: 'WO202611240002',
            }),
            alarm(5, '井盖0005', {
              state: 'auto_recover',
              firstAt: '2026-11-24T02:00:00.000Z',
              closedAt: '2026-11-24T02:00:42.000Z',
            }),
          ]),
      },
      elements: [ALARM_PAGE_BUTTONS.handle, ALARM_HISTORY_PAGE_BUTTONS.export],
    });
    expect(await screen.findByText('井盖0004')).toBeTruthy();
    expect(within(rowOf('井盖0004')).getByText('1天3小时30分')).toBeTruthy();
    expect(within(rowOf('井盖0004')).getByText('处理完成')).toBeTruthy();
    expect(within(rowOf('井盖0005')).getByText('42秒')).toBeTruthy();
    expect(within(rowOf('井盖0005')).getByText('自动恢复')).toBeTruthy();
    expect(buttonsOf('井盖0004')).toEqual(['详情']);
    expect(document.querySelectorAll('input[type="checkbox"]')).toHaveLength(0);
    expect(screen.getByText('导出')).toBeTruthy();
    expect(screen.queryByLabelText('声音提醒')).toBeNull();
  });
});

describe('历史告警 export', () => {
  it('exports what the search shows, without the paging, to the closed list’s export', async () => {
    const view = renderWithKit(<AlarmListPage kind="alarm" list="closed" />, {
      server: { [alarmEndpoints.history.path]: () => page([alarm(4, '井盖0004', { state: 'finish' })]) },
      path: '/list?level=error&keyword=井盖&pageNum=2',
      elements: [ALARM_HISTORY_PAGE_BUTTONS.export],
    });
    expect(await screen.findByText('井盖0004')).toBeTruthy();
    fireEvent.click(toolButton('导出'));
    await waitFor(() =>
      expect(view.calls.map((call) => call.path)).toContain(alarmEndpoints.historyExport.path),
    );
    const exported = view.calls.find((call) => call.path === alarmEndpoints.historyExport.path);
    expect(exported?.body).toMatchObject({ level: 'error', keyword: '井盖' });
    expect(exported?.body).not.toHaveProperty('pageNum');
    expect(exported?.body).not.toHaveProperty('pageSize');
  });

  it('offers no export without the export button', async () => {
    renderWithKit(<AlarmListPage kind="alarm" list="closed" />, {
      server: { [alarmEndpoints.history.path]: () => page([alarm(4, '井盖0004', { state: 'finish' })]) },
    });
    expect(await screen.findByText('井盖0004')).toBeTruthy();
    expect(screen.queryByText('导出')).toBeNull();
  });
});

describe('预警信息 and 历史预警', () => {
  const rising = alarm(21, '水位计0021', { kind: 'warning', title: '水位上涨趋势' });

  it('reads and handles early warnings through their own endpoints and buttons, named 预警类型', async () => {
    const view = renderWithKit(<AlarmListPage kind="warning" list="open" />, {
      server: {
        [warningEndpoints.page.path]: () => page([rising]),
        [warningEndpoints.handle.path]: (): HandleResult => ({
          done: [{ ...rising, state: 'confirmed' }],
          refused: [],
        }),
      },
      elements: [WARNING_BUTTONS.handle, WARNING_BUTTONS.export],
    });
    expect(await screen.findByText('水位计0021')).toBeTruthy();
    expect(screen.getAllByText('预警类型').length).toBeGreaterThan(0);
    expect(screen.queryByText('告警类型')).toBeNull();
    expect(buttonsOf('水位计0021')).toEqual(['详情', '确认', '转工单', '转无效']);
    fireEvent.click(rowButton('水位计0021', '确认'));
    fireEvent.click(await screen.findByText('确定'));
    await waitFor(() =>
      expect(view.calls.filter((call) => call.path === warningEndpoints.handle.path)).toHaveLength(1),
    );
    expect(view.calls.find((call) => call.path === warningEndpoints.handle.path)?.body).toEqual({
      alarmIds: [21],
      action: 'confirmed',
    });
    fireEvent.click(toolButton('导出'));
    await waitFor(() => expect(view.calls.map((call) => call.path)).toContain(warningEndpoints.export.path));
    expect(view.calls.some((call) => call.path.startsWith('/om/alarm'))).toBe(false);
  });

  it('the alarm page’s buttons do not handle early warnings', async () => {
    renderWithKit(<AlarmListPage kind="warning" list="open" />, {
      server: { [warningEndpoints.page.path]: () => page([rising]) },
      elements: [ALARM_PAGE_BUTTONS.handle],
    });
    expect(await screen.findByText('水位计0021')).toBeTruthy();
    expect(buttonsOf('水位计0021')).toEqual(['详情']);
  });

  it('历史预警 reads the closed warnings with their durations', async () => {
    renderWithKit(<AlarmListPage kind="warning" list="closed" />, {
      server: {
        [warningEndpoints.history.path]: () =>
          page([
            {
              ...rising,
              state: 'auto_recover',
              firstAt: '2026-11-24T02:00:00.000Z',
              closedAt: '2026-11-24T02:05:00.000Z',
            },
          ]),
      },
    });
    expect(await screen.findByText('水位计0021')).toBeTruthy();
    expect(within(rowOf('水位计0021')).getByText('5分')).toBeTruthy();
    expect(within(rowOf('水位计0021')).getByText('自动恢复')).toBeTruthy();
  });
});

describe('告警详情', () => {
  it('shows the alarm, its timeline with who and why, the linked order, and adds a comment', async () => {
    const events: AlarmEvent[] = [
      {
        eventId: 1,
        at: '2026-11-24T02:00:00.000Z',
        actor: null,
        action: 'raised' as const,
        fromState: null,
        toState: 'waiting' as const,
        reason: '',
        comment: '',
      },
      {
        eventId: 2,
        at: '2026-11-24T02:10:00.000Z',
        actor: '张三',
        action: 'moved' as const,
        fromState: 'waiting' as const,
        toState: 'work_order' as const,
        reason: '',
        comment: '现场查看',
      },
    ];
    const view = openList({
      [alarmEndpoints.detail.path]: () => ({
        alarm: ordered,
        events: [...events],
        occurrences: [{ at: '2026-11-24T02:00:00.000Z', value: null }],
        telemetry: null,
        workOrder: { orderId: 9, orderNo: 'WO202611240001', state: 'accepted', assignee: '李师傅' },
      }),
      [alarmEndpoints.comment.path]: ({ body }) => {
        const event: AlarmEvent = {
          eventId: 3,
          at: '2026-11-24T02:20:00.000Z',
          actor: 'admin',
          action: 'comment',
          fromState: null,
          toState: null,
          reason: '',
          comment: (body as { comment: string }).comment,
        };
        events.push(event);
        return event;
      },
    });
    expect(await screen.findByText('井盖0002')).toBeTruthy();
    fireEvent.click(rowButton('井盖0002', '详情'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('待处理 → 转工单')).toBeTruthy();
    expect(within(drawer).getByText(/张三/)).toBeTruthy();
    expect(within(drawer).getByText('备注：现场查看')).toBeTruthy();
    expect(within(drawer).getAllByText('WO202611240001').length).toBeGreaterThan(0);
    expect(within(drawer).getByText('李师傅')).toBeTruthy();
    expect(within(drawer).getByText('此告警没有数值数据')).toBeTruthy();

    fireEvent.change(within(drawer).getByLabelText('添加备注'), { target: { value: '已通知维修' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '添加备注' }));
    expect(await within(drawer).findByText('备注：已通知维修')).toBeTruthy();
    expect(view.calls.find((call) => call.path === alarmEndpoints.comment.path)?.body).toEqual({
      alarmId: 2,
      comment: '已通知维修',
    });
  });
});
