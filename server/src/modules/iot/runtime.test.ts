import {
  commandEndpoints,
  deviceEndpoints,
  deviceTopic,
  MSG_PAGE_CODE,
  type CommandPayload,
} from '@cityops/contract';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAlarms, devices, messageEvents, userProjects } from '../../db/schema.js';
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
import { runtimeOf, type IotRuntime } from './runtime.js';

/*
 * The device runtime against the registry's changes and the broker's live state, with a real MQTT
 * client on the embedded broker: a device moved to another project raises its alarms there at once
 * (no reconnect), and a command sent right after a device connects reaches it.
 */

let t: TestApp;
let admin: string;
let runtime: IotRuntime;
let url: string;
let productId: number;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { MQTT_PORT: '0', HOST: '127.0.0.1', COMMAND_TIMEOUT_MS: '2000', OVERLOAD_EVENT_LOOP_DELAY_MS: '0' },
  });
  admin = await t.token('admin', 'Admin@123');
  runtime = runtimeOf(t.app.cityops);
  url = `mqtt://127.0.0.1:${runtime.port() ?? 0}`;
  productId = await insertProduct(t.handle.db, {
    functions: SENSOR_FUNCTIONS,
    rules: [{ name: '高温', identifier: 'temperature', operator: '>', threshold: 50, level: 'error' }],
  });
});
afterAll(async () => {
  for (const client of clients) await client.endAsync(true);
  await t.close();
});

const db = () => t.handle.db;
const deviceRow = async (id: number) => (await db().select().from(devices).where(eq(devices.id, id)))[0];

async function connect(device: TestDevice) {
  const client = await connectDevice(url, device);
  clients.push(client);
  return client;
}

/** A device that answers every command with success. */
async function answering(device: TestDevice) {
  const client = await connect(device);
  await client.subscribeAsync(deviceTopic(device.deviceKey, 'command'), { qos: 1 });
  client.on('message', (_topic, payload) => {
    const command = JSON.parse(payload.toString()) as CommandPayload;
    publishAs(client, device.deviceKey, 'reply', { id: command.id, code: 0, msg: 'ok' }).catch(
      () => undefined,
    );
  });
  return client;
}

const setSwitch = (deviceId: number) =>
  t.api(commandEndpoints.send, {
    token: admin,
    body: { deviceIds: [deviceId], service: 'setSwitch', params: { on: true } },
  });

describe('a device moved to another project', () => {
  it('raises its next alarm, and the alarm message, in the new project without reconnecting', async () => {
    const from = await insertProject(db(), '迁出项目');
    const to = await insertProject(db(), '迁入项目');
    // Someone who would hear of alarms in either project.
    const userId = await t.createUser('movewatcher', 'Watcher@12345', ['alarmList', MSG_PAGE_CODE]);
    await db()
      .insert(userProjects)
      .values([
        { userId, projectId: from },
        { userId, projectId: to },
      ]);
    const device = await insertDevice(db(), { productId, projectId: from, name: '迁移的传感器' });
    const client = await connect(device);
    await eventually(async () => (await deviceRow(device.id))?.online);
    // The broker signed it in with its identity of then (project `from`).
    await publishAs(client, device.deviceKey, 'telemetry', { values: { temperature: 20 } });
    await runtime.ingestion.flush();

    const moved = await t.api(deviceEndpoints.update, {
      token: admin,
      body: {
        deviceId: device.id,
        deviceKey: device.deviceKey,
        controlCode: device.deviceKey,
        name: '迁移的传感器',
        productId,
        projectId: to,
      },
    });
    expect(moved).toMatchObject({ status_code: 1, data: { projectId: to } });
    // The bus event reaches the runtime; the connection stays.
    await eventually(async () => {
      const identity = await runtime.devices.get(device.deviceKey);
      return identity?.projectId === to;
    });
    expect(client.connected).toBe(true);

    const alarmsOf = () => db().select().from(deviceAlarms).where(eq(deviceAlarms.deviceId, device.id));
    await eventually(async () => {
      // The bus delivers asynchronously: report until the alarm opens.
      if ((await alarmsOf()).length === 0)
        await publishAs(client, device.deviceKey, 'telemetry', { values: { temperature: 60 } });
      return (await alarmsOf()).length === 1;
    });
    expect((await alarmsOf())[0]?.projectId).toBe(to);
    await eventually(async () => {
      const events = await db().select().from(messageEvents).where(eq(messageEvents.projectId, to));
      return events.length === 1;
    });
    expect(await db().$count(messageEvents, eq(messageEvents.projectId, from))).toBe(0);
  });
});

describe('a command right after a device connects', () => {
  it('reaches the device although its online state is not written yet', async () => {
    const projectId = await insertProject(db());
    const device = await insertDevice(db(), { productId, projectId });
    await answering(device);
    // Sent at once: the state write waits for the next flush (up to 250 ms).
    const answer = await setSwitch(device.id);
    expect(answer.data).toMatchObject([{ deviceId: device.id, state: 'succeeded', replyCode: 0 }]);
  });

  it('asks the broker, not the registry: connected but written offline is sent, gone but written online is offline', async () => {
    const projectId = await insertProject(db());
    const device = await insertDevice(db(), { productId, projectId });
    const client = await answering(device);
    await eventually(async () => (await deviceRow(device.id))?.online);
    // The registry lags behind the broker (the write of the connection is still to come).
    await db().update(devices).set({ online: false }).where(eq(devices.id, device.id));
    expect((await setSwitch(device.id)).data).toMatchObject([{ state: 'succeeded' }]);

    await client.endAsync();
    await eventually(async () => !(await deviceRow(device.id))?.online);
    // The registry says online, the broker knows it is gone: offline at once, no wait for a timeout.
    await db().update(devices).set({ online: true }).where(eq(devices.id, device.id));
    const started = Date.now();
    expect((await setSwitch(device.id)).data).toMatchObject([{ state: 'offline' }]);
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
