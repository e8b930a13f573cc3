import {
  areaEndpoints,
  deviceEndpoints,
  DEVICE_AREA_PAGE,
  LOCATION_PAGE,
  placementEndpoints as api,
  productEndpoints,
  projectManageEndpoints,
  type AreaCounts,
  type CreateDevice,
  type DeviceRow,
  type LngLat,
} from '@cityops/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deviceAlarms, devices } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
let admin: string;
let projectId: number;
let otherProjectId: number;
let productId: number;
/** A directory holding two nodes, a node at the top, and a node of the other project. */
const area = { dir: 0, north: 0, south: 0, top: 0, other: 0 };

const square = (lng: number, lat: number): LngLat[] => [
  { lng, lat },
  { lng: lng + 0.01, lat },
  { lng: lng + 0.01, lat: lat + 0.01 },
  { lng, lat: lat + 0.01 },
];

async function project(projectName: string, userIds: number[] = []) {
  const answer = await t.api(projectManageEndpoints.create, { token: admin, body: { projectName, userIds } });
  if (!answer.data) throw new Error(answer.message);
  return answer.data.projectId;
}

async function newArea(
  inProject: number,
  name: string,
  type: 'areadir' | 'areanode',
  polygon: LngLat[],
  parentId: number | null = null,
) {
  const answer = await t.api(areaEndpoints.create, {
    token: admin,
    body: { projectId: inProject, name, type, polygon, parentId },
  });
  if (!answer.data) throw new Error(answer.message);
  return answer.data.areaId;
}

let serial = 0;
async function device(extra: Partial<CreateDevice> = {}): Promise<DeviceRow> {
  serial += 1;
  const answer = await t.api(deviceEndpoints.create, {
    token: admin,
    body: {
      deviceKey: `place-${serial}`,
      controlCode: `place-code-${serial}`,
      name: `位置设备${serial}`,
      productId,
      projectId,
      ...extra,
    },
  });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  projectId = await project('位置-项目');
  otherProjectId = await project('位置-别的项目');
  area.dir = await newArea(projectId, '片区', 'areadir', []);
  area.north = await newArea(projectId, '北区', 'areanode', square(113, 22), area.dir);
  area.south = await newArea(projectId, '南区', 'areanode', square(113.1, 22), area.dir);
  area.top = await newArea(projectId, '独立区', 'areanode', square(113.2, 22));
  area.other = await newArea(otherProjectId, '别的区', 'areanode', square(113, 22));
  const product = await t.api(productEndpoints.create, {
    token: admin,
    body: { productKey: 'place-sensor', name: '位置传感器', nameEn: 'Placement sensor', typeCode: '0401' },
  });
  productId = product.data?.productId ?? 0;
});
afterAll(() => t.close());

const refused = (message: string) => ({ status_code: 10001, message, data: null });
const stored = (ids: number[]) =>
  t.handle.db
    .select({
      id: devices.id,
      lng: devices.longitude,
      lat: devices.latitude,
      address: devices.address,
      areaId: devices.areaId,
    })
    .from(devices)
    .where(inArray(devices.id, ids))
    .orderBy(devices.id);

