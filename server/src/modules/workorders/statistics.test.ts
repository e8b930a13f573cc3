import {
  STATISTICS_PAGE,
  deviceEndpoints,
  productEndpoints,
  projectManageEndpoints,
  statisticsEndpoints as api,
} from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAlarms, workOrders } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let member: string;
let projectId: number;

const at = (iso: string) => new Date(iso);
const PERIOD = { from: '2026-06-01 00:00:00', to: '2026-06-02 23:59:59' };

async function device(deviceKey: string, inProject: number, productId: number) {
  const answer = await t.api(deviceEndpoints.create, {
    token: admin,
    body: {
      deviceKey,
      controlCode: `CC-${deviceKey}`,
      name: `设备${deviceKey}`,
      productId,
      projectId: inProject,
    },
  });
  if (!answer.data) throw new Error(answer.message);
  return answer.data.deviceId;
}

let orderNumber = 0;
const order = (values: Partial<typeof workOrders.$inferInsert> & { createdAt: Date }) => ({
  orderNo: `GD2026060${++orderNumber}`,
  title: '统计',
  source: 120201,
  level: 'common',
  state: 'dispatched',
  projectId,
  creatorName: 'admin',
  deadlineAt: new Date(values.createdAt.getTime() + 24 * 3_600_000),
  updatedAt: values.createdAt,
  ...values,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  const memberId = await t.createUser('st_member', 'Member@123', [STATISTICS_PAGE]);
  member = await t.token('st_member', 'Member@123');
  const project = async (projectName: string, userIds: number[]) =>
    (await t.api(projectManageEndpoints.create, { token: admin, body: { projectName, userIds } })).data
      ?.projectId ?? 0;
  projectId = await project('统计-项目', [memberId]);
  const otherProjectId = await project('统计-别的项目', []);
  const lid =
    (
      await t.api(productEndpoints.create, {
        token: admin,
        body: { productKey: 'st-lid', name: '井盖', typeCode: '0401' },
      })
    ).data?.productId ?? 0;
  const own = await device('st-1', projectId, lid);
  const foreign = await device('st-2', otherProjectId, lid);

  const alarm = (
    deviceId: number,
    inProject: number,
    firstAt: string,
    level: string,
    state: string,
    title: string,
  ) => ({
    deviceId,
    projectId: inProject,
    source: `event:${title}`,
    title,
    level,
    state,
    firstAt: at(firstAt),
    lastAt: at(firstAt),
  });
  await t.handle.db.insert(deviceAlarms).values([
    // China 06-01 01:00 and 06-02 01:00: in the period; 05-30: before it; the other project's: not the member's.
    alarm(own, projectId, '2026-05-31T17:00:00Z', 'error', 'waiting', '井盖倾斜'),
    alarm(own, projectId, '2026-06-01T17:00:00Z', 'common', 'finish', '水位过高'),
    alarm(own, projectId, '2026-05-30T00:00:00Z', 'tips', 'finish', '井盖倾斜'),
    alarm(foreign, otherProjectId, '2026-06-01T01:00:00Z', 'error', 'invalid', '井盖倾斜'),
  ]);
  await t.handle.db.insert(workOrders).values([
    // Done in an hour, by its 4-hour deadline.
    order({
      createdAt: at('2026-06-01T00:00:00Z'),
      level: 'error',
      state: 'done',
      deadlineAt: at('2026-06-01T04:00:00Z'),
      finishedAt: at('2026-06-01T01:00:00Z'),
    }),
    // Done in two hours, an hour late.
    order({
      createdAt: at('2026-06-01T01:00:00Z'),
      source: 120202,
      state: 'done',
      deadlineAt: at('2026-06-01T02:00:00Z'),
      finishedAt: at('2026-06-01T03:00:00Z'),
    }),
    // Open past its deadline (the clock says 2026-06-01T08:00Z).
    order({ createdAt: at('2026-06-01T02:00:00Z'), level: 'tips', deadlineAt: at('2026-06-01T03:00:00Z') }),
    order({ createdAt: at('2026-06-01T02:00:00Z'), state: 'processing' }),
    // Before the period.
    order({ createdAt: at('2026-05-20T00:00:00Z'), state: 'done', finishedAt: at('2026-05-20T01:00:00Z') }),
  ]);
});
afterAll(() => t.close());

