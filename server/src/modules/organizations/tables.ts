import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { moment } from '../../db/columns.js';

/** The organization structure (platform-shell.md §3 Organization), a tree; a null parent is a root. */
export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => organizations.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 100 }).notNull(),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    /** An item code of the `org_type` dictionary. */
    orgType: varchar('org_type', { length: 64 }).notNull().default(''),
    projectStart: date('project_start', { mode: 'string' }),
    projectEnd: date('project_end', { mode: 'string' }),
    responsible: varchar('responsible', { length: 50 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    peopleCount: integer('people_count'),
    departmentCount: integer('department_count'),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    sortNum: integer('sort_num').notNull().default(0),
    editor: varchar('editor', { length: 50 }).notNull().default(''),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('organizations_parent_idx').on(t.parentId),
    check(
      'organizations_period_check',
      sql`${t.projectEnd} is null or ${t.projectStart} is null or ${t.projectEnd} > ${t.projectStart}`,
    ),
  ],
);