describe('locationManagement', () => {
  it('places many devices at one coordinate, logs each, and takes them off the unlocated list', async () => {
    const a = await device();
    const b = await device();
    const before = await t.api(api.unlocated, { token: admin, body: { projectId, pageSize: 100 } });
    expect(before.data?.list.map((row) => row.deviceId)).toEqual(
      expect.arrayContaining([a.deviceId, b.deviceId]),
    );
    expect(before.data?.list.find((row) => row.deviceId === a.deviceId)).toMatchObject({
      productName: '位置传感器',
      productNameEn: 'Placement sensor',
    });

    const answer = await t.api(api.locate, {
      token: admin,
      body: { ids: [a.deviceId, b.deviceId], longitude: 113.00512, latitude: 22.00511, address: '1号灯杆' },
    });
    expect(answer).toMatchObject({ status_code: 1, data: 2 });
    expect(await stored([a.deviceId, b.deviceId])).toEqual([
      { id: a.deviceId, lng: 113.00512, lat: 22.00511, address: '1号灯杆', areaId: null },
      { id: b.deviceId, lng: 113.00512, lat: 22.00511, address: '1号灯杆', areaId: null },
    ]);
    const after = await t.api(api.unlocated, { token: admin, body: { projectId, pageSize: 100 } });
    expect(after.data?.list.map((row) => row.deviceId)).not.toContain(a.deviceId);
    expect(after.data?.total).toBe((before.data?.total ?? 0) - 2);

    const logs = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, LOCATION_PAGE), eq(auditLog.action, 'locate')));
    const ofA = logs.find((row) => row.targetId === String(a.deviceId));
    expect(ofA?.targetName).toBe(a.name);
    expect(ofA?.changes).toEqual([
      { field: 'longitude', before: null, after: 113.00512 },
      { field: 'latitude', before: null, after: 22.00511 },
      { field: 'address', before: '', after: '1号灯杆' },
    ]);

    expect(await t.api(api.clear, { token: admin, body: { ids: [b.deviceId] } })).toMatchObject({ data: 1 });
    expect(await stored([b.deviceId])).toEqual([
      { id: b.deviceId, lng: null, lat: null, address: '', areaId: null },
    ]);
  });

  it('checks the coordinates and the address, and refuses all when one device is missing', async () => {
    const a = await device();
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ longitude: 181, latitude: 22 }, '请输入正确的经度，-180~180'],
      [{ longitude: 113, latitude: 91 }, '请输入正确的纬度，-90~90'],
      [{ longitude: null, latitude: 22 }, '请输入正确的经度，-180~180'],
      [{ longitude: 13.123456, latitude: 22 }, '请输入正确的经度，-180~180'],
      [{ longitude: 113, latitude: 22, address: 'x'.repeat(101) }, /^参数address不合法/],
    ];
    for (const [extra, message] of cases) {
      const answer = await t.api(api.locate, {
        token: admin,
        body: { ids: [a.deviceId], ...extra } as never,
      });
      expect(answer.status_code, JSON.stringify(extra)).toBe(10001);
      expect(answer.message, JSON.stringify(extra)).toMatch(message);
    }
    expect(
      await t.api(api.locate, {
        token: admin,
        body: { ids: [a.deviceId, 999_999], longitude: 113, latitude: 22 },
      }),
    ).toEqual(refused('所选设备中有1台不存在或已被删除，请刷新列表'));
    expect(await stored([a.deviceId])).toEqual([
      { id: a.deviceId, lng: null, lat: null, address: '', areaId: null },
    ]);
  });

  it('answers the markers in a box, capped, with the total', async () => {
    const inside = await device({ longitude: 100.5, latitude: 30.5 });
    const inside2 = await device({ longitude: 100.6, latitude: 30.6, enabled: false });
    await device({ longitude: 101.5, latitude: 30.5 });
    const box = { west: 100, south: 30, east: 101, north: 31 };
    const answer = await t.api(api.map, { token: admin, body: { box } });
    expect(answer.data).toMatchObject({
      total: 2,
      devices: [
        {
          id: inside.deviceId,
          name: inside.name,
          type: '0401',
          online: false,
          enabled: true,
          lng: 100.5,
          lat: 30.5,
        },
        {
          id: inside2.deviceId,
          name: inside2.name,
          type: '0401',
          online: false,
          enabled: false,
          lng: 100.6,
          lat: 30.6,
        },
      ],
    });
    const capped = await t.api(api.map, { token: admin, body: { box, limit: 1 } });
    expect(capped.data?.total).toBe(2);
    expect(capped.data?.devices).toHaveLength(1);
    const wrong = await t.api(api.map, {
      token: admin,
      body: { box: { west: 101, south: 30, east: 100, north: 31 } },
    });
    expect(wrong.status_code).toBe(10001);
  });

  it('shows and places only devices of projects the user was given', async () => {
    const userId = await t.createUser('place_member', 'Member@123', [LOCATION_PAGE, `${LOCATION_PAGE}_edit`]);
    const own = await project('位置-成员项目', [userId]);
    const mine = await device({ projectId: own });
    const foreign = await device({ longitude: 100.55, latitude: 30.55 });
    const token = await t.token('place_member', 'Member@123');
    const unlocated = await t.api(api.unlocated, { token, body: { pageSize: 100 } });
    expect(unlocated.data?.list.map((row) => row.deviceId)).toEqual([mine.deviceId]);
    const map = await t.api(api.map, {
      token,
      body: { box: { west: 100, south: 30, east: 101, north: 31 } },
    });
    // Their one device, counted but without a place; the other project's devices are not counted.
    expect(map.data).toEqual({ total: 0, devices: [], deviceTotal: 1, placedTotal: 0 });
    expect(await t.api(api.unlocated, { token, body: { projectId } })).toEqual(
      refused('您不是该项目的成员，不能查看或修改该项目'),
    );
    expect(
      await t.api(api.locate, {
        token,
        body: { ids: [mine.deviceId, foreign.deviceId], longitude: 113, latitude: 22 },
      }),
    ).toEqual(refused('您不是该项目的成员，不能查看或修改该项目'));
    expect(await stored([mine.deviceId])).toMatchObject([{ lng: null }]);
    expect(
      await t.api(api.locate, { token, body: { ids: [mine.deviceId], longitude: 113, latitude: 22 } }),
    ).toMatchObject({
      data: 1,
    });
  });
});

