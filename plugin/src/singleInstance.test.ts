import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlugin, type RunningPlugin } from './server.js';
import { runningPluginPort, takeStartLock } from './singleInstance.js';

let plugin: RunningPlugin;
let folder: string;

beforeAll(async () => {
  plugin = await startPlugin({ port: 0, log: () => undefined });
  folder = await mkdtemp(join(tmpdir(), 'cityops-plugin-lock-'));
});

afterAll(async () => {
  await plugin?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('one plug-in per desktop', () => {
  it('finds a listening plug-in by its hello, and not some other listener', async () => {
    const other = createServer((socket) => socket.end('HTTP/1.1 200 OK\r\n\r\nnot a plug-in'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherPort = (other.address() as { port: number }).port;
    try {
      expect(await runningPluginPort([otherPort, plugin.port])).toBe(plugin.port);
      expect(await runningPluginPort([otherPort])).toBeUndefined();
    } finally {
      other.close();
    }
  });

  it('lets one start hold the lock while its process lives, and takes over a dead one’s', async () => {
    const path = join(folder, 'plugin.pid');
    const release = await takeStartLock(path);
    expect(await readFile(path, 'utf8')).toBe(String(process.pid));
    // A lock held by another live process (here our parent) refuses; one of a gone process is taken over.
    await writeFile(path, String(process.ppid));
    expect(await takeStartLock(path)).toBeUndefined();
    await writeFile(path, '999999999');
    const again = await takeStartLock(path);
    expect(again).toBeDefined();
    await again?.();
    await release?.();
    await expect(readFile(path, 'utf8')).rejects.toThrow();
  });
});
