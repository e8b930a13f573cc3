import type { FieldChangeRow, LogOutcome, SignInAction } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { moment } from '../../db/columns.js';
import { users } from '../users/tables.js';

/** The sign-in log's actions and both logs' outcomes are the contract's. */
export type Operation = SignInAction;
export type Outcome = LogOutcome;

/** The sign-in log: sign-ins, sign-outs, failures and why, locks, password changes. Append-only. */
export const operationLog = pgTable(
  'operation_log',
  {
    id: serial('id').primaryKey(),
    time: moment('time').notNull(),
    /** The account as typed (whitespace removed), also for accounts that do not exist. */
    account: varchar('account', { length: 100 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
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

/** One changed field of an edit, as the operation log shows it (the contract's shape). */
export type FieldChange = FieldChangeRow;

/**
 * The operation log: who did what to which record, when, with what result, and for edits the fields
 * before and after. Append-only: no endpoint edits or deletes a row; only retention removes old ones.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    time: moment('time').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    account: varchar('account', { length: 100 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** The page (resource code) the operation belongs to, e.g. `userManage`. */
    module: varchar('module', { length: 64 }).notNull(),
    /** create, update, delete, ... */
    action: varchar('action', { length: 32 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull().default(''),
    targetName: varchar('target_name', { length: 200 }).notNull().default(''),
    outcome: varchar('outcome', { length: 16 }).$type<Outcome>().notNull(),
    detail: varchar('detail', { length: 500 }).notNull().default(''),
    changes: jsonb('changes').$type<FieldChange[]>().notNull().default([]),
  },
  (t) => [
    index('audit_log_time_idx').on(t.time),
    index('audit_log_module_time_idx').on(t.module, t.time),
    index('audit_log_account_time_idx').on(t.account, t.time),
  ],
);
