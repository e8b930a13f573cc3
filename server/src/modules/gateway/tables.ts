import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { moment } from '../../db/columns.js';
import { devices } from '../devices/tables.js';

/**
 * Gateway allowlists (iot/gateway/white): the addresses of the field nodes (single-lamp
 * controllers, meters, ...) a gateway accepts on its local bus. The platform keeps the list and sends it
 * whole to the gateway; `iot_gateway_allowlist_sync` says which revision the gateway last confirmed.
 */
export const gatewayAllowlist = pgTable(
  'iot_gateway_allowlist',
  {
    id: serial('entry_id').primaryKey(),
    gatewayId: integer('gateway_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The node's address on the gateway's bus (hex, MAC or serial number). */
    address: varchar('address', { length: 64 }).notNull(),
    name: varchar('name', { length: 32 }).notNull().default(''),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    editor: varchar('editor', { length: 50 }).notNull().default(''),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('iot_gateway_allowlist_address_key').on(t.gatewayId, sql`lower(${t.address})`),
    index('iot_gateway_allowlist_gateway_idx').on(t.gatewayId),
  ],
);

export const gatewayAllowlistSync = pgTable('iot_gateway_allowlist_sync', {
  gatewayId: integer('gateway_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  /** Bumped on every change to the gateway's list. */
  revision: integer('revision').notNull().default(0),
  /** The revision the gateway last confirmed; null when it never has. */
  syncedRevision: integer('synced_revision'),
  syncedAt: moment('synced_at'),
  /** The gateway's or the platform's reason the last send failed; empty after a success. */
  lastError: varchar('last_error', { length: 200 }).notNull().default(''),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});
