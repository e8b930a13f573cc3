import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS, openPostgres } from '../db/connection.js';
import { adminQuery, databaseUrl } from './postgresAdmin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, freshly initialised PGlite data folder (no tables), for an empty database. */
    pgliteTemplate: string;
    /** The same with every migration applied, for a test app's database. */
    pgliteMigrated: string;
    /** On PostgreSQL: a database with every migration applied, copied for each test app's. */
    postgresMigrated: string;
  }
}

const dump = async (client: PGlite, file: string) =>
  writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));

/**
 * Initialising a PGlite database takes seconds and applying the migrations about two more; loading a
 * dump of a fresh or a migrated one takes a fraction of that, and on PostgreSQL `CREATE DATABASE …
 * TEMPLATE` copies a migrated one in well under a second. Each test file still gets its own database;
 * it starts from the run's copy instead of from nothing.
 */
export default async function setup(project: TestProject) {
  const server = process.env.DATABASE_URL;
  if (server) {
    const name = `cityops_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(server, `create database ${name}`);
    const handle = await openPostgres(databaseUrl(server, name));
    await handle.prepare(async () => undefined);
    await handle.close();
    project.provide('pgliteTemplate', '');
    project.provide('pgliteMigrated', '');
    project.provide('postgresMigrated', name);
    return () => adminQuery(server, `drop database if exists ${name} with (force)`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'cityops-pglite-'));
  const empty = join(dir, 'template.tar');
  const migrated = join(dir, 'migrated.tar');
  const pglite = await PGlite.create('memory://');
  await dump(pglite, empty);
  await migrate(drizzle({ client: pglite }), { migrationsFolder: MIGRATIONS });
  await dump(pglite, migrated);
  await pglite.close();
  project.provide('pgliteTemplate', empty);
  project.provide('pgliteMigrated', migrated);
  project.provide('postgresMigrated', '');
  return () => rm(dir, { recursive: true, force: true });
}
