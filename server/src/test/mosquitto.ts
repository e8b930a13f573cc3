import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real Mosquitto 2 broker (`apt-get install mosquitto`; it supports MQTT 5 shared subscriptions) for
 * the external-broker tests, on a port of the test's choosing, anonymous and without persistence.
 */
const BINARY = existsSync('/usr/sbin/mosquitto') ? '/usr/sbin/mosquitto' : 'mosquitto';
export const hasMosquitto = () => spawnSync(BINARY, ['-h']).error === undefined;

async function listening(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A port free right now, for a broker about to listen on it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startMosquitto(chosen?: number) {
  const port = chosen ?? (await freePort());
  const dir = await mkdtemp(join(tmpdir(), 'cityops-mosquitto-'));
  const conf = join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest none\n`,
  );
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(BINARY, ['-c', conf], { stdio: 'ignore' });
    const deadline = Date.now() + 5_000;
    while (!(await listening(port))) {
      if (Date.now() > deadline) throw new Error(`mosquitto did not listen on ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    start,
    stop,
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
