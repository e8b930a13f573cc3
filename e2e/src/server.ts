import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  /** The server's DATA_DIR (page-settings.json and the embedded database live there). */
  dataDir: string;
  /** The last of what the server printed, for a failure's message. */
  output(): string;
  stop(): Promise<void>;
}

/** A port nothing listens on now (the server's, the embedded broker's). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port')),
      );
    });
  });
}

async function waitUntilUp(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${log()}`);
    try {
      const answer = await fetch(`${url}/api/health`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not come up at ${url}:\n${log()}`);
}

/**
 * Starts the real server (the built shell and the API, demo seed on a fresh embedded database) on a
 * free port. `env` adds to or overrides the server's environment.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // The sub-app ports are fixed: while another test run serves them, wait for it rather than fail.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await launchServer(env);
    } catch (error) {
      if (attempt >= 12 || !String(error).includes('EADDRINUSE')) throw error;
      await new Promise((r) => setTimeout(r, 15_000));
    }
  }
}

/** The environment every test server starts with; a test's `env` adds to it or overrides it. */
const BASE_ENV: Record<string, string> = {
  HOST: '127.0.0.1',
  CITYOPS_MODE: 'demo',
  LOGIN_RATE_LIMIT: '600',
  // No demo stream: a test produces the messages it expects.
  DEMO_MESSAGE_SECONDS: '0',
  LOG_LEVEL: 'warn',
  // The sub-apps' ports are fixed: only a server that asks for them serves them.
  SUBAPP_HOSTS: 'none',
  // No MQTT broker and no demo devices unless a test asks (several servers may run at once, and
  // port 1883 may be taken on the machine).
  MQTT_PORT: '-1',
  DEMO_DEVICES: '0',
  // A browser, the simulators and the server share two cores here: no load shedding (its own
  // tests set it), so a page under test is never turned away as busy at random.
  OVERLOAD_TARGET_UTILIZATION: '0',
  OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
};

/**
 * What the seed and the demo's first events read from the environment (db/seed, licence): two servers
 * that agree on these start from the same data, so they can start from one copy of it.
 */
const SEED_ENV = [
  'CITYOPS_MODE',
  'DEMO_DEVICES',
  'CITYOPS_ADMIN_PASSWORD',
  'CITYOPS_ROTATE_DEMO_SECRETS',
  'LICENCE_PUBLIC_KEY',
  'SECRETS_KEY',
  'DATABASE_URL',
] as const;

/**
 * Where a run keeps its seeded data folders (set by globalSetup, inherited by the test files'
 * workers). Without it every server migrates and seeds its own database from nothing.
 */
export const TEMPLATES_ENV = 'CITYOPS_E2E_TEMPLATES';

/**
 * A new data folder for a server with `env`: a copy of the run's seeded one for that seed, made on
 * first use by a server started and stopped on it. Migrating and seeding an embedded database is
 * most of a server's start (about 15 of 25 s on a loaded 2-core machine), and the browser tests
 * start about 45 servers; a copy takes about a second. Every server still gets its own database.
 */
async function dataDirFor(env: Record<string, string>): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cityops-e2e-'));
  const templates = process.env[TEMPLATES_ENV];
  if (!templates) return dataDir;
  const seed = JSON.stringify(SEED_ENV.map((name) => [name, env[name] ?? process.env[name] ?? null]));
  const template = join(templates, createHash('sha256').update(seed).digest('hex').slice(0, 16));
  if (!(await exists(template))) {
    // Made aside and renamed into place, so a template that exists is whole.
    const making = await mkdtemp(join(templates, 'making-'));
    // Its own ports would only be in the way: sub-apps and the broker play no part in the seed.
    const server = await spawnServer({ ...env, SUBAPP_HOSTS: 'none', MQTT_PORT: '-1' }, making);
    await server.stop({ gracefully: true });
    await rename(making, template).catch(async (error: unknown) => {
      // Made meanwhile by another run's worker: use that one.
      await rm(making, { recursive: true, force: true });
      if (!(await exists(template))) throw error;
    });
  }
  await cp(template, dataDir, { recursive: true });
  return dataDir;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Makes the folder the run's templates go in, for globalSetup; it removes it at the end. */
export const templatesFolder = () => mkdtemp(join(tmpdir(), 'cityops-e2e-templates-'));

async function launchServer(env: Record<string, string>): Promise<RunningServer> {
  const dataDir = await dataDirFor(env);
  try {
    return await spawnServer(env, dataDir);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

interface SpawnedServer extends RunningServer {
  /** `gracefully`: waits for the server to close its database and exit (no kill after 300 ms). */
  stop(options?: { gracefully?: boolean }): Promise<void>;
}

/** The built server (server/dist, made by `make build`) on `dataDir` and a free port. */
async function spawnServer(env: Record<string, string>, dataDir: string): Promise<SpawnedServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: join(repo, 'server'),
    env: {
      ...process.env,
      ...BASE_ENV,
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  await waitUntilUp(baseUrl, server, () => output);

  return {
    baseUrl,
    dataDir,
    output: () => output,
    async stop({ gracefully = false } = {}) {
      const exited = new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
      server.kill('SIGTERM');
      if (gracefully) {
        await exited;
        if (server.exitCode !== 0) throw new Error(`server stopped with ${server.exitCode}:\n${output}`);
        return;
      }
      await new Promise((r) => setTimeout(r, 300));
      if (server.exitCode === null) server.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
