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
import { devices } from '../devices/tables.js';

type Values = Record<string, TelemetryValue>;

/**
 * Telemetry history: one row per accepted report, its values as the device sent them.
 * The migration makes it PARTITIONED BY RANGE (ts), one partition per day made ahead of time, so the
 * retention sweep drops whole days instead of deleting rows (see iot/README.md). Reads go through
 * (device_id, ts).
 */
export const telemetry = pgTable(
  'iot_telemetry',
  {
    deviceId: integer('device_id').notNull(),
    ts: moment('ts').notNull(),
    values: jsonb('values').$type<Values>().notNull(),
  },
  (t) => [index('iot_telemetry_device_ts_idx').on(t.deviceId, t.ts)],
);

/** The latest value of each property of a device, for instant reads (realtime pages). */
export const latestValues = pgTable('iot_latest_values', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  values: jsonb('values').$type<Values>().notNull(),
  valuesAt: moment('values_at').notNull(),
});

/** Commands (services) sent to devices, with who sent them and the device's answer. */
export const commands = pgTable(
  'iot_commands',
  {
    id: serial('command_id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The protocol's message id, which the device's reply names. */
    messageId: varchar('message_id', { length: 64 }).notNull(),
    service: varchar('service', { length: 50 }).notNull(),
    params: jsonb('params').$type<Values>().notNull(),
    state: varchar('state', { length: 10 }).notNull(),
    replyCode: integer('reply_code'),
    replyMessage: varchar('reply_message', { length: 200 }).notNull().default(''),
    replyData: jsonb('reply_data').$type<Values>(),
    senderId: integer('sender_id'),
    sender: varchar('sender', { length: 50 }).notNull().default(''),
    sentAt: moment('sent_at').notNull(),
    answeredAt: moment('answered_at'),
  },
  (t) => [
    uniqueIndex('iot_commands_message_key').on(t.messageId),
    index('iot_commands_device_idx').on(t.deviceId, t.sentAt),
    check(
      'iot_commands_state_check',
      sql`${t.state} in ('sent', 'succeeded', 'failed', 'timeout', 'offline')`,
    ),
  ],
);

/** What ingestion refused (malformed payloads, unknown functions, values outside the model), kept for a while. */
export const faults = pgTable(
  'iot_faults',
  {
    id: bigserial('fault_id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    deviceKey: varchar('device_key', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    detail: varchar('detail', { length: 300 }).notNull(),
    at: moment('at').notNull(),
  },
  (t) => [index('iot_faults_device_idx').on(t.deviceId, t.at), index('iot_faults_at_idx').on(t.at)],
);
