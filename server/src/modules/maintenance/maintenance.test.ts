import {
  API_PREFIX,
  deviceEndpoints,
  HEADER_ACCESS_TOKEN,
  MAINTENANCE_BUTTONS,
  MAINTENANCE_PAGE,
  maintenanceEndpoints as api,
  maintenanceExport,
  productEndpoints,
  projectManageEndpoints,
  XLSX_CONTENT_TYPE,
  type CreateMaintenance,
} from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceRecords } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { sheetRows } from '../../test/xlsx.js';

let t: TestApp;
let admin: string;
let projectId: number;
let otherProjectId: number;
let productId: number;
let deviceId: number;
let otherDeviceId: number;

const refused = (message: string) => ({ status_code: 10001, message, data: null });

async function project(projectName: string, userIds: number[] = []) {
  const answer = await t.api(projectManageEndpoints.create, { token: admin, body: { projectName, userIds } });
  if (!answer.data) throw new Error(answer.message);
  return answer.data.projectId;
}

async function device(deviceKey: string, inProject: number) {
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

const record = (extra: Partial<CreateMaintenance> = {}): CreateMaintenance => ({
  deviceId,
  kind: 'repair',
  fault: '灯不亮',
  content: '更换电源模块',
  result: 'fixed',
  maintainer: '李师傅',
  maintainerPhone: '13800001111',
  maintainedAt: '2026-05-30 10:00:00',
  costCents: '120.5',
  ...extra,
});

async function create(extra: Partial<CreateMaintenance> = {}, token = admin) {
  const answer = await t.api(api.create, { token, body: record(extra) });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  projectId = await project('维护-项目');
  otherProjectId = await project('维护-别的项目');
  const product = await t.api(productEndpoints.create, {
    token: admin,
    body: { productKey: 'mnt-sensor', name: '维护传感器', typeCode: '0401' },
  });
  productId = product.data?.productId ?? 0;
  deviceId = await device('mnt-1', projectId);
  otherDeviceId = await device('mnt-2', otherProjectId);
});
afterAll(() => t.close());

