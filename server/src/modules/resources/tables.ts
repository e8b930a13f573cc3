import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

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
    /** Public resources are held by every signed-in user, whatever their roles. */
    isPublic: boolean('is_public').notNull().default(false),
  },
  (t) => [
    // Routes match codes case-insensitively (spec §6), so codes must differ ignoring case.
    uniqueIndex('resources_code_lower_key').on(sql`lower(${t.code})`),
    index('resources_parent_idx').on(t.parentId),
    check('resources_type_check', sql`${t.type} between 0 and 6`),
    check('resources_sort_num_check', sql`${t.sortNum} < 1000`),
  ],
);
