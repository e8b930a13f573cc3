import { jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { moment } from '../../db/columns.js';

/** Settings administrators change at run time (e.g. `logs.retentionDays`), one JSON value per key. */
export const systemSettings = pgTable('system_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: moment('updated_at').notNull(),
});
