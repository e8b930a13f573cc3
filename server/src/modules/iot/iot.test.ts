import {
  API_PREFIX,
  BUTTON_CODES,
  chinaDateTime,
  commandEndpoints,
  deviceEndpoints,
  HEADER_ACCESS_TOKEN,
  MSG_PAGE_CODE,
  historyExport,
  XLSX_CONTENT_TYPE,
  deviceAlarmEndpoints,
  deviceTopic,
  DEMO_PRODUCTS,
  GATEWAY_CONTROL_PAGE,
  PAYLOAD_MAX_BYTES,
  StatusCode,
  TYPE_GATEWAY,
  telemetryEndpoints,
  type CommandPayload,
} from '@cityops/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  deviceAlarms,
  devices,
  faults,
  latestValues,
  messageEvents,
  telemetry,
  commands,
  userProjects,
} from '../../db/schema.js';
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
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { sheetRows } from '../../test/xlsx.js';
import { runtimeOf, type IotRuntime } from './runtime.js';

let t: TestApp;
let admin: string;
let runtime: IotRuntime;
let url: string;
let projectId: number;
let productId: number;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { MQTT_PORT: '0', HOST: '127.0.0.1', COMMAND_TIMEOUT_MS: '1000' },
  });
  admin = await t.token('admin', 'Admin@123');
  runtime = runtimeOf(t.app.cityops);
  url = `mqtt://127.0.0.1:${runtime.port() ?? 0}`;
  projectId = await insertProject(t.handle.db);
  productId = await insertProduct(t.handle.db, {
    functions: SENSOR_FUNCTIONS,
    offlineAfterSeconds: 120,
    rules: [{ name: '高温', identifier: 'temperature', operator: '>', threshold: 50, level: 'error' }],
  });
});
afterAll(async () => {
  for (const client of clients) await client.endAsync(true);
  await t.close();
});

const db = () => t.handle.db;
const newDevice = (extra: { enabled?: boolean } = {}) =>
  insertDevice(db(), { productId, projectId, ...extra });
async function online(device: TestDevice) {
  const client = await connectDevice(url, device);
  clients.push(client);
  // The connection's state is written with the next flush.
  await eventually(async () => (await deviceRow(device.id))?.online);
  return client;
}
const deviceRow = async (id: number) => (await db().select().from(devices).where(eq(devices.id, id)))[0];
const faultsOf = (id: number) => db().select().from(faults).where(eq(faults.deviceId, id));
const historyOf = (id: number) => db().select().from(telemetry).where(eq(telemetry.deviceId, id));

