import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { FunctionFields, RuleSchedule } from '@cityops/contract';
import { moment } from '../../db/columns.js';
import { areas } from '../areas/tables.js';
import { projects } from '../projects/tables.js';
import { points } from '../points/tables.js';
import { sites } from '../sites/tables.js';

/**
 * The thing model and the device registry. A product is a kind of device with the
 * functions of its model; a device is one of a product's, placed in a project (and optionally an area
 * node and a site), and signs in to MQTT with its key and secret.
 */
export const products = pgTable(
  'iot_products',
  {
    id: serial('product_id').primaryKey(),
    productKey: varchar('product_key', { length: 32 }).notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    /** Its English name for the English interface; '' when it has only `name`. */
    nameEn: varchar('name_en', { length: 60 }).notNull().default(''),
    typeCode: varchar('type_code', { length: 4 }).notNull(),
    vendor: varchar('vendor', { length: 50 }).notNull().default(''),
    model: varchar('model', { length: 50 }).notNull().default(''),
    description: varchar('description', { length: 200 }).notNull().default(''),
    /** Product parameters (at most 50, §5): `[{ key, name, value }]`. */
    params: jsonb('params').$type<{ key: string; name: string; value: string }[]>().notNull().default([]),
    offlineAfterSeconds: integer('offline_after_seconds').notNull().default(300),
    editor: varchar('editor', { length: 50 }).notNull().default(''),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('iot_products_key_key').on(sql`lower(${t.productKey})`)],
);

/**
 * A product's functions. `definition` is the contract's FunctionFields without kind, identifier and
 * name (the spec of a property, the params of a service or event), checked by zod on the way in.
 */
export const productFunctions = pgTable(
  'iot_product_functions',
  {
    id: serial('function_id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    identifier: varchar('identifier', { length: 50 }).notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    definition: jsonb('definition').$type<FunctionFields>().notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('iot_product_functions_identifier_key').on(t.productId, t.identifier),
    check('iot_product_functions_kind_check', sql`${t.kind} in ('property', 'service', 'event')`),
  ],
);

export const devices = pgTable(
  'iot_devices',
  {
    id: serial('device_id').primaryKey(),
    /** The MQTT client id and user name. */
    deviceKey: varchar('device_key', { length: 64 }).notNull(),
    /** Null for the types without one (§9: 0101, 0001, 1101). */
    controlCode: varchar('control_code', { length: 128 }),
    name: varchar('name', { length: 32 }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'set null' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    segment: varchar('segment', { length: 50 }).notNull().default(''),
    /** The pole or other installation point it is mounted on (pointManagement). */
    pointId: integer('point_id').references(() => points.id, { onDelete: 'set null' }),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    address: varchar('address', { length: 100 }).notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * The MQTT secret, sealed (db/secretBox.ts) so holders of devList_credentials can read it back for
     * the device's installer; the broker compares against `secretHash` (SHA-256 of the secret, see
     * credentials.ts), never the seal.
     */
    secretSealed: varchar('secret_sealed', { length: 400 }).notNull(),
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    /** Connection state: set by the broker on connect/disconnect and by the offline sweep. */
    online: boolean('online').notNull().default(false),
    lastSeenAt: moment('last_seen_at'),
    firmwareVersion: varchar('firmware_version', { length: 50 }).notNull().default(''),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    editor: varchar('editor', { length: 50 }).notNull().default(''),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('iot_devices_key_key').on(t.deviceKey),
    uniqueIndex('iot_devices_control_code_key').on(t.controlCode),
    index('iot_devices_product_idx').on(t.productId),
    index('iot_devices_project_idx').on(t.projectId),
    index('iot_devices_area_idx').on(t.areaId),
    index('iot_devices_site_idx').on(t.siteId),
    index('iot_devices_point_idx').on(t.pointId),
  ],
);

/** Threshold rules on a product's numeric properties. */
export const alarmRules = pgTable(
  'iot_alarm_rules',
  {
    id: serial('rule_id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 30 }).notNull(),
    /** Its English name, its alarms' English title; '' when it has only `name`. */
    nameEn: varchar('name_en', { length: 60 }).notNull().default(''),
    identifier: varchar('identifier', { length: 50 }).notNull(),
    operator: varchar('operator', { length: 2 }).notNull(),
    threshold: doublePrecision('threshold').notNull(),
    level: varchar('level', { length: 10 }).notNull(),
    /** The rule's mode: threshold, event, offline, rise, predict (contract alarms/rules.ts). */
    mode: varchar('mode', { length: 10 }).notNull().default('threshold'),
    windowSeconds: integer('window_seconds'),
    clearOperator: varchar('clear_operator', { length: 2 }),
    clearThreshold: doublePrecision('clear_threshold'),
    clearIdentifier: varchar('clear_identifier', { length: 50 }).notNull().default(''),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    repeatCount: integer('repeat_count').notNull().default(1),
    autoHandle: varchar('auto_handle', { length: 12 }).notNull().default('waiting'),
    repeatFrequency: varchar('repeat_frequency', { length: 4 }),
    schedule: jsonb('schedule').$type<RuleSchedule | null>(),
    enabled: boolean('enabled').notNull().default(true),
    editor: varchar('editor', { length: 50 }).notNull().default(''),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [index('iot_alarm_rules_product_idx').on(t.productId)],
);
