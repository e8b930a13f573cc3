import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, freshly initialised PGlite data folder every test file starts its own copy from. */
    pgliteTemplate: string;
  }
}

/**
 * Initialising a PGlite database takes seconds; loading a dump of a fresh one takes a fraction of
 * that. Each test file still gets its own database, it just skips initdb.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'cityops-pglite-'));
  const file = join(dir, 'template.tar');
  const pglite = await PGlite.create('memory://');
  await writeFile(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
