import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { moment } from '../../db/columns.js';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { users } from '../users/tables.js';

/**
 * Work orders (omWorkOrder): made by hand, from an alarm, an inspection item or an early
 * warning; dispatched to one person of the project, who accepts, works and submits it; a reviewer
 * approves or rejects it. Every step is a row of `om_work_order_steps` (the timeline); photos lie on
 * disk under DATA_DIR/uploads/workorders/<photo id>, their rows in `om_work_order_photos`.
 */

const STATES = sql.raw(
  `'to_dispatch', 'dispatched', 'accepted', 'processing', 'on_hold', 'reviewing', 'done', 'cancelled'`,
);

export const workOrders = pgTable(
  'om_work_orders',
  {
    id: serial('order_id').primaryKey(),
    /** GD + the China date + the 4-digit number of the day (om_work_order_days). */
    orderNo: varchar('order_no', { length: 20 }).notNull().unique(),
    title: varchar('title', { length: 50 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    /** 120201 normal, 120202 alarm, 120203 inspection, 120204 early warning (§9). */
    source: integer('source').notNull(),
    level: varchar('level', { length: 10 }).notNull(),
    state: varchar('state', { length: 12 }).notNull().default('to_dispatch'),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    /** The device's name when the order was made: kept when the device is deleted. */
    deviceName: varchar('device_name', { length: 32 }),
    /** The alarm or early warning (iot_alarms) it was made from. */
    alarmId: integer('alarm_id'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null: made by the engine (系统). */
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    creatorName: varchar('creator_name', { length: 50 }).notNull(),
    deadlineAt: moment('deadline_at').notNull(),
    createdAt: moment('created_at').notNull(),
    updatedAt: moment('updated_at').notNull(),
    /** When it was approved (done) or cancelled. */
    finishedAt: moment('finished_at'),
    /** The result the assignee last submitted. */
    result: varchar('result', { length: 200 }).notNull().default(''),
    /** While on hold: the state resume goes back to. */
    heldFrom: varchar('held_from', { length: 12 }),
  },
  (t) => [
    index('om_work_orders_project_idx').on(t.projectId, t.createdAt),
    index('om_work_orders_assignee_idx').on(t.assigneeId, t.state),
    index('om_work_orders_state_idx').on(t.state, t.deadlineAt),
    index('om_work_orders_alarm_idx').on(t.alarmId),
    check('om_work_orders_state_check', sql`${t.state} in (${STATES})`),
    check(
      'om_work_orders_held_check',
      sql`${t.heldFrom} is null or ${t.heldFrom} in ('accepted', 'processing')`,
    ),
    check('om_work_orders_source_check', sql`${t.source} in (120201, 120202, 120203, 120204)`),
    check('om_work_orders_level_check', sql`${t.level} in ('error', 'common', 'tips')`),
  ],
);

/** The last order number given on each China day: taken with one upsert, so two orders never share one. */
export const workOrderDays = pgTable('om_work_order_days', {
  day: varchar('day', { length: 8 }).primaryKey(),
  last: integer('last').notNull(),
});

/** The timeline: one row per step (`create` first). */
export const workOrderSteps = pgTable(
  'om_work_order_steps',
  {
    id: serial('step_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    at: moment('at').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who acted, as shown (系统 for the engine). */
    actorName: varchar('actor_name', { length: 50 }).notNull(),
    action: varchar('action', { length: 12 }).notNull(),
    fromState: varchar('from_state', { length: 12 }),
    toState: varchar('to_state', { length: 12 }).notNull(),
    /** The assignee a dispatch or reassign named. */
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    assigneeName: varchar('assignee_name', { length: 50 }),
    note: varchar('note', { length: 200 }).notNull().default(''),
  },
  (t) => [index('om_work_order_steps_order_idx').on(t.orderId, t.id)],
);

/**
 * A photo: uploaded first (step_id null), then named by one step. Unused photos older than a day
 * are removed with their files.
 */
export const workOrderPhotos = pgTable(
  'om_work_order_photos',
  {
    id: serial('photo_id').primaryKey(),
    stepId: integer('step_id').references(() => workOrderSteps.id, { onDelete: 'cascade' }),
    /** The position among its step's photos. */
    position: smallint('position').notNull().default(0),
    name: varchar('name', { length: 200 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: varchar('content_type', { length: 20 }).notNull(),
    checksum: varchar('checksum', { length: 64 }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: moment('uploaded_at').notNull(),
  },
  (t) => [
    index('om_work_order_photos_step_idx').on(t.stepId),
    index('om_work_order_photos_unused_idx')
      .on(t.uploadedAt)
      .where(sql`${t.stepId} is null`),
  ],
);
