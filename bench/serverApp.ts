/**
 * The server built in this process, as server/src/test/testApp.ts builds it: buildApp() on a fresh
 * database (an in-memory PGlite, or a throwaway database on the PostgreSQL of DATABASE_URL, dropped
 * afterwards), demo seed, logs off. Shared by the administration benchmarks; measures nothing itself.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API_PREFIX,
  authEndpoints,
  HEADER_ACCESS_TOKEN,
  type Envelope,
  type LoginData,
} from '@cityops/contract';
import { buildApp } from '@cityops/server/src/app.js';
import { loadConfig } from '@cityops/server/src/config.js';
import { openPglite, openPostgres, type DatabaseHandle } from '@cityops/server/src/db/connection.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface BenchApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  handle: DatabaseHandle;
  /** What the numbers were measured on, for the printed table. */
  label: string;
  /** Runs one SQL statement (no parameters) straight on the database. */
  sql(statement: string): Promise<void>;
  /** The demo administrator's session token (admin/Admin@123). */
  token: string;
  close(): Promise<void>;
}

/** One statement on the PostgreSQL server of DATABASE_URL (create / drop database). */
async function onServer(server: string, statement: string) {
  const admin = await openPostgres(server);
  try {
    await admin.db.execute(statement);
  } finally {
    await admin.close();
  }
}

/** The databases to measure on: always PGlite, and PostgreSQL when DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  const kinds: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  // BENCH_DATABASE=postgres (or pglite) measures on that one only.
  const only = process.env.BENCH_DATABASE;
  if (only === undefined || only === '') return kinds;
  if (only !== 'pglite' && only !== 'postgres') throw new Error('BENCH_DATABASE is pglite or postgres');
  if (only === 'postgres' && !process.env.DATABASE_URL)
    throw new Error('BENCH_DATABASE=postgres needs DATABASE_URL (scripts/with-postgres.sh gives one)');
  return [only];
}

async function openFresh(kind: DatabaseKind): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (kind === 'pglite' || !server) return { handle: await openPglite('memory://'), drop: async () => {} };
  const name = `cityops_bench_${randomBytes(6).toString('hex')}`;
  await onServer(server, `create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    handle: await openPostgres(url.toString()),
    async drop() {
      await onServer(server, `drop database if exists ${name} with (force)`);
    },
  };
}

/** "PostgreSQL 15.18 (127.0.0.1:57311)": which server the numbers are from. */
async function postgresLabel(handle: DatabaseHandle) {
  const result = await handle.db.execute<{ version: string }>(
    `select current_setting('server_version') as version`,
  );
  const version = (result as unknown as { rows: { version: string }[] }).rows[0]?.version ?? '?';
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://unknown');
  return `PostgreSQL ${version} (${url.hostname}:${url.port || '5432'})`;
}

/** `beforeReady` may add routes: the app is ready (and closed to new routes) once it answers. */
export async function startBenchApp(
  kind: DatabaseKind,
  beforeReady?: (app: BenchApp['app']) => void,
  env: Record<string, string> = {},
): Promise<BenchApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cityops-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SHELL_DIST: join(dataDir, 'no-shell'),
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '0',
    ...env,
    DEMO_MESSAGE_SECONDS: '0',
  });
  const { handle, drop } = await openFresh(kind);
  const app = await buildApp({ config, database: handle });
  beforeReady?.(app);
  const login = await app.inject({
    method: 'POST',
    url: `${API_PREFIX}${authEndpoints.login.path}`,
    payload: { userName: 'admin', password: 'Admin@123' },
  });
  const answer = login.json<Envelope<LoginData | null>>();
  if (answer.status_code !== 1 || !answer.data) throw new Error(`admin sign-in failed: ${answer.message}`);
  return {
    app,
    handle,
    label: kind === 'pglite' ? 'PGlite (memory)' : await postgresLabel(handle),
    sql: async (statement) => {
      await handle.db.execute(statement);
    },
    token: answer.data.token,
    async close() {
      await app.close();
      await handle.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headers of a signed-in JSON call. */
export const signedIn = (token: string) => ({
  [HEADER_ACCESS_TOKEN]: token,
  'content-type': 'application/json',
});

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
export const quantile = (values: number[], q: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN;

/** Milliseconds with one decimal. */
export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
