import {
  DEMO_ALARM_BOX_COUNT,
  DEMO_LOOP_CONTROLLERS,
  DEMO_ENGINE_RULES,
  DEMO_FLEET_MAX,
  DEMO_PRODUCTS,
  DEMO_RULES,
  demoFleetPlan,
  DEMO_PRODUCT_KEYS,
  deviceEndpoints,
} from '@cityops/contract';
import { count, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../db/seed/index.js';
import { alarmRules, devices, points, productFunctions, products, projects } from '../../db/schema.js';
import { DEMO_POLES } from '../points/seed.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { demoFleetSecret, secretHash } from './credentials.js';
import { resealDeviceSecrets } from './service.js';

let t: TestApp;
beforeAll(async () => {
  // The test default: no demo fleet (DEMO_DEVICES=0), the demo products all the same. The seed below
  // holds the event loop as a start-up does (before the server listens): no load shedding after it.
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo seed', () => {
  it('registers the demo products with their functions and rules, and no device with DEMO_DEVICES=0', async () => {
    const db = t.handle.db;
    expect(await db.$count(products)).toBe(DEMO_PRODUCTS.length);
    expect(await db.$count(productFunctions)).toBe(
      DEMO_PRODUCTS.reduce((sum, product) => sum + product.functions.length, 0),
    );
    expect(await db.$count(alarmRules)).toBe(DEMO_RULES.length + DEMO_ENGINE_RULES.length);
    expect(await db.$count(devices)).toBe(0);
  });

  it('seeds early-warning rules on the sensors and an offline rule on every demo product', async () => {
    const db = t.handle.db;
    const rows = await db
      .select({ productKey: products.productKey, rule: alarmRules })
      .from(alarmRules)
      .innerJoin(products, eq(products.id, alarmRules.productId))
      .where(inArray(alarmRules.mode, ['rise', 'predict', 'offline']))
      .orderBy(alarmRules.id);
    expect(
      rows
        .filter((row) => row.rule.mode !== 'offline')
        .map(({ productKey, rule }) => [productKey, rule.mode, rule.identifier]),
    ).toEqual([
      [DEMO_PRODUCT_KEYS.env, 'rise', 'pm25'],
      [DEMO_PRODUCT_KEYS.env, 'predict', 'temperature'],
    ]);
    expect(rows.find((row) => row.rule.mode === 'rise')?.rule).toMatchObject({
      name: 'PM2.5快速上升',
      threshold: 30,
      windowSeconds: 7_200,
      durationSeconds: 300,
      clearOperator: '<',
      clearThreshold: 50,
      autoHandle: 'waiting',
      enabled: true,
    });
    const offline = rows.filter((row) => row.rule.mode === 'offline');
    expect(offline.map((row) => row.productKey).sort()).toEqual(
      DEMO_PRODUCTS.map(({ product }) => product.productKey).sort(),
    );
    expect(offline.every((row) => row.rule.identifier === 'online' && row.rule.name.endsWith('离线'))).toBe(
      true,
    );
  });

  it(`seeds ${DEMO_FLEET_MAX.toLocaleString('en')} fleet devices once, with the simulator's secrets`, async () => {
    const db = t.handle.db;
    const started = performance.now();
    await seed(
      db,
      { ...t.config, DEMO_DEVICES: DEMO_FLEET_MAX },
      { database: t.handle.label, now: t.clock.now },
    );
    const seconds = (performance.now() - started) / 1000;
    console.info(`demo seed of ${DEMO_FLEET_MAX} devices (${t.handle.kind}): ${seconds.toFixed(1)} s`);
    // With the fleet come the demo alarm columns (modules/alarmbox/seed.ts) and loop controllers.
    expect(await db.$count(devices)).toBe(
      DEMO_FLEET_MAX + DEMO_ALARM_BOX_COUNT + DEMO_LOOP_CONTROLLERS.length,
    );

    // All in the first demo project, by the plan.
    const [first] = await db.select().from(projects).orderBy(projects.id).limit(1);
    expect(first?.name).toBe('深圳南山智慧路灯示范项目');
    const [inFirst] = await db
      .select({ n: count() })
      .from(devices)
      .where(eq(devices.projectId, first?.id ?? 0));
    expect(inFirst?.n).toBe(DEMO_FLEET_MAX + DEMO_ALARM_BOX_COUNT + DEMO_LOOP_CONTROLLERS.length);
    const plan = demoFleetPlan(3);
    const rows = await db
      .select()
      .from(devices)
      .where(eq(devices.deviceKey, plan[2]?.deviceKey ?? ''));
    expect(rows[0]).toMatchObject({
      controlCode: plan[2]?.controlCode,
      name: plan[2]?.name,
      longitude: plan[2]?.longitude,
    });
    // The simulator signs in with demoFleetSecret(key); the broker compares SHA-256; the page shows it.
    const secret = demoFleetSecret(plan[2]?.deviceKey ?? '');
    expect(rows[0]?.secretHash).toBe(secretHash(secret));
    expect(rows[0]?.secretSealed).toMatch(/^enc1\./);
    const admin = await t.token('admin', 'Admin@123');
    const shown = await t.api(deviceEndpoints.credentials, {
      token: admin,
      params: { id: rows[0]?.id ?? 0 },
    });
    expect(shown.data?.secret).toBe(secret);
    // The first devices stand three to a pole on a few dozen demo poles.
    expect(await db.$count(points)).toBe(DEMO_POLES);
    expect(await db.$count(devices, isNotNull(devices.pointId))).toBe(DEMO_POLES * 3);

    // Again: nothing added, nothing sealed again.
    await seed(
      db,
      { ...t.config, DEMO_DEVICES: DEMO_FLEET_MAX },
      { database: t.handle.label, now: t.clock.now },
    );
    expect(await db.$count(devices)).toBe(
      DEMO_FLEET_MAX + DEMO_ALARM_BOX_COUNT + DEMO_LOOP_CONTROLLERS.length,
    );
    expect(await db.$count(points)).toBe(DEMO_POLES);
    expect(await db.$count(products)).toBe(DEMO_PRODUCTS.length + 1);
    expect(await db.$count(alarmRules)).toBe(DEMO_RULES.length + DEMO_ENGINE_RULES.length);
    expect(await resealDeviceSecrets(db, t.app.cityops.secrets)).toBe(0);
  }, 180_000);

  it('seals again, at start-up, a secret stored plain or with a key being rotated out', async () => {
    const db = t.handle.db;
    const [row] = await db.select().from(devices).limit(1);
    await db
      .update(devices)
      .set({ secretSealed: 'plain-secret' })
      .where(eq(devices.id, row?.id ?? 0));
    expect(await resealDeviceSecrets(db, t.app.cityops.secrets)).toBe(1);
    const [sealed] = await db
      .select()
      .from(devices)
      .where(eq(devices.id, row?.id ?? 0));
    expect(sealed?.secretSealed).toMatch(/^enc1\./);
    expect(t.app.cityops.secrets.open(sealed?.secretSealed ?? '')).toBe('plain-secret');
  });
});