const counts = (
  total: number,
  online: number,
  offline: number,
  disabled: number,
  alarming: number,
): AreaCounts => ({
  total,
  online,
  offline,
  disabled,
  alarming,
});

describe('iot_assetMorror_areaManage', () => {
  it('counts the devices of each node, a directory holding its nodes', async () => {
    const p = await project('区域计数-项目');
    const dir = await newArea(p, '目录', 'areadir', []);
    const inner = await newArea(p, '子目录', 'areadir', [], dir);
    const leaf = await newArea(p, '节点', 'areanode', square(114, 23), inner);
    const side = await newArea(p, '旁节点', 'areanode', square(114.1, 23), dir);
    const a = await device({ projectId: p, areaId: leaf });
    await device({ projectId: p, areaId: leaf, enabled: false });
    const c = await device({ projectId: p, areaId: side });
    await device({ projectId: p });
    await device({ projectId: p, areaId: dir });
    await t.handle.db
      .update(devices)
      .set({ online: true })
      .where(inArray(devices.id, [a.deviceId, c.deviceId]));
    const now = new Date();
    await t.handle.db.insert(deviceAlarms).values([
      {
        deviceId: a.deviceId,
        projectId: p,
        source: 'rule:1',
        title: '高温',
        level: 'serious',
        firstAt: now,
        lastAt: now,
      },
      {
        deviceId: a.deviceId,
        projectId: p,
        source: 'rule:2',
        title: '湿度',
        level: 'normal',
        firstAt: now,
        lastAt: now,
      },
      {
        deviceId: c.deviceId,
        projectId: p,
        source: 'rule:1',
        title: '高温',
        level: 'serious',
        state: 'finish',
        firstAt: now,
        lastAt: now,
      },
    ]);
    const answer = await t.api(api.areaCounts, { token: admin, query: { projectId: p } });
    expect(answer.status_code, answer.message).toBe(1);
    expect(answer.data?.areas.map((row) => [row.name, row.counts])).toEqual([
      ['目录', counts(4, 2, 1, 1, 1)],
      ['子目录', counts(2, 1, 0, 1, 1)],
      ['节点', counts(2, 1, 0, 1, 1)],
      ['旁节点', counts(1, 1, 0, 0, 0)],
    ]);
    expect(answer.data?.unassigned).toEqual(counts(1, 0, 1, 0, 0));
    expect(answer.data?.project).toEqual(counts(5, 2, 2, 1, 1));

    const inDir = await t.api(api.areaDevices, {
      token: admin,
      body: { projectId: p, areaId: dir, pageSize: 100 },
    });
    expect(inDir.data?.total).toBe(4);
    const none = await t.api(api.areaDevices, { token: admin, body: { projectId: p, unassigned: true } });
    expect(none.data?.total).toBe(1);
    const wrongArea = await t.api(api.areaDevices, {
      token: admin,
      body: { projectId: p, areaId: area.north },
    });
    expect(wrongArea).toEqual(refused('区域不存在或已被删除，请刷新区域树'));
  });

  it('moves devices between nodes and the counts follow, with a log row each', async () => {
    const a = await device({ areaId: area.north });
    const b = await device({ areaId: area.north });
    const before = await t.api(api.areaCounts, { token: admin, query: { projectId } });
    const totalOf = (data: typeof before.data, id: number) =>
      data?.areas.find((row) => row.areaId === id)?.counts.total ?? -1;
    expect(
      await t.api(api.move, { token: admin, body: { ids: [a.deviceId, b.deviceId], areaId: area.south } }),
    ).toMatchObject({ status_code: 1, data: 2 });
    const after = await t.api(api.areaCounts, { token: admin, query: { projectId } });
    expect(totalOf(after.data, area.north)).toBe(totalOf(before.data, area.north) - 2);
    expect(totalOf(after.data, area.south)).toBe(totalOf(before.data, area.south) + 2);
    expect(totalOf(after.data, area.dir)).toBe(totalOf(before.data, area.dir));
    expect(await stored([a.deviceId])).toMatchObject([{ areaId: area.south }]);
    const [log] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, DEVICE_AREA_PAGE), eq(auditLog.targetId, String(a.deviceId))));
    expect(log?.changes).toEqual([
      { field: 'areaId', before: area.north, after: area.south },
      { field: 'areaName', before: '北区', after: '南区' },
    ]);
  });

  it('refuses to move devices into an area of another project, moving none', async () => {
    const a = await device({ areaId: area.top });
    const foreign = await device({ projectId: otherProjectId });
    expect(
      await t.api(api.move, {
        token: admin,
        body: { ids: [a.deviceId, foreign.deviceId], areaId: area.other },
      }),
    ).toEqual(refused('所选设备中有1台不属于“别的区”所在的项目，不能移入该区域'));
    expect(await stored([a.deviceId])).toMatchObject([{ areaId: area.top }]);
    expect(await t.api(api.move, { token: admin, body: { ids: [a.deviceId], areaId: 999_999 } })).toEqual(
      refused('区域不存在或已被删除，请刷新区域树'),
    );
  });

  it('keeps a member to the projects they were given', async () => {
    const userId = await t.createUser('area_member', 'Member@123', [
      DEVICE_AREA_PAGE,
      `${DEVICE_AREA_PAGE}_move`,
    ]);
    const own = await project('区域-成员项目', [userId]);
    const node = await newArea(own, '成员节点', 'areanode', square(115, 24));
    const mine = await device({ projectId: own });
    const token = await t.token('area_member', 'Member@123');
    expect(await t.api(api.areaCounts, { token, query: { projectId } })).toEqual(
      refused('您不是该项目的成员，不能查看或修改该项目'),
    );
    expect(await t.api(api.move, { token, body: { ids: [mine.deviceId], areaId: area.top } })).toEqual(
      refused('您不是该项目的成员，不能查看或修改该项目'),
    );
    expect(await t.api(api.move, { token, body: { ids: [mine.deviceId], areaId: node } })).toMatchObject({
      data: 1,
    });
    const tree = await t.api(api.areaCounts, { token, query: { projectId: own } });
    expect(tree.data?.areas).toEqual([
      expect.objectContaining({ areaId: node, counts: counts(1, 0, 1, 0, 0) }),
    ]);
  });
});
