import {
  deviceEndpoints,
  licenceManageEndpoints,
  placementEndpoints,
  DEMO_ALARM_BOX_COUNT,
  DEMO_LOOP_CONTROLLERS,
} from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../db/seed/index.js';
import { cameras } from '../../db/schema.js';
import { licenceDocument, signedByTestVendor, TEST_VENDOR_PUBLIC_KEY } from '../../test/licence.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

const FLEET = 60;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: { LICENCE_PUBLIC_KEY: TEST_VENDOR_PUBLIC_KEY } });
  // The demo as `make start` seeds it, with a smaller fleet: its devices, alarm columns and areas.
  await seed(
    t.handle.db,
    { ...t.config, DEMO_DEVICES: FLEET },
    { database: t.handle.label, now: t.clock.now },
  );
  const signed = signedByTestVendor(licenceDocument(t.clock.now(), { deviceLimit: 10_000 }));
  expect((await t.call('POST', '/api/sys/license/register', { body: signed })).json.status_code).toBe(1);
  admin = await t.token('admin', 'Admin@123');
});
afterAll(() => t.close());

describe('one count of devices on every page of the demo', () => {
  it('has 设备概览, the licence’s use and 位置管理 agree', async () => {
    const overview = (await t.api(deviceEndpoints.overview, { token: admin, query: {} })).data;
    const usage = (await t.api(licenceManageEndpoints.deviceUsage, { token: admin, query: {} })).data;
    const map = (await t.api(placementEndpoints.map, { token: admin, body: {} })).data;
    const unlocated = (
      await t.api(placementEndpoints.unlocated, { token: admin, body: { pageNum: 1, pageSize: 10 } })
    ).data;
    const cameraCount = await t.handle.db.$count(cameras);

    expect(overview?.total).toBe(FLEET + DEMO_ALARM_BOX_COUNT + DEMO_LOOP_CONTROLLERS.length);
    // The licence counts the cameras besides, and says so: the registry's part is the overview's total.
    expect(usage).toMatchObject({ iotDevices: overview?.total, cameras: cameraCount });
    expect(usage?.devicesInUse).toBe((overview?.total ?? 0) + cameraCount);
    expect(overview).toMatchObject({ devicesInUse: usage?.devicesInUse, iotDevices: overview?.total });
    // 位置管理: the devices placed and those listed without a place make up the same total.
    expect(map?.deviceTotal).toBe(overview?.total);
    expect(map?.placedTotal).toBe(map?.total);
    expect((map?.placedTotal ?? 0) + (unlocated?.total ?? 0)).toBe(overview?.total);
  });

  it('places the demo devices in the demo areas they stand in', async () => {
    const overview = (await t.api(deviceEndpoints.overview, { token: admin, query: {} })).data;
    const inAreas = overview?.byArea.filter((area) => area.areaId !== null) ?? [];
    expect(inAreas.map((area) => area.areaName).sort()).toEqual(['科技园北区', '科技园南区']);
    const placed = inAreas.reduce((sum, area) => sum + area.total, 0);
    expect(placed).toBeGreaterThan(FLEET / 2);
  });
});
