import { createHash } from 'node:crypto';
import {
  areaEndpoints,
  DEVICE_PAGE,
  deviceEndpoints as api,
  licenceManageEndpoints,
  productEndpoints,
  projectManageEndpoints,
  siteEndpoints,
  type CreateDevice,
  type DeviceRow,
} from '@cityops/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, cameras, deviceAlarms, devices, projects, userProjects, users } from '../../db/schema.js';
import { listenToBus, type BusListener } from '../../test/busEvents.js';
import { licenceDocument, signedByTestVendor, TEST_VENDOR_PUBLIC_KEY } from '../../test/licence.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { demoFleetSecret, secretHash } from './credentials.js';

let t: TestApp;
let admin: string;
let bus: BusListener;
let projectId: number;
let otherProjectId: number;
let areaId: number;
let otherAreaId: number;
let siteId: number;
let otherSiteId: number;
/** Products: an environment sensor (control code required) and a pole (§9: none). */
const product = { sensor: 0, pole: 0 };

const square = [
  { lng: 113, lat: 22 },
  { lng: 113.1, lat: 22 },
  { lng: 113.1, lat: 22.1 },
  { lng: 113, lat: 22.1 },
];

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

async function site(inProject: number, name: string) {
  const answer = await t.api(siteEndpoints.create, {
    token: admin,
    body: { projectId: inProject, name, longitude: 113.05, latitude: 22.05 },
  });
  if (!answer.data) throw new Error(answer.message);
  return answer.data.siteId;
}

async function newProduct(productKey: string, typeCode: '0401' | '0001') {
  const answer = await t.api(productEndpoints.create, {
    token: admin,
    body: { productKey, name: productKey, nameEn: `${productKey} (en)`, typeCode },
  });
  if (!answer.data) throw new Error(answer.message);
  return answer.data.productId;
}

beforeAll(async () => {
  t = await createTestApp({ captureLogs: true });
  admin = await t.token('admin', 'Admin@123');
  bus = await listenToBus(t);
  projectId = await project('设备-项目');
  otherProjectId = await project('设备-别的项目');
  areaId = await area(projectId, '设备区域');
  otherAreaId = await area(otherProjectId, '别的区域');
  siteId = await site(projectId, '设备站点');
  otherSiteId = await site(otherProjectId, '别的站点');
  product.sensor = await newProduct('dev-sensor', '0401');
  product.pole = await newProduct('dev-pole', '0001');
});
afterAll(async () => {
  await bus.stop();
  await t.close();
});
/** Forgets what was heard, once what was sent so far has arrived (PostgreSQL delivers it later). */
beforeEach(() => bus.clear());

const refused = (message: string) => ({ status_code: 10001, message, data: null });
const deviceCount = () => t.handle.db.$count(devices);
let serial = 0;

const body = (extra: Partial<CreateDevice> = {}): CreateDevice => {
  serial += 1;
  return {
    deviceKey: `dev-${serial}`,
    controlCode: `code-${serial}`,
    name: `设备${serial}`,
    productId: product.sensor,
    projectId,
    ...extra,
  };
};

