import { integer, pgTable, primaryKey, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { moment } from '../../db/columns.js';
import { resources } from '../resources/tables.js';

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    /** Stable handle for built-in roles (`admin`); user-made roles get one too. */
    code: varchar('code', { length: 50 }).notNull().unique(),
    name: varchar('name', { length: 50 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    editor: varchar('editor', { length: 50 }).notNull().default(''),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_name_key').on(t.name)],
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

/** Code of the built-in administrator role; users holding it (and enabled) are administrators. */
export const ADMIN_ROLE = 'admin';
