import type { IncomingHttpHeaders } from 'node:http';
import { API_PREFIX, PUSH_PATH, pushServerFrameSchema, type PushServerFrame } from '@cityops/contract';
import WebSocket from 'ws';

/**
 * A push socket as a test drives it (the browser's is packages/client/src/push.ts): every frame the
 * server sends is kept in order, `next()` takes them one by one, `closed` settles with the close code.
 */
export interface TestPushSocket {
  ws: WebSocket;
  /** The headers of the handshake's answer (behind a proxy: which instance took the socket). */
  upgradeHeaders: IncomingHttpHeaders;
  send(value: unknown): void;
  /** The next frame not taken yet, waiting up to `timeoutMs`; rejects if none comes. */
  next(timeoutMs?: number): Promise<PushServerFrame>;
  /** Resolves with the next frame of `type`, skipping others (pongs, counts…). */
  nextOf<T extends PushServerFrame['type']>(
    type: T,
    timeoutMs?: number,
  ): Promise<Extract<PushServerFrame, { type: T }>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** `baseUrl` is the server's http(s) origin. Resolves once the socket is open. */
export async function openPushSocket(baseUrl: string): Promise<TestPushSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${API_PREFIX}${PUSH_PATH}`;
  const ws = new WebSocket(url);
  let upgradeHeaders: IncomingHttpHeaders = {};
  ws.once('upgrade', (response) => (upgradeHeaders = response.headers));
  const frames: PushServerFrame[] = [];
  const waiting: Array<(frame: PushServerFrame) => void> = [];
  ws.on('message', (data: WebSocket.RawData) => {
    const frame = pushServerFrameSchema.parse(JSON.parse(String(data)));
    const take = waiting.shift();
    if (take) take(frame);
    else frames.push(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (timeoutMs = 5_000) =>
    new Promise<PushServerFrame>((resolve, reject) => {
      const ready = frames.shift();
      if (ready) return resolve(ready);
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(take), 1);
        reject(new Error(`no push frame within ${timeoutMs} ms`));
      }, timeoutMs);
      const take = (frame: PushServerFrame) => {
        clearTimeout(timer);
        resolve(frame);
      };
      waiting.push(take);
    });
  return {
    ws,
    upgradeHeaders,
    send: (value) => ws.send(typeof value === 'string' ? value : JSON.stringify(value)),
    next,
    async nextOf(type, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const frame = await next(Math.max(1, deadline - Date.now()));
        if (frame.type === type) return frame as never;
      }
    },
    closed,
    close: () => ws.close(),
  };
}
