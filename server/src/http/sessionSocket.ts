import {
  PUSH_AUTH_TIMEOUT_MS,
  PUSH_SOCKETS_PER_USER,
  PUSH_CLOSE,
  PUSH_FLOOD_FRAMES,
  PUSH_FLOOD_WINDOW_MS,
  PUSH_IDLE_CLOSE_MS,
  PUSH_MAX_FRAME_BYTES,
} from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData } from 'ws';
import type { z } from 'zod';
import type { SessionInfo } from './context.js';
import { parseUntrustedJson } from './untrustedJson.js';

/**
 * What every signed-in socket of the server does (the message socket, modules/push; the live
 * telemetry socket, modules/iot): its first frame must be a live session's token, within
 * PUSH_AUTH_TIMEOUT_MS; then pings keep it, and it is closed with a reason when silent, flooding,
 * sending what is not its protocol, or when its session has ended. Nothing one socket does affects
 * another. The protocol says what its frames are and what they mean.
 */

export interface SessionSocketDeps {
  /** The token's live session, not touched (modules/auth/sessions.ts peekSession). */
  sessionOf(token: string): Promise<SessionInfo | null>;
  /** When the session ends now, or null once it has ended. */
  expiryOf(sessionId: number): Promise<Date | null>;
  now(): Date;
  log: FastifyBaseLogger;
}

export interface Refusal {
  code: number;
  reason: string;
}

/** How the protocol reaches its socket. */
export interface SocketIo<Out> {
  send(frame: Out): void;
  close(code: number, reason: string): void;
}

/**
 * How many sockets of one protocol each user holds on this instance. A user may open one per tab or
 * window; hundreds from one session are a script, and each would cost its admission queries and its
 * share of every broadcast.
 */
export class SocketsPerUser {
  private readonly held = new Map<number, number>();

  constructor(readonly max = PUSH_SOCKETS_PER_USER) {}

  /** Takes a place for one more socket of the user: its release, or null when they hold `max`. */
  claim(userId: number): (() => void) | null {
    const count = this.held.get(userId) ?? 0;
    if (count >= this.max) return null;
    this.held.set(userId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(userId) ?? 1) - 1;
      if (left > 0) this.held.set(userId, left);
      else this.held.delete(userId);
    };
  }

  /** Sockets the user holds now. */
  of(userId: number): number {
    return this.held.get(userId) ?? 0;
  }
}

export interface SocketProtocol<In> {
  /** The client frames: a sign-in frame carries `accessToken`. */
  schema: z.ZodType<In>;
  /** The places this protocol's sockets take, shared by all its sockets on the instance. */
  perUser: SocketsPerUser;
  /** Whether the user may open this socket at all (their permissions): a refusal closes it. */
  admit(session: SessionInfo): Promise<Refusal | null>;
  /** Registers the socket once admitted and still open; a refusal closes it. */
  open(session: SessionInfo): Refusal | null;
  /** The sign-in frame itself, before the token is checked (what else it carries, e.g. devIds). */
  signingIn?(frame: In): void;
  /** The first frames after sign-in. */
  welcome(session: SessionInfo): Promise<void>;
  isPing(frame: In): boolean;
  pong(): void;
  /** Any other frame of a signed-in socket. */
  frame(frame: In, session: SessionInfo): Promise<void>;
  /** The socket closed, for whatever reason (called once). */
  closed(): void;
}

const OPEN = 1;

/**
 * What serveSessionSocket needs of a socket: a `ws` WebSocket is one; so is a SockJS session adapted
 * to it (modules/alarmbox/sockjs.ts).
 */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code: number, reason: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

const sizeOf = (data: RawData): number =>
  Array.isArray(data) ? data.reduce((n, part) => n + part.length, 0) : data.byteLength;

function parseFrame<In>(schema: z.ZodType<In>, data: RawData): In | null {
  try {
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
    const parsed = schema.safeParse(parseUntrustedJson(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const tokenOf = (frame: unknown): string | null =>
  typeof frame === 'object' &&
  frame !== null &&
  'accessToken' in frame &&
  typeof frame.accessToken === 'string'
    ? frame.accessToken
    : null;

export function serveSessionSocket<In, Out>(
  socket: SocketLike,
  deps: SessionSocketDeps,
  protocolOf: (io: SocketIo<Out>) => SocketProtocol<In>,
): void {
  let state: 'waiting' | 'checking' | 'open' | 'closed' = 'waiting';
  let session: SessionInfo | null = null;
  let windowStart = Date.now();
  let framesInWindow = 0;
  let release: (() => void) | null = null;

  const io: SocketIo<Out> = {
    send: (frame) => {
      if (socket.readyState === OPEN) socket.send(JSON.stringify(frame));
    },
    close: (code, reason) => {
      if (state === 'closed') return;
      state = 'closed';
      clearTimeout(authTimer);
      clearTimeout(idleTimer);
      release?.();
      protocol.closed();
      if (socket.readyState === OPEN) socket.close(code, reason);
      else socket.terminate();
    },
  };
  const protocol = protocolOf(io);
  const close = io.close;

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
    // Counted before the admission's queries, so the sockets past the limit cost nothing more.
    release = protocol.perUser.claim(found.userId);
    if (!release) return close(PUSH_CLOSE.flood, 'too many sockets');
    const refused = await protocol.admit(found);
    if (state !== 'checking') return;
    const closing = refused ?? protocol.open(found);
    if (closing) return close(closing.code, closing.reason);
    session = found;
    state = 'open';
    clearTimeout(authTimer);
    await protocol.welcome(found);
  }

  /** A ping: answered, and the session looked at again once its known end has passed. */
  async function ping() {
    if (session && deps.now() >= session.expiresAt) {
      const expiresAt = await deps.expiryOf(session.id);
      if (!expiresAt) return close(PUSH_CLOSE.unauthorized, 'session ended');
      session = { ...session, expiresAt };
    }
    protocol.pong();
  }

  socket.on('message', (data, isBinary) => {
    if (state === 'closed') return;
    heard();
    if (sizeOf(data) > PUSH_MAX_FRAME_BYTES) return close(PUSH_CLOSE.flood, 'frame too large');
    if (flooding()) return close(PUSH_CLOSE.flood, 'too many frames');
    const frame = isBinary ? null : parseFrame(protocol.schema, data);
    if (frame === null) return close(PUSH_CLOSE.badFrame, 'not a frame of this protocol');
    const token = tokenOf(frame);
    let work: Promise<void> | undefined;
    if (token !== null) {
      if (state !== 'waiting') return close(PUSH_CLOSE.badFrame, 'already signed in');
      protocol.signingIn?.(frame);
      work = signIn(token);
    } else if (state === 'waiting') return close(PUSH_CLOSE.badFrame, 'token first');
    else if (state === 'open' && session)
      work = protocol.isPing(frame) ? ping() : protocol.frame(frame, session);
    work?.catch((error: unknown) => {
      deps.log.error({ err: error }, 'a socket failed');
      close(1011, 'server error');
    });
  });
  socket.on('close', () => close(1000, 'closed'));
  socket.on('error', () => close(1011, 'socket error'));
}
