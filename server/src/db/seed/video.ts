import { PLATFORM_HIK, PLATFORM_ICC } from '@cityops/contract';
import type { Database } from '../connection.js';
import { cameras, videoPlatforms } from '../schema.js';
import { DEMO_CAMERAS, DEMO_PLACES } from './videoCameras.js';

/**
 * Demo video (CITYOPS_MODE=demo only): the two simulated platforms on their default CLI ports with
 * the simulators' demo credentials, and their 32 cameras spread over the demo projects. SIM_HIK_URL
 * and SIM_ICC_URL move the platforms; when set they win over what is stored, otherwise an
 * administrator's edits survive a restart.
 */

export const DEMO_PLATFORM_URLS = { hik: 'http://127.0.0.1:10801', icc: 'http://127.0.0.1:10802' } as const;

/** The simulators' documented demo credentials (simulators/README.md), for loopback demos only. */
const DEMO_HIK = { appKey: '26104913', appSecret: 'cityops-demo-artemis-secret' };
const DEMO_ICC = {
  username: 'system',
  password: 'cityops-demo-icc-password',
  clientId: 'cityops',
  clientSecret: 'cityops-demo-icc-client-secret',
};

/** Cameras per platform in the first demo project; the rest go to the second. */
const FIRST_PROJECT_CAMERAS = 12;

async function seedPlatform(db: Database, row: typeof videoPlatforms.$inferInsert, fromEnv: boolean) {
  const insert = db.insert(videoPlatforms).values(row);
  await (fromEnv
    ? insert.onConflictDoUpdate({ target: videoPlatforms.platformCode, set: { baseUrl: row.baseUrl } })
    : insert.onConflictDoNothing());
}

export async function seedDemoVideo(
  db: Database,
  projectIds: readonly number[],
  env: Record<string, string | undefined> = process.env,
) {
  const hikUrl = env.SIM_HIK_URL?.trim().replace(/\/$/, '');
  const iccUrl = env.SIM_ICC_URL?.trim().replace(/\/$/, '');
  await seedPlatform(
    db,
    { platformCode: PLATFORM_HIK, baseUrl: hikUrl || DEMO_PLATFORM_URLS.hik, ...DEMO_HIK },
    !!hikUrl,
  );
  await seedPlatform(
    db,
    { platformCode: PLATFORM_ICC, baseUrl: iccUrl || DEMO_PLATFORM_URLS.icc, ...DEMO_ICC },
    !!iccUrl,
  );

  const [first, second = first] = projectIds;
  if (first === undefined || second === undefined) return;
  const rows = DEMO_CAMERAS.map(([controlCode, name, longitude, latitude, hasPtz], index) => {
    const platformCode = controlCode.startsWith('icc-') ? PLATFORM_ICC : PLATFORM_HIK;
    const number = Number(controlCode.slice(-2));
    const inFirst = number <= FIRST_PROJECT_CAMERAS;
    const places = DEMO_PLACES.filter((place) => place.project === (inFirst ? 0 : 1));
    const place = places[(number - 1) % places.length] ?? DEMO_PLACES[0];
    return {
      controlCode,
      name,
      platformCode,
      accessWay: platformCode,
      projectId: inFirst ? first : second,
      areaName: place.area,
      siteName: place.site,
      longitude,
      latitude,
      hasPtz,
      // Every fourth camera keeps its recordings on the device (recordLocation 1, ICC recordSource 2).
      recordLocation: number % 4 === 0 ? 1 : 0,
      sortNum: index,
    };
  });
  await db.insert(cameras).values(rows).onConflictDoNothing({ target: cameras.controlCode });
}
