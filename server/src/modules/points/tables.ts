import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { moment } from '../../db/columns.js';
import { areas } from '../areas/tables.js';
import { projects } from '../projects/tables.js';
import { sites } from '../sites/tables.js';

/**
 * Installation points (pointManagement): a pole, cabinet, wall or other place where one
 * or more devices are mounted (a lamp, a camera and a sensor on one pole). Devices point at it by
 * `iot_devices.point_id`; deleting a point unmounts its devices, it never deletes them.
 */
export const points = pgTable(
  'iot_points',
  {
    id: serial('point_id').primaryKey(),
    /** The number painted on the pole, unique ignoring case. */
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    /** pole | cabinet | wall | other (contract: POINT_KINDS). */
    kind: varchar('kind', { length: 16 }).notNull().default('pole'),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'set null' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    segment: varchar('segment', { length: 50 }).notNull().default(''),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    address: varchar('address', { length: 100 }).notNull().default(''),
    /** Pole height in metres, when it is a pole. */
    height: doublePrecision('height'),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    editor: varchar('editor', { length: 50 }).notNull().default(''),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('iot_points_code_key').on(sql`lower(${t.code})`),
    index('iot_points_project_idx').on(t.projectId),
    index('iot_points_area_idx').on(t.areaId),
  ],
);
