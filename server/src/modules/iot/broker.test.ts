import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { PACKET_MAX_BYTES, REPORT_BURST, telemetryEndpoints } from '@cityops/contract';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faults, telemetry } from '../../db/schema.js';
import {
  connectDevice,
  eventually,
  insertDevice,
  insertProduct,
  insertProject,
  publishAs,
  SENSOR_FUNCTIONS,
} from '../../test/iotDevices.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { runtimeOf, type IotRuntime } from './runtime.js';

/**
 * The embedded broker's bounds, over real sockets: the packet size is capped before a packet is
 * read, one address may keep only a few connections waiting to sign in, each device's report rate is
 * capped, an MQTT 5 CONNECT is refused at once, and a report delivered twice is stored once.
 */

/** Connections one address may keep waiting to sign in, for this file. */
const PENDING = 3;

let t: TestApp;
let admin: string;
let runtime: IotRuntime;
let port: number;
let projectId: number;
let productId: number;
const clients: MqttClient[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { MQTT_PORT: '0', HOST: '127.0.0.1', MQTT_PENDING_PER_ADDRESS: String(PENDING) },
  });
  admin = await t.token('admin', 'Admin@123');
  runtime = runtimeOf(t.app.cityops);
  port = runtime.port() ?? 0;
  projectId = await insertProject(t.handle.db);
  productId = await insertProduct(t.handle.db, { functions: SENSOR_FUNCTIONS });
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  for (const client of clients) await client.endAsync(true);
  await t.close();
});

const url = () => `mqtt://127.0.0.1:${port}`;
const historyOf = (id: number) => t.handle.db.select().from(telemetry).where(eq(telemetry.deviceId, id));
async function signedIn() {
  const device = await insertDevice(t.handle.db, { productId, projectId });
  const client = await connectDevice(url(), device);
  clients.push(client);
  return { device, client };
}

/** A raw TCP connection to the broker, open (not signed in). */
async function rawSocket() {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  await once(socket, 'connect');
  return socket;
}

/** Resolves when the MQTT client's connection closes. */
const closeOf = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));

/** The fixed header of a packet of `type` announcing `length` bytes (MQTT's variable byte integer). */
function fixedHeader(type: number, length: number): Buffer {
  const bytes = [type];
  let rest = length;
  do {
    const digit = rest % 128;
    rest = Math.floor(rest / 128);
    bytes.push(rest > 0 ? digit | 0x80 : digit);
  } while (rest > 0);
  return Buffer.from(bytes);
}

describe('the packet size', () => {
  it('closes a connection announcing a 250 MB CONNECT after its fixed header, before reading the packet', async () => {
    const socket = await rawSocket();
    const closed = once(socket, 'close');
    // The header and a first kilobyte: the server would wait for the other 250 MB to parse it.
    socket.write(Buffer.concat([fixedHeader(0x10, 250_000_000), Buffer.alloc(1024)]));
    await closed;
    expect(socket.destroyed).toBe(true);
  });

  it('does not acknowledge a signed-in device’s publish over the limit, and disconnects it', async () => {
    const { device, client } = await signedIn();
    let acknowledged = false;
    const closed = closeOf(client);
    client.publish(
      `cityops/devices/${device.deviceKey}/telemetry`,
      JSON.stringify({ values: { temperature: 1 }, pad: 'x'.repeat(PACKET_MAX_BYTES) }),
      { qos: 1 },
      (error) => (acknowledged = !error),
    );
    await closed;
    expect(acknowledged).toBe(false);
    expect(await historyOf(device.id)).toEqual([]);
    expect(await t.handle.db.select().from(faults).where(eq(faults.deviceId, device.id))).toEqual([]);
  });
});

describe('connections waiting to sign in', () => {
  it(`keeps ${PENDING} from one address and closes the next at once; signed-in ones do not count`, async () => {
    // Signed in: no longer waiting.
    await signedIn();
    await signedIn();
    const waiting = await Promise.all(Array.from({ length: PENDING }, () => rawSocket()));
    const next = await rawSocket();
    await once(next, 'close');
    for (const socket of waiting) expect(socket.destroyed).toBe(false);
    // Once they go, devices sign in again from the address.
    for (const socket of waiting) socket.destroy();
    const device = await insertDevice(t.handle.db, { productId, projectId });
    await eventually(async () => {
      const client = mqtt.connect(url(), {
        clientId: device.deviceKey,
        username: device.deviceKey,
        password: device.secret,
        reconnectPeriod: 0,
      });
      clients.push(client);
      // Closed unanswered while the server had not yet seen the others go.
      return new Promise<boolean>((resolve) => {
        client.once('connect', () => resolve(true));
        client.once('close', () => resolve(false));
      });
    });
  });
});

describe('MQTT 5 on the embedded broker', () => {
  it('answers a version 5 CONNECT with CONNACK “unacceptable protocol version” and closes', async () => {
    const device = await insertDevice(t.handle.db, { productId, projectId });
    const client = mqtt.connect(url(), {
      protocolVersion: 5,
      clientId: device.deviceKey,
      username: device.deviceKey,
      password: device.secret,
      reconnectPeriod: 0,
    });
    clients.push(client);
    const closed = closeOf(client);
    const refusal = await new Promise<Error & { code?: number }>((resolve) => client.once('error', resolve));
    expect(refusal.code).toBe(1);
    expect(refusal.message).toMatch(/unacceptable protocol version/i);
    await closed;
  });
});

describe('the report rate', () => {
  it('stores a burst, drops what comes faster, acknowledges both and records one fault', async () => {
    const { device, client } = await signedIn();
    const before = runtime.ingestion.stats.rateLimited;
    const sent = REPORT_BURST * 2;
    const start = t.clock.now().getTime() - 60_000;
    await Promise.all(
      Array.from({ length: sent }, (_, n) =>
        publishAs(client, device.deviceKey, 'telemetry', { ts: start + n, values: { temperature: 20 } }),
      ),
    );
    const dropped = runtime.ingestion.stats.rateLimited - before;
    expect(dropped).toBeGreaterThan(0);
    expect(await historyOf(device.id)).toHaveLength(sent - dropped);
    await eventually(async () => {
      const listed = await t.api(telemetryEndpoints.faults, { token: admin, query: { deviceId: device.id } });
      return listed.data?.length === 1 && listed.data[0]?.kind === 'rateLimited';
    });
  });
});

describe('acknowledged after storing', () => {
  it('acknowledges a report once it is stored, and stores a report delivered twice once', async () => {
    const { device, client } = await signedIn();
    const report = { ts: t.clock.now().getTime() - 5_000, values: { temperature: 21.5 } };
    await publishAs(client, device.deviceKey, 'telemetry', report);
    // Already there when the acknowledgement came.
    expect(await historyOf(device.id)).toHaveLength(1);
    await publishAs(client, device.deviceKey, 'telemetry', report);
    expect(await historyOf(device.id)).toHaveLength(1);
  });
});
