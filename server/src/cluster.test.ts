import {
  ALARM_RESULT_PATH,
  API_PREFIX,
  commandEndpoints,
  deviceTopic,
  dictionaryEndpoints,
  TYPE_ALARM_BOX,
  workOrderEndpoints,
  type CommandPayload,
  type Endpoint,
  type EndpointBody,
} from '@cityops/contract';
import { startAlarmBoxes, type AlarmBoxes } from '@cityops/simulators';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../scripts/build.js';
import { openPostgres, type DatabaseHandle } from './db/connection.js';
import { devices, telemetry, userProjects } from './db/schema.js';
import { openAlarmSocket } from './test/alarmSocket.js';
import {
  eventually,
  insertDevice,
  insertProduct,
  insertProject,
  publishAs,
  SENSOR_FUNCTIONS,
  type TestDevice,
} from './test/iotDevices.js';
import { TEST_SECRETS_KEY } from './test/licence.js';
import { mosquittoOrSkip, startMosquitto } from './test/mosquitto.js';
import { nginxOrSkip, startNginx, UPSTREAM_HEADER, type Nginx } from './test/nginx.js';
import { freePort } from './test/ports.js';
import { callProcess, dictionaryItemCodes, signInTo } from './test/processApi.js';
import { openPushSocket } from './test/pushClient.js';
import { scratchDataDir } from './test/scratchDataDir.js';
import { startServerProcess, type ServerProcess } from './test/serverProcess.js';
import { scratchPostgres } from './test/testApp.js';

/*
 * The production shape, run for real: the production build (`dist/main.js`, plain node) as two
 * instances on one PostgreSQL, behind nginx from deploy/nginx.conf.template on one port, with
 * Mosquitto as the devices' broker. Everything a browser does goes through nginx; the test names the
 * instance it means by steering nginx's turns (its test-only header says which instance answered).
 * Runs where the suite runs on PostgreSQL (`make test-api-pg`); under CI a missing nginx or Mosquitto
 * fails it.
 */
const runs = Boolean(process.env.DATABASE_URL) && mosquittoOrSkip() && nginxOrSkip();

const DIC_CODE = 'cluster_writes';
/** HTTP writes under way at once through nginx while an instance is killed. */
const WRITERS = 4;
/** Sensors reporting at QoS 1 meanwhile, each well under the per-device rate (REPORTS_PER_SECOND). */
const SENSORS = 4;
const REPORT_EVERY_MS = 80;
/** Acknowledged writes and reports before the kill, and after it (those all served by the survivor). */
const BEFORE_KILL = 40;
const AFTER_KILL = 30;

interface Instance {
  server: ServerProcess;
  port: number;
  env: Record<string, string>;
  data: Awaited<ReturnType<typeof scratchDataDir>>;
}

let database: Awaited<ReturnType<typeof scratchPostgres>>;
let handle: DatabaseHandle;
let broker: Awaited<ReturnType<typeof startMosquitto>>;
let proxy: Nginx;
let a: Instance;
let b: Instance;
let token: string;
let userId: number;
let projectId: number;
let sensorProduct: number;
const clients: MqttClient[] = [];
let boxes: AlarmBoxes | undefined;

async function startInstance(name: string, port: number, data: Instance['data']): Promise<Instance> {
  const env = {
    DATABASE_URL: database.url,
    PORT: String(port),
    MQTT_URL: broker.url,
    // Its persistent session at the broker, found again after a restart.
    MQTT_CLIENT_ID: `cityops-cluster-${name}`,
    // One deployment: the instances share the key that seals stored secrets.
    SECRETS_KEY: TEST_SECRETS_KEY,
    DEMO_DEVICES: '0',
  };
  const server = await startServerProcess(data.dir, env, { built: true });
  return { server, port, env, data };
}

/** The instance that answered: the last nginx tried (`a, b` when a refused the connection). */
const upstreamOf = (headers: Headers | Record<string, unknown>) =>
  String(headers instanceof Headers ? headers.get(UPSTREAM_HEADER) : headers[UPSTREAM_HEADER])
    .split(', ')
    .at(-1) ?? '';
