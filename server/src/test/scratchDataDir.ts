import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const run = promisify(execFile);

/**
 * A new folder for DATA_DIR, removed by `remove()`. Its embedded database starts from the test run's
 * initialised PGlite template (globalSetup), which saves the server the seconds of initdb.
 */
export async function scratchDataDir() {
  const dir = await mkdtemp(join(tmpdir(), 'cityops-process-'));
  const template = inject('pgliteTemplate');
  if (template) {
    await mkdir(join(dir, 'pglite'));
    await run('tar', ['-xf', template, '-C', join(dir, 'pglite')]);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
