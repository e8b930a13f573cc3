import { randomInt } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { RawData, WebSocket } from 'ws';
import type { SocketLike } from '../../http/sessionSocket.js';
import { parseUntrustedJson } from '../../http/untrustedJson.js';

/**
 * The SockJS framing (protocol 0.3, what `sockjs-client` 1.6 speaks) over a raw WebSocket, as a
 * socket http/sessionSocket.ts can serve: the server opens with `o`, sends `a["…"]` arrays of
 * messages, `h` heartbeats, and closes with `c[code,"reason"]`; the client sends `["…"]` arrays.
 */

export const SOCKJS_HEARTBEAT_MS = 25_000;
const OPEN = 1;

/** `GET {prefix}/info`: what the client asks before choosing a transport. */
export const sockjsInfo = () => ({
  websocket: true,
  origins: ['*:*'],
  cookie_needed: false,
  entropy: randomInt(0, 2 ** 31),
});

/** Each message of a client frame (`["a","b"]` or `"a"`), or null when the frame is not SockJS. */
export function sockjsMessages(frame: string): string[] | null {
  if (frame === '') return [];
  try {
    const parsed = parseUntrustedJson(frame);
    if (typeof parsed === 'string') return [parsed];
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed as string[];
    return null;
  } catch {
    return null;
  }
}

export class SockjsWebSocket extends EventEmitter implements SocketLike {
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly raw: WebSocket) {
    super();
    raw.send('o');
    this.heartbeat = setInterval(() => {
      if (raw.readyState === OPEN) raw.send('h');
    }, SOCKJS_HEARTBEAT_MS);
    this.heartbeat.unref();
    raw.on('message', (data: RawData, isBinary: boolean) => {
      const text = isBinary ? null : Buffer.isBuffer(data) ? data.toString('utf8') : null;
      const messages = text === null ? null : sockjsMessages(text);
      // Not SockJS: handed on as it came, for the protocol to refuse.
      if (messages === null) return this.emit('message', data, isBinary);
      for (const message of messages) this.emit('message', Buffer.from(message, 'utf8'), false);
    });
    raw.on('close', () => this.finish());
    raw.on('error', (error) => this.emit('error', error));
  }

  get readyState(): number {
    return this.closed ? 3 : this.raw.readyState;
  }

  send(data: string): void {
    if (this.readyState === OPEN) this.raw.send(`a${JSON.stringify([data])}`);
  }

  close(code: number, reason: string): void {
    if (this.raw.readyState === OPEN) {
      this.raw.send(`c${JSON.stringify([code, reason])}`);
      this.raw.close(code, reason);
    }
    this.finish();
  }

  terminate(): void {
    this.raw.terminate();
    this.finish();
  }

  private finish() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    this.emit('close');
  }
}
