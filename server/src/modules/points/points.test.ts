import {
  API_PREFIX,
  areaEndpoints,
  deviceEndpoints,
  HEADER_ACCESS_TOKEN,
  POINT_IMPORT_COLUMNS,
  POINT_IMPORT_PAGE,
  POINT_PAGE,
  pointEndpoints as api,
  pointImportTemplate,
  productEndpoints,
  projectManageEndpoints,
  siteEndpoints,
  type CreatePoint,
  type Envelope,
  type ImportReport,
  type PointRow,
} from '@cityops/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, devices, points } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { multipartFile, sheetRows, workbookOf } from '../../test/xlsx.js';

let t: TestApp;
let admin: string;
let projectId: number;
let otherProjectId: number;
let areaId: number;
let siteId: number;
let otherAreaId: number;
let sensorProduct: number;

const square = [
  { lng: 113, lat: 22 },
  { lng: 113.1, lat: 22 },
  { lng: 113.1, lat: 22.1 },
  { lng: 113, lat: 22.1 },
];

const refused = (message: string) => ({ status_code: 10001, message, data: null });

async function project(projectName: string) {
  const answer = await t.api(projectManageEndpoints.create, {
    token: admin,
    body: { projectName, userIds: [] },
  });
  if (!answer.data) throw new Error(answer.message);
  return answer.data.projectId;
}

async function area(inProject: number, name: string) {
  const answer = await t.api(areaEndpoints.create, {
    token: admin,
    body: { projectId: inProject, name, type: 'areanode', polygon: square },
  });
  if (!answer.data) throw new Error(answer.message);
  return answer.data.areaId;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  projectId = await project('点位-项目');
  otherProjectId = await project('点位-别的项目');
  areaId = await area(projectId, '点位区域');
  otherAreaId = await area(otherProjectId, '别的点位区域');
  const site = await t.api(siteEndpoints.create, {
    token: admin,
    body: { projectId, name: '点位站点', longitude: 113.05, latitude: 22.05 },
  });
  siteId = site.data?.siteId ?? 0;
  const product = await t.api(productEndpoints.create, {
    token: admin,
    body: { productKey: 'pt-sensor', name: 'pt-sensor', typeCode: '0401' },
  });
  sensorProduct = product.data?.productId ?? 0;
});
afterAll(() => t.close());

let serial = 0;
const pointBody = (extra: Partial<CreatePoint> = {}): CreatePoint => {
  serial += 1;
  return { code: `PT-${serial}`, name: `灯杆${serial}`, kind: 'pole', projectId, ...extra };
};
async function createPoint(extra: Partial<CreatePoint> = {}): Promise<PointRow> {
  const answer = await t.api(api.create, { token: admin, body: pointBody(extra) });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}
