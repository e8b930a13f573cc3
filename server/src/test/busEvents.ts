import { sql } from 'drizzle-orm';
import { EVENTS_CHANNEL, type BusEvent } from '../modules/push/events.js';
import type { TestApp } from './testApp.js';

export interface BusListener {
  /** Every event heard so far, in order. */
  readonly events: BusEvent[];
  /** Waits until the notifications sent so far have arrived (a NOTIFY of its own comes back last). */
  settle(): Promise<void>;
  /** Waits for what was sent so far (see `settle`), then forgets all of it. */
  clear(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Listens to the event bus (EVENTS_CHANNEL) of a test app's database through the handle's own
 * `listen`, as the push layer does, so a test can see what was published and how often.
 */
export async function listenToBus(t: TestApp): Promise<BusListener> {
  const events: BusEvent[] = [];
  const marks: string[] = [];
  const heard = (payload: string) => {
    const event = JSON.parse(payload) as BusEvent | { mark: string };
    if ('mark' in event) marks.push(event.mark);
    else events.push(event);
  };
  const stop = await t.handle.listen(EVENTS_CHANNEL, heard);
  const notify = (payload: string) =>
    t.handle.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
  let count = 0;
  const settle = async () => {
    const mark = `settle-${++count}`;
    await notify(JSON.stringify({ mark }));
    for (let tries = 0; tries < 200 && !marks.includes(mark); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  return {
    events,
    settle,
    async clear() {
      await settle();
      events.length = 0;
    },
    stop: () => stop(),
  };
}
