import { loadSeed } from '@cityops/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRETS_KEY, TEST_VENDOR_PUBLIC_KEY } from '../../test/licence.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { cameras, projects, videoPlatforms } from '../schema.js';
import { DEMO_PLATFORM_URLS, seedDemoVideo } from './video.js';
import { DEMO_CAMERAS } from './videoCameras.js';

let demo: TestApp;
beforeAll(async () => {
  demo = await createTestApp();
});
afterAll(() => demo.close());

describe('the demo video seed', () => {
  it('names the cameras as the simulators do', () => {
    const seed = loadSeed();
    const simulated = [...seed.hik, ...seed.icc].map((camera) => [
      camera.code,
      camera.name,
      camera.lng,
      camera.lat,
      camera.ptz,
    ]);
    expect(DEMO_CAMERAS).toEqual(simulated);
  });

  it('stores 16 cameras per platform and both platforms on the simulators’ default ports', async () => {
    const rows = await demo.handle.db.select().from(cameras);
    expect(rows.filter((row) => row.platformCode === 'hik_isc_huati')).toHaveLength(16);
    expect(rows.filter((row) => row.platformCode === 'dh_icc_huati')).toHaveLength(16);
    expect(new Set(rows.map((row) => row.projectId)).size).toBe(2);
    const platforms = await demo.handle.db.select().from(videoPlatforms);
    expect(platforms.map((row) => [row.platformCode, row.baseUrl]).sort()).toEqual([
      ['dh_icc_huati', DEMO_PLATFORM_URLS.icc],
      ['hik_isc_huati', DEMO_PLATFORM_URLS.hik],
    ]);
  });

  it('adds nothing twice, keeps an administrator’s edit, and lets SIM_HIK_URL / SIM_ICC_URL move the platforms', async () => {
    const db = demo.handle.db;
    const projectIds = (await db.select({ id: projects.id }).from(projects)).map((row) => row.id).sort();
    await db.update(videoPlatforms).set({ appKey: 'edited' });
    await seedDemoVideo(db, projectIds, {});
    expect(await db.select().from(cameras)).toHaveLength(32);
    expect((await db.select().from(videoPlatforms)).map((row) => row.appKey)).toEqual(['edited', 'edited']);
    await seedDemoVideo(db, projectIds, {
      SIM_HIK_URL: 'http://127.0.0.1:20801/',
      SIM_ICC_URL: 'http://10.0.0.5:10802',
    });
    const urls = (await db.select().from(videoPlatforms)).map((row) => row.baseUrl).sort();
    expect(urls).toEqual(['http://10.0.0.5:10802', 'http://127.0.0.1:20801']);
  });
});

describe('production mode', () => {
  it('seeds no platform and no camera', async () => {
    const production = await createTestApp({
      env: {
        CITYOPS_MODE: 'production',
        CITYOPS_ADMIN_PASSWORD: 'Prod@Secret1',
        LICENCE_PUBLIC_KEY: TEST_VENDOR_PUBLIC_KEY,
        SECRETS_KEY: TEST_SECRETS_KEY,
      },
    });
    try {
      expect(await production.handle.db.select().from(videoPlatforms)).toEqual([]);
      expect(await production.handle.db.select().from(cameras)).toEqual([]);
    } finally {
      await production.close();
    }
  });
});
