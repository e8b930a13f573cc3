import { DEMO_ENGINE_RULES, DEMO_PRODUCT_KEYS, demoFleetPlan, type DemoDevice } from '@cityops/contract';
// What each simulated device reports: the very code the fleet runs.
import { behaviourOf, seededRandom, seedOf, startFleet } from '@cityops/simulators';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAlarms, devices } from '../../db/schema.js';
import { eventually, insertProject } from '../../test/iotDevices.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { runtimeOf } from '../iot/runtime.js';
import { seedDemoDevices } from './seed.js';

/**
 * The demo's early-warning and offline rules fire on what the fleet simulator plays: its sensors'
 * daily patterns, fed through ingestion on the test clock, and its offline fault over MQTT.
 */

const FLEET = 10;
const HOUR_MS = 3_600_000;
const REPORT_MS = 10_000;

let t: TestApp;
let projectId: number;
const plan = demoFleetPlan(FLEET);

beforeAll(async () => {
  t = await createTestApp({ env: { MQTT_PORT: '0', HOST: '127.0.0.1', OVERLOAD_EVENT_LOOP_DELAY_MS: '0' } });
  projectId = await insertProject(t.handle.db);
  await seedDemoDevices(t.handle.db, t.app.cityops.secrets, projectId, FLEET);
});
afterAll(() => t.close());

const ruleName = (mode: string, productKey: string = DEMO_PRODUCT_KEYS.env) =>
  DEMO_ENGINE_RULES.find((rule) => rule.mode === mode && rule.productKey === productKey)?.name ?? '';

async function alarmsOf(deviceKey: string, title: string) {
  return t.handle.db
    .select({ kind: deviceAlarms.kind, state: deviceAlarms.state, value: deviceAlarms.value })
    .from(deviceAlarms)
    .innerJoin(devices, eq(devices.id, deviceAlarms.deviceId))
    .where(and(eq(devices.deviceKey, deviceKey), eq(deviceAlarms.title, title)))
    .orderBy(deviceAlarms.id);
}

/** The China-time hour of the test clock. */
const chinaHour = () => ((t.clock.now().getTime() + 8 * HOUR_MS) % (24 * HOUR_MS)) / HOUR_MS;

describe('the demo rules on the fleet’s data', () => {
  it('warn of PM2.5 rising at the morning rush and of a warm sensor’s predicted heat before noon', async () => {
    const sensors = plan.filter((device) => device.productKey === DEMO_PRODUCT_KEYS.env);
    expect(sensors.map((device) => device.deviceKey)).toEqual(['env-00001', 'env-00002']);
    // To 06:00 the next morning, China time.
    t.clock.advanceMinutes(((24 + 6 - chinaHour()) % 24) * 60);
    expect(chinaHour()).toBe(6);
    const played = sensors.map((device: DemoDevice) => ({
      device,
      behaviour: behaviourOf(device, seededRandom(seedOf(device.deviceKey)), t.clock.now().getTime(), {
        lidsPerBase: 3,
      }),
    }));
    const ingestion = runtimeOf(t.app.cityops).ingestion;
    /** Reports every 10 s (the fleet's default) until `hour`, written every five minutes. */
    async function playUntil(hour: number) {
      for (let step = 1; chinaHour() < hour; step += 1) {
        t.clock.advanceMinutes(REPORT_MS / 60_000);
        const ts = t.clock.now().getTime();
        for (const { device, behaviour } of played)
          await ingestion.receive(
            device.deviceKey,
            'telemetry',
            Buffer.from(JSON.stringify({ ts, values: behaviour.report(ts) })),
          );
        if (step % 30 === 0) await ingestion.flush();
      }
      await ingestion.flush();
    }

    const rising = ruleName('rise');
    await playUntil(6.75);
    for (const { deviceKey } of sensors) expect(await alarmsOf(deviceKey, rising)).toEqual([]);
    await playUntil(8);
    for (const { deviceKey } of sensors)
      expect(await alarmsOf(deviceKey, rising)).toMatchObject([{ kind: 'warning', state: 'waiting' }]);
    // The rush is over by noon: the warnings recovered and no other opened.
    const heat = ruleName('predict');
    await playUntil(11);
    for (const { deviceKey } of sensors)
      expect(await alarmsOf(deviceKey, rising)).toMatchObject([{ kind: 'warning', state: 'auto_recover' }]);
    expect(await alarmsOf('env-00001', heat)).toEqual([]);
    await playUntil(12.5);
    expect(await alarmsOf('env-00001', heat)).toMatchObject([{ kind: 'warning', state: 'waiting' }]);
    const [warning] = await alarmsOf('env-00001', heat);
    expect(Number(warning?.value)).toBeGreaterThan(24);
  }, 180_000);

  it('raise an offline alarm when a fleet device drops its connection, recovered when it is back', async () => {
    const fleet = startFleet({
      url: `mqtt://127.0.0.1:${runtimeOf(t.app.cityops).port() ?? 0}`,
      count: FLEET,
      reportSeconds: 1,
      faults: false,
    });
    try {
      await fleet.whenConnected(FLEET, 30_000);
      const gateway = plan.find((device) => device.productKey === DEMO_PRODUCT_KEYS.gateway);
      if (!gateway) throw new Error('no gateway in the fleet');
      const title = ruleName('offline', DEMO_PRODUCT_KEYS.gateway);
      expect(title).toBe('物联网关离线');
      expect(await alarmsOf(gateway.deviceKey, title)).toEqual([]);
      // The platform has it online (a connection dropped before that was written never went online).
      await eventually(async () => {
        const [row] = await t.handle.db
          .select({ online: devices.online })
          .from(devices)
          .where(eq(devices.deviceKey, gateway.deviceKey));
        return row?.online;
      });
      expect(fleet.inject(gateway.deviceKey, { kind: 'offline', seconds: 5 })).toBe(true);
      await eventually(async () => (await alarmsOf(gateway.deviceKey, title)).length > 0, 10_000);
      expect(await alarmsOf(gateway.deviceKey, title)).toMatchObject([
        { kind: 'alarm', state: 'waiting', value: null },
      ]);
      await eventually(
        async () => (await alarmsOf(gateway.deviceKey, title))[0]?.state === 'auto_recover',
        20_000,
      );
    } finally {
      await fleet.close();
    }
  }, 60_000);
});