describe('maintenance records', () => {
  it('creates a record copying the device, lists, filters, updates and deletes it', async () => {
    const created = await t.api(api.create, { token: admin, body: record() });
    expect(created).toMatchObject({
      status_code: 1,
      message: '新增成功',
      data: {
        deviceId,
        deviceName: '设备mnt-1',
        deviceKey: 'mnt-1',
        controlCode: 'CC-mnt-1',
        projectId,
        projectName: '维护-项目',
        kind: 'repair',
        result: 'fixed',
        costCents: 12050,
        maintainedAt: '2026-05-30T02:00:00.000Z',
        editor: 'admin',
      },
    });
    const recordId = created.data?.recordId ?? 0;
    await create({ deviceId: otherDeviceId, kind: 'inspect', result: 'pending', costCents: null });

    const byDevice = await t.api(api.page, { token: admin, body: { deviceId } });
    expect(byDevice.data).toMatchObject({ total: 1, list: [{ recordId }] });
    const byKind = await t.api(api.page, { token: admin, body: { kind: 'inspect', result: 'pending' } });
    expect(byKind.data?.list.map((row) => row.deviceKey)).toEqual(['mnt-2']);
    const byKeyword = await t.api(api.page, { token: admin, body: { keyword: '电源' } });
    expect(byKeyword.data?.list.map((row) => row.recordId)).toContain(recordId);
    const byTime = await t.api(api.page, {
      token: admin,
      body: { from: '2026-05-30 09:00:00', to: '2026-05-30 11:00:00', projectId },
    });
    expect(byTime.data?.total).toBe(1);
    const before = await t.api(api.page, { token: admin, body: { to: '2026-05-30 09:00:00' } });
    expect(before.data?.total).toBe(0);

    const updated = await t.api(api.update, {
      token: admin,
      body: { ...record({ result: 'scrapped', costCents: 0 }), recordId },
    });
    expect(updated).toMatchObject({ message: '保存成功', data: { result: 'scrapped', costCents: 0 } });
    expect(await t.api(api.delete, { token: admin, params: { id: recordId } })).toMatchObject({
      status_code: 1,
      message: '删除成功',
    });
    expect(await t.api(api.delete, { token: admin, params: { id: recordId } })).toEqual(
      refused('维护记录不存在或已被删除，请刷新列表'),
    );
  });

  it('refuses a future time, a bad cost, missing fields and an unknown device, writing nothing', async () => {
    const count = await t.handle.db.$count(maintenanceRecords);
    const cases: [Partial<CreateMaintenance> | Record<string, unknown>, string | RegExp][] = [
      [{ maintainedAt: '2026-06-01 16:00:01' }, '维护时间不能晚于当前时间'],
      [{ maintainedAt: '2026-06-01' }, '时间格式应为YYYY-MM-DD HH:mm:ss'],
      [{ costCents: '-1' }, '费用须为不小于0的金额，最多两位小数'],
      [{ costCents: '1.234' }, '费用须为不小于0的金额，最多两位小数'],
      [{ content: '' }, '取值不在允许范围内'],
      [{ maintainer: ' ' }, '取值不在允许范围内'],
      [{ fault: 'x'.repeat(201) }, /fault/],
      [{ maintainerPhone: '123' }, '请输入正确的手机号码或座机号码'],
      [{ kind: 'paint' }, /kind/],
      [{ deviceId: 99_999 }, '设备不存在或已被删除，请刷新列表'],
    ];
    for (const [extra, message] of cases) {
      const answer = await t.api(api.create, {
        token: admin,
        body: { ...record(), ...extra } as CreateMaintenance,
      });
      expect(answer.status_code, JSON.stringify(extra)).toBe(10001);
      expect(answer.message, JSON.stringify(extra)).toMatch(message);
    }
    // China time 2026-06-01 16:00:00 is the test clock's now: allowed.
    await create({ maintainedAt: '2026-06-01 16:00:00' });
    expect(await t.handle.db.$count(maintenanceRecords)).toBe(count + 1);
  });

  it('keeps the record when its device is deleted', async () => {
    const doomed = await device('mnt-doomed', projectId);
    const kept = await create({ deviceId: doomed, content: '拆除前巡检' });
    expect(await t.api(deviceEndpoints.delete, { token: admin, params: { id: doomed } })).toMatchObject({
      status_code: 1,
    });
    const page = await t.api(api.page, { token: admin, body: { keyword: '拆除前' } });
    expect(page.data?.list).toEqual([
      expect.objectContaining({
        recordId: kept.recordId,
        deviceId: null,
        deviceName: '设备mnt-doomed',
        deviceKey: 'mnt-doomed',
        controlCode: 'CC-mnt-doomed',
      }),
    ]);
  });

  it('shows a member only the records and devices of their projects', async () => {
    const userId = await t.createUser('mnt_member', 'Member@123', [
      MAINTENANCE_PAGE,
      MAINTENANCE_BUTTONS.add,
      MAINTENANCE_BUTTONS.export,
    ]);
    const own = await project('维护-成员项目', [userId]);
    const ownDevice = await device('mnt-own', own);
    const token = await t.token('mnt_member', 'Member@123');
    await create({ deviceId: ownDevice, content: '成员的记录' }, token);
    const page = await t.api(api.page, { token, body: {} });
    expect(page.data?.list.map((row) => row.deviceKey)).toEqual(['mnt-own']);
    expect((await t.api(api.devices, { token, query: {} })).data).toEqual([
      {
        deviceId: ownDevice,
        name: '设备mnt-own',
        deviceKey: 'mnt-own',
        controlCode: 'CC-mnt-own',
        projectName: '维护-成员项目',
      },
    ]);
    expect(await t.api(api.create, { token, body: record() })).toEqual(
      refused('您不是该项目的成员，不能查看或修改该项目'),
    );
    const foreign = (await t.api(api.page, { token: admin, body: { deviceId } })).data?.list[0];
    expect(foreign).toBeDefined();
    expect(await t.api(api.delete, { token, params: { id: foreign?.recordId ?? 0 } })).toMatchObject({
      status_code: 10500,
    });
    expect(await t.api(api.page, { token, body: { projectId } })).toEqual(
      refused('您不是该项目的成员，不能查看或修改该项目'),
    );
    const ownExport = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${maintenanceExport.path}`,
      headers: { 'content-type': 'application/json', [HEADER_ACCESS_TOKEN]: token },
      payload: '{}',
    });
    const { rows } = await sheetRows(ownExport.rawPayload);
    expect(rows.slice(1).map((row) => row[1])).toEqual(['mnt-own']);
    const picked = await t.api(api.devices, { token: admin, query: { keyword: 'mnt-2' } });
    expect(picked.data?.map((row) => row.deviceId)).toEqual([otherDeviceId]);
  });

  it('exports what the filters select, with zh-CN names and yuan', async () => {
    const download = (body: unknown, token: string | null = admin) =>
      t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}${maintenanceExport.path}`,
        headers: { 'content-type': 'application/json', ...(token ? { [HEADER_ACCESS_TOKEN]: token } : {}) },
        payload: JSON.stringify(body),
      });
    await create({ content: '导出的保养', kind: 'maintain', costCents: 35 });
    const viewer = await t.createUser('mnt_viewer', 'Viewer@123', [MAINTENANCE_PAGE]);
    expect(viewer).toBeGreaterThan(0);
    expect((await download({}, await t.token('mnt_viewer', 'Viewer@123'))).json()).toMatchObject({
      status_code: 10500,
    });
    const answer = await download({ keyword: '导出的保养' });
    if (!answer.headers['content-type']?.toString().startsWith(XLSX_CONTENT_TYPE))
      throw new Error(answer.body);
    expect(answer.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(decodeURIComponent(answer.headers['content-disposition'] ?? '')).toMatch(
      /设备维护记录-\d{8}\.xlsx$/u,
    );
    const { rows } = await sheetRows(answer.rawPayload);
    expect(rows[0]?.slice(0, 5)).toEqual(['设备名称', '设备标识', '控制码', '所属项目', '维护类型']);
    expect(rows.slice(1)).toEqual([
      [
        '设备mnt-1',
        'mnt-1',
        'CC-mnt-1',
        '维护-项目',
        '保养',
        '灯不亮',
        '导出的保养',
        '已修复',
        '李师傅',
        '13800001111',
        '2026-05-30 10:00:00',
        '35.00',
        'admin',
      ],
    ]);
  });
});
