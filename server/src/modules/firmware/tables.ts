import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { moment } from '../../db/columns.js';
import { devices, products } from '../devices/tables.js';

/**
 * Firmware and upgrade jobs (upgrade). A firmware file belongs to a product; the file
 * lies on disk under DATA_DIR/uploads/firmware named by the row's id. A job sends one firmware to many
 * devices of its product and tracks each device's progress and result.
 */
export const firmware = pgTable(
  'iot_firmware',
  {
    id: serial('firmware_id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    version: varchar('version', { length: 50 }).notNull(),
    notes: varchar('notes', { length: 500 }).notNull().default(''),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** SHA-256 of the file, hex; the device checks what it downloaded against it. */
    checksum: varchar('checksum', { length: 64 }).notNull(),
    editor: varchar('editor', { length: 50 }).notNull().default(''),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('iot_firmware_version_key').on(t.productId, sql`lower(${t.version})`)],
);

export const upgradeJobs = pgTable(
  'iot_upgrade_jobs',
  {
    id: serial('job_id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    firmwareId: integer('firmware_id')
      .notNull()
      .references(() => firmware.id, { onDelete: 'restrict' }),
    /** running | finished | cancelled (contract: UPGRADE_JOB_STATES). */
    state: varchar('state', { length: 16 }).notNull().default('running'),
    /** How long one device may take from the command to its last progress report. */
    timeoutSeconds: integer('timeout_seconds').notNull().default(600),
    editor: varchar('editor', { length: 50 }).notNull().default(''),
    createdAt: moment('created_at').notNull().defaultNow(),
    finishedAt: moment('finished_at'),
  },
  (t) => [
    index('iot_upgrade_jobs_created_idx').on(t.createdAt),
    check('iot_upgrade_jobs_state_check', sql`${t.state} in ('running', 'finished', 'cancelled')`),
  ],
);

/** One device of a job: its progress (0-100) and where it stands. */
export const upgradeTargets = pgTable(
  'iot_upgrade_targets',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => upgradeJobs.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** pending | sent | downloading | installing | succeeded | failed | cancelled (contract: UPGRADE_TARGET_STATES). */
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    progress: smallint('progress').notNull().default(0),
    /** Why it failed, in the device's or the platform's words. */
    message: varchar('message', { length: 200 }).notNull().default(''),
    fromVersion: varchar('from_version', { length: 50 }).notNull().default(''),
    sentAt: moment('sent_at'),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.deviceId] }),
    /** A device takes part in at most one unfinished upgrade at a time. */
    uniqueIndex('iot_upgrade_targets_active_key')
      .on(t.deviceId)
      .where(sql`${t.state} in ('pending', 'sent', 'downloading', 'installing')`),
    index('iot_upgrade_targets_state_idx').on(t.jobId, t.state),
    check('iot_upgrade_targets_progress_check', sql`${t.progress} between 0 and 100`),
    check(
      'iot_upgrade_targets_state_check',
      sql`${t.state} in ('pending', 'sent', 'downloading', 'installing', 'succeeded', 'failed', 'cancelled')`,
    ),
  ],
);
