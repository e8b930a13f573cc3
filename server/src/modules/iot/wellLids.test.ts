import {
  LID_STATES,
  lidStatesOf,
  telemetryEndpoints,
  TYPE_WELL_LID,
  TYPE_WELL_LID_BASE,
  type LidState,
  type LiveWellLid,
  type WellLidListRequest,
} from '@cityops/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, latestValues } from '../../db/schema.js';
import { insertDevice, insertProduct, insertProject } from '../../test/iotDevices.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

/**
 * 异常监测's lid-state filter: the server picks the lids in a state from their latest
 * values by their product's enabled threshold rules (and offline from the connection), so paging and
 * total count only the lids in that state.
 */

let t: TestApp;
let admin: string;
let projectId: number;
/** Device name → id. */
const ids = new Map<string, number>();

type Values = Record<string, number>;

beforeAll(async () => {
  t = await createTestApp({ env: { MQTT_PORT: '0', HOST: '127.0.0.1' } });
  admin = await t.token('admin', 'Admin@123');
  const db = t.handle.db;
  projectId = await insertProject(db);
  const lid = await insertProduct(db, {
    typeCode: TYPE_WELL_LID,
    functions: [],
    rules: [
      { name: '井盖倾角超限', identifier: 'tilt', operator: '>', threshold: 15, level: 'error' },
      { name: '井盖电量低', identifier: 'battery', operator: '<', threshold: 20, level: 'tips' },
      // Neither a disabled rule nor a trend rule makes a state.
      { name: '停用', identifier: 'tilt', operator: '>', threshold: 5, level: 'tips', enabled: false },
      { name: '预测', identifier: 'battery', operator: '<', threshold: 50, level: 'tips', mode: 'predict' },
    ],
  });
  // Another lid product whose rule tilts later: each lid is read by its own product's rules.
  const steadyLid = await insertProduct(db, {
    typeCode: TYPE_WELL_LID,
    functions: [],
    rules: [{ name: '倾角', identifier: 'tilt', operator: '>', threshold: 30, level: 'error' }],
  });
  const base = await insertProduct(db, { typeCode: TYPE_WELL_LID_BASE, functions: [] });

  interface Spec {
    /** Latest values (tilt 2, battery 80 when left out; null: none reported yet). */
    values?: Values | null;
    online?: boolean;
    product?: number;
  }
  const special: Record<string, Spec> = {
    'lid-05': { values: { tilt: 2, battery: 9 } },
    'lid-09': { values: { tilt: 3, battery: 70 }, online: false },
    'lid-12': { values: null },
    'lid-14': { values: { tilt: 10, battery: 80 } },
    'lid-15': { values: { tilt: 1, battery: 40 } },
    'lid-17': { values: { tilt: 32.5, battery: 75 } },
    'lid-19': { values: { tilt: 40, battery: 10 }, online: false },
    'lid-21': { values: { tilt: 20, battery: 80 }, product: steadyLid },
    'lid-22': { values: { tilt: 31, battery: 80 }, product: steadyLid },
  };
  const all: [string, Spec][] = [
    ['base-01', { values: { linked: 3 }, product: base }],
    ...Array.from({ length: 22 }, (_, i): [string, Spec] => {
      const name = `lid-${String(i + 1).padStart(2, '0')}`;
      return [name, special[name] ?? {}];
    }),
  ];
  const now = t.clock.now();
  for (const [name, spec] of all) {
    const device = await insertDevice(db, { productId: spec.product ?? lid, projectId, name });
    ids.set(name, device.id);
    const values = spec.values === undefined ? { tilt: 2, battery: 80 } : spec.values;
    if (values) await db.insert(latestValues).values({ deviceId: device.id, values, valuesAt: now });
  }
  const online = all.filter(([, spec]) => spec.online !== false).map(([name]) => ids.get(name) ?? 0);
  await db.update(devices).set({ online: true, lastSeenAt: now }).where(inArray(devices.id, online));
});
afterAll(() => t.close());

const page = async (body: Partial<WellLidListRequest>) => {
  const answer = await t.api(telemetryEndpoints.liveWellLids, { token: admin, body: { projectId, ...body } });
  expect(answer.status_code).toBe(1);
  const data = answer.data as { list: LiveWellLid[]; total: number };
  return { names: data.list.map((row) => row.name), total: data.total, rows: data.list };
};

describe('the well-lid monitor’s state filter', () => {
  it('finds a tilted lid that sits on page 2 of the whole list, on page 1 with the right total', async () => {
    const first = await page({ pageSize: 15 });
    expect(first.total).toBe(23);
    expect(first.names).not.toContain('lid-17');
    expect((await page({ pageSize: 15, pageNum: 2 })).names).toContain('lid-17');

    const tilted = await page({ pageSize: 15, lidState: 'tilted' });
    expect(tilted.names).toEqual(['lid-17', 'lid-19', 'lid-22']);
    expect(tilted.total).toBe(3);
  });

  it('filters low battery, offline and normal by the rules and the connection, paging over the filtered lids', async () => {
    expect(await page({ lidState: 'lowBattery' })).toMatchObject({ names: ['lid-05', 'lid-19'], total: 2 });
    expect(await page({ lidState: 'offline' })).toMatchObject({ names: ['lid-09', 'lid-19'], total: 2 });
    const normal = [
      'base-01',
      ...[
        '01',
        '02',
        '03',
        '04',
        '06',
        '07',
        '08',
        '10',
        '11',
        '12',
        '13',
        '14',
        '15',
        '16',
        '18',
        '20',
        '21',
      ].map((n) => `lid-${n}`),
    ];
    const one = await page({ lidState: 'normal', pageSize: 15 });
    const two = await page({ lidState: 'normal', pageSize: 15, pageNum: 2 });
    expect([one.total, two.total]).toEqual([18, 18]);
    expect([...one.names, ...two.names]).toEqual(normal);
    // With the other filters: online lids in a state.
    expect(await page({ lidState: 'tilted', online: true })).toMatchObject({
      names: ['lid-17', 'lid-22'],
      total: 2,
    });
  });

  it('gives each row the limits of its product’s rules, and the page’s lidStatesOf agrees with the filter', async () => {
    const { rows } = await page({ pageSize: 100 });
    const limits = (name: string) => rows.find((row) => row.name === name)?.limits;
    expect(limits('lid-01')).toEqual([
      { identifier: 'tilt', operator: '>', threshold: 15 },
      { identifier: 'battery', operator: '<', threshold: 20 },
    ]);
    expect(limits('lid-21')).toEqual([{ identifier: 'tilt', operator: '>', threshold: 30 }]);
    expect(limits('base-01')).toEqual([]);
    for (const state of LID_STATES) {
      const expected = rows.filter((row) => lidStatesOf(row).includes(state)).map((row) => row.name);
      expect((await page({ pageSize: 100, lidState: state as LidState })).names, state).toEqual(expected);
    }
  });

  it('refuses an unknown state', async () => {
    const answer = await t.api(telemetryEndpoints.liveWellLids, {
      token: admin,
      body: { lidState: 'sunk' as LidState },
    });
    expect(answer.status_code).not.toBe(1);
  });
});
