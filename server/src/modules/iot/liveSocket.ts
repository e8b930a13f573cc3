import {
  PUSH_AUTH_TIMEOUT_MS,
  PUSH_CLOSE,
  PUSH_FLOOD_FRAMES,
  PUSH_FLOOD_WINDOW_MS,
  PUSH_IDLE_CLOSE_MS,
  PUSH_MAX_FRAME_BYTES,
  telemetryClientFrameSchema,
  type TelemetryClientFrame,
  type TelemetryServerFrame,
} from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { SessionInfo } from '../../http/context.js';
import type { Database } from '../../db/connection.js';
import * as repo from './repository.js';

/**
 * The live socket (`/api/push/telemetry`, contract telemetry.ts): a page names the devices on it and
 * hears their new values and connection state as the bus says they changed (`devices.live`). The
 * same limits as the message socket (modules/push/socket.ts): a token first within
 * PUSH_AUTH_TIMEOUT_MS, pings, flood and frame-size limits.
 */

interface LivePeer {
  sessionId: number;
  follows: Set<number>;
  /** What this socket was last told per device, so only changes are sent. */
  told: Map<number, { values: string | null; online: boolean }>;
  send(frame: TelemetryServerFrame): void;
  close(code: number, reason: string): void;
}

/** The live sockets of this instance. */
export class LiveHub {
  private readonly peers = new Set<LivePeer>();

  constructor(private readonly db: Database) {}

  add(peer: LivePeer) {
    this.peers.add(peer);
  }

  remove(peer: LivePeer) {
    this.peers.delete(peer);
  }

  /** Sends the followers of these devices what changed about them. */
  async changed(deviceIds: readonly number[]): Promise<void> {
    const wanted = deviceIds.filter((id) => [...this.peers].some((peer) => peer.follows.has(id)));
    if (wanted.length === 0) return;
    await this.tell([...this.peers], wanted);
  }

  async tell(peers: readonly LivePeer[], deviceIds: readonly number[]) {
    const states = await repo.liveStates(this.db, deviceIds);
    for (const peer of peers)
      for (const state of states) {
        if (!peer.follows.has(state.deviceId)) continue;
        const told = peer.told.get(state.deviceId);
        const valuesAt = state.valuesAt?.getTime() ?? null;
        // Two reports may carry the same time: the values themselves say whether anything is new.
        const values = valuesAt === null ? null : `${valuesAt} ${JSON.stringify(state.values)}`;
        if (told?.online !== state.online)
          peer.send({
            type: 'status',
            deviceId: state.deviceId,
            online: state.online,
            at: (state.lastSeenAt ?? new Date(0)).toISOString(),
          });
        if (valuesAt !== null && told?.values !== values)
          peer.send({ type: 'values', deviceId: state.deviceId, t: valuesAt, values: state.values ?? {} });
        peer.told.set(state.deviceId, { values, online: state.online });
      }
  }

  /** These sessions ended: their sockets close. */
  ended(sessionIds: readonly number[]) {
    const ended = new Set(sessionIds);
    for (const peer of [...this.peers])
      if (ended.has(peer.sessionId)) peer.close(PUSH_CLOSE.unauthorized, 'session ended');
  }

  closeAll(code: number, reason: string) {
    for (const peer of [...this.peers]) peer.close(code, reason);
  }
}

export interface LiveSocketDeps {
  hub: LiveHub;
  sessionOf(token: string): Promise<SessionInfo | null>;
  expiryOf(sessionId: number): Promise<Date | null>;
  /** Whether the user may watch live values at all (holds one of the live pages). */
  mayWatch(userId: number): Promise<boolean>;
  /** Of these devices, those the user may see. */
  visible(userId: number, deviceIds: readonly number[]): Promise<number[]>;
  now(): Date;
  log: FastifyBaseLogger;
}

const OPEN = 1;

function parseFrame(data: RawData): TelemetryClientFrame | null {
  try {
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
    const parsed = telemetryClientFrameSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const sizeOf = (data: RawData): number =>
  Array.isArray(data) ? data.reduce((n, part) => n + part.length, 0) : data.byteLength;

export function serveLiveSocket(socket: WebSocket, deps: LiveSocketDeps): void {
  let state: 'waiting' | 'checking' | 'open' | 'closed' = 'waiting';
  let session: SessionInfo | null = null;
  let peer: LivePeer | null = null;
  let windowStart = Date.now();
  let frames = 0;

  const send = (frame: TelemetryServerFrame) => {
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

  async function signIn(token: string) {
    state = 'checking';
    const found = await deps.sessionOf(token);
    if (state !== 'checking') return;
    if (!found || found.mustChangePassword) return close(PUSH_CLOSE.unauthorized, 'session not valid');
    if (!(await deps.mayWatch(found.userId))) return close(PUSH_CLOSE.forbidden, 'no live page');
    if (state !== 'checking') return;
    session = found;
    peer = { sessionId: found.id, follows: new Set(), told: new Map(), send, close };
    deps.hub.add(peer);
    state = 'open';
    clearTimeout(authTimer);
    send({ type: 'ready' });
  }

  async function follow(deviceIds: readonly number[]) {
    if (!session || !peer) return;
    const visible = await deps.visible(session.userId, deviceIds);
    peer.follows = new Set(visible);
    peer.told = new Map();
    await deps.hub.tell([peer], visible);
  }

  async function ping() {
    if (session && deps.now() >= session.expiresAt) {
      const expiresAt = await deps.expiryOf(session.id);
      if (!expiresAt) return close(PUSH_CLOSE.unauthorized, 'session ended');
      session = { ...session, expiresAt };
    }
    send({ type: 'pong' });
  }

  socket.on('message', (data, isBinary) => {
    if (state === 'closed') return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => close(PUSH_CLOSE.timeout, 'silent'), PUSH_IDLE_CLOSE_MS);
    if (sizeOf(data) > PUSH_MAX_FRAME_BYTES) return close(PUSH_CLOSE.flood, 'frame too large');
    const now = Date.now();
    if (now - windowStart >= PUSH_FLOOD_WINDOW_MS) {
      windowStart = now;
      frames = 0;
    }
    frames += 1;
    if (frames > PUSH_FLOOD_FRAMES) return close(PUSH_CLOSE.flood, 'too many frames');
    const frame = isBinary ? null : parseFrame(data);
    if (!frame) return close(PUSH_CLOSE.badFrame, 'not a frame of this protocol');
    let work: Promise<void> | undefined;
    if ('accessToken' in frame) {
      if (state !== 'waiting') return close(PUSH_CLOSE.badFrame, 'already signed in');
      work = signIn(frame.accessToken);
    } else if (state === 'waiting') return close(PUSH_CLOSE.badFrame, 'token first');
    else if (state === 'open') work = frame.type === 'follow' ? follow(frame.deviceIds) : ping();
    work?.catch((error: unknown) => {
      deps.log.error({ err: error }, 'iot: a live socket failed');
      close(1011, 'server error');
    });
  });
  socket.on('close', () => close(1000, 'closed'));
  socket.on('error', () => close(1011, 'socket error'));
}