async function create(extra: Partial<CreateDevice> = {}, token = admin): Promise<DeviceRow> {
  const answer = await t.api(api.create, { token, body: body(extra) });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

async function revoked() {
  await bus.settle();
  return bus.events.flatMap((event) => (event.k === 'devices.revoked' ? event.deviceKeys : []));
}

describe('insert, find, list, update, delete', () => {
  it('creates a device with every field, joined with its names, finds, lists, saves and deletes it, logging each', async () => {
    const answer = await t.api(api.create, {
      token: admin,
      body: {
        deviceKey: 'env:00001',
        controlCode: ' 040100001 ',
        name: ' 一号环境仪 ',
        productId: product.sensor,
        projectId,
        areaId,
        siteId,
        segment: '科技园南路',
        longitude: '113.05',
        latitude: 22.05,
        address: '南山区',
        remarks: '备注',
      },
    });
    expect(answer).toMatchObject({
      status_code: 1,
      message: '新增成功',
      data: {
        deviceKey: 'env:00001',
        controlCode: '040100001',
        name: '一号环境仪',
        productName: 'dev-sensor',
        productNameEn: 'dev-sensor (en)',
        typeCode: '0401',
        projectName: '设备-项目',
        areaName: '设备区域',
        siteName: '设备站点',
        longitude: 113.05,
        enabled: true,
        online: false,
        lastSeenAt: null,
        editor: 'admin',
      },
    });
    const device = answer.data as DeviceRow;
    const id = device.deviceId;
    expect((await t.api(api.find, { token: admin, params: { id } })).data).toEqual(device);
    const [entry] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, DEVICE_PAGE), eq(auditLog.action, 'create')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ targetId: String(id), targetName: '一号环境仪' });

    const updated = await t.api(api.update, {
      token: admin,
      body: { ...body(), deviceId: id, deviceKey: 'env:00001', controlCode: '040100001', name: '改名' },
    });
    expect(updated).toMatchObject({
      status_code: 1,
      message: '保存成功',
      data: { name: '改名', areaId: null },
    });
    expect(await revoked(), 'an enabled device keeping its key keeps its connection').toEqual([]);

    expect(await t.api(api.delete, { token: admin, params: { id } })).toMatchObject({
      status_code: 1,
      message: '删除成功',
    });
    expect(await revoked()).toEqual(['env:00001']);
    expect(await t.api(api.find, { token: admin, params: { id } })).toEqual(
      refused('设备不存在或已被删除，请刷新列表'),
    );
  });

  it('lists by project, product, type, area, site, online state and keyword', async () => {
    const listProject = await project('设备-列表');
    const listArea = await area(listProject, '列表区域');
    const a = await create({ projectId: listProject, name: '路口甲', areaId: listArea });
    const b = await create({ projectId: listProject, name: '路口乙', controlCode: 'XYZ-kw-1' });
    const pole = await create({ projectId: listProject, productId: product.pole, controlCode: null });
    await t.handle.db.update(devices).set({ online: true }).where(eq(devices.id, b.deviceId));
    const ids = async (filter: Record<string, unknown>) => {
      const page = await t.api(api.page, {
        token: admin,
        body: { projectId: listProject, sortField: 'deviceKey', ...filter },
      });
      expect(page.status_code, page.message).toBe(1);
      return page.data?.list.map((row) => row.deviceId);
    };
    expect(await ids({})).toEqual([a.deviceId, b.deviceId, pole.deviceId]);
    expect(await ids({ online: true })).toEqual([b.deviceId]);
    expect(await ids({ online: 'false' })).toEqual([a.deviceId, pole.deviceId]);
    expect(await ids({ typeCode: '0001' })).toEqual([pole.deviceId]);
    expect(await ids({ productId: product.pole })).toEqual([pole.deviceId]);
    expect(await ids({ areaId: listArea })).toEqual([a.deviceId]);
    expect(await ids({ keyword: '甲' })).toEqual([a.deviceId]);
    expect(await ids({ keyword: 'xyz-KW' })).toEqual([b.deviceId]);
    expect(await ids({ keyword: pole.deviceKey })).toEqual([pole.deviceId]);
    const page = await t.api(api.page, {
      token: admin,
      body: { projectId: listProject, pageSize: 15, pageNum: 2 },
    });
    // A page past the end still knows the total.
    expect(page.data).toMatchObject({ total: 3, pageNum: 2, list: [] });
  });

  it('deletes a batch together, or none when one is missing', async () => {
    const [a, b] = [await create(), await create()];
    const before = await deviceCount();
    expect(
      await t.api(api.batchDelete, { token: admin, body: { ids: [a.deviceId, b.deviceId, 99_999] } }),
    ).toEqual(refused('设备不存在或已被删除，请刷新列表'));
    expect(await deviceCount()).toBe(before);
    expect(
      await t.api(api.batchDelete, { token: admin, body: { ids: [a.deviceId, b.deviceId] } }),
    ).toMatchObject({ status_code: 1, message: '删除成功' });
    expect(await deviceCount()).toBe(before - 2);
    expect((await revoked()).sort()).toEqual([a.deviceKey, b.deviceKey].sort());
  });
});

