import { afterEach, describe, expect, it } from 'vitest';
import {
  checkValue,
  DEMO_PRODUCTS,
  eventPayloadSchema,
  replyPayloadSchema,
  statusPayloadSchema,
  telemetryPayloadSchema,
  type TelemetryValue,
} from '@cityops/contract';
import { serveFleetAdmin } from './adminRoutes.js';
import { startFleet, type Fleet, type FleetOptions } from './fleet.js';
import { demoDeviceSecret } from './secret.js';
import { startTestBroker, type RecordedMessage, type TestBroker } from './testBroker.js';

/**
 * The fleet against a real MQTT broker (aedes in this process) whose authentication checks each device's
 * demo secret, with real mqtt clients: what a device publishes, how it answers commands, its will
 * message, and how it lives through a broker outage.
 */

const COUNT = 20;
const REPORT_SECONDS = 0.5;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let broker: TestBroker | null = null;
let fleet: Fleet | null = null;
afterEach(async () => {
  await fleet?.close();
  await broker?.close();
  fleet = null;
  broker = null;
});

async function start(options: Partial<FleetOptions> = {}) {
  const started = await startTestBroker();
  broker = started;
  const running = startFleet({
    url: started.url,
    count: COUNT,
    reportSeconds: REPORT_SECONDS,
    faults: false,
    backoff: { minMs: 100, maxMs: 400 },
    ...options,
  });
  fleet = running;
  return { broker: started, fleet: running };
}

function modelProblem(productKey: string, identifier: string, value: TelemetryValue): string | null {
  const product = DEMO_PRODUCTS.find((candidate) => candidate.product.productKey === productKey);
  const property = product?.functions.find((fn) => fn.kind === 'property' && fn.identifier === identifier);
  if (!property || property.kind !== 'property') return 'unknown property';
  return checkValue(property.spec, value);
}

const telemetryOf = (message: RecordedMessage) => telemetryPayloadSchema.parse(JSON.parse(message.payload));

