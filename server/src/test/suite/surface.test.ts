import { API_PREFIX, PUSH_CLOSE, StatusCode } from '@cityops/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BOUNDARY, form } from '../multipart.js';
import { createTestApp } from '../testApp.js';

/**
 * The standing suite's second half: what is not a JSON endpoint. Every socket the app registers gets
 * hostile first frames, every upload hostile forms, from a caller with no session and from the
 * administrator. Whatever comes, a socket is closed with a refusal's code (never 1011, a failure of
 * ours), an upload is answered with the envelope's refusal or success (never 服务不可用), nothing is
 * logged as an error, and the server answers /api/health after.
 *
 * Replay a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run src/test/suite/surface.test.ts
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_207);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const t = await createTestApp({ captureLogs: true });
const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
let admin = '';
beforeAll(async () => {
  admin = await t.token('admin', 'Admin@123');
});
afterAll(() => t.close());

/** Error lines logged since `from`. */
const errorsSince = (from: number) =>
  t.logs
    .slice(from)
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level >= 50);

const sockets = t.app.cityops.routes.routes
  .filter((route) => route.socket && route.method === 'GET' && !route.url.endsWith('/info'))
  .map((route) => ({ url: route.url, sockjs: route.url.includes(':session') }));

/**
 * Close codes a refused first frame may get: the application's refusals (4400 not this protocol,
 * 4401 no session, 4403 no permission, 4429 too large or too many) and ws's own protocol refusals.
 */
const REFUSALS = new Set<number>([...Object.values(PUSH_CLOSE), 1002, 1003, 1007, 1009]);

type Frame = { text: string } | { bytes: Uint8Array };

const firstFrame: fc.Arbitrary<Frame> = fc.oneof(
  fc.json({ depthSize: 'small' }).map((text) => ({ text })),
  fc.string({ maxLength: 300 }).map((text) => ({ text })),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ bytes })),
  // Shaped like a sign-in, with a token that names no session (or is not a text at all).
  fc
    .record({
      accessToken: fc.oneof(fc.string({ maxLength: 600 }), fc.integer(), fc.constant(null)),
      devIds: fc.oneof(fc.array(fc.integer()), fc.string(), fc.constant(undefined)),
      type: fc.oneof(fc.constantFrom('ping', 'follow'), fc.string()),
    })
    .map((frame) => ({ text: JSON.stringify(frame) })),
);