describe('rules', () => {
  it('asks a control code of every type but 0101, 0001 and 1101, and refuses one for those', async () => {
    const before = await deviceCount();
    expect(await t.api(api.create, { token: admin, body: body({ controlCode: null }) })).toEqual(
      refused('请输入控制码'),
    );
    expect(await t.api(api.create, { token: admin, body: body({ controlCode: '  ' }) })).toEqual(
      refused('请输入控制码'),
    );
    expect(
      await t.api(api.create, { token: admin, body: body({ productId: product.pole, controlCode: 'P-1' }) }),
    ).toEqual(refused('该类型的设备没有控制码'));
    expect(await deviceCount()).toBe(before);
    const pole = await create({ productId: product.pole, controlCode: null });
    expect(pole.controlCode).toBeNull();
    // Two devices without a control code do not collide.
    await create({ productId: product.pole, controlCode: '' });
  });

  it('keeps device keys and control codes unique', async () => {
    const first = await create();
    const before = await deviceCount();
    expect(await t.api(api.create, { token: admin, body: body({ deviceKey: first.deviceKey }) })).toEqual(
      refused('设备标识已存在'),
    );
    expect(await t.api(api.create, { token: admin, body: body({ controlCode: first.controlCode }) })).toEqual(
      refused('控制码已被其他设备使用'),
    );
    const second = await create();
    expect(
      await t.api(api.update, {
        token: admin,
        body: { ...body(), deviceId: second.deviceId, controlCode: first.controlCode },
      }),
    ).toEqual(refused('控制码已被其他设备使用'));
    expect(await deviceCount()).toBe(before + 1);
  });

  it('places a device only in an area and a site of its project, and an existing product and project', async () => {
    const before = await deviceCount();
    const cases: [Partial<CreateDevice>, string][] = [
      [{ areaId: otherAreaId }, '所属区域须为该项目的区域'],
      [{ areaId: 99_999 }, '所属区域须为该项目的区域'],
      [{ siteId: otherSiteId }, '所属站点须为该项目的站点'],
      [{ productId: 99_999 }, '产品不存在或已被删除，请刷新列表'],
      [{ projectId: 99_999 }, '项目不存在或已被删除，请刷新列表'],
      [{ deviceKey: 'bad key!' }, '设备标识只能包含字母、数字和 _ . : -'],
      [{ longitude: 113, latitude: null }, '请输入正确的纬度，-90~90'],
    ];
    for (const [extra, message] of cases) {
      expect(await t.api(api.create, { token: admin, body: body(extra) }), message).toEqual(refused(message));
    }
    const badName = await t.api(api.create, { token: admin, body: body({ name: 'x'.repeat(33) }) });
    expect(badName.message).toMatch(/^参数name不合法/);
    expect(await deviceCount()).toBe(before);
  });

  it('shows and changes devices only in the projects a user was given', async () => {
    const [own] = await t.handle.db
      .select()
      .from(projects)
      .where(eq(projects.name, '深圳南山智慧路灯示范项目'));
    const ownProject = own?.id ?? 0;
    const mine = await create({ projectId: ownProject });
    const foreign = await create();
    // The demo operator is given the first demo project and the device list page.
    const operator = await t.token('operator', 'Operator@123');
    const page = await t.api(api.page, { token: operator, body: { pageSize: 100 } });
    expect(page.status_code, page.message).toBe(1);
    expect(page.data?.list.map((row) => row.projectId)).not.toContain(projectId);
    expect(page.data?.list.map((row) => row.deviceId)).toContain(mine.deviceId);
    expect(await t.api(api.find, { token: operator, params: { id: foreign.deviceId } })).toEqual(
      refused('您不是该项目的成员，不能查看或修改该项目'),
    );
    const [operatorRow] = await t.handle.db.select().from(users).where(eq(users.userName, 'operator'));
    const memberships = await t.handle.db
      .select()
      .from(userProjects)
      .where(eq(userProjects.userId, operatorRow?.id ?? 0));
    expect(memberships.map((row) => row.projectId)).toEqual([ownProject]);
  });
});

