import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { TelemetryValue } from '@cityops/contract';
import { moment } from '../../db/columns.js';
import { alarmRules, devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';

const STATES_SQL = sql.raw(`('waiting', 'confirmed', 'invalid', 'work_order', 'auto_recover', 'finish')`);

/**
 * Alarms and early warnings, raised by rules and device events, with §4's states and
 * levels. At most one open alarm per device and source (`rule:<id>`, `event:<identifier>`): a unique
 * index over the open ones, so two reports a millisecond apart count the same alarm twice instead of
 * opening two. Recovery (`recovered_at`) is kept apart from the state.
 */
export const deviceAlarms = pgTable(
  'iot_alarms',
  {
    id: serial('alarm_id').primaryKey(),
    kind: varchar('kind', { length: 10 }).notNull().default('alarm'),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    source: varchar('source', { length: 64 }).notNull(),
    ruleId: integer('rule_id').references(() => alarmRules.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 50 }).notNull(),
    /** The English title (its rule's or event's English name when it had one); '' when none. */
    titleEn: varchar('title_en', { length: 60 }).notNull().default(''),
    level: varchar('level', { length: 10 }).notNull(),
    state: varchar('state', { length: 12 }).notNull().default('waiting'),
    value: jsonb('value').$type<TelemetryValue | null>(),
    count: integer('count').notNull().default(1),
    firstAt: moment('first_at').notNull(),
    lastAt: moment('last_at').notNull(),
    recoveredAt: moment('recovered_at'),
    handledAt: moment('handled_at'),
    handledById: integer('handled_by_id'),
    handledBy: varchar('handled_by', { length: 50 }),
    closedAt: moment('closed_at'),
    /** The work order it became (modules/workorders); no foreign key across modules. */
    workOrderId: integer('work_order_id'),
    /** When a waiting alarm is pushed again (its rule's repeat frequency); null: never. */
    nextPushAt: moment('next_push_at'),
  },
  (t) => [
    uniqueIndex('iot_alarms_open_key')
      .on(t.deviceId, t.source)
      .where(sql`${t.state} in ('waiting', 'confirmed', 'work_order')`),
    index('iot_alarms_project_idx').on(t.projectId, t.lastAt),
    index('iot_alarms_push_idx')
      .on(t.nextPushAt)
      .where(sql`${t.nextPushAt} is not null`),
    check('iot_alarms_state_check', sql`${t.state} in ${STATES_SQL}`),
    check('iot_alarms_kind_check', sql`${t.kind} in ('alarm', 'warning')`),
  ],
);

/** One alarm's timeline: raised, every change of state (who, when, why), recovery, comments, pushes. */
export const alarmEvents = pgTable(
  'iot_alarm_events',
  {
    id: bigserial('event_id', { mode: 'number' }).primaryKey(),
    alarmId: integer('alarm_id')
      .notNull()
      .references(() => deviceAlarms.id, { onDelete: 'cascade' }),
    at: moment('at').notNull(),
    actorId: integer('actor_id'),
    actor: varchar('actor', { length: 50 }),
    action: varchar('action', { length: 10 }).notNull(),
    fromState: varchar('from_state', { length: 12 }),
    toState: varchar('to_state', { length: 12 }),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    comment: varchar('comment', { length: 200 }).notNull().default(''),
  },
  (t) => [
    index('iot_alarm_events_alarm_idx').on(t.alarmId, t.at),
    check(
      'iot_alarm_events_action_check',
      sql`${t.action} in ('raised', 'moved', 'recovered', 'comment', 'repushed')`,
    ),
  ],
);

/** Each time an alarm's condition was met (the newest ALARM_OCCURRENCES_KEPT per alarm are kept). */
export const alarmOccurrences = pgTable(
  'iot_alarm_occurrences',
  {
    id: bigserial('occurrence_id', { mode: 'number' }).primaryKey(),
    alarmId: integer('alarm_id')
      .notNull()
      .references(() => deviceAlarms.id, { onDelete: 'cascade' }),
    at: moment('at').notNull(),
    value: jsonb('value').$type<TelemetryValue | null>(),
  },
  (t) => [index('iot_alarm_occurrences_alarm_idx').on(t.alarmId, t.at)],
);
