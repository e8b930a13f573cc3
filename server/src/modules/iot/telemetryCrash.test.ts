import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { deviceEndpoints, deviceTopic, telemetryEndpoints } from '@cityops/contract';
import { demoDeviceSecret } from '@cityops/simulators';
import type { MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { connectDevice, eventually } from '../../test/iotDevices.js';
import { mosquittoOrSkip, startMosquitto } from '../../test/mosquitto.js';
import { callProcess, signInTo } from '../../test/processApi.js';
import { scratchDataDir } from '../../test/scratchDataDir.js';
import { startServerProcess } from '../../test/serverProcess.js';
import { scratchPostgres } from '../../test/testApp.js';

/*
 * QoS 1 telemetry is at least once across a crash: devices stream reports into the broker, the
 * server process is killed (`kill -9`) with reports in flight, and after a restart on the same data
 * every report the broker had acknowledged is stored. The embedded broker acknowledges a report once
 * it is stored; an external one (a real Mosquitto) at once, and delivers again to the restarted
 * instance's session what the killed one had not acknowledged.
 */

/** Demo environment sensors (type 0401) streaming at once. */
const DEVICES = 2;
/** Reports each device keeps in flight (sent, not yet acknowledged). */
const IN_FLIGHT = 20;
/** Each device's reports at most: within its report burst, so none is refused for its rate. */
const PER_DEVICE = 150;
/** Acknowledged reports before the kill. */
const ACKNOWLEDGED_BEFORE_KILL = 100;

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `brokerUrl`: an external broker the server subscribes to; else its embedded one. */
async function crashRound(env: Record<string, string>, brokerUrl?: string) {
  const data = await scratchDataDir();
  const settings = {
    ...env,
    MQTT_PORT: String(await freePort()),
    ...(brokerUrl ? { MQTT_URL: brokerUrl } : {}),
  };
  let server = await startServerProcess(data.dir, settings);
  const clients: MqttClient[] = [];
  try {
    await server.ready();
    let { token } = await signInTo(server.baseUrl, [server]);
    const page = await callProcess(server.baseUrl, deviceEndpoints.page, {
      body: { typeCode: '0401' },
      token,
    });
    // The whole answer on failure: a refusal says why no sensors came.
    expect(page, JSON.stringify({ status: page.status_code, message: page.message })).toMatchObject({
      status_code: 1,
    });
    const sensors = (page.data?.list ?? []).slice(0, DEVICES);
    expect(sensors).toHaveLength(DEVICES);
    const url = brokerUrl ?? `mqtt://127.0.0.1:${settings.MQTT_PORT}`;
    const start = Date.now() - 60_000;
    /** Per device, the times of its acknowledged reports. */
    const acknowledged = new Map<number, number[]>(sensors.map((sensor) => [sensor.deviceId, []]));
    let total = 0;
    let killed: Promise<unknown> | null = null;

    const stream = async (sensor: (typeof sensors)[number]) => {
      const { deviceKey } = sensor;
      const client = await connectDevice(url, { deviceKey, secret: demoDeviceSecret(deviceKey) });
      clients.push(client);
      let next = 0;
      const sender = async () => {
        while (next < PER_DEVICE && !killed) {
          const ts = start + next;
          next += 1;
          const payload = JSON.stringify({ ts, values: { temperature: 20 + (ts % 10) } });
          const acked = await client
            .publishAsync(deviceTopic(deviceKey, 'telemetry'), payload, { qos: 1 })
            .then(
              () => true,
              () => false,
            );
          if (!acked) return;
          acknowledged.get(sensor.deviceId)?.push(ts);
          total += 1;
          // kill -9 with the other reports in flight.
          if (total >= ACKNOWLEDGED_BEFORE_KILL) killed ??= server.kill();
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
    };
    // A sender whose connection the kill cut never hears back: the kill ends the wait.
    await Promise.race([
      Promise.all(sensors.map(stream)),
      (async () => {
        while (!killed) await new Promise((resolve) => setTimeout(resolve, 20));
        await killed;
      })(),
    ]);
    await killed;
    for (const client of clients) client.end(true);
    expect(total).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

    server = await startServerProcess(data.dir, settings);
    await server.ready();
    ({ token } = await signInTo(server.baseUrl, [server]));
    const missing = async () => {
      const lost: number[] = [];
      for (const [deviceId, times] of acknowledged) {
        const history = await callProcess(server.baseUrl, telemetryEndpoints.history, {
          body: {
            deviceId,
            identifiers: ['temperature'],
            start: new Date(start - 1000).toISOString(),
            end: new Date(start + PER_DEVICE + 1000).toISOString(),
          },
          token,
        });
        const stored = new Set(history.data?.points.map((point) => point.t));
        lost.push(...times.filter((ts) => !stored.has(ts)));
      }
      return lost;
    };
    // An external broker delivers the rest once the restarted instance has its session again.
    await eventually(async () => (await missing()).length === 0, brokerUrl ? 30_000 : 0).catch(
      () => undefined,
    );
    expect(await missing()).toEqual([]);
  } finally {
    for (const client of clients) client.end(true);
    await server.kill();
    await data.remove();
  }
}

/** Runs `round` on a scratch PostgreSQL database under DATABASE_URL, else on the embedded PGlite. */
async function onTheDatabase(round: (env: Record<string, string>) => Promise<void>) {
  const database = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL) : null;
  try {
    await round(database ? { DATABASE_URL: database.url } : {});
  } finally {
    await database?.drop();
  }
}

describe('acknowledged QoS 1 reports survive kill -9', () => {
  it('through the embedded broker', () => onTheDatabase((env) => crashRound(env)), 180_000);

  it.skipIf(!mosquittoOrSkip())(
    'through an external broker',
    async () => {
      const broker = await startMosquitto();
      try {
        await onTheDatabase((env) => crashRound(env, broker.url));
      } finally {
        await broker.close();
      }
    },
    180_000,
  );
});
