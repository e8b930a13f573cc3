import { boolean, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { moment } from '../../db/columns.js';

/** Dictionary types (alarm states, levels, organization types, ...); items belong to one. */
export const dictionaryTypes = pgTable('dictionary_types', {
  code: varchar('code', { length: 64 }).primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  description: varchar('description', { length: 200 }).notNull().default(''),
  sortNum: integer('sort_num').notNull().default(0),
  editor: varchar('editor', { length: 50 }).notNull().default(''),
  createdAt: moment('created_at').notNull().defaultNow(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

export const dictionary = pgTable(
  'dictionary',
  {
    id: serial('id').primaryKey(),
    dicCode: varchar('dic_code', { length: 64 })
      .notNull()
      .references(() => dictionaryTypes.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    itemCode: varchar('item_code', { length: 64 }).notNull(),
    itemName: varchar('item_name', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** A disabled item is kept (old records still show its name) but no longer offered. */
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('dictionary_code_item_key').on(t.dicCode, t.itemCode)],
);
