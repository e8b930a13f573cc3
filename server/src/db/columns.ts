import { timestamp } from 'drizzle-orm/pg-core';

/**
 * A point in time. Every timestamp is written from the app's clock (not the database's `now()`), so
 * tests can move time and several instances agree on what "expired" means.
 */
export const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
