/**
 * The device runtime under a city's load: the real server (buildApp, listening;
 * PGlite, and PostgreSQL too when DATABASE_URL is set) in demo mode with DEMO_DEVICES devices registered
 * and its MQTT broker on a free port, and the fleet simulator in a process of its own playing the same
 * devices at one report each per FLEET_REPORT_SECONDS (10,000 devices at 10 s: 1,000 messages/s).
 * Once every device is connected and the load has settled, it prints (and asserts nothing):
 * - ingestion lag p50/p95/p99: from a report's `ts` (the device's clock) to its `values` frame on the live
 *   socket /api/push/telemetry, signed in as admin, following 100 devices;
 * - the server's CPU (% of one core, process.cpuUsage: the server runs in this process) and RSS, and the
 *   fleet's CPU (/proc/<pid>/stat);
 * - database growth per simulated day: the bytes of iot_telemetry's partitions (tables and indexes)
 *   gained over the measuring window, extrapolated to 24 h;
 * - the history query for one device over 7 days: 60,480 rows (one per 10 s) inserted directly, then
 *   /api/iot/telemetry/history timed 10 times (min/median/max).
 * Settings: BENCH_DEVICES (10,000), BENCH_DEVICES_MINUTES (2, the measuring window),
 * BENCH_DEVICES_CONNECT_RATE (200 connections/s, the fleet's default). If not all devices are connected
 * 4 minutes after they should have been, it measures the load of those that are and says so.
 */
