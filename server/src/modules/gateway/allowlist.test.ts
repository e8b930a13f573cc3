import {
  ALLOWLIST_BUTTONS,
  ALLOWLIST_MAX,
  ALLOWLIST_PAGE,
  ALLOWLIST_SERVICE,
  allowlistCommandSchema,
  allowlistEndpoints as api,
  deviceTopic,
  type AllowlistCommand,
} from '@cityops/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands, devices, gatewayAllowlist, userProjects } from '../../db/schema.js';
import {
  connectDevice,
  eventually,
  insertDevice,
  insertProduct,
  insertProject,
  publishAs,
  SENSOR_FUNCTIONS,
  type TestDevice,
} from '../../test/iotDevices.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { runtimeOf } from '../iot/runtime.js';
import { allowlistSyncOf } from './routes.js';

let t: TestApp;
let admin: string;
let url: string;
let projectId: number;
let gatewayProduct: number;
let sensorProduct: number;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { MQTT_PORT: '0', HOST: '127.0.0.1', COMMAND_TIMEOUT_MS: '1000' },
  });
  admin = await t.token('admin', 'Admin@123');
  url = `mqtt://127.0.0.1:${runtimeOf(t.app.cityops).port() ?? 0}`;
  projectId = await insertProject(t.handle.db, '白名单-项目');
  gatewayProduct = await insertProduct(t.handle.db, { typeCode: '0701', functions: [] });
  sensorProduct = await insertProduct(t.handle.db, { functions: SENSOR_FUNCTIONS });
});
afterAll(async () => {
  for (const client of clients) await client.endAsync(true);
  await t.close();
});

const db = () => t.handle.db;
const refused = (message: string) => ({ status_code: 10001, message, data: null });
const newGateway = (name?: string) =>
  insertDevice(db(), { productId: gatewayProduct, projectId, ...(name ? { name } : {}) });
const settled = (gatewayId: number) => allowlistSyncOf(t.app.cityops).settled(gatewayId);
async function findState(gatewayId: number) {
  const page = await t.api(api.gateways, { token: admin, body: { pageSize: 100 } });
  return page.data?.list.find((row) => row.gatewayId === gatewayId);
}

/** A gateway played by a real MQTT client: keeps the list it is sent, answers `$allowlist`. */
async function playGateway(device: TestDevice, answer: 'keep' | 'refuse' = 'keep') {
  const client = await connectDevice(url, device);
  clients.push(client);
  const received: AllowlistCommand[] = [];
  client.on('message', (_topic, payload) => {
    const command = allowlistCommandSchema.safeParse(JSON.parse(payload.toString('utf8')));
    if (!command.success) return;
    received.push(command.data);
    const { revision, addresses } = command.data.params;
    const reply =
      answer === 'keep'
        ? { id: command.data.id, code: 0, msg: '', data: { revision, count: addresses.length } }
        : { id: command.data.id, code: 3, msg: '存储已满' };
    void publishAs(client, device.deviceKey, 'reply', reply);
  });
  await client.subscribeAsync(deviceTopic(device.deviceKey, 'command'), { qos: 1 });
  await publishAs(client, device.deviceKey, 'status', { online: true });
  await eventually(
    async () => (await db().select().from(devices).where(eq(devices.id, device.id)))[0]?.online,
  );
  return { client, received };
}

