import {
  MSG_PAGE_CODE,
  NOTIFIER_MAX_MESSAGES,
  PUSH_AUTH_TIMEOUT_MS,
  PUSH_CLOSE,
  PUSH_FLOOD_FRAMES,
  PUSH_FLOOD_WINDOW_MS,
  PUSH_IDLE_CLOSE_MS,
  PUSH_MAX_FRAME_BYTES,
  pushClientFrameSchema,
  type PushClientFrame,
  type PushServerFrame,
} from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { SessionInfo } from '../../http/context.js';
import type { MessageSource, PushHub, PushPeer } from './hub.js';

/** What a push socket needs from the server. */
export interface PushSocketDeps {
  hub: PushHub;
  source: MessageSource;
  /** The token's live session, not touched (modules/auth/sessions.ts peekSession). */
  sessionOf(token: string): Promise<SessionInfo | null>;
  /** When the session ends now, or null once it has ended. */
  expiryOf(sessionId: number): Promise<Date | null>;
  holds(userId: number, code: string): Promise<boolean>;
  now(): Date;
  log: FastifyBaseLogger;
}

const OPEN = 1;

const sizeOf = (data: RawData): number =>
  Array.isArray(data) ? data.reduce((n, part) => n + part.length, 0) : data.byteLength;

function parseFrame(data: RawData): PushClientFrame | null {
  try {
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
    const parsed = pushClientFrameSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * One browser's push socket (platform-shell.md §7 Messages; the protocol is packages/contract/src/push.ts):
 * its first frame must be a live session's token, within PUSH_AUTH_TIMEOUT_MS; then pings keep it,
 * and it is closed with a reason when silent, flooding, sending what is not the protocol, or when its
 * session ends. Nothing one socket does affects another.
 */
export function servePushSocket(socket: WebSocket, deps: PushSocketDeps): void {
  let state: 'waiting' | 'checking' | 'open' | 'closed' = 'waiting';
  let peer: PushPeer | null = null;
  let session: SessionInfo | null = null;
  let windowStart = Date.now();
  let framesInWindow = 0;

  const send = (frame: PushServerFrame) => {
    if (socket.readyState === OPEN) socket.send(JSON.stringify(frame));
  };
  const close = (code: number, reason: string) => {
    if (state === 'closed') return;
    state = 'closed';
    clearTimeout(authTimer);
    clearTimeout(idleTimer);
    if (peer) deps.hub.remove(peer);
    if (socket.readyState === OPEN) socket.close(code, reason);
    else socket.terminate();
  };

  const authTimer = setTimeout(() => close(PUSH_CLOSE.timeout, 'no token'), PUSH_AUTH_TIMEOUT_MS);
  let idleTimer = setTimeout(() => close(PUSH_CLOSE.timeout, 'silent'), PUSH_IDLE_CLOSE_MS);
  const heard = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => close(PUSH_CLOSE.timeout, 'silent'), PUSH_IDLE_CLOSE_MS);
  };

  /** Too many frames in the window: a client in a loop, or abuse. */
  const flooding = () => {
    const now = Date.now();
    if (now - windowStart >= PUSH_FLOOD_WINDOW_MS) {
      windowStart = now;
      framesInWindow = 0;
    }
    framesInWindow += 1;
    return framesInWindow > PUSH_FLOOD_FRAMES;
  };

  async function signIn(token: string) {
    state = 'checking';
    const found = await deps.sessionOf(token);
    if (state !== 'checking') return;
    if (!found || found.mustChangePassword) return close(PUSH_CLOSE.unauthorized, 'session not valid');
    if (!(await deps.holds(found.userId, MSG_PAGE_CODE))) return close(PUSH_CLOSE.forbidden, 'no msg_page');
    if (state !== 'checking') return;
    session = found;
    const self: PushPeer = { userId: found.userId, sessionId: found.id, send, close };
    if (!deps.hub.add(self)) return close(PUSH_CLOSE.flood, 'too many sockets');
    peer = self;
    state = 'open';
    clearTimeout(authTimer);
    const unread = await deps.source.unreadState(found.userId, NOTIFIER_MAX_MESSAGES);
    send({ status_code: 1, type: 'messages', fresh: false, ...unread });
  }

  /** A ping: answered, and the session looked at again once its known end has passed. */
  async function ping() {
    if (session && deps.now() >= session.expiresAt) {
      const expiresAt = await deps.expiryOf(session.id);
      if (!expiresAt) return close(PUSH_CLOSE.unauthorized, 'session ended');
      session = { ...session, expiresAt };
    }
    send({ status_code: 1, type: 'pong' });
  }

  socket.on('message', (data, isBinary) => {
    if (state === 'closed') return;
    heard();
    if (sizeOf(data) > PUSH_MAX_FRAME_BYTES) return close(PUSH_CLOSE.flood, 'frame too large');
    if (flooding()) return close(PUSH_CLOSE.flood, 'too many frames');
    const frame = isBinary ? null : parseFrame(data);
    if (!frame) return close(PUSH_CLOSE.badFrame, 'not a frame of this protocol');
    let work: Promise<void> | undefined;
    if ('accessToken' in frame) {
      if (state !== 'waiting') return close(PUSH_CLOSE.badFrame, 'already signed in');
      work = signIn(frame.accessToken);
    } else if (state === 'open') work = ping();
    else if (state === 'waiting') return close(PUSH_CLOSE.badFrame, 'token first');
    work?.catch((error: unknown) => {
      deps.log.error({ err: error }, 'push: a socket failed');
      close(1011, 'server error');
    });
  });
  socket.on('close', () => close(1000, 'closed'));
  socket.on('error', () => close(1011, 'socket error'));
}