describe('device fleet over MQTT', () => {
  it('signs every device in with its demo secret and reports values inside the thing model', async () => {
    const { broker, fleet } = await start();
    await fleet.whenConnected(COUNT, 10_000);
    expect(broker.refused).toEqual([]);
    await pause(REPORT_SECONDS * 1000 * 3);

    for (const device of fleet.devices) {
      const statuses = broker.of(device.deviceKey, 'status').map((raw) => statusPayloadSchema.parse(raw));
      expect(statuses[0]).toEqual({ online: true, firmware: '1.0.0' });
      const status = broker.messages.find(
        (message) => message.deviceKey === device.deviceKey && message.kind === 'status',
      );
      expect(status?.retain).toBe(true);
      const reports = broker.messages
        .filter((message) => message.deviceKey === device.deviceKey && message.kind === 'telemetry')
        .map(telemetryOf);
      // One at the first connection, then one per period.
      expect(reports.length, device.deviceKey).toBeGreaterThanOrEqual(3);
      for (const report of reports) {
        expect(report.ts).toBeGreaterThan(Date.now() - 60_000);
        for (const [identifier, value] of Object.entries(report.values))
          expect(
            modelProblem(device.productKey, identifier, value),
            `${device.deviceKey}.${identifier}`,
          ).toBeNull();
      }
    }
    expect(fleet.stats).toMatchObject({ devices: COUNT, connected: COUNT, connects: COUNT, refused: 0 });
  });

  it('is refused with a wrong secret, and the others are not held up by it', async () => {
    const { broker, fleet } = await start({
      secretOf: (key) => (key === 'env-00001' ? '0'.repeat(32) : demoDeviceSecret(key)),
      refusedRetryMs: 200,
    });
    await fleet.whenConnected(COUNT - 1, 10_000);
    await pause(600);
    expect(broker.refused.filter((key) => key === 'env-00001').length).toBeGreaterThanOrEqual(2);
    expect(broker.refused.every((key) => key === 'env-00001')).toBe(true);
    expect(fleet.device('env-00001')?.connected).toBe(false);
    expect(fleet.stats.refused).toBeGreaterThanOrEqual(2);
    expect(broker.of('env-00001', 'telemetry')).toEqual([]);
  });

  it('answers setSwitch by changing state, echoing it in the reply and reporting it at once', async () => {
    const { broker, fleet } = await start({ reportSeconds: 60 });
    await fleet.whenConnected(COUNT, 10_000);
    const key = 'sw-00001';
    for (const on of [false, true]) {
      const id = `cmd-${String(on)}`;
      const sentAt = Date.now();
      await broker.command(key, { id, ts: sentAt, service: 'setSwitch', params: { on } });
      const reply = await broker.waitFor(
        (message) => message.kind === 'reply' && message.payload.includes(id),
      );
      expect(replyPayloadSchema.parse(JSON.parse(reply.payload))).toMatchObject({
        id,
        code: 0,
        data: { on, voltage: expect.any(Number) as number },
      });
      // The period is a minute: a report within a second is the one the command caused.
      const report = await broker.waitFor(
        (message) => message.deviceKey === key && message.kind === 'telemetry' && message.at >= sentAt,
        2_000,
      );
      const values = telemetryOf(report).values;
      expect(values.on).toBe(on);
      expect(values.power === 0).toBe(!on);
      expect(fleet.device(key)?.values.on).toBe(on);
    }
    expect(
      fleet.device(key)?.commands.map((command) => [command.service, command.params, command.code]),
    ).toEqual([
      ['setSwitch', { on: false }, 0],
      ['setSwitch', { on: true }, 0],
    ]);

    await broker.command(key, { id: 'bad-1', ts: Date.now(), service: 'setSwitch', params: { on: 'yes' } });
    const refused = await broker.waitFor(
      (message) => message.kind === 'reply' && message.payload.includes('bad-1'),
    );
    expect(JSON.parse(refused.payload)).toMatchObject({ id: 'bad-1', code: 2, msg: 'on: thing.notBoolean' });
    expect(fleet.stats).toMatchObject({ commands: 3, replies: 3 });
  });

  it('leaves its will when the connection drops abruptly, then comes back', async () => {
    const { broker, fleet } = await start({ reportSeconds: 60 });
    await fleet.whenConnected(COUNT, 10_000);
    const key = 'lid-00002';
    const before = broker.messages.length;
    expect(fleet.inject(key, { kind: 'offline', seconds: 1 })).toBe(true);
    const will = await broker.waitFor(
      (message) =>
        message.deviceKey === key && message.kind === 'status' && message.payload.includes('false'),
    );
    expect(statusPayloadSchema.parse(JSON.parse(will.payload))).toEqual({ online: false });
    expect(will.retain).toBe(true);
    expect(fleet.device(key)).toMatchObject({ connected: false, dark: true });
    const back = await broker.waitFor(
      (message) =>
        message.deviceKey === key &&
        message.kind === 'status' &&
        message.payload.includes('true') &&
        broker.messages.indexOf(message) > before,
      5_000,
    );
    expect(back.at - will.at).toBeGreaterThanOrEqual(900);
    expect(fleet.device(key)).toMatchObject({ connected: true, dark: false });
  });

  it('survives a broker outage: reconnects and delivers the reports made while it was down', async () => {
    const lines: string[] = [];
    const { broker, fleet } = await start({ log: (line) => lines.push(line) });
    await fleet.whenConnected(COUNT, 10_000);
    await broker.stop();
    const downAt = Date.now();
    await pause(1_600);
    expect(fleet.stats.connected).toBe(0);
    const upAt = Date.now();
    await broker.start();
    await fleet.whenConnected(COUNT, 10_000);
    await pause(300);

    const madeWhileDown = broker.messages
      .filter((message) => message.kind === 'telemetry' && message.at >= upAt)
      .map(telemetryOf)
      .filter((report) => (report.ts ?? 0) > downAt + 100 && (report.ts ?? 0) < upAt - 100);
    // Three periods down: about three reports of each device were kept and delivered after.
    expect(madeWhileDown.length).toBeGreaterThanOrEqual(COUNT * 2);
    expect(fleet.stats.backlogged).toBeGreaterThanOrEqual(COUNT * 2);
    expect(fleet.stats.dropped).toBe(0);
    expect(fleet.stats.connects).toBeGreaterThanOrEqual(COUNT * 2);
    // Quietly: one line for the loss, one for the return, not one per device or attempt.
    expect(lines.filter((line) => line.includes('lost the broker'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('all 20 devices connected'))).toHaveLength(2);
  });

  it('waits quietly for a broker that is not there yet', async () => {
    const probe = await startTestBroker();
    const port = probe.port;
    await probe.close();
    const lines: string[] = [];
    const running = startFleet({
      url: `mqtt://127.0.0.1:${port}`,
      count: COUNT,
      reportSeconds: REPORT_SECONDS,
      faults: false,
      backoff: { minMs: 100, maxMs: 400 },
      log: (line) => lines.push(line),
    });
    fleet = running;
    await pause(1_500);
    expect(running.stats.connected).toBe(0);
    broker = await startTestBroker(port);
    await running.whenConnected(COUNT, 10_000);
    expect(lines).toEqual([
      expect.stringContaining('does not answer yet'),
      expect.stringContaining('all 20 devices connected'),
    ]);
  });

  it('shows injected faults: a value outside the model, a tilted lid with its event, a malformed message', async () => {
    const { broker, fleet } = await start({ reportSeconds: 60 });
    await fleet.whenConnected(COUNT, 10_000);

    expect(fleet.inject('env-00003', { kind: 'outOfRange' })).toBe(true);
    const outOfRange = await broker.waitFor(
      (message) =>
        message.deviceKey === 'env-00003' && message.kind === 'telemetry' && message.payload.includes('1200'),
    );
    expect(modelProblem('env-sensor', 'pm25', telemetryOf(outOfRange).values.pm25 ?? 0)).toBe(
      'thing.outOfRange',
    );

    expect(fleet.inject('lid-00001', { kind: 'tilt', seconds: 30 })).toBe(true);
    const event = await broker.waitFor(
      (message) => message.deviceKey === 'lid-00001' && message.kind === 'event',
    );
    const tilt = eventPayloadSchema.parse(JSON.parse(event.payload));
    expect(tilt.event).toBe('tiltAlarm');
    expect(tilt.params.angle).toBeGreaterThan(15);
    const tilted = broker.of('lid-00001', 'telemetry').map((raw) => telemetryPayloadSchema.parse(raw));
    expect(Number(tilted.at(-1)?.values.tilt)).toBeGreaterThan(15);
    expect(fleet.inject('env-00001', { kind: 'tilt' })).toBe(false);

    expect(fleet.inject('sw-00002', { kind: 'malformed' })).toBe(true);
    const malformed = await broker.waitFor(
      (message) =>
        message.deviceKey === 'sw-00002' &&
        message.kind === 'telemetry' &&
        message.payload.includes('broken'),
    );
    expect(() => JSON.parse(malformed.payload) as unknown).toThrow();
    expect(fleet.inject('nobody-1', { kind: 'malformed' })).toBe(false);
    expect(fleet.stats.faults).toBe(3);
  });

  it('is driven from another process through /_sim/fleet', async () => {
    const { broker, fleet } = await start({ reportSeconds: 60 });
    await fleet.whenConnected(COUNT, 10_000);
    const admin = await serveFleetAdmin(fleet, '127.0.0.1', 0);
    try {
      const stats = (await (await fetch(`${admin.url}/_sim/fleet`)).json()) as {
        data: { connected: number };
      };
      expect(stats.data.connected).toBe(COUNT);
      const answer = await fetch(`${admin.url}/_sim/fleet/env-00002/fault`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fault: { kind: 'outOfRange' } }),
      });
      expect(answer.status).toBe(200);
      await broker.waitFor(
        (message) => message.deviceKey === 'env-00002' && message.payload.includes('1200'),
      );
      const device = (await (await fetch(`${admin.url}/_sim/fleet/sw-00001`)).json()) as {
        data: { productKey: string; connected: boolean };
      };
      expect(device.data).toMatchObject({ productKey: 'smart-switch', connected: true });
      const bad = await fetch(`${admin.url}/_sim/fleet/env-00002/fault`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fault: { kind: 'explode' } }),
      });
      expect(bad.status).toBe(400);
      expect((await fetch(`${admin.url}/_sim/fleet/nobody-1`)).status).toBe(404);
    } finally {
      await admin.close();
    }
  });
});
