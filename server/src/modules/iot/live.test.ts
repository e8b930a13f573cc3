import type { AddressInfo } from 'node:net';
import {
  API_PREFIX,
  deviceEndpoints,
  TELEMETRY_PUSH_PATH,
  telemetryServerFrameSchema,
  type TelemetryServerFrame,
} from '@cityops/contract';
import { eq, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telemetry, userProjects } from '../../db/schema.js';
import {
  connectDevice,
  insertDevice,
  insertProduct,
  insertProject,
  publishAs,
  SENSOR_FUNCTIONS,
} from '../../test/iotDevices.js';
import { createTestApp, freshDatabase, type TestApp } from '../../test/testApp.js';
import { maintainPartitions } from './partitions.js';
import * as repo from './repository.js';
import { runtimeOf } from './runtime.js';

let t: TestApp;
let origin: string;
let brokerUrl: string;

beforeAll(async () => {
  t = await createTestApp({ env: { MQTT_PORT: '0', HOST: '127.0.0.1' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  brokerUrl = `mqtt://127.0.0.1:${runtimeOf(t.app.cityops).port() ?? 0}`;
});
afterAll(() => t.close());

/** A live socket as a page drives it: frames kept in order, taken one by one. */
async function openLiveSocket() {
  const ws = new WebSocket(`${origin}${API_PREFIX}${TELEMETRY_PUSH_PATH}`);
  const frames: TelemetryServerFrame[] = [];
  ws.on('message', (data: WebSocket.RawData) => {
    frames.push(telemetryServerFrameSchema.parse(JSON.parse(String(data))));
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  async function next<T extends TelemetryServerFrame['type']>(type: T, timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = frames.findIndex((frame) => frame.type === type);
      if (index >= 0) return frames.splice(index, 1)[0] as Extract<TelemetryServerFrame, { type: T }>;
      if (Date.now() > deadline) throw new Error(`no ${type} frame within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return { ws, frames, next, closed, send: (value: unknown) => ws.send(JSON.stringify(value)) };
}

describe('the live socket', () => {
  it('sends the followed devices’ state, then their new values as they arrive', async () => {
    const db = t.handle.db;
    const projectId = await insertProject(db);
    const productId = await insertProduct(db, { functions: SENSOR_FUNCTIONS });
    const device = await insertDevice(db, { productId, projectId });
    const hidden = await insertDevice(db, { productId, projectId: await insertProject(db) });
    const userId = await t.createUser('liveviewer', 'Viewer@12345', ['realtimeReport']);
    await db.insert(userProjects).values({ userId, projectId });
    const token = await t.token('liveviewer', 'Viewer@12345');

    const socket = await openLiveSocket();
    socket.send({ accessToken: token });
    await socket.next('ready');
    socket.send({ type: 'follow', deviceIds: [device.id, hidden.id] });
    expect(await socket.next('status')).toMatchObject({ deviceId: device.id, online: false });

    const client = await connectDevice(brokerUrl, device);
    expect(await socket.next('status')).toMatchObject({ deviceId: device.id, online: true });
    await publishAs(client, device.deviceKey, 'telemetry', { values: { temperature: 23.5 } });
    expect(await socket.next('values')).toMatchObject({ deviceId: device.id, values: { temperature: 23.5 } });
    await publishAs(client, device.deviceKey, 'telemetry', { values: { humidity: 55 } });
    expect(await socket.next('values')).toMatchObject({ values: { temperature: 23.5, humidity: 55 } });
    // The device of another project was never sent.
    expect(socket.frames.filter((frame) => 'deviceId' in frame && frame.deviceId === hidden.id)).toEqual([]);
    socket.send({ type: 'ping' });
    await socket.next('pong');
    await client.endAsync();
    socket.ws.close();
  });

  it('closes a socket that sends no token, a bad token or a user without a live page', async () => {
    const noToken = await openLiveSocket();
    noToken.send({ type: 'follow', deviceIds: [1] });
    expect(await noToken.closed).toBe(4400);
    const badToken = await openLiveSocket();
    badToken.send({ accessToken: 'not-a-session' });
    expect(await badToken.closed).toBe(4401);
    await t.createUser('nolive', 'Nolive@12345', ['devList']);
    const noPage = await openLiveSocket();
    noPage.send({ accessToken: await t.token('nolive', 'Nolive@12345') });
    expect(await noPage.closed).toBe(4403);
  });
});

describe('telemetry partitions', () => {
  const count = async (table: string) => {
    const result = await t.handle.db.execute<{ n: number }>(
      sql.raw(`select count(*)::integer as n from ${table}`),
    );
    return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
  };

  it('makes a day partition from yesterday to three days ahead at start', async () => {
    // The test clock starts at 2026-06-01 08:00 UTC.
    expect(await repo.telemetryPartitions(t.handle.db)).toEqual(
      expect.arrayContaining([
        'iot_telemetry_20260531',
        'iot_telemetry_20260601',
        'iot_telemetry_20260602',
        'iot_telemetry_20260603',
        'iot_telemetry_20260604',
      ]),
    );
  });

  it('moves rows that landed in the default partition into the day made for them, and drops expired days', async () => {
    const db = t.handle.db;
    const projectId = await insertProject(db);
    const productId = await insertProduct(db, { functions: SENSOR_FUNCTIONS });
    const device = await insertDevice(db, { productId, projectId });
    await db.execute(sql`insert into iot_telemetry (device_id, ts, values)
      values (${device.id}, '2026-06-10T12:00:00Z', '{"temperature": 1}')`);
    expect(await count('iot_telemetry_default')).toBeGreaterThanOrEqual(1);
    const made = await maintainPartitions(db, new Date('2026-06-09T01:00:00Z'), 30);
    expect(made.created).toEqual([
      'iot_telemetry_20260608',
      'iot_telemetry_20260609',
      'iot_telemetry_20260610',
      'iot_telemetry_20260611',
      'iot_telemetry_20260612',
    ]);
    expect(await count('iot_telemetry_20260610')).toBe(1);
    expect(await count(`iot_telemetry where device_id = ${device.id}`)).toBe(1);

    // 30 days after 2026-06-15 every day up to 06-14 has expired.
    const later = await maintainPartitions(db, new Date('2026-07-15T01:00:00Z'), 30);
    expect(later.dropped).toEqual(
      expect.arrayContaining(['iot_telemetry_20260531', 'iot_telemetry_20260610', 'iot_telemetry_20260612']),
    );
    expect(await repo.telemetryPartitions(db)).not.toContain('iot_telemetry_20260612');
    expect(await repo.telemetryPartitions(db)).toContain('iot_telemetry_20260715');
  });
});

describe('closing the server', () => {
  it('writes what is buffered, closes the broker and its devices, before the database closes', async () => {
    const handle = await freshDatabase();
    const app = await createTestApp({ database: handle, env: { MQTT_PORT: '0', HOST: '127.0.0.1' } });
    try {
      const db = handle.db;
      const productId = await insertProduct(db, { functions: SENSOR_FUNCTIONS });
      const device = await insertDevice(db, { productId, projectId: await insertProject(db) });
      const port = runtimeOf(app.app.cityops).port();
      const client = await connectDevice(`mqtt://127.0.0.1:${port}`, device);
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      await publishAs(client, device.deviceKey, 'telemetry', { values: { temperature: 30 } });
      await app.close();
      await closed;
      expect(await db.$count(telemetry, eq(telemetry.deviceId, device.id))).toBe(1);
      await expect(connectDevice(`mqtt://127.0.0.1:${port}`, device)).rejects.toThrow();
    } finally {
      await handle.close();
    }
  });
});

describe('with the registry', () => {
  it('signs in a device created through the registry with its credentials; a reset secret drops it', async () => {
    const db = t.handle.db;
    const productId = await insertProduct(db, { functions: SENSOR_FUNCTIONS });
    const projectId = await insertProject(db);
    const admin = await t.token('admin', 'Admin@123');
    const created = await t.api(deviceEndpoints.create, {
      token: admin,
      body: { deviceKey: 'registry-env-1', controlCode: 'REG-ENV-1', name: '登记设备', productId, projectId },
    });
    const deviceId = created.data?.deviceId ?? 0;
    const credentials = await t.api(deviceEndpoints.credentials, { token: admin, params: { id: deviceId } });
    const secret = credentials.data?.secret ?? '';
    const client = await connectDevice(brokerUrl, { deviceKey: 'registry-env-1', secret });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const reset = await t.api(deviceEndpoints.resetSecret, { token: admin, params: { id: deviceId } });
    await closed;
    await expect(connectDevice(brokerUrl, { deviceKey: 'registry-env-1', secret })).rejects.toMatchObject({
      code: 5,
    });
    const again = await connectDevice(brokerUrl, {
      deviceKey: 'registry-env-1',
      secret: reset.data?.secret ?? '',
    });
    await again.endAsync();
  });
});
