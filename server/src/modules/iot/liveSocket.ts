import {
  PUSH_CLOSE,
  telemetryClientFrameSchema,
  type TelemetryClientFrame,
  type TelemetryServerFrame,
} from '@cityops/contract';
import type { WebSocket } from 'ws';
import { serveSessionSocket, SocketsPerUser, type SessionSocketDeps } from '../../http/sessionSocket.js';
import type { Database } from '../../db/connection.js';
import * as repo from './repository.js';

/**
 * The live socket (`/api/push/telemetry`, contract telemetry.ts): a page names the devices on it and
 * hears their new values and connection state as the bus says they changed (`devices.live`), with
 * the message socket's limits (http/sessionSocket.ts).
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
  /** How many live sockets each user holds here (serveSessionSocket refuses those past the limit). */
  readonly perUser = new SocketsPerUser();

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

export interface LiveSocketDeps extends SessionSocketDeps {
  hub: LiveHub;
  /** Whether the user may watch live values at all (holds one of the live pages). */
  mayWatch(userId: number): Promise<boolean>;
  /** Of these devices, those the user may see. */
  visible(userId: number, deviceIds: readonly number[]): Promise<number[]>;
}

/** One page's live socket, signed in and kept as every session socket is (http/sessionSocket.ts). */
export function serveLiveSocket(socket: WebSocket, deps: LiveSocketDeps): void {
  serveSessionSocket<TelemetryClientFrame, TelemetryServerFrame>(socket, deps, (io) => {
    let peer: LivePeer | null = null;
    return {
      schema: telemetryClientFrameSchema,
      perUser: deps.hub.perUser,
      admit: async (session) =>
        (await deps.mayWatch(session.userId)) ? null : { code: PUSH_CLOSE.forbidden, reason: 'no live page' },
      open: (session) => {
        peer = { sessionId: session.id, follows: new Set(), told: new Map(), send: io.send, close: io.close };
        deps.hub.add(peer);
        return null;
      },
      welcome: () => {
        io.send({ type: 'ready' });
        return Promise.resolve();
      },
      isPing: (frame) => 'type' in frame && frame.type === 'ping',
      pong: () => io.send({ type: 'pong' }),
      frame: async (frame, session) => {
        if (!peer || !('type' in frame) || frame.type !== 'follow') return;
        const visible = await deps.visible(session.userId, frame.deviceIds);
        peer.follows = new Set(visible);
        peer.told = new Map();
        await deps.hub.tell([peer], visible);
      },
      closed: () => {
        if (peer) deps.hub.remove(peer);
      },
    };
  });
}
