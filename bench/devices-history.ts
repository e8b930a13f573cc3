/**
 * The history query of one device over 7 days, on its own: the real server
 * (buildApp; PGlite, and PostgreSQL too when DATABASE_URL is set) with day partitions for the last 8
 * days, as a server that has run for a week has them, and one environment sensor's 7 days at one report
 * each per 10 s (60,480 rows) stored interleaved with BENCH_HISTORY_NEIGHBOURS (20) other devices
 * reporting at the same times, so the device's rows are spread over the table's pages as a fleet's
 * writes spread them. Prints the query plan (EXPLAIN ANALYZE of the repository's query) and times
 * /api/iot/telemetry/history and its export 10 times each (min/median/max). Asserts nothing.
 */
import { eq, sql } from 'drizzle-orm';
import {
  API_PREFIX,
  HISTORY_POINTS_MAX,
  HISTORY_REACH_DAYS,
  historyExport,
  historySchema,
  telemetryEndpoints,
  type Envelope,
} from '@cityops/contract';
import { devices } from '@cityops/server/src/modules/devices/tables.js';
import { maintainPartitions } from '@cityops/server/src/modules/iot/partitions.js';
import { historyPoints, historyQuery } from '@cityops/server/src/modules/iot/repository.js';
import { databaseKinds, ms, quantile, signedIn, startBenchApp, type DatabaseKind } from './serverApp.js';
import { wallMs } from './clock.js';

const NEIGHBOURS = Number(process.env.BENCH_HISTORY_NEIGHBOURS ?? 20);
const ROWS = 7 * 8_640;
const RUNS = 10;
const DAY_MS = 86_400_000;

const timed = async (run: () => Promise<unknown>) => {
  const timings: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = wallMs();
    await run();
    timings.push(wallMs() - started);
  }
  const sorted = [...timings].sort((a, b) => a - b);
  return `min ${ms(sorted[0] ?? NaN)}  median ${ms(quantile(sorted, 0.5))}  max ${ms(sorted.at(-1) ?? NaN)}`;
};

async function measure(kind: DatabaseKind) {
  const bench = await startBenchApp(kind, undefined, {
    DEMO_DEVICES: String(NEIGHBOURS + 1),
    MQTT_PORT: '-1',
    OVERLOAD_TARGET_UTILIZATION: '0',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  });
  const db = bench.handle.db;
  try {
    const baseUrl = await bench.app.listen({ host: '127.0.0.1', port: 0 });
    const now = new Date();
    for (let day = 8; day >= 0; day -= 1)
      await maintainPartitions(db, new Date(now.getTime() - day * DAY_MS), 30);
    const [target] = await db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.deviceKey, 'env-00001'));
    if (!target) throw new Error('env-00001 is not registered');
    const others = (await db.select({ id: devices.id }).from(devices))
      .map((row) => row.id)
      .filter((id) => id !== target.id)
      .slice(0, NEIGHBOURS);
    const ids = [target.id, ...others];
    const insertStarted = wallMs();
    // Oldest first, every device at each time: the order a fleet's reports arrive in.
    const chunk = 4_320;
    for (let from = ROWS; from >= 1; from -= chunk) {
      await db.execute(sql`
        insert into iot_telemetry (device_id, ts, values)
        select d, ${now.toISOString()}::timestamptz - (i * interval '10 seconds'),
               jsonb_build_object(
                 'temperature', round((20 + 7 * cos(2 * pi() * i / 8640.0))::numeric, 1),
                 'humidity', round((65 - 18 * cos(2 * pi() * i / 8640.0))::numeric, 1),
                 'pm25', 30 + (i % 50),
                 'noise', round((50 + 10 * sin(2 * pi() * i / 8640.0))::numeric, 1))
        from generate_series(${from}, ${Math.max(1, from - chunk + 1)}, -1) as i,
             unnest(${sql.raw(`array[${ids.join(',')}]`)}::integer[]) as d
        order by i desc, d`);
    }
    await db.execute(sql`analyze iot_telemetry`);
    const rows = ROWS * ids.length;
    console.log(
      `\n${bench.label}: ${rows.toLocaleString('en')} rows (${ids.length} devices × ${ROWS}) in 9 day partitions, ` +
        `inserted in ${ms(wallMs() - insertStarted)}`,
    );

    const end = Date.now();
    const range = { start: new Date(end - HISTORY_REACH_DAYS * DAY_MS + 60_000), end: new Date(end) };
    // Each call asks for the 7 days up to its own now (older starts are refused).
    const body = () => {
      const until = Date.now();
      return JSON.stringify({
        deviceId: target.id,
        identifiers: [],
        start: new Date(until - HISTORY_REACH_DAYS * DAY_MS + 60_000),
        end: new Date(until),
      });
    };
    const all = ['temperature', 'humidity', 'pm25', 'noise'];
    const plan = await db.execute<Record<string, string>>(
      sql`explain (analyze, buffers) ${historyQuery(target.id, all, range.start, range.end, Math.ceil(ROWS / HISTORY_POINTS_MAX))}`,
    );
    console.log('  the query plan (EXPLAIN ANALYZE):');
    for (const row of (plan as unknown as { rows: Record<string, string>[] }).rows)
      console.log(`    ${Object.values(row)[0]}`);
    const query = await timed(() =>
      historyPoints(db, target.id, all, range.start, range.end, HISTORY_POINTS_MAX),
    );
    console.log(`  the query alone (repository): ${query}`);
    let points = 0;
    let truncated = false;
    const history = await timed(async () => {
      const answer = await fetch(`${baseUrl}${API_PREFIX}${telemetryEndpoints.history.path}`, {
        method: 'POST',
        headers: signedIn(bench.token),
        body: body(),
      });
      const envelope = (await answer.json()) as Envelope<unknown>;
      const parsed = historySchema.safeParse(envelope.data);
      if (!parsed.success) throw new Error(`history refused: ${envelope.message}`);
      points = parsed.data.points.length;
      truncated = parsed.data.truncated;
    });
    console.log(`  history, 7 days (${points} points${truncated ? ', thinned' : ''}): ${history}`);
    let bytes = 0;
    const exported = await timed(async () => {
      const answer = await fetch(`${baseUrl}${API_PREFIX}${historyExport.path}`, {
        method: 'POST',
        headers: signedIn(bench.token),
        body: body(),
      });
      if (!answer.ok) throw new Error(`export answered ${answer.status}`);
      bytes = (await answer.arrayBuffer()).byteLength;
    });
    console.log(`  export, 7 days (${(bytes / 1024).toFixed(0)} kB workbook): ${exported}`);
  } finally {
    await bench.close();
  }
}

console.log(`History: one device's 7 days among ${NEIGHBOURS} neighbours reporting at the same times`);
for (const kind of databaseKinds()) await measure(kind);
