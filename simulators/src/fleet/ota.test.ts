import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { OTA_SERVICE, otaProgressSchema, statusPayloadSchema } from '@cityops/contract';
import { startFleet, type Fleet } from './fleet.js';
import { startTestBroker, type TestBroker } from './testBroker.js';

/**
 * The fleet's firmware upgrade against a real MQTT broker in this process and a real HTTP server
 * handing out the file: progress on the `ota` topic, the checksum, the restart on the new version.
 */

const FILE = Buffer.from('simulated-firmware;'.repeat(5000));
const SHA = createHash('sha256').update(FILE).digest('hex');
const KEY = 'env-00001';

let broker: TestBroker | null = null;
let fleet: Fleet | null = null;
let http: Server | null = null;
afterEach(async () => {
  await fleet?.close();
  await broker?.close();
  await new Promise((resolve) => (http ? http.close(resolve) : resolve(null)));
  fleet = null;
  broker = null;
  http = null;
});

async function start(corrupt: boolean) {
  broker = await startTestBroker();
  http = createServer((request, response) => {
    if (request.url === '/fw?token=good') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(FILE);
    } else {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"status_code":10001,"message":"下载凭证无效或已过期","data":null}');
    }
  });
  await new Promise<void>((resolve) => http?.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  fleet = startFleet({
    url: broker.url,
    count: 2,
    reportSeconds: 60,
    faults: false,
    backoff: { minMs: 100, maxMs: 400 },
    ota: { corrupt: () => corrupt, installMs: 100 },
  });
  await fleet.whenConnected(2, 10_000);
  return { broker, fleet, origin };
}

const command = (origin: string, token: string) => ({
  id: 'ota-7-1-abcd',
  ts: Date.now(),
  service: OTA_SERVICE,
  params: { job: 7, version: '2.0.0', url: `${origin}/fw?token=${token}`, size: FILE.length, sha256: SHA },
});

const progressOf = (broker: TestBroker) =>
  broker.of(KEY, 'ota').map((payload) => otaProgressSchema.parse(payload));

describe('a simulated device upgrades its firmware', () => {
  it('downloads, checks, reports progress, restarts and announces the new version', async () => {
    const { broker, fleet, origin } = await start(false);
    await broker.command(KEY, command(origin, 'good'));
    await broker.waitFor((message) => message.kind === 'reply' && message.payload.includes('ota-7-1-abcd'));
    await broker.waitFor(
      (message) =>
        message.deviceKey === KEY &&
        message.kind === 'status' &&
        (statusPayloadSchema.parse(JSON.parse(message.payload)).firmware ?? '') === '2.0.0',
    );
    expect(progressOf(broker).map(({ state, progress }) => [state, progress])).toEqual([
      ['downloading', 25],
      ['downloading', 50],
      ['downloading', 75],
      ['installing', 100],
    ]);
    expect(fleet.device(KEY)?.firmware).toBe('2.0.0');
    // The other device was not told anything.
    const other = fleet.devices.find((device) => device.deviceKey !== KEY)?.deviceKey ?? '';
    expect(fleet.device(other)?.firmware).toBe('1.0.0');
  });

  it('fails a damaged download on its checksum and keeps its firmware', async () => {
    const { broker, fleet, origin } = await start(true);
    await broker.command(KEY, command(origin, 'good'));
    await broker.waitFor((message) => message.kind === 'ota' && message.payload.includes('failed'));
    expect(progressOf(broker).at(-1)).toMatchObject({ job: 7, state: 'failed', msg: 'checksum mismatch' });
    expect(fleet.device(KEY)?.firmware).toBe('1.0.0');
  });

  it('fails when the server refuses the token', async () => {
    const { broker, origin } = await start(false);
    await broker.command(KEY, command(origin, 'stale'));
    await broker.waitFor((message) => message.kind === 'ota' && message.payload.includes('failed'));
    expect(progressOf(broker).at(-1)).toMatchObject({ state: 'failed', msg: 'download refused (HTTP 200)' });
  });
});