describe('O&M statistics', () => {
  it('counts alarms and orders of the period in the projects the user sees', async () => {
    const answer = await t.api(api.summary, { token: member, body: PERIOD });
    expect(answer.status_code, answer.message).toBe(1);
    const sorted = (rows: { key: string; count: number }[] | undefined) =>
      [...(rows ?? [])].sort((a, b) => a.key.localeCompare(b.key));
    const data = answer.data;
    expect(data?.alarms.total).toBe(2);
    expect(sorted(data?.alarms.byState)).toEqual([
      { key: 'finish', count: 1 },
      { key: 'waiting', count: 1 },
    ]);
    expect(sorted(data?.alarms.byLevel)).toEqual([
      { key: 'common', count: 1 },
      { key: 'error', count: 1 },
    ]);
    expect(data?.alarms.byType).toEqual([{ key: '0401', count: 2 }]);
    expect(sorted(data?.alarms.byTitle)).toEqual([
      { key: '井盖倾斜', count: 1 },
      { key: '水位过高', count: 1 },
    ]);
    expect(data?.alarms.byKind).toEqual([]);
    expect(data?.alarms.responseSeconds).toEqual({ mean: null, p95: null });

    expect(data?.orders.total).toBe(4);
    expect(sorted(data?.orders.bySource)).toEqual([
      { key: '120201', count: 3 },
      { key: '120202', count: 1 },
    ]);
    expect(sorted(data?.orders.byState)).toEqual([
      { key: 'dispatched', count: 1 },
      { key: 'done', count: 2 },
      { key: 'processing', count: 1 },
    ]);
    expect(sorted(data?.orders.byLevel)).toEqual([
      { key: 'common', count: 2 },
      { key: 'error', count: 1 },
      { key: 'tips', count: 1 },
    ]);
    expect(data?.orders.handlingSeconds.mean).toBeCloseTo(5400);
    expect(data?.orders.handlingSeconds.p95).toBeCloseTo(3600 + 0.95 * 3600);
    expect(data?.orders.onTimeRate).toBe(0.5);
    expect(data?.orders.overdueOpen).toBe(1);
    expect(data?.daily).toEqual([
      { day: '2026-06-01', alarms: 1, orders: 4, done: 2 },
      { day: '2026-06-02', alarms: 1, orders: 0, done: 0 },
    ]);

    const all = await t.api(api.summary, { token: admin, body: PERIOD });
    expect(all.data?.alarms.total).toBe(3);
    const one = await t.api(api.summary, { token: admin, body: { ...PERIOD, projectId } });
    expect(one.data).toEqual(data);
  });

  it('answers empty figures for an empty period, and refuses a missing, reversed or too long range', async () => {
    const empty = await t.api(api.summary, {
      token: member,
      body: { from: '2026-01-01 00:00:00', to: '2026-01-01 23:59:59' },
    });
    expect(empty.data?.orders).toMatchObject({
      total: 0,
      onTimeRate: null,
      handlingSeconds: { mean: null, p95: null },
    });
    expect(empty.data?.daily).toEqual([{ day: '2026-01-01', alarms: 0, orders: 0, done: 0 }]);
    const refused = async (body: Record<string, string>) => {
      const answer = await t.api(api.summary, { token: member, body: body as typeof PERIOD });
      expect(answer.status_code, JSON.stringify(body)).toBe(10001);
      return answer.message;
    };
    expect(await refused({ from: '2025-05-31 00:00:00', to: '2026-06-01 00:00:01' })).toBe(
      '统计时间范围最长1年',
    );
    expect(await refused({ from: '2026-06-02 00:00:00', to: '2026-06-01 00:00:00' })).toBe(
      '结束时间必须晚于开始时间',
    );
    expect(await refused({ from: '2026-06-01 00:00:00' })).toContain('请选择统计时间范围');
    // A year (366 days) is allowed.
    const year = await t.api(api.summary, {
      token: member,
      body: { from: '2025-06-01 00:00:00', to: '2026-06-01 00:00:00' },
    });
    expect(year.data?.daily).toHaveLength(366);
  });
});