describe('gateways and entries', () => {
  it('lists only gateways, refuses another device, and adds pasted lines checking each', async () => {
    const gateway = await newGateway('一号网关');
    const sensor = await insertDevice(db(), { productId: sensorProduct, projectId });
    const page = await t.api(api.gateways, { token: admin, body: { pageSize: 100 } });
    const ids = page.data?.list.map((row) => row.gatewayId) ?? [];
    expect(ids).toContain(gateway.id);
    expect(ids).not.toContain(sensor.id);
    expect(page.data?.list.find((row) => row.gatewayId === gateway.id)).toMatchObject({
      name: '一号网关',
      projectName: '白名单-项目',
      online: false,
      entries: 0,
      revision: 0,
      syncedRevision: null,
      state: 'pending',
    });
    expect(await t.api(api.entries, { token: admin, body: { gatewayId: sensor.id } })).toEqual(
      refused('该设备不是网关或已被删除，请刷新列表'),
    );

    const text = [
      'AA:BB:CC:00:11:22,路灯1,东侧',
      '',
      '0x1A2B3C\t路灯2',
      'aa:bb:cc:00:11:22',
      'bad address!',
      `SN-${'x'.repeat(70)}`,
      'SN-0001,名字'.padEnd(50, '长'),
    ].join('\n');
    const added = await t.api(api.add, { token: admin, body: { gatewayId: gateway.id, text } });
    expect(added).toMatchObject({
      status_code: 1,
      data: {
        added: 2,
        refused: [
          { line: 4, address: 'aa:bb:cc:00:11:22', reason: 'allowlist.duplicateInPaste' },
          { line: 5, address: 'bad address!', reason: 'allowlist.address' },
          { line: 6, reason: 'allowlist.address' },
          { line: 7, address: 'SN-0001', reason: 'allowlist.nameTooLong' },
        ],
        gateway: { entries: 2, revision: 1, state: 'pending' },
      },
    });
    // Already listed, ignoring case.
    const again = await t.api(api.add, { token: admin, body: { gatewayId: gateway.id, text: '0X1a2b3c' } });
    expect(again.data).toMatchObject({ added: 0, refused: [{ line: 1, reason: 'allowlist.duplicate' }] });
    expect(await t.api(api.add, { token: admin, body: { gatewayId: gateway.id, text: ' \n ' } })).toEqual(
      refused('请输入至少一行地址'),
    );
    const entries = await t.api(api.entries, {
      token: admin,
      body: { gatewayId: gateway.id, sortField: 'address', sortOrder: 'asc' },
    });
    expect(entries.data?.list.map((row) => [row.address, row.name, row.remarks])).toEqual([
      ['0x1A2B3C', '路灯2', ''],
      ['AA:BB:CC:00:11:22', '路灯1', '东侧'],
    ]);
    // Offline: the background send fails and the state says why.
    await settled(gateway.id);
    expect(await findState(gateway.id)).toMatchObject({ state: 'failed', lastError: 'allowlist.offline' });

    const first = entries.data?.list[0]?.entryId ?? 0;
    const after = await t.api(api.delete, { token: admin, body: { gatewayId: gateway.id, ids: [first] } });
    expect(after).toMatchObject({ status_code: 1, message: '删除成功', data: { entries: 1, revision: 2 } });
  });

  it('refuses more than the limit of entries per gateway, line by line', async () => {
    const gateway = await newGateway();
    await db()
      .insert(gatewayAllowlist)
      .values(
        Array.from({ length: ALLOWLIST_MAX - 1 }, (_, i) => ({ gatewayId: gateway.id, address: `N${i}` })),
      );
    const answer = await t.api(api.add, {
      token: admin,
      body: { gatewayId: gateway.id, text: 'LAST1\nLAST2' },
    });
    expect(answer.data).toMatchObject({
      added: 1,
      refused: [{ line: 2, address: 'LAST2', reason: 'allowlist.full' }],
    });
    expect(await db().$count(gatewayAllowlist, eq(gatewayAllowlist.gatewayId, gateway.id))).toBe(
      ALLOWLIST_MAX,
    );
  });
});

