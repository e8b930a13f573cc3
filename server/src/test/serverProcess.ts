import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

/*
 * The real server as its own process (`src/main.ts`), for what only a process shows: signals,
 * `kill -9`, two processes on one DATA_DIR, load from outside. Free of the test runner, so the
 * benchmarks start it too. The embedded PGlite unless `env` names a DATABASE_URL;
 * the caller's own DATABASE_URL is never inherited.
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
  /** What the process wrote to stdout and stderr so far (the last 20 kB). */
  output(): string;
  /** Settles when the process has ended. */
  exited: Promise<Exit>;
  /** Resolves once /api/health answers; rejects if the process ends first or `timeoutMs` passes. */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGKILLs the process if it still runs. */
  kill(): Promise<Exit>;
}

/** The start line main.ts prints once it listens. */
const LISTENING = /CityOps server on http:\/\/[^:\s]+:(\d+) /;

export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const { DATABASE_URL: _inherited, ...parent } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...parent,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CITYOPS_MODE: 'demo',
      LOGIN_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      LOG_PURGE_HOURS: '0',
      SUBAPP_HOSTS: 'none',
      SHELL_DIST: join(dataDir, 'no-shell'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<Exit>((ok) => child.once('exit', (code, signal) => ok({ code, signal })));
  let ended = false;
  void exited.then(() => (ended = true));

  const server: ServerProcess = {
    port: 0,
    baseUrl: '',
    child,
    output: () => output,
    exited,
    async ready(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (ended) throw new Error(`the server ended before it was up:\n${output}`);
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
      throw new Error(`the server did not come up within ${timeoutMs} ms:\n${output}`);
    },
    async kill() {
      if (!ended) child.kill('SIGKILL');
      return exited;
    },
  };
  return server;
}
