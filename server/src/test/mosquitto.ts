import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, listening } from './ports.js';

/**
 * A real Mosquitto 2 broker (`apt-get install mosquitto`; it supports MQTT 5 shared subscriptions) for
 * the external-broker tests, on a free port, anonymous, and keeping its sessions and queued messages
 * across a restart only when asked (`persistence`).
 */
const BINARY = existsSync('/usr/sbin/mosquitto') ? '/usr/sbin/mosquitto' : 'mosquitto';

/**
 * Whether the external-broker tests can run. Without Mosquitto they are skipped with the reason
 * printed, except under CI (`CI` set, as CI runs .ci/run), where a missing broker must not look green.
 */
export function mosquittoOrSkip(): boolean {
  if (spawnSync(BINARY, ['-h']).error === undefined) return true;
  const reason = 'Mosquitto is not installed (scripts/ensure-deps.sh --mosquitto installs it)';
  if (process.env.CI) throw new Error(`${reason}: the external-broker tests cannot run`);
  console.warn(`${reason}: the external-broker tests are skipped`);
  return false;
}

export async function startMosquitto(options: { persistence?: boolean } = {}) {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'cityops-mosquitto-'));
  const conf = join(dir, 'mosquitto.conf');
  // With persistence, a stop (SIGTERM) saves the sessions and their queued messages (Mosquitto 2.0:
  // not their shared subscriptions), as the user running the tests (root's default is to drop to `mosquitto`).
  const persistence = options.persistence
    ? `persistence true\npersistence_location ${dir}/\nuser ${userInfo().username}\n`
    : 'persistence false\n';
  await writeFile(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\n${persistence}log_dest none\n`);
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(BINARY, ['-c', conf], { stdio: 'ignore' });
    child = started;
    const deadline = Date.now() + 5_000;
    while (!(await listening(port))) {
      if (started.exitCode !== null)
        throw new Error(`mosquitto exited (${started.exitCode}) before listening on ${port}`);
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