describe('around the registry', () => {
  it('keeps a project with devices from being deleted', async () => {
    const p = await project('设备-删除项目');
    const device = await create({ projectId: p });
    expect(await t.api(projectManageEndpoints.delete, { token: admin, params: { id: p } })).toEqual(
      refused('该项目下还有设备，不能删除'),
    );
    await t.api(api.delete, { token: admin, params: { id: device.deviceId } });
    expect(await t.api(projectManageEndpoints.delete, { token: admin, params: { id: p } })).toMatchObject({
      status_code: 1,
    });
  });

  it('gives the demo operator the device list, the overview, the sensor and well-lid pages and the switches', async () => {
    const login = await t.login('operator', 'Operator@123');
    expect(login.data?.permissions).toEqual(
      expect.arrayContaining([
        'devList',
        'equipmentOverview',
        'realtimeReport',
        'historyRecord',
        'abnormalMonitor',
        'iot_wellLid_alarmRecord',
        'smartSwitchControl',
        'smartSwitchControl_control',
      ]),
    );
    expect(login.data?.permissions).not.toContain('devList_add');
  });
});

describe('credentials', () => {
  it('seals the secret, keeps its SHA-256 for the broker, shows it with the broker address, never logs it', async () => {
    const device = await create();
    const [row] = await t.handle.db.select().from(devices).where(eq(devices.id, device.deviceId));
    const answer = await t.api(api.credentials, { token: admin, params: { id: device.deviceId } });
    expect(answer.status_code, answer.message).toBe(1);
    const secret = answer.data?.secret ?? '';
    expect(secret).toMatch(/^[0-9a-f]{32}$/);
    expect(answer.data).toEqual({ deviceKey: device.deviceKey, secret, brokerUrl: 'mqtt://localhost:1883' });
    expect(row?.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(row?.secretHash).toBe(secretHash(secret));
    expect(row?.secretSealed).toMatch(/^enc1\./);
    expect(row?.secretSealed).not.toContain(secret);
    expect(t.logs.join('\n')).not.toContain(secret);
  });

  it('resets the secret: a new one, the old one gone, the device dropped', async () => {
    const device = await create();
    const old = (await t.api(api.credentials, { token: admin, params: { id: device.deviceId } })).data
      ?.secret;
    const reset = await t.api(api.resetSecret, { token: admin, params: { id: device.deviceId } });
    expect(reset).toMatchObject({ status_code: 1, message: '设备密钥已重置，设备须使用新密钥重新连接' });
    const secret = reset.data?.secret ?? '';
    expect(secret).toMatch(/^[0-9a-f]{32}$/);
    expect(secret).not.toBe(old);
    expect(
      (await t.api(api.credentials, { token: admin, params: { id: device.deviceId } })).data?.secret,
    ).toBe(secret);
    const [row] = await t.handle.db.select().from(devices).where(eq(devices.id, device.deviceId));
    expect(row?.secretHash).toBe(secretHash(secret));
    expect(await revoked()).toEqual([device.deviceKey]);
    expect(t.logs.join('\n')).not.toContain(secret);
  });

  it('drops a device that is disabled or re-keyed', async () => {
    const device = await create();
    const save = (extra: Partial<CreateDevice>) =>
      t.api(api.update, {
        token: admin,
        body: { ...body(), deviceId: device.deviceId, controlCode: device.controlCode, ...extra },
      });
    expect((await save({ deviceKey: device.deviceKey, enabled: false })).status_code).toBe(1);
    expect(await revoked()).toEqual([device.deviceKey]);
    await bus.clear();
    expect((await save({ deviceKey: 'rekeyed-1', enabled: true })).status_code).toBe(1);
    expect(await revoked()).toEqual([device.deviceKey]);
  });

  it('computes the demo fleet secrets as the simulator does', () => {
    expect(demoFleetSecret('env-00001')).toMatch(/^[0-9a-f]{32}$/);
    expect(demoFleetSecret('env-00001')).not.toBe(demoFleetSecret('env-00002'));
  });
});

describe('overview', () => {
  it('counts the devices of the user’s projects: online, disabled, alarming, by type and by area', async () => {
    const p = await project('设备-概览');
    const a = await area(p, '概览区域');
    const one = await create({ projectId: p, areaId: a });
    const two = await create({ projectId: p, enabled: false });
    await create({ projectId: p, productId: product.pole, controlCode: null, areaId: a });
    await t.handle.db.update(devices).set({ online: true }).where(eq(devices.id, one.deviceId));
    const now = t.clock.now();
    const alarm = { projectId: p, title: '高温', level: 'error', firstAt: now, lastAt: now };
    await t.handle.db.insert(deviceAlarms).values([
      { ...alarm, deviceId: one.deviceId, source: 'rule:1', state: 'waiting' },
      { ...alarm, deviceId: two.deviceId, source: 'rule:1', state: 'confirmed' },
      { ...alarm, deviceId: two.deviceId, source: 'rule:2', state: 'finish' },
    ]);
    const answer = await t.api(api.overview, { token: admin, query: { projectId: p } });
    expect(answer.status_code, answer.message).toBe(1);
    const cameraCount = await t.handle.db.$count(cameras);
    const inUse = cameraCount + (await deviceCount());
    expect(answer.data).toEqual({
      total: 3,
      online: 1,
      disabled: 1,
      alarming: 2,
      byType: [
        { typeCode: '0001', total: 1, online: 0 },
        { typeCode: '0401', total: 2, online: 1 },
      ],
      byArea: [
        { areaId: a, areaName: '概览区域', total: 2, online: 1 },
        { areaId: null, areaName: null, total: 1, online: 0 },
      ],
      devicesInUse: inUse,
      iotDevices: await deviceCount(),
      cameras: cameraCount,
      deviceLimit: 50_000,
    });
    const all = await t.api(api.overview, { token: admin });
    expect(all.data?.total).toBe(await deviceCount());
  });
});

describe('the licence’s device limit', () => {
  it('refuses the device beyond the limit, counting cameras and devices', async () => {
    const limited = await createTestApp({ env: { LICENCE_PUBLIC_KEY: TEST_VENDOR_PUBLIC_KEY } });
    try {
      const register = (deviceLimit: number) =>
        limited.call('POST', '/api/sys/license/register', {
          body: signedByTestVendor(licenceDocument(limited.clock.now(), { deviceLimit })),
        });
      // Room for the cameras and two devices.
      const cameraCount = await limited.handle.db.$count(cameras);
      expect((await register(cameraCount + 2)).json.status_code).toBe(1);
      const token = await limited.token('admin', 'Admin@123');
      const [first] = await limited.handle.db.select().from(projects).orderBy(projects.id);
      const productId = (
        await limited.api(productEndpoints.create, {
          token,
          body: { productKey: 'limit', name: '限额', typeCode: '0401' },
        })
      ).data?.productId;
      const device = (n: number) => ({
        deviceKey: `limit-${n}`,
        controlCode: `limit-${n}`,
        name: `限额${n}`,
        productId: productId ?? 0,
        projectId: first?.id ?? 0,
      });
      expect((await limited.api(api.create, { token, body: device(1) })).status_code).toBe(1);
      expect((await limited.api(licenceManageEndpoints.deviceUsage, { token })).data).toEqual({
        devicesInUse: cameraCount + 1,
        iotDevices: 1,
        cameras: cameraCount,
        deviceLimit: cameraCount + 2,
      });
      expect((await limited.api(api.create, { token, body: device(2) })).status_code).toBe(1);
      expect(await limited.api(api.create, { token, body: device(3) })).toEqual(
        refused(
          `设备数量已达许可证上限（${cameraCount + 2} 台，已接入 ${cameraCount + 2} 台），无法再添加 1 台设备，请续期或升级许可证`,
        ),
      );
      expect(await limited.handle.db.$count(devices)).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
