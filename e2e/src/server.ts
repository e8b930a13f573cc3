import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
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

async function launchServer(env: Record<string, string>): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cityops-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(repo, 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
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
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      if (server.exitCode === null) server.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
