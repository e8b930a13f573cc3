import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { moment } from '../../db/columns.js';

/**
 * Published versions of the client apps (editionService). The package itself lies on disk under
 * DATA_DIR/uploads/editions, named by the row's id; the row keeps what the upload was called.
 */
export const editions = pgTable(
  'editions',
  {
    id: serial('id').primaryKey(),
    platform: varchar('platform', { length: 16 }).notNull(),
    version: varchar('version', { length: 39 }).notNull(),
    /** The version's four numbers (`1.2.3` is {1,2,3,0}): arrays compare element by element, as versions do. */
    versionParts: integer('version_parts').array().notNull(),
    notes: varchar('notes', { length: 2000 }).notNull().default(''),
    forceUpdate: boolean('force_update').notNull().default(false),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    checksum: varchar('checksum', { length: 64 }).notNull(),
    publisher: varchar('publisher', { length: 50 }).notNull().default(''),
    downloads: integer('downloads').notNull().default(0),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('editions_platform_version_key').on(t.platform, t.versionParts),
    check('editions_parts_check', sql`cardinality(${t.versionParts}) = 4`),
  ],
);
