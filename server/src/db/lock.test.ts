import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchDataDir } from '../test/scratchDataDir.js';
import { startServerProcess } from '../test/serverProcess.js';
import { FolderLockedError, lockFolder } from './lock.js';

/*
 * One process per embedded database folder (DATA_DIR): a second CityOps on the same DATA_DIR refuses
 * to start while the first runs; a lock left by a killed process is taken over.
 */

const dir = mkdtempSync(join(tmpdir(), 'cityops-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has already ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid ?? 999_999;

describe('the lock file', () => {
  it('holds the owner pid, refuses a second holder, and is gone after release', () => {
    const file = join(dir, 'one.lock');
    const lock = lockFolder(file, 'The folder');
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    writeFileSync(join(dir, 'other.lock'), `${process.ppid}\n`);
    expect(() => lockFolder(join(dir, 'other.lock'), 'The folder')).toThrow(
      new FolderLockedError(
        `The folder is in use by another CityOps process (pid ${process.ppid}); stop it first or choose another DATA_DIR (if no CityOps is running, delete ${join(dir, 'other.lock')})`,
      ),
    );
    lock.release();
    expect(existsSync(file)).toBe(false);
    // Free again.
    lockFolder(file, 'The folder').release();
  });

  it('takes over a stale lock whose process is gone, or one left by an earlier life of its own pid', () => {
    for (const [name, stale] of [
      ['dead.lock', String(deadPid())],
      ['self.lock', String(process.pid)],
      ['garbage.lock', 'not a pid'],
    ] as const) {
      const file = join(dir, name);
      writeFileSync(file, `${stale}\n`);
      const lock = lockFolder(file, 'The folder');
      expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
      lock.release();
    }
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('two servers on one DATA_DIR', () => {
  it('refuses the second with a clear message and a non-zero exit while the first runs', async () => {
    const data = await scratchDataDir();
    const first = await startServerProcess(data.dir);
    try {
      await first.ready();
      const second = await startServerProcess(data.dir);
      const exit = await Promise.race([
        second.exited,
        new Promise<'running'>((r) => setTimeout(() => r('running'), 20_000)),
      ]);
      await second.kill();
      expect(exit, second.output()).toEqual({ code: 1, signal: null });
      expect(second.output()).toContain(
        `CityOps cannot start: The database folder ${join(data.dir, 'pglite')} is in use by another CityOps process (pid ${first.child.pid})`,
      );
      // The first one is unharmed and still holds the lock.
      expect((await fetch(`${first.baseUrl}/api/health`)).ok).toBe(true);
      expect(readFileSync(join(data.dir, 'pglite.lock'), 'utf8').trim()).toBe(String(first.child.pid));
      // A clean stop releases it.
      first.child.kill('SIGTERM');
      expect(await first.exited).toEqual({ code: 0, signal: null });
      expect(existsSync(join(data.dir, 'pglite.lock'))).toBe(false);
    } finally {
      await first.kill();
      await data.remove();
    }
  }, 180_000);
});
