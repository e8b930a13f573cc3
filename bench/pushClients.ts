/**
 * The browsers of bench/push.ts, in a process of their own so the server's memory is measured alone:
 * opens SOCKETS_PER_TOKEN push sockets for each token it is given, signs each in, and records when
 * every pushed message arrived (the wall clock in microseconds, comparable across the two processes).
 */
import { API_PREFIX, PUSH_HEARTBEAT_MS, PUSH_PATH, pushServerFrameSchema } from '@cityops/contract';
import WebSocket from 'ws';
import { wallMs } from './clock.js';

export interface ClientsStart {
  kind: 'start';
  baseUrl: string;
  tokens: string[];
  perToken: number;
}
export type ClientsReply =
  | { kind: 'ready'; open: number; failed: number }
  | { kind: 'arrivals'; arrivals: Array<[messageId: number, atMs: number]> };

const arrivals: Array<[number, number]> = [];
const sockets: WebSocket[] = [];

function openOne(url: string, token: string): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    let signedIn = false;
    ws.on('open', () => ws.send(JSON.stringify({ accessToken: token })));
    ws.on('message', (data: WebSocket.RawData) => {
      const at = wallMs();
      const frame = pushServerFrameSchema.safeParse(JSON.parse(String(data)));
      if (!frame.success || frame.data.type !== 'messages') return;
      if (!signedIn) {
        signedIn = true;
        return resolve(true);
      }
      if (frame.data.fresh) for (const message of frame.data.messageList) arrivals.push([message.id, at]);
    });
    ws.on('error', () => resolve(false));
    ws.on('close', () => resolve(false));
    sockets.push(ws);
  });
}

process.on('message', (raw: ClientsStart | { kind: 'report' } | { kind: 'stop' }) => {
  const send = (reply: ClientsReply) => process.send?.(reply);
  if (raw.kind === 'start') {
    const url = `${raw.baseUrl.replace(/^http/, 'ws')}${API_PREFIX}${PUSH_PATH}`;
    void (async () => {
      let open = 0;
      let failed = 0;
      // In batches, as browsers arrive: a thousand handshakes at once measure the accept queue.
      for (const token of raw.tokens) {
        const results = await Promise.all(Array.from({ length: raw.perToken }, () => openOne(url, token)));
        for (const ok of results)
          if (ok) open += 1;
          else failed += 1;
      }
      setInterval(() => {
        for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping"}');
      }, PUSH_HEARTBEAT_MS).unref();
      send({ kind: 'ready', open, failed });
    })();
  } else if (raw.kind === 'report') {
    send({ kind: 'arrivals', arrivals: arrivals.splice(0) });
  } else {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