/** Opens the socket, sends the frame as the first, and answers the code the server closes with. */
async function closeCodeAfter(socket: (typeof sockets)[number], frame: Frame): Promise<number> {
  const path = socket.url.replace(':server', '000').replace(':session', Math.random().toString(36).slice(2));
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}${path}`);
  ws.on('error', () => undefined);
  const code = new Promise<number>((resolve) => {
    ws.on('message', (data: WebSocket.RawData) => {
      // SockJS says its close in a frame (c[code,"reason"]) before the socket itself closes.
      const text = String(data);
      if (socket.sockjs && text.startsWith('c[')) resolve((JSON.parse(text.slice(1)) as [number])[0]);
    });
    ws.on('close', (closed) => resolve(closed));
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  if ('bytes' in frame) ws.send(frame.bytes);
  else ws.send(socket.sockjs ? JSON.stringify([frame.text]) : frame.text);
  const answer = await code;
  ws.terminate();
  return answer;
}

/** A sign-in frame each socket takes (the intercom's names a box, the alarm result the boxes shown). */
function signInFrame(url: string, token: string) {
  if (url.includes('/websocket/alarm/')) return { accessToken: token, devIds: [1], terminals: '' };
  if (url.includes(':session')) return { accessToken: token, devIds: [] };
  return { accessToken: token };
}

describe('every socket', () => {
  it('is found: the message, telemetry and alarm feeds, the alarm result (SockJS) and the intercom', () => {
    expect(sockets.map(({ url }) => url)).toEqual(
      expect.arrayContaining([
        `${API_PREFIX}/push/message`,
        `${API_PREFIX}/push/telemetry`,
        `${API_PREFIX}/push/alarms`,
        `${API_PREFIX}/websocket/alarm/talk`,
        `${API_PREFIX}/websocket/alarm/listen`,
      ]),
    );
    expect(sockets.filter(({ sockjs }) => sockjs)).toHaveLength(1);
  });

  it.each(sockets.map((socket) => [socket.url, socket] as const))(
    '%s refuses any hostile first frame with a refusal, logging no error',
    async (_, socket) => {
      const from = t.logs.length;
      await fc.assert(
        fc.asyncProperty(firstFrame, async (frame) => {
          expect(REFUSALS).toContain(await closeCodeAfter(socket, frame));
        }),
        { seed: SEED, numRuns: RUNS },
      );
      expect(errorsSince(from)).toEqual([]);
      expect((await t.call('GET', `${API_PREFIX}/health`)).json.status_code).toBe(StatusCode.SUCCESS);
    },
  );
});

describe('every socket, signed in without its page', () => {
  it.each(sockets.map((socket) => [socket.url, socket] as const))(
    '%s refuses a live session that holds none of its pages (4403)',
    async (_, socket) => {
      await t.createUser('socket_outsider', 'Outsider@123', ['userManage']).catch(() => undefined);
      const token = await t.token('socket_outsider', 'Outsider@123');
      const frame = JSON.stringify(signInFrame(socket.url, token));
      expect(await closeCodeAfter(socket, { text: frame })).toBe(PUSH_CLOSE.forbidden);
    },
  );
});

const uploads = t.app.cityops.routes.routes.filter(
  (route) => route.method === 'POST' && route.endpoint && 'upload' in route.endpoint,
);

/** A multipart body, well formed or broken in one of the ways a client or an attacker breaks it. */
const hostileForm = fc.oneof(
  fc
    .record({
      fields: fc.dictionary(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ maxLength: 200 }), {
        maxKeys: 6,
      }),
      name: fc.oneof(
        fc.string({ maxLength: 300 }),
        fc.constantFrom('../../etc/passwd', 'a\u0000b.xlsx', 'CON', '.', '', '设备.xlsx', 'x'.repeat(1000)),
      ),
      bytes: fc.uint8Array({ maxLength: 2_000 }),
      withFile: fc.boolean(),
    })
    .map(({ fields, name, bytes, withFile }) => {
      // Names a form cannot carry unescaped are left to the broken bodies below.
      const safe = (text: string) => text.replace(/["\r\n]/g, '_');
      const named = Object.fromEntries(Object.entries(fields).map(([key, value]) => [safe(key), value]));
      return form(named, withFile ? { name: safe(name), bytes: Buffer.from(bytes) } : undefined);
    }),
  // Cut short, boundary-less, or not multipart's shape at all.
  fc
    .uint8Array({ maxLength: 2_000 })
    .map((bytes) => Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n`), bytes])),
  fc.string({ maxLength: 500 }).map((text) => Buffer.from(text)),
);

describe('every upload', () => {
  it('is found: device and point imports, firmware, work-order photos, editions', () => {
    expect(uploads.length).toBeGreaterThanOrEqual(5);
  });

  it.each(uploads.map((route) => [route.url, route] as const))(
    '%s answers any form with the envelope, never a failure of ours',
    async (url) => {
      const from = t.logs.length;
      await fc.assert(
        fc.asyncProperty(hostileForm, fc.boolean(), async (body, signedIn) => {
          const answer = await t.app.inject({
            method: 'POST',
            url,
            headers: {
              'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
              ...(signedIn ? { 'access-token': admin } : {}),
            },
            payload: body,
          });
          expect(answer.statusCode).toBe(200);
          const { status_code: status } = answer.json<{ status_code: number }>();
          expect(status).not.toBe(StatusCode.UNAVAILABLE);
          if (!signedIn) expect(status).toBe(StatusCode.SESSION_ENDED);
        }),
        { seed: SEED, numRuns: RUNS },
      );
      expect(errorsSince(from)).toEqual([]);
    },
  );
});
