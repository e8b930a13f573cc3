import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  jsonb,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ProjectHosting, ProjectPhase } from '@cityops/contract';
import { moment } from '../../db/columns.js';

/** Projects (platform-shell.md §3 Project). Members are `user_projects`; the plan, posts and auditors are in planTables.ts. */
export const projects = pgTable(
  'projects',
  {
    id: serial('project_id').primaryKey(),
    name: varchar('project_name', { length: 200 }).notNull(),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    polygon: jsonb('polygon').$type<{ lng: number; lat: number }[]>().notNull().default([]),
    /** The customer or affiliation (所属单位). */
    customer: varchar('customer', { length: 50 }).notNull().default(''),
    hosting: varchar('hosting', { length: 16 }).$type<ProjectHosting>(),
    phase: varchar('phase', { length: 16 }).$type<ProjectPhase>().notNull().default('planning'),
    implementedOn: date('implemented_on', { mode: 'string' }),
    deliveredOn: date('delivered_on', { mode: 'string' }),
    leader: varchar('leader', { length: 50 }).notNull().default(''),
    leaderPhone: varchar('leader_phone', { length: 30 }).notNull().default(''),
    opsLeader: varchar('ops_leader', { length: 50 }).notNull().default(''),
    opsLeaderPhone: varchar('ops_leader_phone', { length: 30 }).notNull().default(''),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    editor: varchar('editor', { length: 50 }).notNull().default(''),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Names differ ignoring case; the database enforces it.
    uniqueIndex('projects_name_lower_key').on(sql`lower(${t.name})`),
    check('projects_hosting_check', sql`${t.hosting} is null or ${t.hosting} in ('self', 'hosted')`),
    check('projects_phase_check', sql`${t.phase} in ('planning', 'implementing', 'delivered', 'operating')`),
    check(
      'projects_delivery_check',
      sql`${t.deliveredOn} is null or ${t.implementedOn} is null or ${t.deliveredOn} >= ${t.implementedOn}`,
    ),
  ],
);
