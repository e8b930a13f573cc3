import {
  API_PREFIX,
  HEADER_ACCESS_TOKEN,
  MSG_PAGE_CODE,
  WORK_ORDER_ACTIONS,
  WORK_ORDER_ACTION_CODES,
  WORK_ORDER_BUTTONS,
  WORK_ORDER_PAGE,
  WORK_ORDER_PHOTO_MAX_BYTES,
  WORK_ORDER_STATES,
  WORK_ORDER_STATE_NAMES,
  WORK_ORDER_TABS,
  XLSX_CONTENT_TYPE,
  canActOnOrder,
  projectManageEndpoints,
  workOrderEndpoints as api,
  workOrderExport,
  workOrderPhotoFile,
  type ActOnWorkOrder,
  type CreateWorkOrder,
  type WorkOrderState,
} from '@cityops/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEvents, messages, workOrderPhotos, workOrders } from '../../db/schema.js';
import { BOUNDARY, form } from '../../test/multipart.js';
import { insertDevice, insertProduct, SENSOR_FUNCTIONS } from '../../test/iotDevices.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { sheetRows } from '../../test/xlsx.js';

let t: TestApp;
let admin: string;
let projectId: number;
let otherProjectId: number;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

const PEOPLE = {
  dispatcher: [WORK_ORDER_BUTTONS.add, WORK_ORDER_BUTTONS.dispatch],
  worker: [],
  worker2: [],
  reviewer: [WORK_ORDER_BUTTONS.review],
  closer: [WORK_ORDER_BUTTONS.close],
  /** Every role but the assignee's: the table test's actor. */
  boss: [
    WORK_ORDER_BUTTONS.add,
    WORK_ORDER_BUTTONS.dispatch,
    WORK_ORDER_BUTTONS.review,
    WORK_ORDER_BUTTONS.close,
  ],
  outsider: [
    WORK_ORDER_BUTTONS.add,
    WORK_ORDER_BUTTONS.dispatch,
    WORK_ORDER_BUTTONS.review,
    WORK_ORDER_BUTTONS.close,
  ],
  /** In the project but without omWorkOrder: never an assignee. */
  stranger: [],
} as const;

const refused = (message: string) => ({ status_code: 10001, message, data: null });

async function project(projectName: string, userIds: number[]) {
  const answer = await t.api(projectManageEndpoints.create, { token: admin, body: { projectName, userIds } });
  if (!answer.data) throw new Error(answer.message);
  return answer.data.projectId;
}

