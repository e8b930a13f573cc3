import {
  ALARM_FEED_PATH,
  ALARM_RESULT_PATH,
  API_PREFIX,
  PUSH_CLOSE,
  PUSH_PATH,
  PUSH_SOCKETS_PER_USER,
  TELEMETRY_PUSH_PATH,
} from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../test/testApp.js';

let t: TestApp;
let origin: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ captureLogs: true });
  origin = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
  admin = await t.token('admin', 'Admin@123');
});
afterAll(() => t.close());

/** Each signed-in socket of the server: where it is, and how its frames are wrapped. */
const kinds = [
  { name: 'message push', path: PUSH_PATH, sockjs: false },
  { name: 'live telemetry', path: TELEMETRY_PUSH_PATH, sockjs: false },
  { name: 'alarm feed', path: ALARM_FEED_PATH, sockjs: false },
  { name: 'alarm result (SockJS)', path: `${ALARM_RESULT_PATH}/000/limit`, sockjs: true },
] as const;

interface Opened {
  ws: WebSocket;
  /** 'welcomed' at the server's first frame after sign-in, or the close code. */
  outcome: Promise<'welcomed' | number>;
}

async function open(kind: (typeof kinds)[number], token: string, n: number): Promise<Opened> {
  const path = kind.sockjs ? `${kind.path}${n}/websocket` : kind.path;
  const ws = new WebSocket(`${origin}${API_PREFIX}${path}`);
  const outcome = new Promise<'welcomed' | number>((resolve) => {
    ws.on('message', (data: WebSocket.RawData) => {
      const text = String(data);
      // SockJS opens with 'o' and closes with c[code,"reason"] before the socket itself closes.
      if (kind.sockjs && text === 'o') return;
      if (kind.sockjs && text.startsWith('c')) return resolve((JSON.parse(text.slice(1)) as [number])[0]);
      resolve('welcomed');
    });
    ws.on('close', (code) => resolve(code));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const signIn = JSON.stringify({ accessToken: token, ...(kind.sockjs ? { devIds: [] } : {}) });
  ws.send(kind.sockjs ? JSON.stringify([signIn]) : signIn);
  return { ws, outcome };
}

describe.each(kinds)('the $name socket', (kind) => {
  it(`holds ${PUSH_SOCKETS_PER_USER} sockets of one user, refuses the next, and admits one again after a close`, async () => {
    const held = await Promise.all(
      Array.from({ length: PUSH_SOCKETS_PER_USER }, (_, n) => open(kind, admin, n)),
    );
    for (const socket of held) await expect(socket.outcome).resolves.toBe('welcomed');

    const extra = await open(kind, admin, PUSH_SOCKETS_PER_USER);
    await expect(extra.outcome).resolves.toBe(PUSH_CLOSE.flood);

    const first = held[0];
    if (!first) throw new Error('no socket held');
    const gone = new Promise((resolve) => first.ws.once('close', resolve));
    first.ws.close();
    await gone;
    // The server hears the close in its own time: the freed place is taken once it has.
    await expect
      .poll(async () => {
        const again = await open(kind, admin, PUSH_SOCKETS_PER_USER + 1);
        const outcome = await again.outcome;
        if (outcome !== 'welcomed') again.ws.terminate();
        return outcome;
      })
      .toBe('welcomed');
    for (const socket of held) socket.ws.terminate();
  });
});

describe('a frame over the size limit from a socket not signed in', () => {
  it.each(kinds)(
    'closes the $name socket with 1009 and is logged as a refusal, not an error with a stack',
    async (kind) => {
      const path = kind.sockjs ? `${kind.path}big/websocket` : kind.path;
      const ws = new WebSocket(`${origin}${API_PREFIX}${path}`);
      ws.on('error', () => undefined);
      await new Promise((resolve) => ws.once('open', resolve));
      const closed = new Promise<number>((resolve) => ws.once('close', resolve));
      const before = t.logs.length;
      ws.send('x'.repeat(100_000));
      await expect(closed).resolves.toBe(1009);
      await expect
        .poll(() => t.logs.slice(before).some((line) => line.includes('"socket refused"')))
        .toBe(true);
      const lines = t.logs.slice(before).map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      expect(t.logs.slice(before).join('\n')).not.toContain('"stack"');
    },
  );
});