import { inArray, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import {
  API_PREFIX,
  demoFleetPlan,
  HISTORY_REACH_DAYS,
  historySchema,
  telemetryEndpoints,
  FOLLOW_DEVICES_MAX,
  TELEMETRY_PUSH_PATH,
  telemetryServerFrameSchema,
  type Envelope,
} from '@cityops/contract';
import { devices } from '@cityops/server/src/modules/devices/tables.js';
import { maintainPartitions } from '@cityops/server/src/modules/iot/partitions.js';
import { databaseKinds, MB, ms, quantile, signedIn, startBenchApp, type DatabaseKind } from './serverApp.js';
import { fleetStats, freePort, processCpuSeconds, startFleetProcess, whenFleetConnected } from './fleet.js';
import { wallMs } from './clock.js';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const REPORT_SECONDS = 10;
const MEASURE_MS = Number(process.env.BENCH_DEVICES_MINUTES ?? 2) * 60_000;
const CONNECT_RATE = Number(process.env.BENCH_DEVICES_CONNECT_RATE ?? 200);
const CONNECT_GRACE_MS = 240_000;
const SETTLE_MS = 20_000;
const HISTORY_ROWS = 7 * 8_640;
const HISTORY_RUNS = 10;
const DAY_MS = 86_400_000;

const pause = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

/** The live socket, following `deviceIds`; records when each report arrived, by its `t`. */
async function followLive(baseUrl: string, token: string, deviceIds: number[]) {
  const lags: number[] = [];
  const seen = new Set<string>();
  let recording = false;
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${API_PREFIX}${TELEMETRY_PUSH_PATH}`);
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => ws.send(JSON.stringify({ accessToken: token })));
    ws.on('message', (data: WebSocket.RawData) => {
      const at = wallMs();
      const frame = telemetryServerFrameSchema.safeParse(JSON.parse(String(data)));
      if (!frame.success) return;
      if (frame.data.type === 'ready') {
        ws.send(JSON.stringify({ type: 'follow', deviceIds }));
        resolve();
      } else if (frame.data.type === 'values' && recording) {
        const key = `${frame.data.deviceId}:${frame.data.t}`;
        if (seen.has(key)) return;
        seen.add(key);
        lags.push(at - frame.data.t);
      }
    });
    ws.on('error', reject);
    ws.on('close', () => reject(new Error('the live socket closed')));
  });
  const ping = setInterval(() => ws.send('{"type":"ping"}'), 20_000);
  return {
    lags,
    record() {
      recording = true;
    },
    close() {
      clearInterval(ping);
      ws.removeAllListeners();
      ws.terminate();
    },
  };
}

async function measure(kind: DatabaseKind) {
  const mqttPort = await freePort();
  const adminPort = await freePort();
  const seedStarted = wallMs();
  const bench = await startBenchApp(kind, undefined, {
    DEMO_DEVICES: String(DEVICES),
    MQTT_PORT: String(mqttPort),
    // What is measured is the work, not load shedding: a busy event loop would turn the history away.
    OVERLOAD_TARGET_UTILIZATION: '0',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  });
  const baseUrl = await bench.app.listen({ host: '127.0.0.1', port: 0 });
  const db = bench.handle.db;
  console.log(`\n${bench.label}: server up with ${DEVICES} devices in ${ms(wallMs() - seedStarted)}`);

  const fleetOptions = {
    devices: DEVICES,
    mqttPort,
    adminPort,
    reportSeconds: REPORT_SECONDS,
    connectRate: CONNECT_RATE,
  };
  const fleet = startFleetProcess(fleetOptions);
  const fleetExited = new Promise<void>((resolve) => fleet.once('exit', () => resolve()));
  const connectStarted = wallMs();
  try {
    const stats = await whenFleetConnected(fleetOptions, CONNECT_GRACE_MS);
    console.log(
      `  ${stats.connected} of ${DEVICES} devices connected after ${ms(wallMs() - connectStarted)}` +
        `${stats.refused ? ` (${stats.refused} refusals)` : ''}; settling`,
    );
    await pause(SETTLE_MS);

    // Follow 100 environment sensors spread over the fleet.
    const followed = demoFleetPlan(DEVICES)
      .filter((device) => device.productKey === 'env-sensor')
      .filter((_, index, all) => index % Math.max(1, Math.floor(all.length / FOLLOW_DEVICES_MAX)) === 0)
      .slice(0, FOLLOW_DEVICES_MAX)
      .map((device) => device.deviceKey);
    const ids = await db.select({ id: devices.id }).from(devices).where(inArray(devices.deviceKey, followed));
    const live = await followLive(
      baseUrl,
      bench.token,
      ids.map((row) => row.id),
    );

    const telemetryBytes = async () => {
      const result = await db.execute<{ bytes: string | number; rows: string | number }>(sql`
        select coalesce(sum(pg_total_relation_size(i.inhrelid)), 0) + pg_total_relation_size('iot_telemetry') as bytes,
               (select count(*) from iot_telemetry) as rows
        from pg_inherits i where i.inhparent = 'iot_telemetry'::regclass`);
      const row = (result as { rows?: { bytes: string | number; rows: string | number }[] }).rows?.[0];
      return { bytes: Number(row?.bytes ?? 0), rows: Number(row?.rows ?? 0) };
    };

    // The measuring window: only the live socket and the load run in this process meanwhile.
    const sizeBefore = await telemetryBytes();
    const fleetBefore = await fleetStats(adminPort);
    const fleetCpuBefore = fleet.pid ? processCpuSeconds(fleet.pid) : 0;
    const cpuBefore = process.cpuUsage();
    const windowStarted = wallMs();
    live.record();
    await pause(MEASURE_MS);
    const cpu = process.cpuUsage(cpuBefore);
    const windowMs = wallMs() - windowStarted;
    const fleetCpu = fleet.pid ? processCpuSeconds(fleet.pid) - fleetCpuBefore : 0;
    const rss = process.memoryUsage().rss;
    const fleetAfter = await fleetStats(adminPort);
    const sizeAfter = await telemetryBytes();
    live.close();

    const rate = ((fleetAfter.published - fleetBefore.published) / windowMs) * 1000;
    const grewBytes = sizeAfter.bytes - sizeBefore.bytes;
    const grewRows = sizeAfter.rows - sizeBefore.rows;
    const lags = live.lags;
    console.log(
      `  load: ${rate.toFixed(0)} reports/s over ${(windowMs / 1000).toFixed(0)} s; ` +
        `stored ${((grewRows / windowMs) * 1000).toFixed(0)} rows/s`,
    );
    console.log(
      `  in the window the fleet reconnected ${fleetAfter.connects - fleetBefore.connects} times and kept ` +
        `${fleetAfter.backlogged - fleetBefore.backlogged} reports while disconnected (delivered late)`,
    );
    console.log(
      `  ingestion lag (report ts → live socket), ${lags.length} reports of 100 devices: ` +
        `p50 ${ms(quantile(lags, 0.5))}  p95 ${ms(quantile(lags, 0.95))}  p99 ${ms(quantile(lags, 0.99))}  ` +
        `max ${ms(lags.length ? Math.max(...lags) : NaN)}`,
    );
    console.log(
      `  server CPU ${(((cpu.user + cpu.system) / 1000 / windowMs) * 100).toFixed(0)} % of one core, RSS ${MB(rss)}; ` +
        `fleet CPU ${((fleetCpu / (windowMs / 1000)) * 100).toFixed(0)} % of one core`,
    );
    const perDay = (grewBytes / windowMs) * DAY_MS;
    console.log(
      `  iot_telemetry grew ${MB(grewBytes)} (${grewRows} rows, ${(grewBytes / Math.max(1, grewRows)).toFixed(0)} B/row) ` +
        `→ ${(perDay / 1024 ** 3).toFixed(1)} GB per simulated day`,
    );

    // The history of one device over 7 days, while the fleet goes on reporting.
    const [target] = await db
      .select({ id: devices.id })
      .from(devices)
      .where(inArray(devices.deviceKey, ['env-00001']));
    if (!target) throw new Error('env-00001 is not registered');
    // The day partitions a server that has run for a week has (else the past days land in the default one).
    for (let day = HISTORY_REACH_DAYS + 1; day >= 1; day -= 1)
      await maintainPartitions(db, new Date(Date.now() - day * DAY_MS), 30);
    const insertStarted = wallMs();
    await db.execute(sql`
      insert into iot_telemetry (device_id, ts, values)
      select ${target.id}, now() - (i * interval '10 seconds'),
             jsonb_build_object(
               'temperature', round((20 + 7 * cos(2 * pi() * i / 8640.0))::numeric, 1),
               'humidity', round((65 - 18 * cos(2 * pi() * i / 8640.0))::numeric, 1),
               'pm25', 30 + (i % 50),
               'noise', round((50 + 10 * sin(2 * pi() * i / 8640.0))::numeric, 1))
      from generate_series(1, ${HISTORY_ROWS}) as i`);
    console.log(`  inserted ${HISTORY_ROWS} rows of 7 days for env-00001 in ${ms(wallMs() - insertStarted)}`);
    const timings: number[] = [];
    let points = 0;
    let truncated = false;
    for (let run = 0; run < HISTORY_RUNS; run += 1) {
      const end = Date.now();
      const body = {
        deviceId: target.id,
        identifiers: [],
        start: new Date(end - HISTORY_REACH_DAYS * DAY_MS + 60_000).toISOString(),
        end: new Date(end).toISOString(),
      };
      const started = wallMs();
      const answer = await fetch(`${baseUrl}${API_PREFIX}${telemetryEndpoints.history.path}`, {
        method: 'POST',
        headers: signedIn(bench.token),
        body: JSON.stringify(body),
      });
      const envelope = (await answer.json()) as Envelope<unknown>;
      timings.push(wallMs() - started);
      const history = historySchema.safeParse(envelope.data);
      if (!history.success) throw new Error(`history refused: ${envelope.message}`);
      points = history.data.points.length;
      truncated = history.data.truncated;
    }
    const sorted = [...timings].sort((a, b) => a - b);
    console.log(
      `  history of one device over 7 days (${points} points${truncated ? ', thinned' : ''}): ` +
        `min ${ms(sorted[0] ?? NaN)}  median ${ms(quantile(sorted, 0.5))}  max ${ms(sorted.at(-1) ?? NaN)}`,
    );
  } finally {
    fleet.kill('SIGTERM');
    await Promise.race([fleetExited, pause(15_000)]);
    await bench.close();
  }
}

console.log(
  `Devices: ${DEVICES} simulated devices, one report each per ${REPORT_SECONDS} s ` +
    `(${(DEVICES / REPORT_SECONDS).toFixed(0)} messages/s)`,
);
for (const kind of databaseKinds()) await measure(kind);
