import { once } from 'node:events';
import { connect } from 'node:net';
import { deviceTopic, StatusCode, TOPIC_KINDS } from '@cityops/contract';
import fc from 'fast-check';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeOf } from '../../modules/iot/runtime.js';
import {
  connectDevice,
  insertDevice,
  insertProduct,
  insertProject,
  SENSOR_FUNCTIONS,
} from '../iotDevices.js';
import { createTestApp } from '../testApp.js';

/**
 * The standing suite on the embedded broker: whatever a client sends (bytes that are not MQTT,
 * credentials that name no device, a signed-in device's packets on any topic with any payload), the
 * broker refuses or drops it without an error in the log, no one is signed in without a device's own
 * secret, and the server goes on answering. The rules themselves are tested in modules/iot.
 *
 * Replay a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run src/test/suite/mqtt.test.ts
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_207);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const t = await createTestApp({ captureLogs: true, env: { MQTT_PORT: '0', HOST: '127.0.0.1' } });
const port = runtimeOf(t.app.cityops).port() ?? 0;
const url = `mqtt://127.0.0.1:${port}`;
let device: { id: number; deviceKey: string; secret: string };
beforeAll(async () => {
  const projectId = await insertProject(t.handle.db);
  const productId = await insertProduct(t.handle.db, { functions: SENSOR_FUNCTIONS });
  device = await insertDevice(t.handle.db, { productId, projectId });
});
afterAll(() => t.close());

const errorsSince = (from: number) =>
  t.logs
    .slice(from)
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level >= 50);

async function serverAnswers() {
  expect((await t.call('GET', '/api/health')).json.status_code).toBe(StatusCode.SUCCESS);
}

describe('the embedded broker', () => {
  it('closes a connection that sends bytes that are not MQTT and then nothing more', async () => {
    const from = t.logs.length;
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 512 }), async (bytes) => {
        const socket = connect(port, '127.0.0.1');
        socket.on('error', () => undefined);
        await once(socket, 'connect');
        const closed = once(socket, 'close');
        socket.write(bytes);
        // Half-closed: whatever the bytes began, nothing completes them.
        socket.end();
        await closed;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(errorsSince(from)).toEqual([]);
    await serverAnswers();
  });

  it('signs no one in with credentials other than a device key and its own secret', async () => {
    const from = t.logs.length;
    const text = fc.string({ maxLength: 200 });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          clientId: fc.oneof(text, fc.constant(device.deviceKey)),
          username: fc.option(fc.oneof(text, fc.constant(device.deviceKey)), { nil: undefined }),
          password: fc.option(
            fc.oneof(text, fc.constant(`${device.secret}x`), fc.constant(device.secret.slice(1))),
            { nil: undefined },
          ),
        }),
        async (credentials) => {
          const client = mqtt.connect(url, { ...credentials, reconnectPeriod: 0, connectTimeout: 5_000 });
          client.on('error', () => undefined);
          // events.once would reject at the 'error' the refusal is also told as.
          const outcome = await new Promise((resolve) => {
            client.once('connect', () => resolve('signed in'));
            client.once('close', () => resolve('refused'));
          });
          await client.endAsync(true);
          expect(outcome).toBe('refused');
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    expect(errorsSince(from)).toEqual([]);
    await serverAnswers();
  });

  it("takes any packet of a signed-in device without an error, on its own topics or another's", async () => {
    const from = t.logs.length;
    const signIn = async () => {
      const signed = await connectDevice(url, device);
      signed.on('error', () => undefined);
      return signed;
    };
    let client = await signIn();
    const topic = fc.oneof(
      fc.constantFrom(...TOPIC_KINDS).map((kind) => deviceTopic(device.deviceKey, kind)),
      fc
        .string({ minLength: 1, maxLength: 100 })
        .filter((name) => !/[#+]/.test(name) && !name.includes('\u0000')),
    );
    const payload = fc.oneof(
      fc.json({ depthSize: 'medium' }),
      fc.string({ maxLength: 1_000 }),
      fc.uint8Array({ maxLength: 1_000 }).map((bytes) => Buffer.from(bytes)),
      fc.nat({ max: 5_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    );
    await fc.assert(
      fc.asyncProperty(topic, payload, async (name, body) => {
        // The broker may close a device that breaks its rules: it signs in again.
        if (!client.connected) client = await signIn();
        // QoS 0: a refused publish is dropped, not an error of the client's.
        client.publish(name, body, { qos: 0 });
      }),
      { seed: SEED, numRuns: RUNS * 4 },
    );
    // Packets of one connection are handled in order: once this one is acknowledged, all were seen.
    // (A close the broker had under way when the last packets went may end the first try.)
    await client.endAsync(true);
    client = await signIn();
    await client.publishAsync(deviceTopic(device.deviceKey, 'telemetry'), '{}', { qos: 1 });
    await client.endAsync();
    expect(errorsSince(from)).toEqual([]);
    await serverAnswers();
  });
});