const addressOf = (instance: Instance) => `127.0.0.1:${instance.port}`;

/**
 * Makes `instance` nginx's next choice: nginx hands requests to the instances in turn, so once a
 * request was answered by the other one, the next goes to this one.
 */
async function steerTo(instance: Instance) {
  for (let tries = 0; tries < 10; tries += 1) {
    const answer = await fetch(`${proxy.url}/api/health`);
    if (upstreamOf(answer.headers) !== addressOf(instance)) return;
  }
  throw new Error(`nginx kept answering from ${addressOf(instance)}`);
}

/** Calls `endpoint` through nginx on `instance`, and checks that instance answered. */
async function through<E extends Endpoint>(instance: Instance, endpoint: E, body?: EndpointBody<E>) {
  await steerTo(instance);
  const answer = await callProcess(proxy.url, endpoint, { body, token });
  expect(upstreamOf(answer.headers)).toBe(addressOf(instance));
  return answer;
}

/** A socket opened through nginx on `instance` (opened again until nginx gives it to that one). */
async function socketOn<S extends { upgradeHeaders: Record<string, unknown>; ws: { close(): void } }>(
  instance: Instance,
  open: () => Promise<S>,
): Promise<S> {
  for (let tries = 0; tries < 10; tries += 1) {
    await steerTo(instance);
    const socket = await open();
    if (upstreamOf(socket.upgradeHeaders) === addressOf(instance)) return socket;
    socket.ws.close();
  }
  throw new Error(`nginx did not give a socket to ${addressOf(instance)}`);
}

const connectAt = async (key: string) => {
  const client = mqtt.connect(broker.url, { clientId: key, reconnectPeriod: 0 });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
};

const sensor = async (): Promise<TestDevice> =>
  insertDevice(handle.db, { productId: sensorProduct, projectId });

