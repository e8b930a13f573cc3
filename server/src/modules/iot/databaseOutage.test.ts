import { deviceEndpoints, StatusCode } from '@cityops/contract';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/connection.js';
import { telemetry } from '../../db/schema.js';
import {
  connectDevice,
  eventually,
  insertDevice,
  insertProduct,
  insertProject,
  publishAs,
  SENSOR_FUNCTIONS,
  type TestDevice,
} from '../../test/iotDevices.js';
import { startRelay, throughPort } from '../../test/relay.js';
import { createTestApp, scratchPostgres, type TestApp } from '../../test/testApp.js';
import { runtimeOf } from './runtime.js';

/**
 * A real PostgreSQL outage: the instance reaches its database
 * through a relay that cuts every connection and refuses new ones, while devices keep reporting. The
 * reports wait in memory, the API answers with a refusal rather than a crash, and the backlog is
 * written once the database can be reached again. PostgreSQL only (`make test-api-pg`): the embedded
 * PGlite lives in the server's own process and has no connection to lose; iot.test.ts covers its
 * failing writes.
 */
const server = process.env.DATABASE_URL;

describe.skipIf(!server)('a PostgreSQL outage', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let t: TestApp;
  let admin: string;
  let device: TestDevice;
  let client: MqttClient;

  beforeAll(async () => {
    scratch = await scratchPostgres(server ?? '');
    relay = await startRelay(Number(new URL(scratch.url).port));
    t = await createTestApp({
      env: { MQTT_PORT: '0', HOST: '127.0.0.1' },
      database: await openPostgres(throughPort(scratch.url, relay.port)),
    });
    admin = await t.token('admin', 'Admin@123');
    const projectId = await insertProject(t.handle.db);
    const productId = await insertProduct(t.handle.db, { functions: SENSOR_FUNCTIONS });
    device = await insertDevice(t.handle.db, { productId, projectId });
    client = await connectDevice(`mqtt://127.0.0.1:${runtimeOf(t.app.cityops).port() ?? 0}`, device);
  });
  afterAll(async () => {
    await client?.endAsync(true);
    relay?.mend();
    await t?.close();
    await relay?.close();
    await scratch?.drop();
  });

  const stored = async () =>
    (await t.handle.db.select().from(telemetry).where(eq(telemetry.deviceId, device.id))).length;

  it('keeps the reports unacknowledged while the connections are cut, refuses API calls cleanly, and writes the backlog after', async () => {
    const runtime = runtimeOf(t.app.cityops);
    const failuresBefore = runtime.ingestion.stats.flushFailures;
    let acknowledged = 0;
    let sent: Promise<unknown>[] = [];
    relay.cut();
    try {
      sent = Array.from({ length: 30 }, (_, n) =>
        publishAs(client, device.deviceKey, 'telemetry', {
          ts: t.clock.now().getTime() - 1000 + n,
          values: { temperature: n },
        }).then(() => (acknowledged += 1)),
      );
      // Held unacknowledged in the buffer: the broker reads no more of the device meanwhile.
      await eventually(
        async () =>
          runtime.ingestion.stats.flushFailures >= failuresBefore + 2 && runtime.ingestion.backlog > 0,
        20_000,
      ).catch(() => {
        const { stats, backlog } = runtime.ingestion;
        throw new Error(
          `the reports did not wait in memory: ${JSON.stringify({ stats, backlog, failuresBefore })}`,
        );
      });
      // A page asked for meanwhile gets the envelope's refusal, never a driver's error or a stack.
      const page = await t.api(deviceEndpoints.page, { token: admin, body: {} });
      expect(page.status_code).toBe(StatusCode.UNAVAILABLE);
      expect(page.message).not.toMatch(/ECONN|connect|terminated|\n\s+at /i);
      expect(acknowledged).toBe(0);
    } finally {
      relay.mend();
    }
    await Promise.all(sent);
    expect(acknowledged).toBe(30);
    expect(await stored()).toBe(30);
    expect(runtime.ingestion.backlog).toBe(0);
    const page = await t.api(deviceEndpoints.page, { token: admin, body: {} });
    expect(page.status_code).toBe(StatusCode.SUCCESS);
  }, 60_000);
});
