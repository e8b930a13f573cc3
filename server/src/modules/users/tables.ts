import type { ColumnSetting } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { moment } from '../../db/columns.js';
import { organizations } from '../organizations/tables.js';
import { projects } from '../projects/tables.js';
import { roles } from '../roles/tables.js';

export const USER_STATUSES = ['enabled', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

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
    /** Set when an administrator chose the password (new account, reset): the user must replace it. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    defaultProjectId: integer('default_project_id').references(() => projects.id, { onDelete: 'set null' }),
    customConfig: jsonb('custom_config').$type<Record<string, unknown>>().notNull().default({}),
    email: varchar('email', { length: 50 }).notNull().default(''),
    gender: varchar('gender', { length: 8 }).$type<'male' | 'female'>(),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    otherContact: varchar('other_contact', { length: 50 }).notNull().default(''),
    jobTitle: varchar('job_title', { length: 50 }).notNull().default(''),
    birthDate: date('birth_date', { mode: 'string' }),
    orgId: integer('org_id').references(() => organizations.id, { onDelete: 'set null' }),
    editor: varchar('editor', { length: 50 }).notNull().default(''),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('users_status_check', sql`${t.status} in ('enabled', 'disabled')`),
    check('users_gender_check', sql`${t.gender} is null or ${t.gender} in ('male', 'female')`),
    // Accounts differ ignoring case, so `Admin` cannot sit beside `admin`; the database enforces it.
    uniqueIndex('users_user_name_lower_key').on(sql`lower(${t.userName})`),
    index('users_org_idx').on(t.orgId),
    index('users_name_idx').on(t.name),
    index('users_created_idx').on(t.createdAt, t.id),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
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

/** A user's column settings per list (shown, order, width), so they follow the user to any browser. */
export const userTableSettings = pgTable(
  'user_table_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tableKey: varchar('table_key', { length: 64 }).notNull(),
    columns: jsonb('columns').$type<ColumnSetting[]>().notNull(),
    updatedAt: moment('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tableKey] })],
);
