import { constants, publicEncrypt } from 'node:crypto';
import {
  pluginAnswerSchema,
  pluginEventSchema,
  type PluginAnswer,
  type PluginEvent,
  type PluginMethod,
} from '@cityops/contract';
import WebSocket from 'ws';

/** A page's end of the plug-in's socket, for tests: requests by method, answers by id, events kept. */
export class PluginClient {
  readonly events: PluginEvent[] = [];
  /** Answers whose id matched no request (frames without an id get id ''). */
  readonly stray: PluginAnswer[] = [];
  private readonly waiting = new Map<string, (answer: PluginAnswer) => void>();
  private readonly eventWaiters = new Set<() => void>();
  private next = 1;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const json: unknown = JSON.parse(String(data));
      const event = pluginEventSchema.safeParse(json);
      if (event.success) {
        this.events.push(event.data);
        for (const wake of this.eventWaiters) wake();
        return;
      }
      const answer = pluginAnswerSchema.parse(json);
      const resolve = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (resolve) resolve(answer);
      else this.stray.push(answer);
    });
  }

  static connect(port: number, origin?: string): Promise<PluginClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}`, origin === undefined ? {} : { origin });
      socket.once('open', () => resolve(new PluginClient(socket)));
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`HTTP ${response.statusCode}`)),
      );
      socket.once('error', reject);
    });
  }

  request(method: PluginMethod, params?: unknown, timeoutMs = 20_000): Promise<PluginAnswer> {
    const id = `r${this.next++}`;
    return this.send({ id, method, ...(params === undefined ? {} : { params }) }, id, timeoutMs);
  }

  /** Sends any frame; resolves with the answer carrying `id` (use '' for frames that have none). */
  send(frame: unknown, id: string, timeoutMs = 20_000): Promise<PluginAnswer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${JSON.stringify(frame)}`)), timeoutMs);
      this.waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    });
  }

  /** Where the next event will be in `events`: wait for events from there on with `since`. */
  mark(): number {
    return this.events.length;
  }

  /** The first event from `since` on (already received or to come) that matches. */
  waitForEvent(match: (event: PluginEvent) => boolean, since = 0, timeoutMs = 20_000): Promise<PluginEvent> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.events.slice(since).find(match);
        if (!found) return false;
        clearTimeout(timer);
        this.eventWaiters.delete(wake);
        resolve(found);
        return true;
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        this.eventWaiters.delete(wake);
        reject(new Error('the event did not come'));
      }, timeoutMs);
      if (!check()) this.eventWaiters.add(wake);
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

/** What the page does with the plug-in's public key: RSA-OAEP with SHA-256, base64. */
export function encryptForPlugin(publicKey: string, clear: string): string {
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(clear, 'utf8'),
  ).toString('base64');
}
