import {
  ALARM_HISTORY_PAGE,
  ALARM_PAGE,
  alarmFeedClientFrameSchema,
  PUSH_CLOSE,
  WARNING_HISTORY_PAGE,
  WARNING_PAGE,
  type AlarmFeedClientFrame,
  type AlarmFeedServerFrame,
  type AlarmKind,
  type DeviceType,
} from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../http/context.js';
import { serveSessionSocket, SocketsPerUser, type SessionSocketDeps } from '../../http/sessionSocket.js';
import { projectScope } from '../devices/service.js';
import { listenBus, type BusEvent } from '../push/events.js';
import { announceAlarm } from './announce.js';
import * as repo from './repository.js';
import type { ProjectScope } from '../devices/repository.js';
import { publishAlarms, readableAlarmTypes } from './service.js';

/**
 * The alarm engine's side of one server instance: the repeat-push sweep (an alarm still
 * waiting is pushed again at its rule's repeat frequency; the UPDATE … RETURNING claims each due
 * alarm for one instance) and the live feed sockets of the alarm pages, told by the bus (`alarms`).
 */

/** How often the sweep looks for alarms due to be pushed again (the shortest frequency is 10 s). */
export const REPEAT_SWEEP_MS = 5_000;

const NO_ALARM_PAGE = 'no alarm page';

interface FeedAccess {
  kinds: Set<AlarmKind>;
  types: readonly DeviceType[] | null;
  scope: ProjectScope;
}

/** A feed is for holders of an alarm page, or of a device page that lists alarms. */
const admitted = ({ kinds, types }: Pick<FeedAccess, 'kinds' | 'types'>) =>
  kinds.size > 0 || types === null || types.length > 0;

interface FeedPeer {
  sessionId: number;
  userId: number;
  /** The kinds whose pages the user holds. */
  kinds: ReadonlySet<AlarmKind>;
  /** The device types whose alarms the user may read (null: every type), for `devices` frames. */
  types: readonly DeviceType[] | null;
  /** The devices the page follows (`follow`): their alarms are told as `devices` frames. */
  following: ReadonlySet<number>;
  /** The user's projects (null: every one), read when the socket opened and when their access changes. */
  scope: ProjectScope;
  send(frame: AlarmFeedServerFrame): void;
  close(code: number, reason: string): void;
}