async function createDevice(inProject = projectId, pointId?: number | null) {
  serial += 1;
  const answer = await t.api(deviceEndpoints.create, {
    token: admin,
    body: {
      deviceKey: `pt-dev-${serial}`,
      controlCode: `pt-code-${serial}`,
      name: `点位设备${serial}`,
      productId: sensorProduct,
      projectId: inProject,
      ...(pointId === undefined ? {} : { pointId }),
    },
  });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

describe('the point form', () => {
  it('creates a point with its project, area and site names and logs it', async () => {
    const answer = await t.api(api.create, {
      token: admin,
      body: pointBody({
        code: 'Pole-A1',
        kind: 'cabinet',
        areaId,
        siteId,
        segment: '南山大道',
        longitude: 113.05,
        latitude: 22.05,
        address: '南山大道1号',
        height: 12.5,
        remarks: '备注',
      }),
    });
    expect(answer.status_code, answer.message).toBe(1);
    expect(answer.message).toBe('新增成功');
    expect(answer.data).toMatchObject({
      code: 'Pole-A1',
      kind: 'cabinet',
      projectName: '点位-项目',
      areaName: '点位区域',
      siteName: '点位站点',
      height: 12.5,
      deviceCount: 0,
      editor: 'admin',
    });
    const logged = await t.handle.db.$count(
      auditLog,
      and(eq(auditLog.module, POINT_PAGE), eq(auditLog.action, 'create')),
    );
    expect(logged).toBeGreaterThan(0);
  });

  it('refuses a taken code (ignoring case), a foreign area or site, a bad height and a lone coordinate', async () => {
    await createPoint({ code: 'Case-1' });
    expect(await t.api(api.create, { token: admin, body: pointBody({ code: 'CASE-1' }) })).toEqual(
      refused('点位编号已存在'),
    );
    expect(await t.api(api.create, { token: admin, body: pointBody({ areaId: otherAreaId }) })).toEqual(
      refused('所属区域须为该点位项目的区域'),
    );
    expect(
      await t.api(api.create, { token: admin, body: pointBody({ projectId: otherProjectId, siteId }) }),
    ).toEqual(refused('所属站点须为该点位项目的站点'));
    expect(await t.api(api.create, { token: admin, body: pointBody({ height: 101 }) })).toEqual(
      refused('高度须在0~100米之间'),
    );
    const lone = await t.api(api.create, { token: admin, body: pointBody({ longitude: 113 }) });
    expect(lone.status_code).toBe(10001);
    const long = await t.api(api.create, { token: admin, body: pointBody({ code: 'x'.repeat(33) }) });
    expect(long.status_code).toBe(10001);
  });

  it('updates a point; a point of another project unmounts its devices', async () => {
    const point = await createPoint();
    const device = await createDevice(projectId, point.pointId);
    expect(device).toMatchObject({ pointId: point.pointId, pointName: point.name });
    const saved = await t.api(api.update, {
      token: admin,
      body: { ...pointBody({ code: point.code, name: '改名' }), pointId: point.pointId },
    });
    expect(saved.data).toMatchObject({ name: '改名', deviceCount: 1 });
    const moved = await t.api(api.update, {
      token: admin,
      body: { ...pointBody({ code: point.code, projectId: otherProjectId }), pointId: point.pointId },
    });
    expect(moved.data).toMatchObject({ projectId: otherProjectId, deviceCount: 0 });
    const [row] = await t.handle.db.select().from(devices).where(eq(devices.id, device.deviceId));
    expect(row?.pointId).toBeNull();
  });

  it('lists with filters: project, area, kind, keyword, with or without devices', async () => {
    const p = await project('点位-列表项目');
    const a = await createPoint({ projectId: p, code: 'LIST-A', name: '甲杆', kind: 'pole' });
    const b = await createPoint({ projectId: p, code: 'LIST-B', name: '乙柜', kind: 'cabinet' });
    await createDevice(p, a.pointId);
    const list = async (filters: Record<string, unknown>) =>
      (
        await t.api(api.page, { token: admin, body: { projectId: p, sortField: 'code', ...filters } })
      ).data?.list.map((row) => [row.code, row.deviceCount]);
    expect(await list({})).toEqual([
      ['LIST-A', 1],
      ['LIST-B', 0],
    ]);
    expect(await list({ kind: 'cabinet' })).toEqual([['LIST-B', 0]]);
    expect(await list({ keyword: '甲' })).toEqual([['LIST-A', 1]]);
    expect(await list({ hasDevices: true })).toEqual([['LIST-A', 1]]);
    expect(await list({ hasDevices: 'false' })).toEqual([['LIST-B', 0]]);
    const options = await t.api(api.options, { token: admin, query: { projectId: p } });
    expect(options.data?.map((option) => option.code)).toEqual(['LIST-A', 'LIST-B']);
    expect(b.kind).toBe('cabinet');
  });
});

describe('mounting devices', () => {
  it('mounts devices of the point’s project, lists them, unmounts them, and logs each move', async () => {
    const point = await createPoint();
    const one = await createDevice();
    const two = await createDevice();
    const offered = await t.api(api.mountable, { token: admin, params: { id: point.pointId }, query: {} });
    expect(offered.data?.map((device) => device.deviceId)).toEqual(expect.arrayContaining([one.deviceId]));
    expect(offered.data?.every((device) => device.projectId === projectId && device.pointId === null)).toBe(
      true,
    );
    const mounted = await t.api(api.mount, {
      token: admin,
      body: { pointId: point.pointId, deviceIds: [one.deviceId, two.deviceId] },
    });
    expect(mounted).toEqual({ status_code: 1, message: '设备已挂载到点位', data: null });
    const on = await t.api(api.devices, { token: admin, params: { id: point.pointId } });
    expect(on.data?.map((device) => device.deviceId).sort()).toEqual([one.deviceId, two.deviceId].sort());
    expect((await t.api(api.find, { token: admin, params: { id: point.pointId } })).data?.deviceCount).toBe(
      2,
    );
    // The device list filters by point and by mounted or not.
    const byPoint = await t.api(deviceEndpoints.page, { token: admin, body: { pointId: point.pointId } });
    expect(byPoint.data?.total).toBe(2);
    const unmounted = await t.api(deviceEndpoints.page, {
      token: admin,
      body: { projectId, mounted: false },
    });
    expect(unmounted.data?.list.map((device) => device.deviceId)).not.toContain(one.deviceId);

    await t.api(api.unmount, { token: admin, body: { deviceIds: [one.deviceId] } });
    expect((await t.api(api.find, { token: admin, params: { id: point.pointId } })).data?.deviceCount).toBe(
      1,
    );
    const moves = await t.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, String(one.deviceId)), sql`${auditLog.action} in ('mount', 'unmount')`),
      );
    expect(moves.map((move) => move.action).sort()).toEqual(['mount', 'unmount']);
  });

  it('refuses a device of another project, whether mounted from the point or chosen on the device form', async () => {
    const point = await createPoint();
    const foreign = await createDevice(otherProjectId);
    expect(
      await t.api(api.mount, {
        token: admin,
        body: { pointId: point.pointId, deviceIds: [foreign.deviceId] },
      }),
    ).toEqual(refused(`设备“${foreign.name}”不属于该点位的项目`));
    const answer = await t.api(deviceEndpoints.create, {
      token: admin,
      body: {
        deviceKey: 'pt-foreign-form',
        controlCode: 'pt-foreign-form',
        name: '别的项目设备',
        productId: sensorProduct,
        projectId: otherProjectId,
        pointId: point.pointId,
      },
    });
    expect(answer).toEqual(refused('所选点位须为该设备项目的点位'));
  });

  it('deletes points (one or many) and unmounts their devices, which stay', async () => {
    const a = await createPoint();
    const b = await createPoint();
    const device = await createDevice(projectId, a.pointId);
    const other = await createDevice(projectId, b.pointId);
    expect(await t.api(api.delete, { token: admin, params: { id: a.pointId } })).toMatchObject({
      status_code: 1,
    });
    const [row] = await t.handle.db.select().from(devices).where(eq(devices.id, device.deviceId));
    expect(row?.pointId).toBeNull();
    await t.api(api.batchDelete, { token: admin, body: { ids: [b.pointId] } });
    const [otherRow] = await t.handle.db.select().from(devices).where(eq(devices.id, other.deviceId));
    expect(otherRow).toMatchObject({ pointId: null, name: other.name });
    expect(await t.handle.db.$count(points, eq(points.id, b.pointId))).toBe(0);
    // A batch naming a point that is gone deletes none.
    const c = await createPoint();
    expect(await t.api(api.batchDelete, { token: admin, body: { ids: [c.pointId, b.pointId] } })).toEqual(
      refused('点位不存在或已被删除，请刷新列表'),
    );
    expect(await t.handle.db.$count(points, eq(points.id, c.pointId))).toBe(1);
  });
});

