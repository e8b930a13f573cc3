import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ListenMultiplexer } from './listener.js';
import { lockFolder, type FolderLock } from './lock.js';

/** What services query through: the same API on PGlite and PostgreSQL, and inside transactions. */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Where the data is, for the start-up line; never includes a password. */
  label: string;
  /**
   * Applies the committed migrations in server/drizzle, then runs `seed`, while no other instance
   * does the same (on PostgreSQL several instances may start at once against one database).
   */
  prepare(seed: (db: Database) => Promise<void>): Promise<void>;
  /**
   * Calls `onPayload` with each NOTIFY on `channel`, from any instance, until the returned stop is
   * called. On PostgreSQL one connection of the handle's own carries every channel of every caller
   * (db/listener.ts) and comes back by itself when lost; `onReconnect` then runs, since notifications
   * sent meanwhile were missed.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The committed migrations, applied in order by `prepare`. */
export const MIGRATIONS = resolve(import.meta.dirname, '../../drizzle');

/** Any 64-bit number shared by every instance: only one of them migrates and seeds at a time. */
const MIGRATION_LOCK = 4_711_202_611;

/**
 * `dataDir` is a folder, or `memory://` for a throwaway database. `template` is a dumped data folder
 * to start from instead of running initdb, which takes seconds (tests use one per run).
 */
export async function openPglite(dataDir: string, template?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  let lock: FolderLock | undefined;
  if (!inMemory) {
    await mkdir(dataDir, { recursive: true });
    // One process per folder: `<dataDir>.lock` holds the owner's pid until close() or exit.
    lock = lockFolder(`${dataDir}.lock`, `The database folder ${dataDir}`);
  }
  const client = await PGlite.create({ dataDir, ...(template ? { loadDataDir: template } : {}) }).catch(
    (error: unknown) => {
      lock?.release();
      throw error;
    },
  );
  const db = drizzlePglite({ client });
  return {
    db,
    kind: 'pglite',
    label: inMemory ? 'PGlite (in memory)' : `PGlite ${dataDir}`,
    async prepare(seed) {
      await migratePglite(db, { migrationsFolder: MIGRATIONS });
      await seed(db);
    },
    async listen(channel, onPayload) {
      return client.listen(channel, onPayload);
    },
    async close() {
      await client.close();
      lock?.release();
    },
  };
}

export function describePostgres(url: string) {
  const parsed = new URL(url);
  return `PostgreSQL ${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A client that loses its server must not crash the process; the next query reports it. The pool
  // listens on idle clients only: a checked-out one (a transaction between statements) needs its own.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool });
  const listener = new ListenMultiplexer(url);
  return {
    db,
    kind: 'postgres',
    label: describePostgres(url),
    async prepare(seed) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        const locked = drizzlePg({ client });
        await migratePg(locked, { migrationsFolder: MIGRATIONS });
        await seed(locked);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    listen: (channel, onPayload, onReconnect) => listener.listen(channel, onPayload, onReconnect),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

export function openDatabase(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }) {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite(join(config.DATA_DIR, 'pglite'));
}
