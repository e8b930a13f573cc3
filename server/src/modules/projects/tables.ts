import { doublePrecision, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { moment } from '../../db/columns.js';

export const projects = pgTable('projects', {
  id: serial('project_id').primaryKey(),
  name: varchar('project_name', { length: 200 }).notNull(),
  longitude: doublePrecision('longitude'),
  latitude: doublePrecision('latitude'),
  polygon: jsonb('polygon').$type<{ lng: number; lat: number }[]>().notNull().default([]),
  createdAt: moment('created_at').notNull().defaultNow(),
});
