import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PLUGIN_NAME, PLUGIN_PORTS, pluginAnswerSchema, pluginHelloSchema } from '@cityops/contract';
import WebSocket from 'ws';

/** The port of a plug-in of ours already listening on 15900-15909, if any (asked with hello). */
export async function runningPluginPort(
  ports: readonly number[] = PLUGIN_PORTS,
): Promise<number | undefined> {
  const answers = await Promise.all(ports.map((port) => helloOn(port)));
  return ports.find((_, index) => answers[index]);
}

function helloOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}`, { handshakeTimeout: 1_000 });
    const done = (ours: boolean) => {
      clearTimeout(timer);
      socket.terminate();
      resolve(ours);
    };
    const timer = setTimeout(() => done(false), 2_000);
    socket.on('error', () => done(false));
    socket.on('open', () => socket.send(JSON.stringify({ id: 'probe', method: 'hello' })));
    socket.on('message', (data) => {
      let json: unknown;
      try {
        json = JSON.parse(String(data));
      } catch {
        return done(false);
      }
      const answer = pluginAnswerSchema.safeParse(json);
      const hello = answer.success ? pluginHelloSchema.safeParse(answer.data.data) : undefined;
      done(hello?.success === true && hello.data.name === PLUGIN_NAME);
    });
  });
}

/**
 * A lock file holding our pid while we start and run, so two starts at the same moment (the page
 * retries the URL scheme) do not both take a port. Undefined when another live plug-in holds it.
 */
export async function takeStartLock(path: string): Promise<(() => Promise<void>) | undefined> {
  await mkdir(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(path, 'wx');
      await file.writeFile(String(process.pid));
      await file.close();
      return () => rm(path, { force: true });
    } catch {
      const holder = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder))
        return undefined;
      await rm(path, { force: true });
    }
  }
  return undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}
