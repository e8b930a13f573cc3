import { sql } from 'drizzle-orm';
import { moment } from './columns.js';
import { projects } from '../modules/projects/tables.js';
import { users } from '../modules/users/tables.js';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Every table, gathered for drizzle: each domain module owns its tables (`modules/<domain>/tables.ts`)
 * and this file re-exports them; the tables no module owns yet are still written here. After a change
 * run `npm run db:generate -w @cityops/server` and commit the migration. PostgreSQL 15 features at most.
 */
export * from '../modules/alarms/tables.js';
export * from '../modules/areas/tables.js';
export * from '../modules/devices/tables.js';
export * from '../modules/iot/tables.js';
export * from '../modules/dictionary/tables.js';
export * from '../modules/editions/tables.js';
export * from '../modules/firmware/tables.js';
export * from '../modules/gateway/tables.js';
export * from '../modules/logs/tables.js';
export * from '../modules/maintenance/tables.js';
export * from '../modules/workorders/tables.js';
export * from '../modules/messages/tables.js';
export * from '../modules/organizations/tables.js';
export * from '../modules/points/tables.js';
export * from '../modules/projects/tables.js';
export * from '../modules/projects/planTables.js';
export * from '../modules/resources/tables.js';
export * from '../modules/roles/tables.js';
export * from '../modules/settings/tables.js';
export * from '../modules/alarmbox/tables.js';
export * from '../modules/sites/tables.js';
export * from '../modules/users/tables.js';

/** Sign-in sessions. Only the SHA-256 of the token is kept: a copied table cannot be replayed. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    lastSeenAt: moment('last_seen_at').notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * One-time sign-in tickets (POST /login/ticket, redeemed by POST /login/doLoginByTicket). Like
 * sessions, only the SHA-256 of the ticket is kept; a ticket is spent by setting used_at. A ticket
 * lives only as long as the session that made it: session_id is emptied when that session ends
 * (logout, password change, kick, disabling), and a ticket without a live session is refused.
 */
export const loginTickets = pgTable(
  'login_tickets',
  {
    id: serial('id').primaryKey(),
    ticketHash: varchar('ticket_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 50 }).notNull().default(''),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [index('login_tickets_expires_idx').on(t.expiresAt)],
);

/** Key pairs the server owns; in the database so every instance behind a proxy uses the same one. */
export const serverKeys = pgTable('server_keys', {
  name: varchar('name', { length: 64 }).primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: moment('created_at').notNull().defaultNow(),
});

/**
 * One row while the database holds demo data: written in the same transaction as every demo seed
 * (CITYOPS_MODE=demo), removed only by a production start that replaces the demo secrets
 * (CITYOPS_ROTATE_DEMO_SECRETS). Production refuses to start while it is there (db/seed/demoData.ts):
 * the demo passwords and the demo fleet's device secrets are public.
 */
export const demoSeed = pgTable(
  'demo_seed',
  {
    id: smallint('id').primaryKey().default(1),
    seededAt: moment('seeded_at').notNull(),
  },
  (t) => [check('demo_seed_single_row', sql`${t.id} = 1`)],
);

/** Image captchas: single use, short-lived, answer stored hashed. In the database, not in memory. */
export const captchas = pgTable(
  'captchas',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    answerHash: varchar('answer_hash', { length: 64 }).notNull(),
    expiresAt: moment('expires_at').notNull(),
    used: boolean('used').notNull().default(false),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/**
 * Installed licences, as registered (document and signature). Whichever is the latest registration
 * whose signature the trusted vendor key verifies is the one in force (modules/licence/state.ts).
 */
export const licences = pgTable(
  'licences',
  {
    id: serial('id').primaryKey(),
    licenceId: varchar('licence_id', { length: 64 }).notNull(),
    customer: varchar('customer', { length: 200 }).notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    signature: varchar('signature', { length: 256 }).notNull(),
    expiresAt: moment('expires_at').notNull(),
    registeredAt: moment('registered_at').notNull(),
  },
  (t) => [index('licences_registered_idx').on(t.registeredAt)],
);

/**
 * Connection settings of the camera platforms (video-talk-alarm-header.md §1), one row per kind,
 * edited by administrators. Secrets are never answered or logged, only replaced.
 */
export const videoPlatforms = pgTable(
  'video_platforms',
  {
    platformCode: varchar('platform_code', { length: 32 }).primaryKey(),
    baseUrl: varchar('base_url', { length: 500 }).notNull().default(''),
    /** hik_isc_huati (Artemis): app key and secret. */
    appKey: varchar('app_key', { length: 200 }).notNull().default(''),
    /** The secrets are kept sealed (db/secretBox.ts), hence text: a sealed value is longer. */
    appSecret: text('app_secret').notNull().default(''),
    /** dh_icc_huati (OAuth): user, password, client id and secret. */
    username: varchar('username', { length: 200 }).notNull().default(''),
    password: text('password').notNull().default(''),
    clientId: varchar('client_id', { length: 200 }).notNull().default(''),
    clientSecret: text('client_secret').notNull().default(''),
    /** How long one call to the platform may take before the user is told it did not answer. */
    timeoutMs: integer('timeout_ms').notNull().default(5000),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [check('video_platforms_code_check', sql`${t.platformCode} in ('hik_isc_huati', 'dh_icc_huati')`)],
);

/** Cameras, each on one platform and in one project; area and site group them in the camera tree. */
export const cameras = pgTable(
  'cameras',
  {
    id: serial('id').primaryKey(),
    /** controlCode (cameraIndexCode on hik_isc_huati, channel id on dh_icc_huati). */
    controlCode: varchar('control_code', { length: 128 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    /** The platform kind; its settings row may come later (production starts with none). */
    platformCode: varchar('platform_code', { length: 32 }).notNull(),
    /** How a page plays it (§1); the platform's code unless a page needs another player. */
    accessWay: varchar('access_way', { length: 32 }).notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    areaName: varchar('area_name', { length: 100 }).notNull().default(''),
    siteName: varchar('site_name', { length: 100 }).notNull().default(''),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    hasPtz: boolean('has_ptz').notNull().default(false),
    /** 0 recorded on the platform, 1 on the device (§3 recordLocation). */
    recordLocation: smallint('record_location').notNull().default(0),
    sortNum: integer('sort_num').notNull().default(0),
  },
  (t) => [
    index('cameras_project_idx').on(t.projectId),
    check('cameras_record_location_check', sql`${t.recordLocation} in (0, 1)`),
    check('cameras_platform_code_check', sql`${t.platformCode} in ('hik_isc_huati', 'dh_icc_huati')`),
  ],
);