async function create(body: Partial<CreateWorkOrder> = {}, token = tokens.dispatcher) {
  const answer = await t.api(api.create, {
    token,
    body: { title: '更换灯具', level: 'common', projectId, ...body } as CreateWorkOrder,
  });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

const act = (token: string | undefined, body: ActOnWorkOrder) => t.api(api.act, { token, body });

async function must(token: string | undefined, body: ActOnWorkOrder) {
  const answer = await act(token, body);
  if (answer.status_code !== 1 || !answer.data) throw new Error(`${body.action}: ${answer.message}`);
  return answer.data;
}

async function upload(token: string, bytes: Buffer, name = 'photo.bin') {
  const answer = await t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}${api.photo.path}`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, [HEADER_ACCESS_TOKEN]: token },
    payload: form({}, { name, bytes }),
  });
  return answer.json<{
    status_code: number;
    message: string;
    data: { photoId: number; contentType: string } | null;
  }>();
}

async function photoId(token: string, bytes = PNG) {
  const answer = await upload(token, bytes);
  if (!answer.data) throw new Error(answer.message);
  return answer.data.photoId;
}

/** Moves the clock, then signs everyone in again (sessions end while idle). */
async function advance(minutes: number) {
  t.clock.advanceMinutes(minutes);
  admin = await t.token('admin', 'Admin@123');
  for (const name of Object.keys(PEOPLE)) tokens[name] = await t.token(`wo_${name}`, 'Worker@123');
}

const setState = (orderId: number, state: WorkOrderState, assigneeId: number | null) =>
  t.handle.db
    .update(workOrders)
    .set({ state, assigneeId, heldFrom: state === 'on_hold' ? 'processing' : null, finishedAt: null })
    .where(eq(workOrders.id, orderId));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  for (const [name, codes] of Object.entries(PEOPLE)) {
    const held = name === 'stranger' ? [MSG_PAGE_CODE] : [WORK_ORDER_PAGE, MSG_PAGE_CODE, ...codes];
    ids[name] = await t.createUser(`wo_${name}`, 'Worker@123', held);
    tokens[name] = await t.token(`wo_${name}`, 'Worker@123');
  }
  const members = ['dispatcher', 'worker', 'worker2', 'reviewer', 'closer', 'boss', 'stranger'];
  projectId = await project(
    '工单-项目',
    members.map((name) => ids[name] ?? 0),
  );
  otherProjectId = await project('工单-别的项目', [ids.outsider ?? 0]);
});
afterAll(() => t.close());

describe('work orders', () => {
  it('numbers orders GD + China date + 4 digits, distinct under concurrency', async () => {
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => create({ title: `并发${i}` })));
    const numbers = made.map((row) => row.orderNo).sort();
    expect(new Set(numbers).size).toBe(12);
    for (const number of numbers) expect(number).toMatch(/^GD20260601\d{4}$/u);
    expect(made[0]).toMatchObject({
      state: 'to_dispatch',
      source: 120201,
      creatorName: 'wo_dispatcher',
      deadlineAt: '2026-06-02T08:00:00.000Z',
      overdue: false,
      assigneeId: null,
    });
  });

  it('goes through the whole flow with a timeline, each user offered only their actions', async () => {
    const order = await create({ level: 'error', assigneeId: ids.worker ?? 0, description: '1号灯不亮' });
    expect(order).toMatchObject({ state: 'dispatched', assigneeName: 'wo_worker' });
    const detail = (token: string) => t.api(api.detail, { token, params: { id: order.orderId } });
    expect((await detail(tokens.worker ?? '')).data?.actions).toEqual(['refuse', 'accept']);
    expect((await detail(tokens.dispatcher ?? '')).data?.actions).toEqual(['reassign']);
    expect((await detail(tokens.closer ?? '')).data?.actions).toEqual(['cancel']);
    expect((await detail(tokens.worker2 ?? '')).data?.actions).toEqual([]);

    const orderId = order.orderId;
    await must(tokens.worker, { orderId, action: 'accept' });
    await must(tokens.worker, { orderId, action: 'start' });
    await must(tokens.dispatcher, { orderId, action: 'hold', note: '等待备件' });
    const resumed = await must(tokens.worker, { orderId, action: 'resume' });
    expect(resumed.order.state).toBe('processing');
    const photo = await photoId(tokens.worker ?? '', JPEG);
    const submitted = await must(tokens.worker, {
      orderId,
      action: 'submit',
      note: '已更换灯具',
      photoIds: [photo],
    });
    expect(submitted.order).toMatchObject({ state: 'reviewing', result: '已更换灯具' });
    expect(submitted.actions).toEqual([]);
    await must(tokens.reviewer, { orderId, action: 'reject', note: '照片不清楚' });
    await must(tokens.worker, { orderId, action: 'submit', note: '重新拍照' });
    const done = await must(tokens.reviewer, { orderId, action: 'approve' });
    expect(done.order).toMatchObject({ state: 'done', result: '重新拍照', overdue: false });
    expect(done.order.finishedAt).toBe(done.order.updatedAt);
    expect(done.steps.map((step) => [step.action, step.fromState, step.toState, step.actor])).toEqual([
      ['create', null, 'to_dispatch', 'wo_dispatcher'],
      ['dispatch', 'to_dispatch', 'dispatched', 'wo_dispatcher'],
      ['accept', 'dispatched', 'accepted', 'wo_worker'],
      ['start', 'accepted', 'processing', 'wo_worker'],
      ['hold', 'processing', 'on_hold', 'wo_dispatcher'],
      ['resume', 'on_hold', 'processing', 'wo_worker'],
      ['submit', 'processing', 'reviewing', 'wo_worker'],
      ['reject', 'reviewing', 'processing', 'wo_reviewer'],
      ['submit', 'processing', 'reviewing', 'wo_worker'],
      ['approve', 'reviewing', 'done', 'wo_reviewer'],
    ]);
    expect(done.steps[1]?.assigneeName).toBe('wo_worker');
    expect(done.steps[4]?.note).toBe('等待备件');
    expect(done.steps[6]?.photos).toEqual([
      { photoId: photo, name: 'photo.bin', size: JPEG.length, contentType: 'image/jpeg' },
    ]);
  });

  it('keeps the creator’s photos on the create step', async () => {
    const photo = await photoId(tokens.dispatcher ?? '', WEBP);
    const order = await create({ title: '带照片', photoIds: [photo] });
    const detail = await t.api(api.detail, { token: tokens.dispatcher, params: { id: order.orderId } });
    expect(detail.data?.steps[0]?.photos.map((one) => one.photoId)).toEqual([photo]);
    expect(
      await t.api(api.create, {
        token: tokens.dispatcher,
        body: { title: '同一张', level: 'tips', projectId, photoIds: [photo] },
      }),
    ).toEqual(refused('照片不存在或已失效，请重新上传'));
  });

  it('resumes to the state it was held from', async () => {
    const { orderId } = await create({ assigneeId: ids.worker ?? 0 });
    await must(tokens.worker, { orderId, action: 'accept' });
    await must(tokens.worker, { orderId, action: 'hold', note: '下雨' });
    expect((await must(tokens.worker, { orderId, action: 'resume' })).order.state).toBe('accepted');
  });

  it('allows every action from exactly the states WORK_ORDER_ACTIONS lists', async () => {
    const { orderId } = await create();
    for (const action of WORK_ORDER_ACTION_CODES) {
      for (const state of WORK_ORDER_STATES) {
        await setState(orderId, state, ids.boss ?? 0);
        const flow = WORK_ORDER_ACTIONS[action];
        const answer = await act(tokens.boss, {
          orderId,
          action,
          note: flow.note === 'none' ? '' : '说明',
          assigneeId: action === 'dispatch' || action === 'reassign' ? (ids.worker ?? 0) : null,
        });
        const label = `${action} from ${state}`;
        if (canActOnOrder(action, state)) {
          expect(answer.status_code, `${label}: ${answer.message}`).toBe(1);
          const to = flow.to ?? 'processing';
          expect(answer.data?.order.state, label).toBe(to);
        } else {
          expect(answer, label).toEqual(
            refused(
              `工单当前为「${WORK_ORDER_STATE_NAMES[state][0]}」，不能${flow.names[0]}（可能已被他人处理），请刷新`,
            ),
          );
        }
      }
    }
  });

  it('lets only the allowed people act', async () => {
    const { orderId } = await create({ assigneeId: ids.worker ?? 0 });
    expect(await act(tokens.worker2, { orderId, action: 'accept' })).toEqual(
      refused('只有工单处理人可以接单'),
    );
    expect(await act(tokens.dispatcher, { orderId, action: 'accept' })).toEqual(
      refused('只有工单处理人可以接单'),
    );
    expect(await act(tokens.worker, { orderId, action: 'reassign', assigneeId: ids.worker2 ?? 0 })).toEqual(
      refused('您不能对此工单改派'),
    );
    expect(await act(tokens.reviewer, { orderId, action: 'cancel', note: '不需要' })).toEqual(
      refused('您不能对此工单关闭工单'),
    );
    for (const name of ['outsider', 'stranger'] as const)
      expect(
        await act(tokens.dispatcher, { orderId, action: 'reassign', assigneeId: ids[name] ?? 0 }),
        name,
      ).toEqual(refused('处理人须为该项目中有工单权限的启用用户'));
    await must(tokens.worker, { orderId, action: 'accept' });
    await must(tokens.worker, { orderId, action: 'start' });
    await must(tokens.worker, { orderId, action: 'submit', note: '完成' });
    expect(await act(tokens.dispatcher, { orderId, action: 'approve' })).toEqual(
      refused('您不能对此工单审核通过'),
    );
    expect(await act(tokens.worker, { orderId, action: 'approve' })).toEqual(
      refused('您不能对此工单审核通过'),
    );
    await must(tokens.reviewer, { orderId, action: 'approve' });

    // Creating with an assignee needs the dispatch button too.
    const adder = await t.createUser('wo_adder', 'Worker@123', [WORK_ORDER_PAGE, WORK_ORDER_BUTTONS.add]);
    expect(adder).toBeGreaterThan(0);
    const adderToken = await t.token('wo_adder', 'Worker@123');
    expect(
      await t.api(api.create, {
        token: adderToken,
        body: { title: 'x', level: 'tips', projectId, assigneeId: ids.worker ?? 0 },
      }),
    ).toEqual(refused('您不能对此工单派发'));
    // A page holder without the add button cannot create at all.
    expect(
      await t.api(api.create, { token: tokens.worker, body: { title: 'x', level: 'tips', projectId } }),
    ).toMatchObject({ status_code: 10500 });
  });

  it('a reassigned order cannot be accepted by the former assignee', async () => {
    const { orderId } = await create({ assigneeId: ids.worker ?? 0 });
    await must(tokens.dispatcher, { orderId, action: 'reassign', assigneeId: ids.worker2 ?? 0 });
    expect(await act(tokens.worker, { orderId, action: 'accept' })).toEqual(
      refused('只有工单处理人可以接单'),
    );
    await must(tokens.worker2, { orderId, action: 'refuse', note: '不在辖区' });
    const back = await t.api(api.detail, { token: tokens.dispatcher, params: { id: orderId } });
    expect(back.data?.order).toMatchObject({ state: 'to_dispatch', assigneeId: null });
  });

  it('of two people acting at once, one wins and the other is told', async () => {
    const { orderId } = await create({ assigneeId: ids.worker ?? 0 });
    const answers = await Promise.all([
      act(tokens.closer, { orderId, action: 'cancel', note: '重复工单' }),
      act(tokens.boss, { orderId, action: 'cancel', note: '重复工单' }),
    ]);
    const won = answers.filter((answer) => answer.status_code === 1);
    expect(won).toHaveLength(1);
    const final = (await t.api(api.detail, { token: tokens.dispatcher, params: { id: orderId } })).data;
    for (const answer of answers.filter((one) => one.status_code !== 1))
      expect(answer.message).toBe('工单当前为「已取消」，不能关闭工单（可能已被他人处理），请刷新');
    // One step was written beside create and dispatch.
    expect(final?.steps).toHaveLength(3);
  });

  it('requires reasons, results and an assignee', async () => {
    const { orderId } = await create({ assigneeId: ids.worker ?? 0 });
    const bad = async (token: string | undefined, body: ActOnWorkOrder) => {
      const answer = await act(token, body);
      expect(answer.status_code, body.action).toBe(10001);
      return answer.message;
    };
    expect(await bad(tokens.worker, { orderId, action: 'refuse' })).toContain('请填写原因');
    expect(await bad(tokens.closer, { orderId, action: 'cancel', note: '' })).toContain('请填写原因');
    expect(await bad(tokens.dispatcher, { orderId, action: 'reassign' })).toContain('请选择处理人');
    await must(tokens.worker, { orderId, action: 'accept' });
    await must(tokens.worker, { orderId, action: 'start' });
    expect(await bad(tokens.worker, { orderId, action: 'submit' })).toContain('请填写处理结果');
    expect(
      await bad(tokens.worker, {
        orderId,
        action: 'submit',
        note: '好',
        photoIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      }),
    ).toContain('每步最多上传9张照片');
    const still = await t.api(api.detail, { token: tokens.worker, params: { id: orderId } });
    expect(still.data?.order.state).toBe('processing');
  });

  it('takes photos by their content within the size limit, and only the uploader’s own unused ones', async () => {
    const png = await upload(tokens.worker ?? '', PNG, 'notes.txt');
    expect(png).toMatchObject({ status_code: 1, data: { contentType: 'image/png', name: 'notes.txt' } });
    expect((await upload(tokens.worker ?? '', WEBP)).data?.contentType).toBe('image/webp');
    expect(await upload(tokens.worker ?? '', Buffer.from('not an image at all'), 'fake.jpg')).toEqual(
      refused('照片须为JPG、PNG或WebP图片'),
    );
    const big = Buffer.alloc(WORK_ORDER_PHOTO_MAX_BYTES + 1);
    PNG.copy(big);
    const tooBig = await upload(tokens.worker ?? '', big);
    expect(tooBig.status_code).toBe(10001);
    expect(tooBig.message).toContain('20');

    const { orderId } = await create({ assigneeId: ids.worker ?? 0 });
    await must(tokens.worker, { orderId, action: 'accept' });
    await must(tokens.worker, { orderId, action: 'start' });
    const others = await photoId(tokens.worker2 ?? '');
    expect(await act(tokens.worker, { orderId, action: 'submit', note: '好', photoIds: [others] })).toEqual(
      refused('照片不存在或已失效，请重新上传'),
    );
    const mine = png.data?.photoId ?? 0;
    const file = (token: string | undefined, id: number) =>
      t.call('GET', `${API_PREFIX}${workOrderPhotoFile.path.replace(':id', String(id))}`, { token });
    // Before use: the uploader only.
    expect((await file(tokens.worker, mine)).body).toBe(PNG.toString());
    expect((await file(tokens.dispatcher, mine)).json).toEqual(refused('照片不存在或已失效，请重新上传'));
    await must(tokens.worker, { orderId, action: 'submit', note: '好', photoIds: [mine] });
    // Used: whoever sees the project, not another project's user; never twice.
    expect((await file(tokens.dispatcher, mine)).body).toBe(PNG.toString());
    expect((await file(tokens.outsider, mine)).json).toEqual(refused('照片不存在或已失效，请重新上传'));
    await must(tokens.reviewer, { orderId, action: 'reject', note: '再来' });
    expect(await act(tokens.worker, { orderId, action: 'submit', note: '好', photoIds: [mine] })).toEqual(
      refused('照片不存在或已失效，请重新上传'),
    );

    // Unused photos older than a day go at the next upload; used ones stay.
    await advance(25 * 60);
    await photoId(tokens.worker ?? '');
    expect(await t.handle.db.$count(workOrderPhotos, eq(workOrderPhotos.id, others))).toBe(0);
    expect(await t.handle.db.$count(workOrderPhotos, eq(workOrderPhotos.id, mine))).toBe(1);
    expect((await file(tokens.worker2, others)).json).toEqual(refused('照片不存在或已失效，请重新上传'));
  });

  it('flags orders overdue against the clock, open past the deadline or done after it', async () => {
    const late = await create({ level: 'error', title: '超时-未完成', assigneeId: ids.worker ?? 0 });
    const finishedLate = await create({ level: 'error', title: '超时-晚完成', assigneeId: ids.worker ?? 0 });
    const onTime = await create({ level: 'error', title: '超时-按时', assigneeId: ids.worker ?? 0 });
    expect(new Date(late.deadlineAt).getTime() - new Date(late.createdAt).getTime()).toBe(4 * 3_600_000);
    const finish = async (orderId: number) => {
      await must(tokens.worker, { orderId, action: 'accept' });
      await must(tokens.worker, { orderId, action: 'start' });
      await must(tokens.worker, { orderId, action: 'submit', note: '完成' });
      await must(tokens.reviewer, { orderId, action: 'approve' });
    };
    await finish(onTime.orderId);
    const overdue = async () =>
      (
        await t.api(api.page, {
          token: tokens.dispatcher,
          body: { tab: 'overdue', keyword: '超时-', pageSize: 50 },
        })
      ).data?.list
        .map((row) => row.title)
        .sort();
    expect(await overdue()).toEqual([]);
    await advance(4 * 60 + 1);
    expect(await overdue()).toEqual(['超时-晚完成', '超时-未完成']);
    await finish(finishedLate.orderId);
    expect(await overdue()).toEqual(['超时-晚完成', '超时-未完成']);
    const row = await t.api(api.detail, { token: tokens.worker, params: { id: onTime.orderId } });
    expect(row.data?.order.overdue).toBe(false);
  });

  it('counts every tab as the page lists it', async () => {
    const counts = await t.api(api.counts, { token: tokens.worker, body: { projectId } });
    expect(Object.keys(counts.data ?? {}).sort()).toEqual([...WORK_ORDER_TABS].sort());
    for (const tab of WORK_ORDER_TABS) {
      const page = await t.api(api.page, { token: tokens.worker, body: { projectId, tab, pageSize: 50 } });
      expect(page.data?.total, `${tab}: ${page.message}`).toBe(counts.data?.[tab]);
    }
    expect(counts.data?.all).toBeGreaterThan(10);
    expect(counts.data?.mine).toBeGreaterThan(0);
    // Each state's badge is what the whole list holds in that state.
    const all = await t.api(api.page, { token: tokens.worker, body: { projectId, pageSize: 100 } });
    expect(all.data?.total).toBeLessThanOrEqual(100);
    for (const state of WORK_ORDER_STATES)
      expect(counts.data?.[state], state).toBe(all.data?.list.filter((row) => row.state === state).length);
    // The counts are of every tab and page at once: their request is the filters alone.
    const paged = await t.api(api.counts, {
      token: tokens.worker,
      body: { projectId, pageNum: 1, pageSize: 1 } as never,
    });
    expect(paged.status_code).toBe(10001);
    const mine = await t.api(api.page, { token: tokens.worker, body: { tab: 'mine', pageSize: 50 } });
    for (const row of mine.data?.list ?? []) {
      expect(row.assigneeId).toBe(ids.worker);
      expect(['done', 'cancelled']).not.toContain(row.state);
    }
    const filtered = await t.api(api.counts, {
      token: tokens.worker,
      body: { level: 'error', keyword: '超时-' },
    });
    expect(filtered.data?.all).toBe(3);
    expect(filtered.data?.done).toBe(2);
  });

  it('shows another project’s user nothing, and lets them do nothing', async () => {
    const { orderId } = await create({ title: '别人看不到', assigneeId: ids.worker ?? 0 });
    const token = tokens.outsider;
    expect((await t.api(api.page, { token, body: {} })).data?.total).toBe(0);
    expect((await t.api(api.counts, { token, body: {} })).data?.all).toBe(0);
    expect(await t.api(api.detail, { token, params: { id: orderId } })).toEqual(
      refused('工单不存在或您无权查看，请刷新列表'),
    );
    expect(await act(token, { orderId, action: 'cancel', note: '试试' })).toEqual(
      refused('工单不存在或您无权查看，请刷新列表'),
    );
    expect(await t.api(api.page, { token, body: { projectId } })).toEqual(
      refused('您不是该项目的成员，不能查看或修改该项目'),
    );
    expect(await t.api(api.assignees, { token, query: { projectId } })).toEqual(
      refused('您不是该项目的成员，不能查看或修改该项目'),
    );
    expect(await t.api(api.create, { token, body: { title: 'x', level: 'tips', projectId } })).toEqual(
      refused('您不是该项目的成员，不能查看或修改该项目'),
    );
    const own = await create({ title: '自己项目的', projectId: otherProjectId }, token);
    expect((await t.api(api.page, { token, body: {} })).data?.list.map((row) => row.orderId)).toEqual([
      own.orderId,
    ]);
    // Without the page code at all: refused before anything.
    expect(await t.api(api.page, { token: tokens.stranger, body: {} })).toMatchObject({ status_code: 10500 });
  });

  it('offers the devices of the chosen project to a new order, and keeps the one chosen', async () => {
    const productId = await insertProduct(t.handle.db, { functions: SENSOR_FUNCTIONS });
    const mine = await insertDevice(t.handle.db, { productId, projectId, name: '工单-一号灯' });
    const theirs = await insertDevice(t.handle.db, {
      productId,
      projectId: otherProjectId,
      name: '工单-二号灯',
    });
    const choices = (query: { keyword?: string; projectId?: number }, token = tokens.dispatcher) =>
      t.api(api.devices, { token, query });
    const named = await choices({ keyword: '工单-', projectId });
    expect(named.data?.map((row) => row.name)).toEqual(['工单-一号灯']);
    // Another project's devices are never offered; naming that project is refused.
    expect((await choices({ keyword: '工单-' })).data?.map((row) => row.deviceId)).toEqual([mine.id]);
    expect(await choices({ projectId: otherProjectId })).toEqual(
      refused('您不是该项目的成员，不能查看或修改该项目'),
    );
    // Only who may make orders asks.
    expect((await choices({}, tokens.worker)).status_code).toBe(10500);
    const { orderId } = await create({ title: '修灯', deviceId: mine.id });
    const detail = await t.api(api.detail, { token: tokens.dispatcher, params: { id: orderId } });
    expect(detail.data?.order).toMatchObject({ deviceId: mine.id, deviceName: '工单-一号灯' });
    // A device of another project is refused with the contract's words.
    expect(
      await t.api(api.create, {
        token: tokens.dispatcher,
        body: { title: '修别人的灯', level: 'tips', projectId, deviceId: theirs.id },
      }),
    ).toEqual(refused('设备不存在或不属于所选项目'));
  });

  it('offers the enabled members holding omWorkOrder as assignees', async () => {
    const answer = await t.api(api.assignees, { token: tokens.dispatcher, query: { projectId } });
    // The project's creator (admin) is one of its members.
    expect(answer.data?.map((row) => row.account)).toEqual([
      'admin',
      'wo_boss',
      'wo_closer',
      'wo_dispatcher',
      'wo_reviewer',
      'wo_worker',
      'wo_worker2',
    ]);
  });

  it('tells who must act next: the assignee on dispatch, reassign and reject, dispatchers on a refusal, reviewers on a submission', async () => {
    const count = (userId: number | undefined) =>
      t.handle.db.$count(messages, and(eq(messages.userId, userId ?? 0), eq(messages.messageType, 2)));
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(Object.keys(PEOPLE).map(async (name) => [name, await count(ids[name])] as const)),
      );
    const before = await counts();
    const { orderId, orderNo } = await create({ title: '消息' });
    expect(await count(ids.worker)).toBe(before.worker);
    await must(tokens.dispatcher, { orderId, action: 'dispatch', assigneeId: ids.worker ?? 0 });
    await must(tokens.worker, { orderId, action: 'refuse', note: '不在辖区' });
    await must(tokens.dispatcher, { orderId, action: 'dispatch', assigneeId: ids.worker ?? 0 });
    await must(tokens.worker, { orderId, action: 'accept' });
    await must(tokens.dispatcher, { orderId, action: 'reassign', assigneeId: ids.worker2 ?? 0 });
    await must(tokens.worker2, { orderId, action: 'accept' });
    await must(tokens.worker2, { orderId, action: 'start' });
    await must(tokens.worker2, { orderId, action: 'submit', note: '已更换' });
    await must(tokens.reviewer, { orderId, action: 'reject', note: '照片不清晰' });
    const plus = (name: string, n: number) => (before[name] ?? 0) + n;
    // The outsider holds every work-order code but is not of the order's project: told nothing.
    expect(await counts()).toEqual({
      ...before,
      worker: plus('worker', 2),
      worker2: plus('worker2', 2),
      dispatcher: plus('dispatcher', 1),
      reviewer: plus('reviewer', 1),
      boss: plus('boss', 2),
    });
    const latest = async (userId: number | undefined) => {
      const [row] = await t.handle.db
        .select({ title: messageEvents.title, content: messageEvents.content })
        .from(messages)
        .innerJoin(messageEvents, eq(messageEvents.id, messages.eventId))
        .where(and(eq(messages.userId, userId ?? 0), eq(messages.messageType, 2)))
        .orderBy(desc(messages.id))
        .limit(1);
      return row;
    };
    expect(await latest(ids.dispatcher)).toEqual({
      title: `工单被退回：${orderNo}`,
      content: `wo_worker退回了工单${orderNo}“消息”（不在辖区），请重新派发。`,
    });
    expect((await latest(ids.reviewer))?.title).toBe(`工单待审核：${orderNo}`);
    expect(await latest(ids.worker2)).toEqual({
      title: `工单审核未通过：${orderNo}`,
      content: `wo_reviewer驳回了工单${orderNo}“消息”（照片不清晰），请继续处理。`,
    });
  });

  it('exports what the filters select as xlsx', async () => {
    const download = (body: unknown, token: string | undefined) =>
      t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}${workOrderExport.path}`,
        headers: { 'content-type': 'application/json', [HEADER_ACCESS_TOKEN]: token ?? '' },
        payload: JSON.stringify(body),
      });
    expect((await download({}, tokens.worker)).json()).toMatchObject({ status_code: 10500 });
    const answer = await download({ keyword: '超时-', tab: 'overdue' }, admin);
    expect(answer.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(decodeURIComponent(String(answer.headers['content-disposition']))).toMatch(
      /工单列表-\d{8}\.xlsx$/u,
    );
    const { rows } = await sheetRows(answer.rawPayload);
    expect(rows[0]?.slice(0, 5)).toEqual(['工单编号', '工单标题', '工单来源', '等级', '状态']);
    expect(
      rows
        .slice(1)
        .map((row) => [row[1], row[2], row[3], row[4], row[12]])
        .sort(),
    ).toEqual([
      ['超时-晚完成', '普通工单', '重要', '已完成', '是'],
      ['超时-未完成', '普通工单', '重要', '待接单', '是'],
    ]);
  });
});