describe('sending the list to the gateway', () => {
  it('sends the whole list as $allowlist after a change and on sync, recorded with its sender', async () => {
    const gateway = await newGateway();
    const played = await playGateway(gateway);
    await t.api(api.add, { token: admin, body: { gatewayId: gateway.id, text: 'NODE-1\nNODE-2' } });
    await settled(gateway.id);
    expect(played.received.at(-1)?.params).toEqual({ revision: 1, addresses: ['NODE-1', 'NODE-2'] });
    expect(await findState(gateway.id)).toMatchObject({
      state: 'synced',
      revision: 1,
      syncedRevision: 1,
      lastError: '',
    });

    const synced = await t.api(api.sync, { token: admin, body: { gatewayId: gateway.id } });
    expect(synced).toMatchObject({ status_code: 1, message: '已同步', data: { state: 'synced' } });
    const [command] = await db()
      .select()
      .from(commands)
      .where(eq(commands.deviceId, gateway.id))
      .orderBy(desc(commands.id))
      .limit(1);
    expect(command).toMatchObject({
      service: ALLOWLIST_SERVICE,
      params: { revision: 1, count: 2 },
      state: 'succeeded',
      sender: 'admin',
      replyData: { revision: 1, count: 2 },
    });
    const automatic = await db()
      .select({ sender: commands.sender, senderId: commands.senderId })
      .from(commands)
      .where(and(eq(commands.deviceId, gateway.id), eq(commands.sender, 'system')));
    expect(automatic).toEqual([{ sender: 'system', senderId: null }]);
  });

  it('fails clearly for an offline gateway and sends again when it comes online', async () => {
    const gateway = await newGateway();
    await db().insert(gatewayAllowlist).values({ gatewayId: gateway.id, address: 'OLD-1' });
    await t.api(api.add, { token: admin, body: { gatewayId: gateway.id, text: 'NEW-1' } });
    await settled(gateway.id);
    expect(await t.api(api.sync, { token: admin, body: { gatewayId: gateway.id } })).toEqual(
      refused('网关离线，白名单未同步；网关上线后将自动重新下发'),
    );
    expect(await findState(gateway.id)).toMatchObject({ state: 'failed', syncedRevision: null });
    const offline = await db().select().from(commands).where(eq(commands.deviceId, gateway.id));
    expect(offline.map((row) => row.state)).toEqual(['offline', 'offline']);

    const played = await playGateway(gateway);
    await eventually(async () => (await findState(gateway.id))?.state === 'synced');
    expect(played.received.map((command) => command.params)).toEqual([
      { revision: 1, addresses: ['OLD-1', 'NEW-1'] },
    ]);
    // Up to date: coming online again sends nothing.
    await publishAs(played.client, gateway.deviceKey, 'status', { online: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await settled(gateway.id);
    expect(played.received).toHaveLength(1);
  });

  it('records a gateway’s refusal with its message', async () => {
    const gateway = await newGateway();
    await playGateway(gateway, 'refuse');
    await t.api(api.add, { token: admin, body: { gatewayId: gateway.id, text: 'R-1' } });
    await settled(gateway.id);
    expect(await t.api(api.sync, { token: admin, body: { gatewayId: gateway.id } })).toEqual(
      refused('网关拒绝：存储已满'),
    );
    expect(await findState(gateway.id)).toMatchObject({ state: 'failed', lastError: '存储已满' });
  });
});

describe('access', () => {
  it('checks the buttons and the gateway’s project', async () => {
    const gateway = await newGateway();
    const userId = await t.createUser('white_viewer', 'Viewer@123', [ALLOWLIST_PAGE]);
    const token = await t.token('white_viewer', 'Viewer@123');
    expect((await t.api(api.add, { token, body: { gatewayId: gateway.id, text: 'A1' } })).status_code).toBe(
      10500,
    );
    expect((await t.api(api.sync, { token, body: { gatewayId: gateway.id } })).status_code).toBe(10500);
    expect(await t.api(api.entries, { token, body: { gatewayId: gateway.id } })).toEqual(
      refused('您不是该项目的成员，不能查看或修改该项目'),
    );
    expect((await t.api(api.gateways, { token, body: {} })).data?.total).toBe(0);
    await db().insert(userProjects).values({ userId, projectId });
    expect((await t.api(api.entries, { token, body: { gatewayId: gateway.id } })).status_code).toBe(1);
    expect(ALLOWLIST_BUTTONS.sync).toBe('white_sync');
  });
});
