import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { moment } from '../../db/columns.js';
import { areas } from '../areas/tables.js';
import { projects } from '../projects/tables.js';

/** Sites: places of a project, each optionally in one of its area nodes. */
export const sites = pgTable(
  'sites',
  {
    id: serial('site_id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'restrict' }),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    address: varchar('address', { length: 100 }).notNull().default(''),
    contact: varchar('contact', { length: 50 }).notNull().default(''),
    contactPhone: varchar('contact_phone', { length: 30 }).notNull().default(''),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    editor: varchar('editor', { length: 50 }).notNull().default(''),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Names differ within a project ignoring case.
    uniqueIndex('sites_project_name_key').on(t.projectId, sql`lower(${t.name})`),
    index('sites_area_idx').on(t.areaId),
  ],
);
