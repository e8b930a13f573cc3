import { commandEndpoints, deviceTopic, type CommandPayload } from '@cityops/contract';
import { and, eq, isNull } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, faults, telemetry } from '../../db/schema.js';
import {
  eventually,
  insertDevice,
  insertProduct,
  insertProject,
  publishAs,
  SENSOR_FUNCTIONS,
  type TestDevice,
} from '../../test/iotDevices.js';
import { TEST_SECRETS_KEY } from '../../test/licence.js';
import { mosquittoOrSkip, startMosquitto } from '../../test/mosquitto.js';
import { startRelay, throughPort } from '../../test/relay.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { runtimeOf } from './runtime.js';

/**
 * The external-broker mode against a real Mosquitto 2 (shared subscriptions): two server instances on
 * one database split the devices' messages, a reply reaching the other instance still answers the
 * command, a broker outage is survived, and what devices publish while an instance is away is
 * delivered to it once it is back (its persistent session).
 */
const runs = mosquittoOrSkip();

let broker: Awaited<ReturnType<typeof startMosquitto>>;
let a: TestApp;
let b: TestApp;
let admin: string;
let device: TestDevice;
let deviceClient: MqttClient;

const connectAnonymously = async (key: string, url = broker.url) => {
  const client = mqtt.connect(url, { clientId: key, reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
};

async function answeringDevice() {
  const client = await connectAnonymously(device.deviceKey);
  await client.subscribeAsync(deviceTopic(device.deviceKey, 'command'), { qos: 1 });
  client.on('message', (_topic, payload) => {
    const command = JSON.parse(payload.toString()) as CommandPayload;
    publishAs(client, device.deviceKey, 'reply', { id: command.id, code: 0 }).catch(() => undefined);
  });
  return client;
}

describe.skipIf(!runs)('an external broker with shared subscriptions', () => {
  beforeAll(async () => {
    broker = await startMosquitto();
    const env = {
      SECRETS_KEY: TEST_SECRETS_KEY,
      MQTT_URL: broker.url,
      COMMAND_TIMEOUT_MS: '3000',
    };
    a = await createTestApp({ env: { ...env, MQTT_CLIENT_ID: 'cityops-test-a' } });
    b = await createTestApp({ env: { ...env, MQTT_CLIENT_ID: 'cityops-test-b' }, database: a.handle });
    admin = await a.token('admin', 'Admin@123');
    const db = a.handle.db;
    const projectId = await insertProject(db);
    const productId = await insertProduct(db, { functions: SENSOR_FUNCTIONS });
    device = await insertDevice(db, { productId, projectId });
    await eventually(
      async () => runtimeOf(a.app.cityops).brokerConnected() && runtimeOf(b.app.cityops).brokerConnected(),
    );
    deviceClient = await answeringDevice();
  });
  afterAll(async () => {
    await deviceClient?.endAsync(true);
    await b?.close();
    await a?.close();
    await broker?.close();
  });

  it('splits the devices’ reports between the instances and stores each once', async () => {
    const [ra, rb] = [runtimeOf(a.app.cityops), runtimeOf(b.app.cityops)];
    const before = ra.ingestion.stats.received + rb.ingestion.stats.received;
    const beforeA = ra.ingestion.stats.received;
    const start = a.clock.now().getTime() - 60_000;
    for (let n = 0; n < 20; n += 1)
      await publishAs(deviceClient, device.deviceKey, 'telemetry', {
        ts: start + n,
        values: { temperature: n },
      });
    const rows = () => a.handle.db.select().from(telemetry).where(eq(telemetry.deviceId, device.id));
    await eventually(async () => (await rows()).length === 20);
    expect(ra.ingestion.stats.received + rb.ingestion.stats.received - before).toBe(20);
    expect(ra.ingestion.stats.received - beforeA).toBeGreaterThan(0);
    expect(ra.ingestion.stats.received - beforeA).toBeLessThan(20);
    const [row] = await a.handle.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row?.online).toBe(true);
  });

  it('records reports of unknown device keys as faults', async () => {
    const ghost = await connectAnonymously('ghost-device');
    await publishAs(ghost, 'ghost-device', 'telemetry', { values: { temperature: 1 } });
    await eventually(async () =>
      (
        await a.handle.db
          .select()
          .from(faults)
          .where(and(isNull(faults.deviceId), eq(faults.deviceKey, 'ghost-device')))
      ).find((fault) => fault.kind === 'unknownDevice'),
    );
    await ghost.endAsync();
  });

  it('answers commands whichever instance hears the reply', async () => {
    for (let n = 0; n < 6; n += 1) {
      const answer = await a.api(commandEndpoints.send, {
        token: admin,
        body: { deviceIds: [device.id], service: 'setSwitch', params: { on: n % 2 === 0 } },
      });
      expect(answer.data?.[0]?.state).toBe('succeeded');
    }
  });

  it('refuses commands while the broker is down and carries on once it is back', async () => {
    await broker.stop();
    await eventually(async () => !runtimeOf(a.app.cityops).brokerConnected());
    const down = await a.api(commandEndpoints.send, {
      token: admin,
      body: { deviceIds: [device.id], service: 'setSwitch', params: { on: true } },
    });
    expect(down.message).toBe('设备连接服务不可用，命令未下发');
    await broker.start();
    await eventually(async () => runtimeOf(a.app.cityops).brokerConnected(), 10_000);
    await deviceClient.endAsync(true);
    deviceClient = await answeringDevice();
    const back = await a.api(commandEndpoints.send, {
      token: admin,
      body: { deviceIds: [device.id], service: 'setSwitch', params: { on: true } },
    });
    expect(back.data?.[0]?.state).toBe('succeeded');
  }, 30_000);
});

describe.skipIf(!runs)('a persistent session at an external broker', () => {
  let kept: Awaited<ReturnType<typeof startMosquitto>>;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let app: TestApp;
  let sensor: TestDevice;
  let sent = 0;

  beforeAll(async () => {
    kept = await startMosquitto({ persistence: true });
    // The instance reaches the broker through the relay, which can cut it off; devices connect directly.
    relay = await startRelay(Number(new URL(kept.url).port));
    app = await createTestApp({
      env: {
        SECRETS_KEY: TEST_SECRETS_KEY,
        MQTT_URL: throughPort(kept.url, relay.port),
        MQTT_CLIENT_ID: 'cityops-test-kept',
      },
    });
    const db = app.handle.db;
    const projectId = await insertProject(db);
    const productId = await insertProduct(db, { functions: SENSOR_FUNCTIONS });
    sensor = await insertDevice(db, { productId, projectId });
    await eventually(async () => runtimeOf(app.app.cityops).brokerConnected(), 20_000);
  });
  afterAll(async () => {
    await app?.close();
    await relay?.close();
    await kept?.close();
  });

  const connected = () => runtimeOf(app.app.cityops).brokerConnected();
  const received = () => runtimeOf(app.app.cityops).ingestion.stats.received;
  const stored = async () =>
    (await app.handle.db.select().from(telemetry).where(eq(telemetry.deviceId, sensor.id))).length;
  /** Waits for `check`, failing with what was awaited and where the instance stands. */
  const until = (what: string, check: () => Promise<boolean>, timeoutMs = 20_000) =>
    eventually(check, timeoutMs).catch(async () => {
      const state = { connected: connected(), received: received(), stored: await stored(), sent };
      throw new Error(`${what}: not within ${timeoutMs} ms (${JSON.stringify(state)})`);
    });
  /** Ten reports at QoS 1 from the sensor, each acknowledged by the broker. */
  async function report() {
    const client = await connectAnonymously(sensor.deviceKey, kept.url);
    const start = app.clock.now().getTime() - 60_000;
    for (let n = 0; n < 10; n += 1, sent += 1)
      await publishAs(client, sensor.deviceKey, 'telemetry', {
        ts: start + sent,
        values: { temperature: n },
      });
    await client.endAsync();
  }
  /** Cuts the instance off, has the sensor report meanwhile, mends, and waits for the reports stored. */
  async function reportWhileCutOff() {
    relay.cut();
    await until('the instance sees the cut', async () => !connected());
    await report();
    relay.mend();
    await until('the queued reports are stored', async () => (await stored()) === sent);
  }

  it('delivers what a device published while the instance was cut off, once', async () => {
    const before = received();
    await reportWhileCutOff();
    expect(received() - before).toBe(10);
  }, 60_000);

  it('subscribes again after a broker restart and keeps the session for the next outage', async () => {
    await kept.stop();
    await until('the instance sees the broker stop', async () => !connected());
    await kept.start();
    // Mosquitto brings the session back without its shared subscriptions: the instance makes them again.
    await until('the instance reconnects after the restart', async () => connected());
    await reportWhileCutOff();
    expect(sent).toBe(20);
  }, 60_000);
});
