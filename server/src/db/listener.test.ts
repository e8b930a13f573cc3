import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchPostgres } from '../test/testApp.js';
import { LISTEN_APPLICATION, ListenMultiplexer } from './listener.js';

/*
 * One LISTEN connection per instance (db/listener.ts): every channel of every subscriber on one
 * PostgreSQL connection, back by itself after it is cut, closed with the last subscriber. Runs where
 * the suite runs on PostgreSQL.
 */
const server = process.env.DATABASE_URL;

describe.skipIf(!server)('the LISTEN multiplexer', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  let admin: pg.Client;

  beforeAll(async () => {
    scratch = await scratchPostgres(server ?? '');
    admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await scratch?.drop();
  });

  const listeners = async () =>
    (
      await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
        [LISTEN_APPLICATION],
      )
    ).rows.map((row) => row.pid);
  const notify = (channel: string, payload: string) =>
    admin.query('select pg_notify($1, $2)', [channel, payload]);

  /** Collects payloads; `next()` waits for the next one. */
  const inbox = () => {
    const heard: string[] = [];
    let wake: (() => void) | null = null;
    return {
      heard,
      take: (payload: string) => {
        heard.push(payload);
        wake?.();
      },
      async next(count: number, ms = 5_000) {
        const until = Date.now() + ms;
        while (heard.length < count) {
          if (Date.now() > until) throw new Error(`heard ${heard.length} of ${count}`);
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, 50);
          });
        }
        return heard.slice(0, count);
      },
    };
  };

  it('carries every channel of every subscriber on one connection and routes each payload', async () => {
    const mux = new ListenMultiplexer(scratch.url);
    const [a, b, c] = [inbox(), inbox(), inbox()];
    const stops = [
      await mux.listen('bus', a.take),
      await mux.listen('bus', b.take),
      await mux.listen('other channel', c.take),
    ];
    expect(await listeners()).toHaveLength(1);
    await notify('bus', 'one');
    await notify('other channel', 'two');
    expect(await a.next(1)).toEqual(['one']);
    expect(await b.next(1)).toEqual(['one']);
    expect(await c.next(1)).toEqual(['two']);

    // One of two on a channel stops: the other still hears it.
    await stops[0]?.();
    await notify('bus', 'three');
    expect(await b.next(2)).toEqual(['one', 'three']);
    expect(a.heard).toEqual(['one']);
    expect(await listeners()).toHaveLength(1);

    // The last subscriber gone, the connection closes.
    await stops[1]?.();
    await stops[2]?.();
    expect(mux.connected).toBe(false);
    expect(await listeners()).toHaveLength(0);
    await mux.close();
  });

  it('comes back after its connection is cut, listens again on every channel and tells each subscriber', async () => {
    const mux = new ListenMultiplexer(scratch.url);
    const [a, c] = [inbox(), inbox()];
    let reconnects = 0;
    await mux.listen('bus', a.take, () => (reconnects += 1));
    await mux.listen('other channel', c.take, () => (reconnects += 1));
    const [pid] = await listeners();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    const until = Date.now() + 10_000;
    while (reconnects < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reconnects).toBe(2);
    const after = await listeners();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(pid);
    await notify('bus', 'after');
    await notify('other channel', 'after too');
    expect(await a.next(1)).toEqual(['after']);
    expect(await c.next(1)).toEqual(['after too']);
    await mux.close();
    expect(await listeners()).toHaveLength(0);
  }, 20_000);
});
