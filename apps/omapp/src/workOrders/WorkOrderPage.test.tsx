import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  projectEndpoints,
  StatusCode,
  WORK_ORDER_BUTTONS,
  WORK_ORDER_STATE_NAMES,
  WORK_ORDER_STATES,
  WORK_ORDER_TABS,
  workOrderEndpoints,
  workOrderPhotoFile,
  type WorkOrderAction,
  type WorkOrderDetail,
  type WorkOrderRow,
  type WorkOrderTab,
} from '@cityops/contract';
import { ApiError } from '@cityops/client';
import { renderWithKit, type FakeServer } from '@cityops/crud/testing';
import { initI18n } from '@cityops/ui';
import { photoRefusal } from './PhotoUpload';
import { WorkOrderPage } from './WorkOrderPage';

beforeAll(() => initI18n('zh-CN'));

/** jsdom has no object addresses: each blob gets one that names its bytes, for the test's time. */
const jsdomAddresses = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
afterEach(() => Object.assign(URL, jsdomAddresses));
function stubObjectAddresses() {
  const files = new Map<string, Blob>();
  const createObjectURL = (blob: Blob) => {
    const address = `blob:test/${files.size}`;
    files.set(address, blob);
    return address;
  };
  Object.assign(URL, { createObjectURL, revokeObjectURL: () => undefined });
  return { textAt: (address: string) => files.get(address)?.text() };
}

const order = (orderId: number, extra: Partial<WorkOrderRow> = {}): WorkOrderRow => ({
  orderId,
  orderNo: `GD2026112400${String(orderId).padStart(2, '0')}`,
  title: `井盖倾斜${orderId}`,
  description: '科技园北区井盖倾斜',
  source: 120202,
  level: 'error',
  state: 'processing',
  projectId: 1,
  projectName: '深圳南山智慧路灯示范项目',
  deviceId: 7,
  deviceName: '井盖0007',
  alarmId: 11,
  deviceRecovered: false,
  assigneeId: 5,
  assigneeName: '李师傅',
  creatorName: '系统',
  deadlineAt: '2026-11-24T06:00:00.000Z',
  overdue: false,
  createdAt: '2026-11-24T02:00:00.000Z',
  updatedAt: '2026-11-24T02:00:00.000Z',
  finishedAt: null,
  result: '',
  ...extra,
});

const detailOf = (row: WorkOrderRow, actions: WorkOrderAction[]): WorkOrderDetail => ({
  order: row,
  actions,
  steps: [
    {
      stepId: 1,
      at: '2026-11-24T02:00:00.000Z',
      actor: '系统',
      action: 'create',
      fromState: null,
      toState: 'to_dispatch',
      assigneeName: null,
      note: '',
      photos: [],
    },
    {
      stepId: 2,
      at: '2026-11-24T02:10:00.000Z',
      actor: '王调度',
      action: 'dispatch',
      fromState: 'to_dispatch',
      toState: 'dispatched',
      assigneeName: '李师傅',
      note: '',
      photos: [{ photoId: 31, name: '现场.jpg', size: 2048, contentType: 'image/jpeg' }],
    },
  ],
});

const counts = Object.fromEntries(WORK_ORDER_TABS.map((tab, index) => [tab, 100 + index])) as Record<
  WorkOrderTab,
  number
>;

const refusal = (message: string) =>
  new ApiError('status', message, { status_code: StatusCode.REJECTED, message, data: null });

function render(extra: FakeServer = {}, elements: string[] = []) {
  const rows = [
    order(1, { deviceRecovered: true }),
    order(2, { overdue: true, state: 'dispatched', source: 120201, level: 'tips' }),
  ];
  const server: FakeServer = {
    [workOrderEndpoints.page.path]: () => ({ list: rows, total: rows.length, pageNum: 1, pageSize: 15 }),
    // As the server does: a request its contract refuses gets no counts.
    [workOrderEndpoints.counts.path]: ({ body }) => {
      const asked = workOrderEndpoints.counts.body.safeParse(body);
      if (!asked.success) throw refusal(`参数不合法：${asked.error.issues[0]?.path.join('.') ?? ''}`);
      return counts;
    },
    [projectEndpoints.listByUser.path]: () => [],
    ...extra,
  };
  return renderWithKit(<WorkOrderPage />, { server, path: '/omapp/assets/om/omWorkOrder', elements });
}

/** Opens the drawer of order 1 and answers it once loaded. */
async function openDrawer() {
  fireEvent.click(await screen.findByRole('button', { name: 'GD202611240001' }));
  const drawer = await screen.findByRole('dialog');
  await within(drawer).findByText('处理记录');
  return drawer;
}

/** The dialog a step asks in, by the step's name (its title is 名称 · 工单编号). */
async function stepDialog(name: string) {
  const title = await screen.findByText(new RegExp(`^${name} · GD`));
  const dialog = title.closest<HTMLElement>('[role=dialog], .ant-modal');
  if (!dialog) throw new Error(`no dialog ${name}`);
  return dialog;
}

