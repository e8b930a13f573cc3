import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { KNOWN_SECRETS, leakedSecrets } from './leakedSecrets.js';

/*
 * The real server as its own process (`src/main.ts`, or its build `dist/main.js`), for what only a process shows: signals,
 * `kill -9`, two processes on one DATA_DIR, load from outside. Free of the test runner, so the
 * benchmarks start it too. The embedded PGlite unless `env` names a DATABASE_URL;
 * the caller's own DATABASE_URL is never inherited. Under vitest every process a test file started
 * is scanned for secrets after the file (processLogScan.ts); the benchmarks may call the scan or not.
 */

const SERVER_DIR = resolve(import.meta.dirname, '../..');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  /** The port the server listens on (PORT=0: the system's choice); known once `ready()` resolved. */
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /**
   * What its output must never hold: the demo and simulator secrets, the secret settings it was
   * started with, and what a test adds (the passwords and tokens it uses with this process).
   */
  secrets: Set<string>;
  /** Settles when the process has ended. */
  exited: Promise<Exit>;
  /** Resolves once /api/health answers; rejects if the process ends first or `timeoutMs` passes. */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGKILLs the process if it still runs; settles once it has ended and all its output is read. */
  kill(): Promise<Exit>;
}

/** The start line main.ts prints once it listens. */
const LISTENING = /CityOps server on http:\/\/[^:\s]+:(\d+) /;
/** Settings whose values are secrets (comma lists for the previous keys). */
const SECRET_SETTINGS = ['CITYOPS_ADMIN_PASSWORD', 'SECRETS_KEY', 'SECRETS_KEY_PREVIOUS'];
/** How much of the output a failure message quotes. */
const QUOTED = 20_000;

/** Every process started in this module's life: under vitest, one test file's. */
const started: ServerProcess[] = [];
export const startedServerProcesses = (): readonly ServerProcess[] => started;

/**
 * Ends these processes and looks for their secrets in everything they wrote, as an in-process test
 * app's log is scanned when it closes (testApp.ts); rejects naming what was found.
 */
export async function scanServerProcesses(servers: Iterable<ServerProcess>): Promise<void> {
  const found = new Set<string>();
  for (const server of servers) {
    await server.kill();
    for (const secret of leakedSecrets(server.output(), server.secrets)) found.add(secret);
  }
  if (found.size > 0)
    throw new Error(`a server process wrote secrets of this test: ${[...found].join(', ')}`);
}

export interface StartOptions {
  /**
   * Run the production build (`dist/main.js`, `npm run build`) with plain node, as `npm start` does,
   * instead of the TypeScript source through tsx. The caller builds it first.
   */
  built?: boolean;
}

export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<ServerProcess> {
  const { DATABASE_URL: _inherited, ...parent } = process.env;
  // The build runs as `npm start` runs it: no loader (tsx's) through NODE_OPTIONS either.
  if (options.built) delete parent.NODE_OPTIONS;
  const settings: NodeJS.ProcessEnv = {
    ...parent,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CITYOPS_MODE: 'demo',
    LOGIN_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    LOG_PURGE_HOURS: '0',
    DEMO_MESSAGE_SECONDS: '0',
    SUBAPP_HOSTS: 'none',
    // The embedded MQTT broker on a free port, so processes started together do not collide.
    MQTT_PORT: '0',
    SHELL_DIST: join(dataDir, 'no-shell'),
    // As in testApp.ts: a test machine is busy by design (the other test files, a process just done
    // seeding the demo fleet), so no load shedding by utilization or event-loop delay refuses a
    // test's call with 服务器繁忙; the guard has tests of its own (http/overload.test.ts).
    OVERLOAD_TARGET_UTILIZATION: '0',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  };
  const entry = options.built ? ['--enable-source-maps', 'dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: SERVER_DIR,
    env: settings,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // All of it, for the scan at the end; a test process writes little (LOG_LEVEL warn).
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => (output += chunk));
  }
  const exited = new Promise<Exit>((ok) => child.once('exit', (code, signal) => ok({ code, signal })));
  // 'close' comes after 'exit', once stdout and stderr have been read to their end.
  const closed = new Promise<Exit>((ok) => child.once('close', (code, signal) => ok({ code, signal })));
  let ended = false;
  void exited.then(() => (ended = true));
  const given = SECRET_SETTINGS.flatMap(
    (name) => settings[name]?.split(',').map((value) => value.trim()) ?? [],
  );

  const server: ServerProcess = {
    port: 0,
    baseUrl: '',
    child,
    output: () => output,
    secrets: new Set([...KNOWN_SECRETS, ...given]),
    exited,
    async ready(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (ended) {
          await closed;
          throw new Error(`the server ended before it was up:\n${output.slice(-QUOTED)}`);
        }
        const port = LISTENING.exec(output)?.[1];
        if (port) {
          server.port = Number(port);
          server.baseUrl = `http://127.0.0.1:${port}`;
          const up = await fetch(`${server.baseUrl}/api/health`).then(
            (answer) => answer.ok,
            () => false,
          );
          if (up) return;
        }
        await new Promise((r) => setTimeout(r, 150));
      }
      throw new Error(`the server did not come up within ${timeoutMs} ms:\n${output.slice(-QUOTED)}`);
    },
    async kill() {
      if (!ended) child.kill('SIGKILL');
      return closed;
    },
  };
  started.push(server);
  return server;
}
