import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { AreaType, LngLat } from '@cityops/contract';
import { moment } from '../../db/columns.js';
import { projects } from '../projects/tables.js';
import { users } from '../users/tables.js';

/**
 * Areas: a tree under each project of directories (`areadir`, may nest) and nodes
 * (`areanode`, no children), each with its outline in WGS-84. A project or parent with areas cannot be
 * deleted (the service refuses first; the foreign keys hold it too).
 */
export const areas = pgTable(
  'areas',
  {
    id: serial('area_id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    parentId: integer('parent_id').references((): AnyPgColumn => areas.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    type: varchar('type', { length: 16 }).$type<AreaType>().notNull(),
    polygon: jsonb('polygon').$type<LngLat[]>().notNull().default([]),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    sortNum: integer('sort_num').notNull().default(0),
    editor: varchar('editor', { length: 50 }).notNull().default(''),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Sibling names differ ignoring case (the top of a project counts as one parent).
    uniqueIndex('areas_sibling_name_key').on(
      t.projectId,
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.name})`,
    ),
    index('areas_parent_idx').on(t.parentId),
    check('areas_type_check', sql`${t.type} in ('areadir', 'areanode')`),
  ],
);

/** The areas a user was given (a directory gives its descendants too): the session's `areaIds`. */
export const userAreas = pgTable(
  'user_areas',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.areaId] }), index('user_areas_area_idx').on(t.areaId)],
);
