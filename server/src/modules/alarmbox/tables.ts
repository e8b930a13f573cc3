import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { moment } from '../../db/columns.js';
import { cameras } from '../../db/schema.js';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { users } from '../users/tables.js';

/**
 * One-key alarm calls: every press of an alarm column (device type 0801) and every call
 * an operator made to one is a record. The box's name and control code are kept on the row, so the
 * record outlives its box.
 */
export const alarmCalls = pgTable(
  'alarm_calls',
  {
    id: serial('alarm_call_id').primaryKey(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    deviceName: varchar('device_name', { length: 100 }).notNull(),
    controlCode: varchar('control_code', { length: 128 }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The box's callId (absent for an operator's call). */
    boxCallId: varchar('box_call_id', { length: 64 }),
    state: varchar('state', { length: 16 }).$type<'ringing' | 'answered' | 'ended'>().notNull(),
    outgoing: boolean('outgoing').notNull().default(false),
    happenAt: moment('happen_at').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
    answeredAt: moment('answered_at'),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    /** The answerer's name as shown when they answered: their name, else their account. */
    answeredByName: varchar('answered_by_name', { length: 50 }),
    /**
     * While answered: the last moment the answerer's intercom was known connected (answering, each
     * socket opening and closing, and a refresh by the instance holding it). A call whose operator
     * stayed away past ALARM_OPERATOR_GRACE_MS ends as `connectionLost` at this moment.
     */
    operatorSeenAt: moment('operator_seen_at'),
    endedAt: moment('ended_at'),
    endReason: varchar('end_reason', { length: 16 }),
  },
  (t) => [
    // At most one unfinished call per box.
    uniqueIndex('alarm_calls_open_device_key')
      .on(t.deviceId)
      .where(sql`${t.state} <> 'ended'`),
    index('alarm_calls_open_answerer_idx')
      .on(t.answeredBy)
      .where(sql`${t.state} = 'answered'`),
    index('alarm_calls_project_happen_idx').on(t.projectId, t.happenAt),
    index('alarm_calls_device_happen_idx').on(t.deviceId, t.happenAt),
    check('alarm_calls_state_check', sql`${t.state} in ('ringing', 'answered', 'ended')`),
    check(
      'alarm_calls_end_reason_check',
      sql`${t.endReason} is null or ${t.endReason} in ('box', 'operator', 'missed', 'offline', 'timeout', 'connectionLost')`,
    ),
  ],
);

/** The camera that shows an alarm column (one per box). */
export const alarmBoxCameras = pgTable(
  'alarm_box_cameras',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    cameraId: integer('camera_id')
      .notNull()
      .references(() => cameras.id, { onDelete: 'cascade' }),
  },
  (t) => [index('alarm_box_cameras_camera_idx').on(t.cameraId)],
);
