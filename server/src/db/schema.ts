import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * The tables. Every timestamp is written from the app's clock (not the database's `now()`), so tests
 * can move time and several instances agree on what "expired" means. After a change here run
 * `npm run db:generate -w @cityops/server` and commit the migration. PostgreSQL 15 features at most.
 */

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const USER_STATUSES = ['enabled', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const projects = pgTable('projects', {
  id: serial('project_id').primaryKey(),
  name: varchar('project_name', { length: 200 }).notNull(),
  longitude: doublePrecision('longitude'),
  latitude: doublePrecision('latitude'),
  polygon: jsonb('polygon').$type<{ lng: number; lat: number }[]>().notNull().default([]),
  createdAt: moment('created_at').notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userName: varchar('user_name', { length: 50 }).notNull().unique(),
    name: varchar('name', { length: 50 }).notNull().default(''),
    /** `scrypt$N$r$p$salt$hash`, see modules/auth/password.ts. */
    passwordHash: text('password_hash').notNull(),
    /** 0 platform administrator, 1 ordinary user. */
    userType: integer('user_type').notNull().default(1),
    status: varchar('status', { length: 16 }).$type<UserStatus>().notNull().default('enabled'),
    failedCount: integer('failed_count').notNull().default(0),
    lockedUntil: moment('locked_until'),
    passwordChangedAt: moment('password_changed_at').notNull().defaultNow(),
    defaultProjectId: integer('default_project_id').references(() => projects.id, { onDelete: 'set null' }),
    customConfig: jsonb('custom_config').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [check('users_status_check', sql`${t.status} in ('enabled', 'disabled')`)],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  /** Stable handle for built-in roles (`admin`); user-made roles get one too. */
  code: varchar('code', { length: 50 }).notNull().unique(),
  name: varchar('name', { length: 50 }).notNull(),
  description: varchar('description', { length: 200 }).notNull().default(''),
  editor: varchar('editor', { length: 50 }).notNull().default(''),
  createdAt: moment('created_at').notNull().defaultNow(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Permission items (contract permissionItemSchema); a null parent is a root (parentId 0 in the API). */
export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => resources.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 100 }).notNull(),
    type: smallint('type').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    url: varchar('url', { length: 500 }).notNull().default(''),
    sortNum: integer('sort_num').notNull().default(0),
    icon: varchar('icon', { length: 100 }).notNull().default(''),
    level: integer('level').notNull().default(0),
  },
  (t) => [
    // Routes match codes case-insensitively (spec §6), so codes must differ ignoring case.
    uniqueIndex('resources_code_lower_key').on(sql`lower(${t.code})`),
    index('resources_parent_idx').on(t.parentId),
    check('resources_type_check', sql`${t.type} between 0 and 6`),
    check('resources_sort_num_check', sql`${t.sortNum} < 1000`),
  ],
);

export const roleResources = pgTable(
  'role_resources',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.resourceId] })],
);

export const userProjects = pgTable(
  'user_projects',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

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
 * sessions, only the SHA-256 of the ticket is kept; a ticket is spent by setting used_at.
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
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [index('login_tickets_expires_idx').on(t.expiresAt)],
);

export const dictionary = pgTable(
  'dictionary',
  {
    id: serial('id').primaryKey(),
    dicCode: varchar('dic_code', { length: 64 }).notNull(),
    itemCode: varchar('item_code', { length: 64 }).notNull(),
    itemName: varchar('item_name', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('dictionary_code_item_key').on(t.dicCode, t.itemCode)],
);

export const OPERATIONS = [
  'login',
  'logout',
  'login_failed',
  'password_change',
  'locked',
  'ticket_issued',
] as const;
export type Operation = (typeof OPERATIONS)[number];
export type Outcome = 'success' | 'failure';

export const operationLog = pgTable(
  'operation_log',
  {
    id: serial('id').primaryKey(),
    time: moment('time').notNull(),
    /** The account as typed (whitespace removed), also for accounts that do not exist. */
    account: varchar('account', { length: 100 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    action: varchar('action', { length: 32 }).$type<Operation>().notNull(),
    outcome: varchar('outcome', { length: 16 }).$type<Outcome>().notNull(),
    detail: varchar('detail', { length: 500 }).notNull().default(''),
  },
  (t) => [
    index('operation_log_account_time_idx').on(t.account, t.time),
    index('operation_log_time_idx').on(t.time),
    check(
      'operation_log_action_check',
      sql`${t.action} in ('login', 'logout', 'login_failed', 'password_change', 'locked', 'ticket_issued')`,
    ),
  ],
);

/** Key pairs the server owns; in the database so every instance behind a proxy uses the same one. */
export const serverKeys = pgTable('server_keys', {
  name: varchar('name', { length: 64 }).primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: moment('created_at').notNull().defaultNow(),
});

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

/** The message centre (platform-shell.md §7 Messages, §9 message types 1-9). */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageType: smallint('message_type').notNull(),
    messageContent: varchar('message_content', { length: 2000 }).notNull(),
    createTime: moment('create_time').notNull(),
    notifyTime: moment('notify_time'),
    readStatus: boolean('read_status').notNull().default(false),
  },
  (t) => [
    index('messages_user_time_idx').on(t.userId, t.createTime),
    check('messages_type_check', sql`${t.messageType} between 1 and 9`),
  ],
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
    appSecret: varchar('app_secret', { length: 200 }).notNull().default(''),
    /** dh_icc_huati (OAuth): user, password, client id and secret. */
    username: varchar('username', { length: 200 }).notNull().default(''),
    password: varchar('password', { length: 200 }).notNull().default(''),
    clientId: varchar('client_id', { length: 200 }).notNull().default(''),
    clientSecret: varchar('client_secret', { length: 200 }).notNull().default(''),
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