describe.skipIf(!runs)('two built instances behind nginx, on one PostgreSQL and Mosquitto', () => {
  beforeAll(async () => {
    const [, scratch, mosquitto, dataA, dataB, portA, portB] = await Promise.all([
      buildServer(),
      scratchPostgres(process.env.DATABASE_URL ?? ''),
      startMosquitto(),
      scratchDataDir(),
      scratchDataDir(),
      freePort(),
      freePort(),
    ]);
    database = scratch;
    broker = mosquitto;
    [a, b] = await Promise.all([startInstance('a', portA, dataA), startInstance('b', portB, dataB)]);
    await Promise.all([a.server.ready(), b.server.ready()]);
    proxy = await startNginx([a.port, b.port]);
    ({ token, userId } = await signInTo(proxy.url, [a.server, b.server]));

    handle = await openPostgres(database.url);
    projectId = await insertProject(handle.db);
    await handle.db.insert(userProjects).values({ userId, projectId });
    sensorProduct = await insertProduct(handle.db, { functions: SENSOR_FUNCTIONS });
  }, 120_000);

  afterAll(async () => {
    await boxes?.close();
    for (const client of clients) await client.endAsync(true);
    await proxy?.close();
    for (const instance of [a, b]) await instance?.server.kill();
    await handle?.close();
    await broker?.close();
    await database?.drop();
    for (const instance of [a, b]) await instance?.data.remove();
  });

  it('runs the build with plain node, and nginx spreads the requests over both instances', async () => {
    for (const { server } of [a, b]) {
      expect(server.child.spawnargs.slice(1)).toEqual(['--enable-source-maps', 'dist/main.js']);
      expect(server.child.spawnargs.join(' ')).not.toContain('tsx');
    }
    const answered = new Set<string>();
    for (let n = 0; n < 4; n += 1) {
      const answer = await fetch(`${proxy.url}/api/health`);
      expect(answer.status).toBe(200);
      answered.add(upstreamOf(answer.headers));
    }
    expect([...answered].sort()).toEqual([addressOf(a), addressOf(b)].sort());
  });

  it('keeps a session signed in through nginx good on both instances', async () => {
    for (const instance of [a, b])
      expect((await through(instance, dictionaryEndpoints.all)).status_code).toBe(1);
  });

  it('delivers a message produced on instance A to a push socket held by instance B', async () => {
    const socket = await socketOn(b, () => openPushSocket(proxy.url));
    try {
      socket.send({ accessToken: token });
      const first = await socket.nextOf('messages');
      // A work order dispatched to the signed-in user tells them (message type 2).
      const order = await through(a, workOrderEndpoints.create, {
        title: '集群派单',
        level: 'common',
        projectId,
        assigneeId: userId,
      });
      expect(order.status_code, order.message).toBe(1);
      const pushed = await socket.nextOf('messages', 10_000);
      expect(pushed.noReadCount).toBe(first.noReadCount + 1);
      expect(pushed.messageList[0]?.messageContent).toContain('集群派单');
    } finally {
      socket.close();
    }
  });

  it('sends a command through instance B to a device at the broker, and A shows its answer', async () => {
    const device = await sensor();
    const client = await connectAt(device.deviceKey);
    await client.subscribeAsync(deviceTopic(device.deviceKey, 'command'), { qos: 1 });
    const heard: CommandPayload[] = [];
    client.on('message', (_topic, payload) => {
      const command = JSON.parse(payload.toString()) as CommandPayload;
      heard.push(command);
      void publishAs(client, device.deviceKey, 'reply', { id: command.id, code: 0, message: 'done' });
    });
    await publishAs(client, device.deviceKey, 'status', { online: true });
    await eventually(async () => {
      const [row] = await handle.db.select().from(devices).where(eq(devices.id, device.id));
      return row?.online;
    }, 10_000);

    const sent = await through(b, commandEndpoints.send, {
      deviceIds: [device.id],
      service: 'setSwitch',
      params: { on: true },
    });
    expect(sent.data?.[0]?.state, sent.message).toBe('succeeded');
    expect(heard.map((command) => command.service)).toEqual(['setSwitch']);
    const page = await through(a, commandEndpoints.page, { deviceId: device.id });
    expect(page.data?.list.map((row) => [row.commandId, row.state, row.replyCode])).toEqual([
      [sent.data?.[0]?.commandId, 'succeeded', 0],
    ]);
  });

  it('rings an alarm-box call on SockJS sockets held by both instances', async () => {
    const product = await insertProduct(handle.db, { typeCode: TYPE_ALARM_BOX, functions: [] });
    const box = await insertDevice(handle.db, { productId: product, projectId });
    boxes = await startAlarmBoxes({
      mqttUrl: broker.url,
      boxes: [{ deviceKey: box.deviceKey, secret: box.secret }],
    });
    // What sockjs-client asks first, through nginx like the rest.
    const info = await fetch(`${proxy.url}${API_PREFIX}${ALARM_RESULT_PATH}/info`);
    expect(((await info.json()) as { websocket: boolean }).websocket).toBe(true);
    const onA = await socketOn(a, () => openAlarmSocket(proxy.url, token));
    const onB = await socketOn(b, () => openAlarmSocket(proxy.url, token));
    try {
      await eventually(() =>
        Promise.resolve(onA.welcomed() && onB.welcomed() && boxes?.view(box.deviceKey).connected),
      );
      await boxes.press(box.deviceKey);
      const ringing = await onA.find((record) => record.devId === box.id && record.eventStatus === 1);
      await onB.find((record) => record.id === ringing.id && record.eventStatus === 1);
      await boxes.hangup(box.deviceKey);
    } finally {
      onA.ws.close();
      onB.ws.close();
    }
  });

  it('loses no acknowledged write or QoS 1 report when instance A is killed, and nginx sends the rest to B', async () => {
    const type = await callProcess(proxy.url, dictionaryEndpoints.typeCreate, {
      body: { code: DIC_CODE, name: 'cluster writes', sortNum: 0 },
      token,
    });
    expect(type.status_code, type.message).toBe(1);
    const sensors = await Promise.all(Array.from({ length: SENSORS }, sensor));
    const reporters = await Promise.all(sensors.map((device) => connectAt(device.deviceKey)));

    let killedAt: number | null = null;
    let stop = false;
    const writes: Array<{ itemCode: string; upstream: string; afterKill: boolean }> = [];
    const reports = new Map<number, number[]>(sensors.map((device) => [device.id, []]));
    const reported = () => [...reports.values()].reduce((sum, list) => sum + list.length, 0);
    let next = 0;
    const writer = async () => {
      while (!stop) {
        const itemCode = `item-${next}`;
        const body = { dicCode: DIC_CODE, itemCode, itemName: `item ${next}`, sort: next % 1000 };
        next += 1;
        const afterKill = killedAt !== null;
        const answer = await callProcess(proxy.url, dictionaryEndpoints.itemCreate, { body, token });
        if (answer.status_code === 1)
          writes.push({ itemCode, upstream: upstreamOf(answer.headers), afterKill });
        // 502: sent to A as it died, not sent again (nginx retries no POST it has sent), not
        // acknowledged; 503: shed. Either may or may not be there.
        else if (answer.httpStatus !== 502 && answer.httpStatus !== 503)
          throw new Error(`a write was refused: ${answer.httpStatus} ${answer.message}`);
      }
    };
    const reporter = async (device: TestDevice, client: MqttClient) => {
      const acknowledged = reports.get(device.id) ?? [];
      for (let n = 0; !stop; n += 1) {
        const ts = Date.now() - 60_000 + n;
        // Resolves on the broker's PUBACK: from then on the report is the platform's to keep.
        await publishAs(client, device.deviceKey, 'telemetry', { ts, values: { temperature: n % 80 } });
        acknowledged.push(ts);
        await new Promise((resolve) => setTimeout(resolve, REPORT_EVERY_MS));
      }
    };
    const streams = Promise.all([
      ...Array.from({ length: WRITERS }, writer),
      ...sensors.map((device, n) => reporter(device, reporters[n] as MqttClient)),
    ]);
    try {
      await eventually(async () => writes.length >= BEFORE_KILL && reported() >= BEFORE_KILL, 30_000);
      await a.server.kill();
      killedAt = Date.now();
      const reportsAtKill = reported();
      await eventually(
        async () =>
          writes.filter((write) => write.afterKill).length >= AFTER_KILL &&
          reported() >= reportsAtKill + AFTER_KILL,
        30_000,
      );
    } finally {
      stop = true;
      await streams;
    }
    // Every write begun after the kill was answered by B.
    expect(new Set(writes.filter((write) => write.afterKill).map((write) => write.upstream))).toEqual(
      new Set([addressOf(b)]),
    );
    expect(new Set(writes.map((write) => write.upstream))).toEqual(new Set([addressOf(a), addressOf(b)]));

    // A comes back on its port and its broker session: what the broker handed it unacknowledged comes again.
    a = { ...a, server: await startServerProcess(a.data.dir, a.env, { built: true }) };
    await a.server.ready();
    const present = await dictionaryItemCodes(proxy.url, token, DIC_CODE);
    expect(writes.filter((write) => !present.has(write.itemCode))).toEqual([]);

    /** Each report acknowledged by the broker but not stored, with its time from the kill (ms). */
    const missing = async () => {
      const lost: Array<{ deviceId: number; fromKill: number }> = [];
      for (const [deviceId, acknowledged] of reports) {
        const rows = await handle.db
          .select({ ts: telemetry.ts })
          .from(telemetry)
          .where(eq(telemetry.deviceId, deviceId));
        const stored = new Set(rows.map((row) => new Date(row.ts).getTime()));
        lost.push(
          ...acknowledged
            .filter((ts) => !stored.has(ts))
            .map((ts) => ({ deviceId, fromKill: ts + 60_000 - (killedAt ?? 0) })),
        );
      }
      return lost;
    };
    await eventually(async () => (await missing()).length === 0, 20_000).catch(() => undefined);
    expect(await missing(), `of ${reported()} acknowledged reports`).toEqual([]);
  }, 120_000);
});
