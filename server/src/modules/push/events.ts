import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DatabaseHandle } from '../../db/connection.js';

/**
 * What one server instance tells every instance (itself included), through PostgreSQL's NOTIFY on one
 * channel (ARCHITECTURE "Push to browsers"): the event is written to the database first, and the
 * notification carries only what to read again, so it stays far under NOTIFY's 8000-byte payload.
 * Published inside a transaction, it is delivered when (and only if) that transaction commits.
 */
export const EVENTS_CHANNEL = 'cityops_events';

/** The most ids one event names (users, sessions): more users are `null` (anyone), more sessions several events. */
export const BUS_MAX_IDS = 500;

export const busEventSchema = z.discriminatedUnion('k', [
  /** A message event was stored with its recipients' rows (modules/messages). */
  z.object({ k: z.literal('message'), eventId: z.number().int() }),
  /** These users' unread counts changed without a new message (read in some tab or instance). */
  z.object({ k: z.literal('read'), userIds: z.array(z.number().int()).max(BUS_MAX_IDS) }),
  /** What these users (null: anyone) hold changed: roles, permissions, resources, the licence. */
  z.object({ k: z.literal('access'), userIds: z.array(z.number().int()).max(BUS_MAX_IDS).nullable() }),
  /** The dictionary changed. */
  z.object({ k: z.literal('dictionary') }),
  /** These sessions ended (signed out, kicked, disabled user, password changed). */
  z.object({ k: z.literal('sessions'), sessionIds: z.array(z.number().int()).max(BUS_MAX_IDS) }),
  /**
   * These devices may no longer be connected (disabled, deleted, secret reset): every instance drops
   * their MQTT connections (modules/devices publishes, modules/iot acts).
   */
  z.object({ k: z.literal('devices.revoked'), deviceKeys: z.array(z.string()).max(BUS_MAX_IDS) }),
  /** A product's thing model or rules changed: every instance reads it again (modules/iot's cache). */
  z.object({ k: z.literal('products.changed'), productIds: z.array(z.number().int()).max(BUS_MAX_IDS) }),
  /** These devices reported values or changed connection state: live sockets following them read them again. */
  z.object({ k: z.literal('devices.live'), deviceIds: z.array(z.number().int()).max(BUS_MAX_IDS) }),
  /** A device answered a command (the reply may reach another instance than the one waiting for it). */
  z.object({ k: z.literal('command.replied'), commandId: z.number().int() }),
  /**
   * These devices' registry fields changed (project, name, address...): every instance reads their
   * identity again, connected ones included (modules/devices publishes, modules/iot acts).
   */
  z.object({ k: z.literal('devices.changed'), deviceKeys: z.array(z.string()).max(BUS_MAX_IDS) }),
  /** These alarm calls rang, were answered or ended (modules/alarmbox): every instance tells its alarm sockets. */
  z.object({ k: z.literal('alarm.calls'), callIds: z.array(z.number().int()).max(BUS_MAX_IDS) }),
  /** These alarms opened (raised) or changed (modules/alarms): every instance tells its alarm feed sockets. */
  z.object({
    k: z.literal('alarms'),
    raised: z.array(z.number().int()).max(BUS_MAX_IDS),
    changed: z.array(z.number().int()).max(BUS_MAX_IDS),
  }),
]);
export type BusEvent = z.infer<typeof busEventSchema>;

/** Tells every instance about `event` once `db` (a transaction, or the database) commits. */
export async function publish(db: Database, event: BusEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/**
 * Hears the bus through `listen` (AppContext.listen): each event of ours goes to `onEvent`, anything
 * else to `onForeign`; `onReconnect` after events may have been missed. Answers the stop function.
 */
export function listenBus(
  listen: DatabaseHandle['listen'],
  handlers: { onEvent(event: BusEvent): void; onReconnect(): void; onForeign?(): void },
) {
  return listen(
    EVENTS_CHANNEL,
    (payload) => {
      let parsed;
      try {
        parsed = busEventSchema.safeParse(JSON.parse(payload));
      } catch {
        parsed = null;
      }
      if (parsed?.success) handlers.onEvent(parsed.data);
      else handlers.onForeign?.();
    },
    () => handlers.onReconnect(),
  );
}