// Each test renders the whole page in jsdom; on a loaded two-core machine that can pass 20 s.
describe('工单管理', { timeout: 60_000 }, () => {
  it('shows the tabs with their counts, the overdue and recovered tags, and a tab click asks for that tab', async () => {
    const view = render();
    expect(await screen.findByText('井盖倾斜1')).toBeTruthy();
    // Every tab with its badge: 全部 100, 我的工单 101, 已超期 102, 待派发 103, ...
    const names = [
      '全部',
      '我的工单',
      '已超期',
      ...WORK_ORDER_STATES.map((state) => WORK_ORDER_STATE_NAMES[state][0]),
    ];
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.replace(/[\d\s]/g, ''))).toEqual(names);
    for (const [index, name] of names.entries()) {
      const tab = screen.getByRole('tab', { name: new RegExp(`^${name}`) });
      await waitFor(() => expect(tab.textContent).toContain(String(100 + index)));
    }
    expect(screen.getByText('设备已恢复')).toBeTruthy();
    expect(screen.getAllByText('已超期').length).toBeGreaterThan(1);
    expect(screen.getAllByText('告警工单').length).toBeGreaterThan(0);
    expect(screen.getAllByText('2026-11-24 14:00:00').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('tab', { name: /^待审核/ }));
    await waitFor(() =>
      expect(
        view.calls.some(
          (call) =>
            call.path === workOrderEndpoints.page.path && (call.body as { tab: string }).tab === 'reviewing',
        ),
      ).toBe(true),
    );
    expect(view.address()).toContain('tab=reviewing');
    // The badges keep counting every tab for the same filters: no tab and no page in their request.
    const countCalls = view.calls.filter((call) => call.path === workOrderEndpoints.counts.path);
    expect(countCalls.length).toBeGreaterThan(0);
    for (const call of countCalls) expect(call.body).not.toHaveProperty('tab');
    for (const call of countCalls) expect(call.body).not.toHaveProperty('pageSize');
  });

  it('offers the new-order button and export only to holders of their codes', async () => {
    render({}, [WORK_ORDER_BUTTONS.add]);
    expect(await screen.findByRole('button', { name: '新建工单' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull();
  });

  it('the detail offers exactly the actions the server names, and the timeline with its steps', async () => {
    render({
      [workOrderEndpoints.detail.path]: () => detailOf(order(1), ['submit', 'hold', 'reassign']),
    });
    const drawer = await openDrawer();
    const actions = within(drawer).getByLabelText('actions');
    const names = within(actions)
      .getAllByRole('button')
      .map((button) => button.textContent?.replace(/\s/g, ''));
    expect(names).toEqual(['提交审核', '挂起', '改派']);
    expect(within(drawer).getByText(/待派发 → 待接单/)).toBeTruthy();
    expect(within(drawer).getByText(/处理人：李师傅/)).toBeTruthy();
  });

  it("shows a step's photos as thumbnails fetched with the session, and names one it cannot fetch", async () => {
    const addresses = stubObjectAddresses();
    const photo = { photoId: 32, name: '修复后.png', size: 1024, contentType: 'image/png' };
    const detail = detailOf(order(1), []);
    const dispatched = detail.steps[1];
    if (!dispatched) throw new Error('no dispatch step');
    detail.steps.push({ ...dispatched, stepId: 3, photos: [photo] });
    const view = render({
      [workOrderEndpoints.detail.path]: () => detail,
      [workOrderPhotoFile.path]: ({ query }) => {
        if ((query as { id: number }).id === 32) throw refusal('照片不存在');
        return `photo ${(query as { id: number }).id}`;
      },
    });
    const drawer = await openDrawer();
    const image = await within(drawer).findByRole('img', { name: '现场.jpg' });
    expect(await addresses.textAt(image.getAttribute('src') ?? '')).toBe('photo 31');
    expect(await within(drawer).findByText('修复后.png')).toBeTruthy();
    expect(within(drawer).queryByRole('img', { name: '修复后.png' })).toBeNull();
    expect(
      view.calls.filter((call) => call.path === workOrderPhotoFile.path).map((call) => call.query),
    ).toEqual([{ id: 31 }, { id: 32 }]);
  });

  it('refuses a rejection without a reason in the form and sends none', async () => {
    const view = render({
      [workOrderEndpoints.detail.path]: () =>
        detailOf(order(1, { state: 'reviewing' }), ['approve', 'reject']),
      [workOrderEndpoints.act.path]: () => detailOf(order(1), []),
    });
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: '驳回' }));
    const dialog = await stepDialog('驳回');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入原因')).toBeTruthy();
    expect(view.calls.some((call) => call.path === workOrderEndpoints.act.path)).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '照片不清楚' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(view.calls.find((call) => call.path === workOrderEndpoints.act.path)?.body).toEqual({
        orderId: 1,
        action: 'reject',
        assigneeId: null,
        note: '照片不清楚',
        photoIds: [],
      }),
    );
  });

  it('a submit uploads the photos and sends the result with their ids', async () => {
    let nextPhoto = 40;
    const view = render({
      [workOrderEndpoints.detail.path]: () => detailOf(order(1), ['submit']),
      [workOrderEndpoints.photo.path]: ({ body }) => {
        const file = (body as { file: { name: string; size: number } }).file;
        nextPhoto += 1;
        return { photoId: nextPhoto, name: file.name, size: file.size, contentType: 'image/jpeg' };
      },
      [workOrderEndpoints.act.path]: () => detailOf(order(1, { state: 'reviewing' }), []),
    });
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: '提交审核' }));
    const dialog = await stepDialog('提交审核');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '已扶正井盖' } });
    const input = dialog.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, {
      target: {
        files: [
          new File(['a'], '扶正前.jpg', { type: 'image/jpeg' }),
          new File(['b'], '扶正后.png', { type: 'image/png' }),
          new File(['c'], '说明.pdf', { type: 'application/pdf' }),
        ],
      },
    });
    await waitFor(() =>
      expect(view.calls.filter((call) => call.path === workOrderEndpoints.photo.path)).toHaveLength(2),
    );
    await within(dialog).findByText('扶正后.png');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(view.calls.find((call) => call.path === workOrderEndpoints.act.path)?.body).toEqual({
        orderId: 1,
        action: 'submit',
        assigneeId: null,
        note: '已扶正井盖',
        photoIds: [41, 42],
      }),
    );
  });

  it('a refused step shows the server message and reloads the detail', async () => {
    let detailCalls = 0;
    const message = '工单当前为「已接单」，不能接单（可能已被他人处理），请刷新';
    render({
      [workOrderEndpoints.detail.path]: () => {
        detailCalls += 1;
        return detailCalls === 1
          ? detailOf(order(1, { state: 'dispatched' }), ['accept', 'refuse'])
          : detailOf(order(1, { state: 'accepted' }), []);
      },
      [workOrderEndpoints.act.path]: () => {
        throw refusal(message);
      },
    });
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: '接单' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(drawer).findByText(message)).toBeTruthy();
    await waitFor(() => expect(detailCalls).toBeGreaterThan(1));
    expect(await within(drawer).findByText('您当前不能对此工单操作')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: '接单' })).toBeNull();
  });

  it('creates an order by hand, dispatched at once when the user may dispatch', async () => {
    const view = render(
      {
        [projectEndpoints.listByUser.path]: () => [
          { projectId: 1, projectName: '深圳南山智慧路灯示范项目', longitude: 0, latitude: 0, polygon: [] },
        ],
        [workOrderEndpoints.assignees.path]: () => [{ userId: 5, name: '李师傅', account: 'li' }],
        [workOrderEndpoints.devices.path]: () => [
          {
            deviceId: 9,
            name: '一号灯',
            deviceKey: 'lamp-1',
            controlCode: null,
            projectName: '深圳南山智慧路灯示范项目',
          },
        ],
        [workOrderEndpoints.create.path]: () => order(3, { state: 'dispatched', source: 120201 }),
      },
      [WORK_ORDER_BUTTONS.add, WORK_ORDER_BUTTONS.dispatch],
    );
    fireEvent.click(await screen.findByRole('button', { name: '新建工单' }));
    const dialog = await screen.findByRole('form', { name: '新建工单' });
    const field = (id: string) => {
      // By its form name, as iotcloud's dialogField finds it (the search bar has a `level` too).
      const input = [...dialog.querySelectorAll<HTMLElement>('input, textarea')].find(
        (item) => item.id === id,
      );
      if (!input) throw new Error(`no field ${id}`);
      return input;
    };
    const choose = async (id: string, title: string) => {
      fireEvent.mouseDown(field(id));
      fireEvent.click(await screen.findByTitle(title));
    };
    fireEvent.change(field('title'), { target: { value: '路灯不亮' } });
    await choose('projectId', '深圳南山智慧路灯示范项目');
    await choose('deviceId', '一号灯（lamp-1）· 深圳南山智慧路灯示范项目');
    await choose('assigneeId', '李师傅（li）');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(view.calls.find((call) => call.path === workOrderEndpoints.create.path)?.body).toEqual({
        title: '路灯不亮',
        description: '',
        level: 'common',
        projectId: 1,
        deviceId: 9,
        assigneeId: 5,
        photoIds: [],
      }),
    );
    expect(view.calls.find((call) => call.path === workOrderEndpoints.assignees.path)?.query).toEqual({
      projectId: 1,
    });
    // The device picker asked for the chosen project's devices only, and not again for the one picked.
    expect(
      view.calls.filter((call) => call.path === workOrderEndpoints.devices.path).map((call) => call.query),
    ).toEqual([expect.objectContaining({ projectId: 1 })]);
  });

  it('checks a photo before it is sent: type, 20M and at most 9', () => {
    expect(photoRefusal({ type: 'image/gif', size: 10 }, 0)).toBe('照片须为JPG、PNG或WebP图片');
    expect(photoRefusal({ type: 'image/jpeg', size: 20 * 1024 * 1024 + 1 }, 0)).toBe('照片不能超过20M');
    expect(photoRefusal({ type: 'image/webp', size: 20 * 1024 * 1024 }, 8)).toBeNull();
    expect(photoRefusal({ type: 'image/png', size: 10 }, 9)).toBe('最多上传9张照片');
  });
});
