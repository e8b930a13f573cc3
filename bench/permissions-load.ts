/**
 * `queryUserPermissions` under open-loop load: 50, 100, 300 and 500 requests a second for
 * BENCH_SECONDS (20) each, sent at a fixed pace whatever the answers do (as many browsers would), to
 * the real server in a process of its own (PGlite; PostgreSQL too when DATABASE_URL is set). Prints,
 * per rate: the rate achieved (answers with data per second), p50/p95/p99 of those answers, how
 * many were refused as busy (503 with the envelope), other errors and timeouts, and the latency of
 * `/api/health` probed twice a second during the run. Asserts nothing. BENCH_RATES overrides the
 * rates (e.g. `500`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { API_PREFIX, authEndpoints, HEADER_ACCESS_TOKEN } from '@cityops/contract';
import { openPostgres } from '@cityops/server/src/db/connection.js';
import { startServerProcess } from '@cityops/server/src/test/serverProcess.js';
import { ms, quantile } from './serverApp.js';

const RATES = (process.env.BENCH_RATES ?? '50,100,300,500').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TICK_MS = 10;
const TIMEOUT_MS = 10_000;

const agent = new Agent({ keepAlive: true, maxSockets: 1024 });

interface Answer {
  status: number;
  body: string;
  tookMs: number;
}

function call(base: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((done) => {
    const started = performance.now();
    const url = new URL(path, base);
    const outgoing = request(
      { agent, method, host: url.hostname, port: url.port, path: url.pathname + url.search, headers },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () =>
          done({ status: incoming.statusCode ?? 0, body: text, tookMs: performance.now() - started }),
        );
        incoming.on('error', () => done({ status: 0, body: '', tookMs: performance.now() - started }));
      },
    );
    outgoing.setTimeout(TIMEOUT_MS, () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', () => done({ status: -1, body: '', tookMs: performance.now() - started }));
    outgoing.end(body);
  });
}

async function startServer(env: Record<string, string>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'cityops-load-'));
  const server = await startServerProcess(dataDir, env);
  await server.ready();
  return {
    base: server.baseUrl,
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function signIn(base: string): Promise<string> {
  const answer = await call(
    base,
    'POST',
    `${API_PREFIX}${authEndpoints.login.path}`,
    { 'content-type': 'application/json' },
    JSON.stringify({ userName: 'admin', password: 'Admin@123' }),
  );
  const token = (JSON.parse(answer.body) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`sign-in failed: ${answer.body.slice(0, 200)}`);
  return token;
}

async function atRate(base: string, token: string, rate: number) {
  const headers = { [HEADER_ACCESS_TOKEN]: token, 'content-type': 'application/json' };
  const pending: Promise<Answer>[] = [];
  const health: Promise<Answer>[] = [];
  const ticks = (SECONDS * 1000) / TICK_MS;
  let owed = 0;
  const started = performance.now();
  for (let tick = 0; tick < ticks; tick += 1) {
    owed += (rate * TICK_MS) / 1000;
    for (; owed >= 1; owed -= 1)
      pending.push(call(base, 'POST', `${API_PREFIX}/user/queryUserPermissions`, headers, '{}'));
    if (tick % (500 / TICK_MS) === 0) health.push(call(base, 'GET', `${API_PREFIX}/health`, {}));
    const next = started + (tick + 1) * TICK_MS;
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  const answers = await Promise.all(pending);
  const probes = await Promise.all(health);
  const ok = answers.filter((a) => a.status === 200 && a.body.startsWith('{"status_code":1,'));
  const busy = answers.filter((a) => a.status === 503).length;
  const timeouts = answers.filter((a) => a.status <= 0).length;
  const latencies = ok.map((a) => a.tookMs);
  const healthTimes = probes.map((a) => a.tookMs);
  return {
    rate,
    sent: answers.length,
    achieved: ok.length / SECONDS,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    busy,
    errors: answers.length - ok.length - busy - timeouts,
    timeouts,
    healthP50: quantile(healthTimes, 0.5),
    healthMax: Math.max(...healthTimes),
  };
}

async function freshPostgres(server: string) {
  const name = `cityops_load_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(server);
  await admin.db.execute(`create database ${name}`);
  await admin.close();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = await openPostgres(server);
      await again.db.execute(`drop database if exists ${name} with (force)`);
      await again.close();
    },
  };
}

async function measure(label: string, env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const token = await signIn(server.base);
    // Warm up: the permission cache, the JIT, the connection pool.
    for (let i = 0; i < 50; i += 1)
      await call(
        server.base,
        'POST',
        `${API_PREFIX}/user/queryUserPermissions`,
        {
          [HEADER_ACCESS_TOKEN]: token,
          'content-type': 'application/json',
        },
        '{}',
      );
    console.log(`\n${label}: queryUserPermissions, ${SECONDS} s per rate`);
    console.log(
      'rate/s  achieved/s      p50      p95      p99   busy(503)  errors  timeouts  health p50 / max',
    );
    for (const rate of RATES) {
      const r = await atRate(server.base, token, rate);
      console.log(
        [
          String(r.rate).padStart(6),
          r.achieved.toFixed(1).padStart(11),
          ms(r.p50).padStart(11),
          ms(r.p95).padStart(11),
          ms(r.p99).padStart(11),
          String(r.busy).padStart(11),
          String(r.errors).padStart(7),
          String(r.timeouts).padStart(9),
          `${ms(r.healthP50)} / ${ms(r.healthMax)}`.padStart(24),
        ].join(' '),
      );
      // Let the server drain before the next rate.
      await new Promise((r) => setTimeout(r, 2000));
    }
  } finally {
    await server.stop();
  }
}

await measure('PGlite', {});
if (process.env.DATABASE_URL) {
  const database = await freshPostgres(process.env.DATABASE_URL);
  try {
    await measure('PostgreSQL', { DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
}
agent.destroy();
