import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { EVENTS_CHANNEL, type BusEvent } from '../modules/push/events.js';
import type { TestApp } from './testApp.js';

export interface BusListener {
  /** Every event heard so far, in order. */
  readonly events: BusEvent[];
  /** Waits until the notifications sent so far have arrived (a NOTIFY of its own comes back last). */
  settle(): Promise<void>;
  /** Forgets what was heard. */
  clear(): void;
  stop(): Promise<void>;
}

/** The driver's client under drizzle: PGlite, or node-postgres' pool. */
const clientOf = (t: TestApp) => (t.handle.db as unknown as { $client: unknown }).$client;

/**
 * Listens to the event bus (EVENTS_CHANNEL) of a test app's database, on PGlite and PostgreSQL alike,
 * so a test can see what was published and how often.
 */
export async function listenToBus(t: TestApp): Promise<BusListener> {
  const events: BusEvent[] = [];
  const marks: string[] = [];
  const heard = (payload: string) => {
    const event = JSON.parse(payload) as BusEvent | { mark: string };
    if ('mark' in event) marks.push(event.mark);
    else events.push(event);
  };
  let stop: () => Promise<void>;
  let notify: (payload: string) => Promise<unknown>;
  if (t.handle.kind === 'pglite') {
    const client = clientOf(t) as PGlite;
    const unlisten = await client.listen(EVENTS_CHANNEL, heard);
    stop = unlisten;
    notify = (payload) => client.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, payload]);
  } else {
    const client = await (clientOf(t) as pg.Pool).connect();
    client.on('notification', (message) => heard(message.payload ?? '{}'));
    await client.query(`listen ${EVENTS_CHANNEL}`);
    stop = async () => {
      await client.query(`unlisten ${EVENTS_CHANNEL}`);
      client.release();
    };
    notify = (payload) => client.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, payload]);
  }
  let count = 0;
  return {
    events,
    async settle() {
      const mark = `settle-${++count}`;
      await notify(JSON.stringify({ mark }));
      for (let tries = 0; tries < 200 && !marks.includes(mark); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    clear: () => {
      events.length = 0;
    },
    stop: () => stop(),
  };
}