describe('the embedded broker signs devices in', () => {
  it('refuses a wrong secret, an unknown key and a disabled device with CONNACK not authorized', async () => {
    const device = await newDevice();
    const disabled = await newDevice({ enabled: false });
    for (const credentials of [
      { deviceKey: device.deviceKey, secret: 'wrong' },
      { deviceKey: 'nobody-has-this-key', secret: 'whatever' },
      disabled,
    ])
      await expect(connectDevice(url, credentials)).rejects.toMatchObject({ code: 5 });
    expect((await deviceRow(device.id))?.online).toBe(false);
  });

  it('refuses a user name other than the client id', async () => {
    const device = await newDevice();
    await expect(connectDevice(url, device, { clientId: 'someone-else' })).rejects.toMatchObject({ code: 5 });
  });

  it('marks a device online on connect and offline on disconnect', async () => {
    const device = await newDevice();
    const client = await connectDevice(url, device);
    await eventually(async () => (await deviceRow(device.id))?.online);
    expect((await deviceRow(device.id))?.lastSeenAt).toEqual(t.clock.now());
    await client.endAsync();
    await eventually(async () => !(await deviceRow(device.id))?.online);
  });

  it('drops a device whose access was revoked on the bus', async () => {
    const device = await newDevice();
    const client = await online(device);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await db().execute(
      sql`select pg_notify('cityops_events', ${JSON.stringify({ k: 'devices.revoked', deviceKeys: [device.deviceKey] })})`,
    );
    await closed;
  });

  it('refuses a publication under another device’s key, and stores nothing for it', async () => {
    const device = await newDevice();
    const victim = await newDevice();
    const client = await online(device);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(
      deviceTopic(victim.deviceKey, 'telemetry'),
      JSON.stringify({ values: { temperature: 20 } }),
      {
        qos: 1,
      },
    );
    await closed;
    await runtime.ingestion.flush();
    expect(await historyOf(victim.id)).toEqual([]);
  });

  it('grants a device only its own command topic', async () => {
    const device = await newDevice();
    const client = await online(device);
    const own = await client.subscribeAsync(deviceTopic(device.deviceKey, 'command'), { qos: 1 });
    expect(own[0]?.qos).toBe(1);
    // Granted 128 (failure): mqtt.js rejects the subscription.
    await expect(client.subscribeAsync('cityops/devices/+/telemetry', { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
  });
});

describe('telemetry in', () => {
  it('stores a report, its latest values and the last seen time', async () => {
    const device = await newDevice();
    const client = await online(device);
    await publishAs(client, device.deviceKey, 'telemetry', { values: { temperature: 21.5, humidity: 40 } });
    await eventually(async () => (await historyOf(device.id)).length === 1);
    const [row] = await historyOf(device.id);
    expect(row?.values).toEqual({ temperature: 21.5, humidity: 40 });
    expect(row?.ts).toEqual(t.clock.now());
    await publishAs(client, device.deviceKey, 'telemetry', {
      ts: t.clock.now().getTime() + 1000,
      values: { humidity: 41 },
    });
    await eventually(async () => (await historyOf(device.id)).length === 2);
    const [latest] = await db().select().from(latestValues).where(eq(latestValues.deviceId, device.id));
    expect(latest?.values).toEqual({ temperature: 21.5, humidity: 41 });
    const live = await t.api(telemetryEndpoints.live, { token: admin, body: { keyword: device.deviceKey } });
    expect(live.data?.list).toMatchObject([
      { deviceId: device.id, online: true, values: { temperature: 21.5, humidity: 41 } },
    ]);
  });

  it('records values outside the model as faults and stores the report’s valid values', async () => {
    const device = await newDevice();
    const client = await online(device);
    await publishAs(client, device.deviceKey, 'telemetry', {
      values: { temperature: 200, humidity: 50.5, switch: true, colour: 3 },
    });
    await eventually(async () => (await faultsOf(device.id)).length === 3);
    const kinds = (await faultsOf(device.id)).map((fault) => `${fault.kind} ${fault.detail}`).sort();
    expect(kinds).toEqual([
      'invalidValue humidity=50.5: thing.notInteger',
      'invalidValue temperature=200: thing.outOfRange',
      'unknownFunction colour=3: not a property',
    ]);
    expect((await historyOf(device.id)).map((row) => row.values)).toEqual([{ switch: true }]);
  });

  it('counts and drops malformed payloads without harm to the connection', async () => {
    const device = await newDevice();
    const client = await online(device);
    const before = runtime.ingestion.stats.malformed;
    await publishAs(client, device.deviceKey, 'telemetry', '{not json');
    await publishAs(client, device.deviceKey, 'telemetry', { values: 'nope' });
    await publishAs(client, device.deviceKey, 'telemetry', {
      values: { temperature: 1, pad: 'x'.repeat(PAYLOAD_MAX_BYTES) },
    });
    await publishAs(client, device.deviceKey, 'reply', { code: 'x' });
    await publishAs(client, device.deviceKey, 'telemetry', { values: { temperature: 22 } });
    await eventually(async () => (await historyOf(device.id)).length === 1);
    expect(runtime.ingestion.stats.malformed - before).toBe(4);
    await eventually(async () => (await faultsOf(device.id)).length === 4);
    expect(client.connected).toBe(true);
    const listed = await t.api(telemetryEndpoints.faults, { token: admin, query: { deviceId: device.id } });
    expect(listed.data?.map((fault) => fault.kind)).toEqual([
      'malformed',
      'malformed',
      'malformed',
      'malformed',
    ]);
  });
});

describe('offline detection', () => {
  it('marks devices offline whose last message is older than their product allows', async () => {
    const device = await newDevice();
    const client = await online(device);
    await publishAs(client, device.deviceKey, 'telemetry', { values: { temperature: 20 } });
    await eventually(async () => (await historyOf(device.id)).length === 1);
    expect(await runtime.sweep()).not.toContain(device.id);
    t.clock.advanceMinutes(3);
    expect(await runtime.sweep()).toContain(device.id);
    expect((await deviceRow(device.id))?.online).toBe(false);
    // Talking again brings it back.
    await publishAs(client, device.deviceKey, 'telemetry', { values: { temperature: 21 } });
    await eventually(async () => (await deviceRow(device.id))?.online);
  });

  it('leaves its devices as last heard when the server stops; the sweep after a restart judges them', async () => {
    const watched = await insertProduct(db(), {
      functions: SENSOR_FUNCTIONS,
      offlineAfterSeconds: 120,
      rules: [
        { name: '离线', identifier: 'online', operator: '=', threshold: 0, level: 'error', mode: 'offline' },
      ],
    });
    const device = await insertDevice(db(), { productId: watched, projectId });
    // A second instance on the same database, with an embedded broker of its own, that stops.
    const stopping = await buildApp({ config: t.config, database: t.handle, now: t.clock.now });
    const client = await connectDevice(`mqtt://127.0.0.1:${runtimeOf(stopping.cityops).port() ?? 0}`, device);
    await eventually(async () => (await deviceRow(device.id))?.online);
    await stopping.close();
    await client.endAsync(true);
    expect((await deviceRow(device.id))?.online).toBe(true);
    const alarmsOf = () => db().select().from(deviceAlarms).where(eq(deviceAlarms.deviceId, device.id));
    expect(await alarmsOf()).toEqual([]);
    // Not heard from after the restart: offline once its product's 120 s have passed, with its alarm.
    t.clock.advanceMinutes(3);
    expect(await runtime.sweep()).toContain(device.id);
    expect((await deviceRow(device.id))?.online).toBe(false);
    await eventually(async () => (await alarmsOf()).length === 1);
  });

  it('follows the status topic and its will message', async () => {
    const device = await newDevice();
    const client = await connectDevice(url, device, {
      will: {
        topic: deviceTopic(device.deviceKey, 'status'),
        payload: Buffer.from('{"online":false}'),
        qos: 1,
        retain: true,
      },
    });
    await publishAs(client, device.deviceKey, 'status', { online: true, firmware: '1.2.3' });
    await eventually(async () => (await deviceRow(device.id))?.firmwareVersion === '1.2.3');
    client.stream.destroy();
    await eventually(async () => !(await deviceRow(device.id))?.online);
  });
});

const setSwitch = (deviceId: number) =>
  t.api(commandEndpoints.send, {
    token: admin,
    body: { deviceIds: [deviceId], service: 'setSwitch', params: { on: true } },
  });

/** A connected device that answers each command (heard on `topic`) with `answer` (null: no answer). */
async function answering(
  device: TestDevice,
  answer: (command: CommandPayload, topic: string) => object | null,
) {
  const client = await online(device);
  await client.subscribeAsync(deviceTopic(device.deviceKey, 'command'), { qos: 1 });
  client.on('message', (topic, payload) => {
    const command = JSON.parse(payload.toString()) as CommandPayload;
    const reply = answer(command, topic);
    if (reply)
      publishAs(client, device.deviceKey, 'reply', { id: command.id, ...reply }).catch(() => undefined);
  });
  return client;
}

describe('commands', () => {
  it('sends a service call and records the device’s answer and the sender', async () => {
    const device = await newDevice();
    let heard: CommandPayload | null = null;
    await answering(device, (command) => {
      heard = command;
      return { code: 0, msg: 'ok', data: { switch: true } };
    });
    const answer = await t.api(commandEndpoints.send, {
      token: admin,
      body: { deviceIds: [device.id], service: 'setSwitch', params: { on: true } },
    });
    expect(answer.status_code).toBe(1);
    expect(answer.data).toMatchObject([
      {
        deviceId: device.id,
        state: 'succeeded',
        replyCode: 0,
        replyMessage: 'ok',
        replyData: { switch: true },
        sender: 'admin',
      },
    ]);
    expect(heard).toMatchObject({ service: 'setSwitch', params: { on: true } });
  });

  it('records a refusal with the device’s code and message', async () => {
    const device = await newDevice();
    await answering(device, () => ({ code: 7, msg: 'relay stuck' }));
    const answer = await t.api(commandEndpoints.send, {
      token: admin,
      body: { deviceIds: [device.id], service: 'setSwitch', params: { on: false } },
    });
    expect(answer.data).toMatchObject([{ state: 'failed', replyCode: 7, replyMessage: 'relay stuck' }]);
  });

  it('times out when the device does not answer, and shows each device’s own state', async () => {
    const silent = await newDevice();
    const talker = await newDevice();
    const offline = await newDevice();
    await answering(silent, () => null);
    await answering(talker, () => ({ code: 0 }));
    const started = Date.now();
    const answer = await t.api(commandEndpoints.send, {
      token: admin,
      body: { deviceIds: [silent.id, talker.id, offline.id], service: 'setSwitch', params: { on: true } },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(answer.data?.map((row) => [row.deviceId, row.state])).toEqual([
      [silent.id, 'timeout'],
      [talker.id, 'succeeded'],
      [offline.id, 'offline'],
    ]);
    const page = await t.api(commandEndpoints.page, { token: admin, body: { deviceId: offline.id } });
    expect(page.data?.list).toMatchObject([{ state: 'offline', sender: 'admin' }]);
  });

  it('refuses disabled devices, unknown services, bad parameters and non-gateways on the gateway page', async () => {
    const device = await newDevice();
    const disabled = await newDevice({ enabled: false });
    const send = (body: {
      deviceIds: number[];
      service: string;
      params?: Record<string, boolean | number>;
    }) => t.api(commandEndpoints.send, { token: admin, body });
    expect(
      (await send({ deviceIds: [disabled.id], service: 'setSwitch', params: { on: true } })).message,
    ).toBe('设备已停用，命令未下发');
    expect((await send({ deviceIds: [device.id], service: 'reboot' })).message).toBe(
      '该设备的产品没有此服务',
    );
    expect((await send({ deviceIds: [device.id], service: 'setSwitch', params: { on: 1 } })).message).toBe(
      '取值须为布尔值',
    );
    const gateway = await t.api(commandEndpoints.sendGateway, {
      token: admin,
      body: { deviceIds: [device.id], service: 'setSwitch', params: { on: true } },
    });
    expect(gateway.status_code).not.toBe(1);
    expect(await db().$count(commands, eq(commands.deviceId, device.id))).toBe(0);
  });
});

describe('网关手动控制 (the gateway page)', () => {
  const RELAY_MODEL = DEMO_PRODUCTS.find(({ product }) => product.typeCode === TYPE_GATEWAY)?.functions;
  let newGateway: () => Promise<TestDevice>;
  beforeAll(async () => {
    const gatewayProduct = await insertProduct(db(), {
      typeCode: TYPE_GATEWAY,
      functions: [...(RELAY_MODEL ?? [])],
    });
    newGateway = () => insertDevice(db(), { productId: gatewayProduct, projectId });
  });
  /** A user of the project holding the page and, when `control`, its 网关控制 button. */
  async function operator(userName: string, control: boolean) {
    const codes = [GATEWAY_CONTROL_PAGE, ...(control ? [BUTTON_CODES.manualControl.control] : [])];
    const userId = await t.createUser(userName, 'Gateway@12345', codes);
    await db().insert(userProjects).values({ userId, projectId });
    return t.token(userName, 'Gateway@12345');
  }
  const setRelay = (token: string, deviceId: number, channel: number, on: boolean) =>
    t.api(commandEndpoints.sendGateway, {
      token,
      body: { deviceIds: [deviceId], service: 'setRelay', params: { channel, on } },
    });
  const relaysOf = async (token: string, deviceId: number) =>
    (
      await t.api(telemetryEndpoints.live, { token, body: { typeCode: TYPE_GATEWAY, pageSize: 100 } })
    ).data?.list.find((row) => row.deviceId === deviceId)?.values.relays;

  it('closes a relay of an online gateway: sent on its command topic, answered, recorded with the sender, the new mask read back', async () => {
    const token = await operator('gatewayop', true);
    const gateway = await newGateway();
    let relays = 0b0000_0001;
    const heard: [string, CommandPayload][] = [];
    const client = await answering(gateway, (command, topic) => {
      heard.push([topic, command]);
      const { channel, on } = command.params as { channel: number; on: boolean };
      relays = on ? relays | (1 << (channel - 1)) : relays & ~(1 << (channel - 1));
      // A gateway reports its relays' new state, then answers.
      void publishAs(client, gateway.deviceKey, 'telemetry', { values: { relays } });
      return { code: 0, msg: '已执行', data: { relays } };
    });

    const answer = await setRelay(token, gateway.id, 3, true);
    expect(answer.data).toMatchObject([
      {
        deviceId: gateway.id,
        service: 'setRelay',
        state: 'succeeded',
        replyMessage: '已执行',
        sender: 'gatewayop',
      },
    ]);
    expect(heard).toHaveLength(1);
    expect(heard[0]?.[0]).toBe(deviceTopic(gateway.deviceKey, 'command'));
    expect(heard[0]?.[1]).toMatchObject({ service: 'setRelay', params: { channel: 3, on: true } });
    const recorded = await t.api(commandEndpoints.page, { token: admin, body: { deviceId: gateway.id } });
    expect(recorded.data?.list).toMatchObject([
      { service: 'setRelay', params: { channel: 3, on: true }, state: 'succeeded', sender: 'gatewayop' },
    ]);
    await eventually(async () => (await relaysOf(token, gateway.id)) === 0b0000_0101);
  });

  it('answers a command to an offline gateway as offline at once, sending nothing', async () => {
    const token = await operator('gatewayop2', true);
    const gateway = await newGateway();
    // 'offline', not 'timeout': answered without waiting for a reply that cannot come.
    const answer = await setRelay(token, gateway.id, 1, true);
    expect(answer.data).toMatchObject([{ deviceId: gateway.id, state: 'offline', replyCode: null }]);
  });

  it('refuses a user holding the page without its 网关控制 button, recording nothing', async () => {
    const token = await operator('gatewayviewer', false);
    const gateway = await newGateway();
    await answering(gateway, () => ({ code: 0 }));
    expect(await setRelay(token, gateway.id, 1, true)).toMatchObject({
      status_code: StatusCode.UNAVAILABLE,
      message: '没有访问该功能的权限',
      data: null,
    });
    expect(await db().$count(commands, eq(commands.deviceId, gateway.id))).toBe(0);
  });
});

describe('alarms', () => {
  it('opens an alarm when a rule holds, counts repeats, recovers by itself, and tells the project', async () => {
    const device = await newDevice();
    const client = await online(device);
    const alarmsOf = () => db().select().from(deviceAlarms).where(eq(deviceAlarms.deviceId, device.id));
    await publishAs(client, device.deviceKey, 'telemetry', { values: { temperature: 60 } });
    await eventually(async () => (await alarmsOf()).length === 1);
    await publishAs(client, device.deviceKey, 'telemetry', { values: { temperature: 61 } });
    await eventually(async () => (await alarmsOf())[0]?.count === 2);
    expect((await alarmsOf())[0]).toMatchObject({
      state: 'waiting',
      level: 'error',
      title: '高温',
      value: 61,
    });
    await publishAs(client, device.deviceKey, 'telemetry', { values: { temperature: 20 } });
    await eventually(async () => (await alarmsOf())[0]?.state === 'auto_recover');
    // A new breach opens a new alarm.
    await publishAs(client, device.deviceKey, 'telemetry', { values: { temperature: 70 } });
    await eventually(async () => (await alarmsOf()).length === 2);
    const page = await t.api(deviceAlarmEndpoints.page, { token: admin, body: { deviceId: device.id } });
    expect(page.data?.list.map((alarm) => alarm.state)).toEqual(['waiting', 'auto_recover']);
  });

  it('opens an alarm for a device event with the event’s level', async () => {
    const device = await newDevice();
    const client = await online(device);
    await publishAs(client, device.deviceKey, 'event', { event: 'tilt' });
    await publishAs(client, device.deviceKey, 'event', { event: 'tilt' });
    await eventually(async () => {
      const [alarm] = await db().select().from(deviceAlarms).where(eq(deviceAlarms.deviceId, device.id));
      return alarm?.count === 2 && alarm;
    });
    const [alarm] = await db().select().from(deviceAlarms).where(eq(deviceAlarms.deviceId, device.id));
    expect(alarm).toMatchObject({ source: 'event:tilt', title: '井盖倾斜', level: 'error' });
  });
  // Concurrent raises of one device and source: modules/alarms/alarms.test.ts (1,000 at once).
});

describe('a database outage', () => {
  it('keeps the reports unacknowledged and writes the backlog once the database is back', async () => {
    const device = await newDevice();
    const client = await online(device);
    let acknowledged = 0;
    const failuresBefore = runtime.ingestion.stats.flushFailures;
    await db().execute(sql`alter table iot_telemetry rename to iot_telemetry_away`);
    let sent: Promise<unknown>[] = [];
    try {
      sent = Array.from({ length: 30 }, (_, n) =>
        publishAs(client, device.deviceKey, 'telemetry', {
          ts: t.clock.now().getTime() - 1000 + n,
          values: { temperature: n },
        }).then(() => (acknowledged += 1)),
      );
      await eventually(
        async () =>
          runtime.ingestion.stats.flushFailures >= failuresBefore + 2 && runtime.ingestion.backlog > 0,
      );
      // Held, not acknowledged: the device still has them, should the server go down now.
      expect(acknowledged).toBe(0);
    } finally {
      await db().execute(sql`alter table iot_telemetry_away rename to iot_telemetry`);
    }
    await Promise.all(sent);
    expect(acknowledged).toBe(30);
    expect(await historyOf(device.id)).toHaveLength(30);
    expect(runtime.ingestion.backlog).toBe(0);
  }, 20_000);
});

describe('history', () => {
  const day = 86_400_000;

  it('refuses a span over 7 days and a start older than 7 days with the rule’s message', async () => {
    const device = await newDevice();
    const now = t.clock.now().getTime();
    const over = await t.api(telemetryEndpoints.history, {
      token: admin,
      body: {
        deviceId: device.id,
        start: new Date(now - 8 * day).toISOString(),
        end: new Date(now).toISOString(),
      },
    });
    expect(over).toMatchObject({ status_code: 10001, message: '查询时间跨度不能超过7天', data: null });
    const old = await t.api(telemetryEndpoints.history, {
      token: admin,
      body: {
        deviceId: device.id,
        start: new Date(now - 7.5 * day).toISOString(),
        end: new Date(now - 7 * day).toISOString(),
      },
    });
    expect(old.message).toBe('只能查询最近7天的历史数据');
  });

  it('answers every numeric property when none is named, and thins a long range evenly', async () => {
    const device = await newDevice();
    const end = t.clock.now();
    const count = 25_000;
    await db().execute(sql`
      insert into iot_telemetry (device_id, ts, values)
      select ${device.id}, ${end.toISOString()}::timestamptz - n * interval '10 second',
        jsonb_build_object('temperature', n % 50, 'humidity', n % 100, 'switch', true)
      from generate_series(1, ${count}) as n`);
    const answer = await t.api(telemetryEndpoints.history, {
      token: admin,
      body: {
        deviceId: device.id,
        start: new Date(end.getTime() - 3 * day).toISOString(),
        end: end.toISOString(),
      },
    });
    const history = answer.data;
    expect(history?.truncated).toBe(true);
    expect(history?.points.length).toBeLessThanOrEqual(20_000);
    expect(history?.points.length).toBeGreaterThan(10_000);
    expect(Object.keys(history?.points[0]?.v ?? {}).sort()).toEqual(['humidity', 'temperature']);
    const times = history?.points.map((point) => point.t) ?? [];
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Evenly: every step between points is the same.
    expect(new Set(times.slice(1).map((time, i) => time - (times[i] ?? 0)))).toEqual(new Set([20_000]));
  });
});

describe('the live lists', () => {
  it('list switches on the switch page and well lids, bases and repeaters on the well-lid page', async () => {
    const switchProduct = await insertProduct(db(), { typeCode: '0601', functions: SENSOR_FUNCTIONS });
    const lidProduct = await insertProduct(db(), { typeCode: '0502', functions: SENSOR_FUNCTIONS });
    const sensor = await newDevice();
    const relay = await insertDevice(db(), { productId: switchProduct, projectId });
    const base = await insertDevice(db(), { productId: lidProduct, projectId });
    const ids = async (endpoint: typeof telemetryEndpoints.live) =>
      (await t.api(endpoint, { token: admin, body: { projectId, pageSize: 100 } })).data?.list.map(
        (row) => row.deviceId,
      );
    expect(await ids(telemetryEndpoints.liveSwitches)).toEqual([relay.id]);
    expect(await ids(telemetryEndpoints.liveWellLids)).toEqual([base.id]);
    expect(await ids(telemetryEndpoints.live)).toEqual(
      expect.arrayContaining([sensor.id, relay.id, base.id]),
    );
  });
});

describe('visibility', () => {
  it('lists only the devices of the user’s projects', async () => {
    const device = await newDevice();
    await t.createUser('iotviewer', 'Viewer@12345', ['realtimeReport', 'historyRecord']);
    const viewer = await t.token('iotviewer', 'Viewer@12345');
    const live = await t.api(telemetryEndpoints.live, { token: viewer, body: {} });
    expect(live.data?.list).toEqual([]);
    const history = await t.api(telemetryEndpoints.history, {
      token: viewer,
      body: {
        deviceId: device.id,
        start: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
        end: t.clock.now().toISOString(),
      },
    });
    expect(history.status_code).not.toBe(1);
  });
});

describe('history export', () => {
  it('downloads the range as a workbook: a time column and one per property, by name', async () => {
    const device = await newDevice();
    const client = await online(device);
    const at = t.clock.now().getTime();
    await publishAs(client, device.deviceKey, 'telemetry', {
      ts: at - 60_000,
      values: { temperature: 20.5, humidity: 40 },
    });
    await publishAs(client, device.deviceKey, 'telemetry', { ts: at - 30_000, values: { temperature: 21 } });
    await eventually(async () => (await historyOf(device.id)).length === 2);
    const answer = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${historyExport.path}`,
      headers: { 'content-type': 'application/json', [HEADER_ACCESS_TOKEN]: admin },
      payload: JSON.stringify({
        deviceId: device.id,
        start: new Date(at - 3_600_000).toISOString(),
        end: new Date(at).toISOString(),
      }),
    });
    expect(answer.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const { rows } = await sheetRows(answer.rawPayload);
    expect(rows).toEqual([
      ['时间', '温度', '湿度'],
      [chinaDateTime(at - 60_000), 20.5, 40],
      [chinaDateTime(at - 30_000), 21],
    ]);
  });
});

describe('alarm messages', () => {
  it('tells the members of the device’s project who hold the alarm page, once per new alarm', async () => {
    const userId = await t.createUser('alarmwatcher', 'Watcher@12345', ['alarmList', MSG_PAGE_CODE]);
    await db().insert(userProjects).values({ userId, projectId });
    const device = await newDevice();
    const client = await online(device);
    const raised = () => db().$count(messageEvents, eq(messageEvents.eventKind, 'alarm.raised'));
    const before = await raised();
    await publishAs(client, device.deviceKey, 'telemetry', { values: { temperature: 75 } });
    await publishAs(client, device.deviceKey, 'telemetry', { values: { temperature: 76 } });
    await eventually(async () => (await raised()) === before + 1);
    const [event] = await db()
      .select()
      .from(messageEvents)
      .where(eq(messageEvents.eventKind, 'alarm.raised'))
      .orderBy(desc(messageEvents.id))
      .limit(1);
    expect(event?.title).toContain('设备告警');
    expect(event?.content).toContain('重要');
    expect(event?.projectId).toBe(projectId);
  });
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
    // The broker signs it in with its identity of then (project `from`).
    const client = await online(device);
    const refreshed = vi.spyOn(runtime, 'refreshDevices');

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
    // The bus event reaches the runtime, which signs the connection on again with the new project
    // (the registry alone would answer `to` before the event arrives); the connection stays.
    await eventually(async () => refreshed.mock.calls.some(([keys]) => keys.includes(device.deviceKey)));
    await Promise.all(refreshed.mock.results.map((result) => result.value));
    refreshed.mockRestore();
    expect((await runtime.devices.get(device.deviceKey))?.projectId).toBe(to);
    expect(client.connected).toBe(true);

    const alarmsOf = () => db().select().from(deviceAlarms).where(eq(deviceAlarms.deviceId, device.id));
    await eventually(async () => {
      // The bus delivers asynchronously: report until the alarm opens.
      if ((await alarmsOf()).length === 0)
        await publishAs(client, device.deviceKey, 'telemetry', { values: { temperature: 60 } });
      return (await alarmsOf()).length === 1;
    });
    expect((await alarmsOf())[0]?.projectId).toBe(to);
    await eventually(async () => (await db().$count(messageEvents, eq(messageEvents.projectId, to))) === 1);
    expect(await db().$count(messageEvents, eq(messageEvents.projectId, from))).toBe(0);
  });
});

describe('a command right after a device connects', () => {
  it('asks the broker, not the registry: connected but written offline is sent, gone but written online is offline', async () => {
    const device = await newDevice();
    const client = await answering(device, () => ({ code: 0, msg: 'ok' }));
    // The registry lags behind the broker (the write of the connection is still to come).
    await db().update(devices).set({ online: false }).where(eq(devices.id, device.id));
    expect((await setSwitch(device.id)).data).toMatchObject([{ state: 'succeeded' }]);

    await client.endAsync();
    await eventually(async () => !(await deviceRow(device.id))?.online);
    // The registry says online, the broker knows it is gone: offline at once, no wait for a timeout.
    await db().update(devices).set({ online: true }).where(eq(devices.id, device.id));
    expect((await setSwitch(device.id)).data).toMatchObject([{ state: 'offline' }]);
  });
});
