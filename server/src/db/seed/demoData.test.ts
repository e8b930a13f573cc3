import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoFleetSecret, secretHash } from '../../modules/devices/credentials.js';
import { runtimeOf } from '../../modules/iot/runtime.js';
import { connectDevice } from '../../test/iotDevices.js';
import { TEST_SECRETS_KEY, TEST_VENDOR_PUBLIC_KEY } from '../../test/licence.js';
import { createTestApp, freshDatabase } from '../../test/testApp.js';
import type { DatabaseHandle } from '../connection.js';
import { demoSeed, devices, users } from '../schema.js';
import { loadSecretBox } from '../secretBox.js';
import { DEMO_ACCOUNTS } from './demo.js';

/** A database seeded in demo mode does not quietly become a production one. */

const PRODUCTION = {
  CITYOPS_MODE: 'production',
  CITYOPS_ADMIN_PASSWORD: 'Prod@Secret1',
  LICENCE_PUBLIC_KEY: TEST_VENDOR_PUBLIC_KEY,
  SECRETS_KEY: TEST_SECRETS_KEY,
};

let handle: DatabaseHandle;
/** The demo fleet as the demo seed left it: key and stored secret hash. */
let demoFleet: { deviceKey: string; secretHash: string }[];

beforeAll(async () => {
  handle = await freshDatabase();
  const demo = await createTestApp({
    database: handle,
    env: { DEMO_DEVICES: '3', SECRETS_KEY: TEST_SECRETS_KEY },
  });
  await demo.close();
  demoFleet = await handle.db
    .select({ deviceKey: devices.deviceKey, secretHash: devices.secretHash })
    .from(devices);
});
afterAll(() => handle.close());

/** Builds a production app on the demo database with console.warn captured: the app (or its refusal) and what it said. */
async function startProduction(env: Record<string, string> = {}) {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    const app = await createTestApp({ database: handle, env: { ...PRODUCTION, ...env } });
    return { app, said: warn.mock.calls.map((call) => String(call[0])).join('\n') };
  } finally {
    warn.mockRestore();
  }
}

describe('a demo database switched to production', () => {
  it('is marked as demo data by the demo seed', async () => {
    expect(await handle.db.$count(demoSeed)).toBe(1);
    // The demo fleet's secrets are what anyone derives from the device keys.
    expect(demoFleet.length).toBeGreaterThan(3);
    for (const device of demoFleet)
      expect(device.secretHash).toBe(secretHash(demoFleetSecret(device.deviceKey)));
  });

  it('refuses to start, naming the database, why, and the two ways on', async () => {
    const refusal = startProduction();
    await expect(refusal).rejects.toThrow(`${handle.label} holds demo data`);
    const message = await refusal.then(
      () => '',
      (error: unknown) => String(error),
    );
    expect(message).toContain('DATA_DIR');
    expect(message).toContain('CITYOPS_ROTATE_DEMO_SECRETS=1');
    // Nothing was changed: still demo data, demo passwords.
    expect(await handle.db.$count(demoSeed)).toBe(1);
  });

  it('with CITYOPS_ROTATE_DEMO_SECRETS=1 starts with every demo secret replaced, and says what it did', async () => {
    const { app: t, said } = await startProduction({
      CITYOPS_ROTATE_DEMO_SECRETS: '1',
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
    });
    try {
      expect(said).toContain('CITYOPS_ROTATE_DEMO_SECRETS');
      expect(said).toContain('admin: password set from CITYOPS_ADMIN_PASSWORD');
      expect(said).toContain('demo accounts operator, nobody: disabled');
      expect(said).toContain(`${demoFleet.length} device(s) on the demo fleet's secrets`);
      expect(said).not.toContain('Prod@Secret1');

      expect((await t.login('admin', DEMO_ACCOUNTS.admin.password)).message).toMatch(/^账号或密码错误/);
      expect((await t.login('operator', DEMO_ACCOUNTS.operator.password)).status_code).not.toBe(1);
      expect((await t.login('nobody', DEMO_ACCOUNTS.nobody.password)).status_code).not.toBe(1);
      expect((await t.login('admin', 'Prod@Secret1')).status_code).toBe(1);
      const disabled = await handle.db
        .select({ userName: users.userName, status: users.status })
        .from(users)
        .where(sql`${users.userName} in ('operator', 'nobody')`);
      expect(disabled.map((row) => row.status)).toEqual(['disabled', 'disabled']);
      expect(await handle.db.$count(demoSeed)).toBe(0);

      const rotated = await handle.db
        .select({ deviceKey: devices.deviceKey, sealed: devices.secretSealed, hash: devices.secretHash })
        .from(devices);
      expect(rotated).toHaveLength(demoFleet.length);
      for (const device of rotated)
        expect(device.hash).not.toBe(secretHash(demoFleetSecret(device.deviceKey)));

      // At the broker: the derivable secret is refused, the new one (the credentials' own) signs in.
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const broker = `mqtt://127.0.0.1:${runtimeOf(t.app.cityops).port() ?? 0}`;
      const [first] = rotated;
      if (!first) throw new Error('no demo device');
      await expect(
        connectDevice(broker, { deviceKey: first.deviceKey, secret: demoFleetSecret(first.deviceKey) }),
      ).rejects.toThrow();
      const box = await loadSecretBox(t.config);
      const client = await connectDevice(broker, {
        deviceKey: first.deviceKey,
        secret: box.open(first.sealed),
      });
      await client.endAsync(true);
    } finally {
      await t.close();
    }
  });

  it('starts again without the flag, saying nothing of the admin password it already has', async () => {
    const { app, said } = await startProduction();
    await app.close();
    expect(said).toBe('');
  });

  it('says so when CITYOPS_ROTATE_DEMO_SECRETS finds nothing to rotate', async () => {
    const { app, said } = await startProduction({ CITYOPS_ROTATE_DEMO_SECRETS: '1' });
    await app.close();
    expect(said).toMatch(/CITYOPS_ROTATE_DEMO_SECRETS is set but .* holds no demo data/);
  });
});

describe('the migration that brought the mark', () => {
  /** The migration's backfill statement, run again on a database without the mark. */
  async function backfill(database: DatabaseHandle) {
    const migration = await readFile(
      resolve(import.meta.dirname, '../../../drizzle/0017_demo_seed.sql'),
      'utf8',
    );
    const statement = migration.split('--> statement-breakpoint')[1] ?? '';
    await database.db.execute(sql.raw(statement));
  }

  it('marks a demo database seeded before it, and no production one', async () => {
    // The demo database above (its demo accounts are still there, disabled), without its mark.
    await handle.db.delete(demoSeed);
    await backfill(handle);
    expect(await handle.db.$count(demoSeed)).toBe(1);
    const production = await createTestApp({ env: PRODUCTION });
    try {
      await backfill(production.handle);
      expect(await production.handle.db.$count(demoSeed)).toBe(0);
    } finally {
      await production.close();
    }
  });
});
