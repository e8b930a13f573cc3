import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { AuditBusinessType, SegmentState } from '@cityops/contract';
import { moment } from '../../db/columns.js';
import { userProjects, users } from '../users/tables.js';
import { projects } from './tables.js';

/**
 * A project's plan, posts and auditors. Everything here goes with its project; what
 * names a person goes with that person's membership of the project (`user_projects`).
 */

/** A cycle (phase) of the project plan. */
export const projectCycles = pgTable(
  'project_cycles',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    sortNum: integer('sort_num').notNull().default(0),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_cycles_name_key').on(t.projectId, sql`lower(${t.name})`),
    check('project_cycles_period_check', sql`${t.endDate} > ${t.startDate}`),
  ],
);

/** A segment of a cycle: dated inside it, with a state and an owner among the project's members. */
export const projectSegments = pgTable(
  'project_segments',
  {
    id: serial('id').primaryKey(),
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => projectCycles.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    state: varchar('state', { length: 16 }).$type<SegmentState>().notNull().default('notStarted'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('project_segments_cycle_idx').on(t.cycleId),
    index('project_segments_owner_idx').on(t.ownerId),
    check('project_segments_period_check', sql`${t.endDate} > ${t.startDate}`),
    check('project_segments_state_check', sql`${t.state} in ('notStarted', 'inProgress', 'done', 'delayed')`),
  ],
);

/** The posts of a project's team, a tree. */
export const projectPosts = pgTable(
  'project_posts',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => projectPosts.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    sortNum: integer('sort_num').notNull().default(0),
  },
  (t) => [index('project_posts_project_idx').on(t.projectId)],
);

/** Who holds which post: one post per member of the project; it goes with the membership. */
export const projectPostUsers = pgTable(
  'project_post_users',
  {
    projectId: integer('project_id').notNull(),
    userId: integer('user_id').notNull(),
    postId: integer('post_id')
      .notNull()
      .references(() => projectPosts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_post_users_post_idx').on(t.postId),
    foreignKey({
      name: 'project_post_users_member_fk',
      columns: [t.userId, t.projectId],
      foreignColumns: [userProjects.userId, userProjects.projectId],
    }).onDelete('cascade'),
  ],
);

/** A project's auditors per business type, in the order they audit; each one a member. */
export const projectAuditors = pgTable(
  'project_auditors',
  {
    projectId: integer('project_id').notNull(),
    businessType: varchar('business_type', { length: 16 }).$type<AuditBusinessType>().notNull(),
    userId: integer('user_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.businessType, t.userId] }),
    foreignKey({
      name: 'project_auditors_member_fk',
      columns: [t.userId, t.projectId],
      foreignColumns: [userProjects.userId, userProjects.projectId],
    }).onDelete('cascade'),
    check('project_auditors_business_check', sql`${t.businessType} in ('workOrder', 'inspection', 'alarm')`),
  ],
);
