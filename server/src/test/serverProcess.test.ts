import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanServerProcesses, startedServerProcesses, startServerProcess } from './serverProcess.js';

const planted = `planted-${randomBytes(6).toString('hex')}`;
const dir = await mkdtemp(join(tmpdir(), `cityops-${planted}-`));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the scan of a server process’s output', () => {
  it('fails when the process wrote one of its secrets, and names it', async () => {
    // A folder locked by a live process (this one): the server refuses, naming the folder's path.
    await writeFile(join(dir, 'pglite.lock'), `${process.pid}\n`);
    const server = await startServerProcess(dir);
    expect(await server.exited).toEqual({ code: 1, signal: null });
    await server.kill(); // settles once its output is read to the end
    expect(server.output()).toContain(planted);
    expect(startedServerProcesses()).toContain(server);
    expect(server.secrets).toContain('Admin@123');

    server.secrets.add(planted);
    await expect(scanServerProcesses([server])).rejects.toThrow(
      `a server process wrote secrets of this test: ${planted}`,
    );
    // Not a secret after all: the scan after this file (processLogScan.ts) passes.
    server.secrets.delete(planted);
    await expect(scanServerProcesses([server])).resolves.toBeUndefined();
  }, 60_000);

  it('looks for the secret settings the process was started with', async () => {
    const key = randomBytes(32).toString('base64');
    const server = await startServerProcess(dir, {
      CITYOPS_ADMIN_PASSWORD: 'Chosen#Admin-1',
      SECRETS_KEY: key,
      SECRETS_KEY_PREVIOUS: `old-key-one, old-key-two`,
    });
    await server.kill();
    for (const secret of ['Chosen#Admin-1', key, 'old-key-one', 'old-key-two'])
      expect(server.secrets).toContain(secret);
  }, 60_000);
});
