import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { moment } from '../../db/columns.js';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';

/**
 * Maintenance records (equipmentMaintenance): what was done to a device, by whom and when.
 * The record outlives the device: deleting the device empties `device_id` and the name and control
 * code written at the time still say which device it was.
 */
export const maintenanceRecords = pgTable(
  'iot_maintenance_records',
  {
    id: serial('record_id').primaryKey(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    deviceName: varchar('device_name', { length: 32 }).notNull(),
    deviceKey: varchar('device_key', { length: 64 }).notNull(),
    controlCode: varchar('control_code', { length: 128 }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** inspect | repair | replace | maintain (contract: MAINTENANCE_KINDS). */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** What was wrong, when something was. */
    fault: varchar('fault', { length: 200 }).notNull().default(''),
    /** What was done. */
    content: varchar('content', { length: 500 }).notNull(),
    /** fixed | pending | scrapped (contract: MAINTENANCE_RESULTS). */
    result: varchar('result', { length: 16 }).notNull(),
    maintainer: varchar('maintainer', { length: 50 }).notNull(),
    maintainerPhone: varchar('maintainer_phone', { length: 20 }).notNull().default(''),
    maintainedAt: moment('maintained_at').notNull(),
    /** Cost in cents (fen), when there was one. */
    costCents: integer('cost_cents'),
    editor: varchar('editor', { length: 50 }).notNull().default(''),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('iot_maintenance_device_idx').on(t.deviceId, t.maintainedAt),
    index('iot_maintenance_project_idx').on(t.projectId, t.maintainedAt),
    check('iot_maintenance_kind_check', sql`${t.kind} in ('inspect', 'repair', 'replace', 'maintain')`),
    check('iot_maintenance_result_check', sql`${t.result} in ('fixed', 'pending', 'scrapped')`),
    check('iot_maintenance_cost_check', sql`${t.costCents} is null or ${t.costCents} >= 0`),
  ],
);