export class AlarmRuntime {
  private readonly peers = new Set<FeedPeer>();
  /** How many feed sockets each user holds here (serveSessionSocket refuses those past the limit). */
  private readonly perUser = new SocketsPerUser();
  private timer: NodeJS.Timeout | null = null;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await listenBus(this.ctx.listen, {
      onEvent: (event) => void this.onEvent(event),
      onReconnect: () => undefined,
    });
    this.timer = setInterval(() => void this.sweep(), REPEAT_SWEEP_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const peer of [...this.peers]) peer.close(1001, 'server shutting down');
    await this.stopListening?.();
  }

  /** Pushes again the waiting alarms that are due (ctx.now(): tests drive a fake clock). Answers their ids. */
  async sweep(): Promise<number[]> {
    try {
      const now = this.ctx.now();
      const due = await this.ctx.db.transaction(async (tx) => {
        const rows = await repo.claimRepeats(tx, now);
        await publishAlarms(
          tx,
          [],
          rows.map((row) => row.alarmId),
        );
        return rows;
      });
      for (const alarm of due) await announceAlarm(this.ctx, { ...alarm, at: now });
      return due.map((alarm) => alarm.alarmId);
    } catch (error) {
      this.log.error({ err: error }, 'alarms: the repeat sweep failed');
      return [];
    }
  }

  private async onEvent(event: BusEvent) {
    try {
      if (event.k === 'sessions') {
        const ended = new Set(event.sessionIds);
        for (const peer of [...this.peers])
          if (ended.has(peer.sessionId)) peer.close(PUSH_CLOSE.unauthorized, 'session ended');
        return;
      }
      if (event.k === 'access') {
        await this.rescope(event.userIds);
        return;
      }
      if (event.k !== 'alarms' || this.peers.size === 0) return;
      await this.tell(event.raised, event.changed);
    } catch (error) {
      this.log.error({ err: error }, 'alarms: a bus event could not be handled');
    }
  }

  /**
   * Users' pages or projects changed (null: anyone's): their open sockets follow at once, and one
   * left without an alarm page is closed as a new one would be refused.
   */
  private async rescope(userIds: readonly number[] | null) {
    const named = userIds ? new Set(userIds) : null;
    const affected = [...this.peers].filter((peer) => named === null || named.has(peer.userId));
    if (affected.length === 0) return;
    // This instance may hear the change before its own cache was told to forget.
    this.ctx.access.forget();
    const read = new Map<number, Promise<FeedAccess>>();
    for (const peer of affected) {
      let access = read.get(peer.userId);
      if (!access) {
        access = this.accessOf(peer.userId);
        read.set(peer.userId, access);
      }
      const { kinds, types, scope } = await access;
      if (!admitted({ kinds, types })) {
        peer.close(PUSH_CLOSE.forbidden, NO_ALARM_PAGE);
        continue;
      }
      peer.kinds = kinds;
      peer.types = types;
      peer.scope = scope;
    }
  }

  private async accessOf(userId: number): Promise<FeedAccess> {
    return {
      kinds: await this.kindsOf(userId),
      types: await readableAlarmTypes(this.ctx, userId),
      scope: await projectScope(this.ctx, this.ctx.db, userId),
    };
  }

  /** Tells each peer the alarms of its projects and kinds that opened or changed. */
  async tell(raised: readonly number[], changed: readonly number[]) {
    const rows = await repo.alarmRowsById(this.ctx.db, [...new Set([...raised, ...changed])]);
    const isRaised = new Set(raised);
    for (const peer of this.peers) {
      const mine = rows.filter(
        (row) => peer.kinds.has(row.kind) && (peer.scope === null || peer.scope.includes(row.projectId)),
      );
      for (const row of mine)
        if (isRaised.has(row.alarmId))
          peer.send({
            type: 'raised',
            alarmId: row.alarmId,
            kind: row.kind,
            level: row.level,
            title: row.title,
            titleEn: row.titleEn,
            deviceName: row.deviceName,
          });
      for (const kind of peer.kinds) {
        const ids = mine
          .filter((row) => row.kind === kind && !isRaised.has(row.alarmId))
          .map((row) => row.alarmId);
        if (ids.length > 0) peer.send({ type: 'changed', kind, alarmIds: ids });
      }
      if (peer.following.size === 0) continue;
      const { types, following } = peer;
      const devices = rows
        .filter(
          (row) =>
            following.has(row.deviceId) &&
            (types === null || types.includes(row.typeCode)) &&
            (peer.scope === null || peer.scope.includes(row.projectId)),
        )
        .map((row) => row.deviceId);
      if (devices.length > 0) peer.send({ type: 'devices', deviceIds: [...new Set(devices)] });
    }
  }

  /** One alarm page's feed socket, signed in and kept as every session socket is. */
  serve(socket: WebSocket, deps: SessionSocketDeps): void {
    serveSessionSocket<AlarmFeedClientFrame, AlarmFeedServerFrame>(socket, deps, (io) => {
      let peer: FeedPeer | null = null;
      let access: FeedAccess = { kinds: new Set(), types: [], scope: [] };
      return {
        schema: alarmFeedClientFrameSchema,
        perUser: this.perUser,
        admit: async (session) => {
          access = await this.accessOf(session.userId);
          return admitted(access) ? null : { code: PUSH_CLOSE.forbidden, reason: NO_ALARM_PAGE };
        },
        open: (session) => {
          peer = {
            sessionId: session.id,
            userId: session.userId,
            ...access,
            following: new Set(),
            send: io.send,
            close: io.close,
          };
          this.peers.add(peer);
          return null;
        },
        welcome: () => {
          io.send({ type: 'ready' });
          return Promise.resolve();
        },
        isPing: (frame) => 'type' in frame && frame.type === 'ping',
        pong: () => io.send({ type: 'pong' }),
        frame: (frame) => {
          if (peer && 'type' in frame && frame.type === 'follow') peer.following = new Set(frame.deviceIds);
          return Promise.resolve();
        },
        closed: () => {
          if (peer) this.peers.delete(peer);
        },
      };
    });
  }

  private async kindsOf(userId: number) {
    const kinds = new Set<AlarmKind>();
    for (const code of [ALARM_PAGE, ALARM_HISTORY_PAGE])
      if (await this.ctx.access.holds(userId, code)) kinds.add('alarm');
    for (const code of [WARNING_PAGE, WARNING_HISTORY_PAGE])
      if (await this.ctx.access.holds(userId, code)) kinds.add('warning');
    return kinds;
  }
}

const runtimes = new WeakMap<AppContext, AlarmRuntime>();

export function registerAlarmRuntime(ctx: AppContext, runtime: AlarmRuntime) {
  runtimes.set(ctx, runtime);
}

/** The app's alarm runtime (tests drive the repeat sweep through it). */
export function alarmRuntimeOf(ctx: AppContext): AlarmRuntime {
  const runtime = runtimes.get(ctx);
  if (!runtime) throw new Error('the alarms module is not registered');
  return runtime;
}