describe('visibility by project', () => {
  it('shows and changes points only in the projects a user was given', async () => {
    await t.createUser('pointer', 'Pointer@123', [
      POINT_PAGE,
      'pointManagement_add',
      'pointManagement_edit',
      'pointManagement_delete',
      'pointManagement_mount',
    ]);
    const token = await t.token('pointer', 'Pointer@123');
    const foreign = await createPoint();
    const page = await t.api(api.page, { token, body: { pageSize: 100 } });
    expect(page.status_code, page.message).toBe(1);
    expect(page.data?.list.map((row) => row.pointId)).not.toContain(foreign.pointId);
    const notMember = refused('您不是该项目的成员，不能查看或修改该项目');
    expect(await t.api(api.find, { token, params: { id: foreign.pointId } })).toEqual(notMember);
    expect(await t.api(api.create, { token, body: pointBody() })).toEqual(notMember);
    expect(await t.api(api.delete, { token, params: { id: foreign.pointId } })).toEqual(notMember);
    expect(await t.api(api.devices, { token, params: { id: foreign.pointId } })).toEqual(notMember);
  });
});

const HEADER = POINT_IMPORT_COLUMNS.map(([, zh]) => zh);
type Cell = string | number | null;

async function importRows(rows: Cell[][], token = admin) {
  const { contentType, payload } = multipartFile(await workbookOf([HEADER, ...rows], '点位'), 'points.xlsx');
  const answer = await t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}${api.importPoints.path}`,
    headers: { 'content-type': contentType, [HEADER_ACCESS_TOKEN]: token },
    payload,
  });
  return answer.json<Envelope<ImportReport | null>>();
}

const P = '点位-项目';
/** code, name, kind, project, area, site, segment, lng, lat, address, height, remarks */
const pole = (code: string, extra: Partial<Record<number, Cell>> = {}): Cell[] => {
  const row: Cell[] = [code, `杆${code}`, '灯杆', P, '', '', '南山大道', 113.05, 22.05, '地址', 10, ''];
  for (const [index, value] of Object.entries(extra)) row[Number(index)] = value ?? null;
  return row;
};

describe('the point import', () => {
  it('imports the good rows and reports every refused one with its row, column and reason', async () => {
    await createPoint({ code: 'IMP-TAKEN' });
    const before = await t.handle.db.$count(points);
    const answer = await importRows([
      /* 2 */ pole('IMP-1', { 4: '点位区域', 5: '点位站点' }),
      /* 3 */ pole('IMP-2', { 2: '箱柜', 7: null, 8: null, 10: null }),
      /* 4 */ pole('imp-1'),
      /* 5 */ pole('IMP-5', { 2: '路灯' }),
      /* 6 */ pole('IMP-6', { 3: '没有的项目' }),
      /* 7 */ pole('IMP-7', { 4: '没有的区域' }),
      /* 8 */ pole('IMP-8', { 5: '没有的站点' }),
      /* 9 */ pole('IMP-9', { 10: 150 }),
      /* 10 */ pole('imp-taken'),
      /* 11 */ pole('IMP-11', { 1: '' }),
      /* 12 */ pole('IMP-12', { 8: null }),
      /* 13 */ [null, null, null, null, null, null, null, null, null, null, null, null],
      /* 14 */ pole('IMP-14', { 2: 'wall', 10: '8.5' }),
    ]);
    expect(answer.status_code, answer.message).toBe(1);
    const report = answer.data as ImportReport;
    expect(report.problems.map(({ row, column, reason, values }) => [row, column, reason, values])).toEqual([
      [4, '点位编号', 'import.duplicatePoint', { row: 2 }],
      [5, '点位类型', 'import.unknownKind', { value: '路灯' }],
      [6, '所属项目', 'import.unknownProject', { value: '没有的项目' }],
      [7, '所属区域', 'import.unknownArea', { value: '没有的区域' }],
      [8, '所属站点', 'import.unknownSite', { value: '没有的站点' }],
      [9, '高度(米)', 'point.height', { max: 100 }],
      [10, '点位编号', 'point.codeTaken', {}],
      [11, '点位名称', 'request.invalidField', expect.objectContaining({ field: 'name' })],
      [12, '纬度', 'latitude.format', {}],
    ]);
    expect(report).toMatchObject({ total: 12, imported: 3, refused: 9 });
    expect(await t.handle.db.$count(points)).toBe(before + 3);
    const page = await t.api(api.page, { token: admin, body: { keyword: 'IMP-', sortField: 'code' } });
    expect(
      page.data?.list.map((row) => [row.code, row.kind, row.areaName, row.siteName, row.height]),
    ).toEqual([
      ['IMP-1', 'pole', '点位区域', '点位站点', 10],
      ['IMP-14', 'wall', null, null, 8.5],
      ['IMP-2', 'cabinet', null, null, null],
      ['IMP-TAKEN', 'pole', null, null, null],
    ]);
    expect(await t.handle.db.$count(auditLog, eq(auditLog.module, POINT_IMPORT_PAGE))).toBeGreaterThan(0);
  });

  it('looks projects up among the user’s own and refuses a wrong header', async () => {
    await t.createUser('ptimporter', 'Importer@123', [POINT_IMPORT_PAGE, 'batchImportPoint_import']);
    const token = await t.token('ptimporter', 'Importer@123');
    const answer = await importRows([pole('IMP-OUT')], token);
    expect(answer.data).toMatchObject({ imported: 0, refused: 1 });
    expect(answer.data?.problems[0]).toMatchObject({ column: '所属项目', reason: 'import.unknownProject' });
    const { contentType, payload } = multipartFile(
      await workbookOf([['编号', ...HEADER.slice(1)], pole('IMP-H')]),
      'wrong.xlsx',
    );
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${api.importPoints.path}`,
      headers: { 'content-type': contentType, [HEADER_ACCESS_TOKEN]: admin },
      payload,
    });
    expect(wrong.json()).toEqual(refused('表头与模板不一致：第1列应为“点位编号”'));
  });

  it('downloads a template whose example row imports as it is', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}${pointImportTemplate.path}`,
      headers: { [HEADER_ACCESS_TOKEN]: admin },
    });
    expect(reply.statusCode).toBe(200);
    const { rows } = await sheetRows(reply.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    expect(rows[1]?.[2]).toBe('灯杆');
    const imported = await importRows([(rows[1] ?? []) as Cell[]]);
    expect(imported.data).toMatchObject({ imported: 1, refused: 0 });
  });
});
