import {
  MSG_PAGE_CODE,
  WORK_ORDER_BUTTONS,
  WORK_ORDER_PAGE,
  deviceEndpoints,
  productEndpoints,
  projectManageEndpoints,
  workOrderEndpoints as api,
  type ActOnWorkOrder,
} from '@cityops/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { alarmOrderClosed } from '../alarms/orderLink.js';
import { createOrderFromAlarm, type OrderFromAlarm } from './fromAlarm.js';
import { announceAssignment } from './service.js';

// The engine's side of the link is modules/alarms' (tested there): here it only has to be called, in
// the order's transaction, with the right outcome, and its refusal must roll the step back.
vi.mock('../alarms/orderLink.js', () => ({ alarmOrderClosed: vi.fn(() => Promise.resolve()) }));
const closed = vi.mocked(alarmOrderClosed);

let t: TestApp;
let admin: string;
let projectId: number;
let deviceId: number;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

async function must(token: string | undefined, body: ActOnWorkOrder) {
  const answer = await t.api(api.act, { token, body });
  if (answer.status_code !== 1 || !answer.data) throw new Error(`${body.action}: ${answer.message}`);
  return answer.data;
}

const fromAlarm = (input: Partial<OrderFromAlarm> = {}) =>
  t.handle.db.transaction((tx) =>
    createOrderFromAlarm(tx, {
      source: 120202,
      alarmId: 4242,
      title: '井盖倾斜',
      description: '倾角 35°',
      level: 'error',
      projectId,
      deviceId,
      assigneeId: ids.worker ?? 0,
      note: '',
      actor: null,
      now: t.clock.now(),
      ...input,
    }),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  const people = { worker: [], reviewer: [WORK_ORDER_BUTTONS.review], closer: [WORK_ORDER_BUTTONS.close] };
  for (const [name, codes] of Object.entries(people)) {
    ids[name] = await t.createUser(`wl_${name}`, 'Worker@123', [WORK_ORDER_PAGE, MSG_PAGE_CODE, ...codes]);
    tokens[name] = await t.token(`wl_${name}`, 'Worker@123');
  }
  const project = await t.api(projectManageEndpoints.create, {
    token: admin,
    body: { projectName: '告警工单-项目', userIds: Object.values(ids) },
  });
  projectId = project.data?.projectId ?? 0;
  const product = await t.api(productEndpoints.create, {
    token: admin,
    body: { productKey: 'wl-lid', name: '井盖', typeCode: '0401' },
  });
  const device = await t.api(deviceEndpoints.create, {
    token: admin,
    body: {
      deviceKey: 'wl-1',
      controlCode: 'CC-wl-1',
      name: '井盖1号',
      productId: product.data?.productId ?? 0,
      projectId,
    },
  });
  deviceId = device.data?.deviceId ?? 0;
});
afterAll(() => t.close());
beforeEach(() => closed.mockClear());

describe('orders from alarms', () => {
  it('makes an alarm order dispatched at once by 系统, with the remark on its creation, and tells the alarm when it is done', async () => {
    const { orderId, orderNo } = await fromAlarm({ note: '带上梯子，东侧入口' });
    expect(orderNo).toMatch(/^GD\d{8}0001$/u);
    const detail = await t.api(api.detail, { token: tokens.worker, params: { id: orderId } });
    expect(detail.data?.order).toMatchObject({
      source: 120202,
      alarmId: 4242,
      title: '井盖倾斜',
      level: 'error',
      state: 'dispatched',
      deviceId,
      deviceName: '井盖1号',
      creatorName: '系统',
      assigneeName: 'wl_worker',
    });
    const order = detail.data?.order;
    expect(new Date(order?.deadlineAt ?? 0).getTime() - new Date(order?.createdAt ?? 0).getTime()).toBe(
      4 * 3_600_000,
    );
    expect(detail.data?.steps.map((step) => [step.action, step.actor, step.note])).toEqual([
      ['create', '系统', '带上梯子，东侧入口'],
      ['dispatch', '系统', ''],
    ]);
    expect((await announceAssignment(t.app.cityops, orderId))?.recipients).toBe(1);
    expect(
      await t.handle.db.$count(
        messages,
        and(eq(messages.userId, ids.worker ?? 0), eq(messages.messageType, 2)),
      ),
    ).toBe(1);

    await must(tokens.worker, { orderId, action: 'accept' });
    await must(tokens.worker, { orderId, action: 'start' });
    await must(tokens.worker, { orderId, action: 'submit', note: '已扶正' });
    expect(closed).not.toHaveBeenCalled();
    await must(tokens.reviewer, { orderId, action: 'approve' });
    expect(closed).toHaveBeenCalledTimes(1);
    expect(closed.mock.calls[0]?.[1]).toEqual({
      alarmId: 4242,
      orderId,
      outcome: 'done',
      actor: { userId: ids.reviewer, name: 'wl_reviewer' },
      now: expect.any(Date),
    });
  });

  it('tells the alarm of a cancel, and rolls the step back when the alarm side refuses', async () => {
    const { orderId } = await fromAlarm({ alarmId: 77, source: 120204, assigneeId: null, level: 'tips' });
    closed.mockRejectedValueOnce(new Error('alarm engine down'));
    const failed = await t.api(api.act, {
      token: tokens.closer,
      body: { orderId, action: 'cancel', note: '误报' },
    });
    expect(failed.status_code).not.toBe(1);
    const still = await t.api(api.detail, { token: tokens.closer, params: { id: orderId } });
    expect(still.data?.order.state).toBe('to_dispatch');
    expect(still.data?.steps).toHaveLength(1);
    await must(tokens.closer, { orderId, action: 'cancel', note: '误报' });
    expect(closed).toHaveBeenLastCalledWith(expect.anything(), {
      alarmId: 77,
      orderId,
      outcome: 'cancelled',
      actor: { userId: ids.closer, name: 'wl_closer' },
      now: expect.any(Date),
    });
  });

  it('never calls the alarm side for a normal order, and refuses an assignee outside the project', async () => {
    const made = await t.api(api.create, {
      token: admin,
      body: { title: '普通', level: 'common', projectId, assigneeId: null },
    });
    await must(admin, { orderId: made.data?.orderId ?? 0, action: 'cancel', note: '不要了' });
    expect(closed).not.toHaveBeenCalled();
    const outsider = await t.createUser('wl_outsider', 'Worker@123', [WORK_ORDER_PAGE]);
    await expect(fromAlarm({ assigneeId: outsider })).rejects.toMatchObject({
      message: 'workOrder.assigneeInvalid',
    });
  });
});
