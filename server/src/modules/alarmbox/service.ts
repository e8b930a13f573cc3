import {
  ALARM_ANSWER_CODES,
  ALARM_CALL_MAX_MS,
  ALARM_RING_MAX_MS,
  ALARM_TALK_CLOSE,
  boxCallPayloadSchema,
  CALL_SERVICE,
  TYPE_ALARM_BOX,
  type AlarmRecord,
  type CallCommandParams,
  type CallEndReason,
  type TalkServerFrame,
  type updateAlarmPeopleSchema,
} from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import { projectScope } from '../devices/service.js';
import type { ProjectScope } from '../devices/repository.js';
import { recordAudit, type Actor } from '../logs/audit.js';
import { listenBus, publish, type BusEvent } from '../push/events.js';
import type { DeviceIdentity } from '../iot/repository.js';
import type { IotRuntime } from '../iot/runtime.js';
import * as repo from './repository.js';
import type { CallRow } from './repository.js';

/**
 * One-key alarm calls (issue 14 §2): the rules of ringing, answering and ending a call, the records,
 * and this instance's alarm sockets and intercom relays. Every change is written first and then said
 * on the bus (`alarm.calls`), so every instance tells its own sockets.
 */

export const ALARM_MODULE = 'monitor';
/** How often overdue calls (ringing or talking too long) are looked for. */
export const CALL_SWEEP_MS = 5_000;

type Ctx = Pick<AppContext, 'db' | 'now' | 'access' | 'listen'>;
type UpdateInput = z.output<typeof updateAlarmPeopleSchema>;

/** An alarm-result socket of this instance. */
export interface AlarmPeer {
  userId: number;
  sessionId: number;
  /** The projects whose calls it hears (null: every one). */
  scope: ProjectScope;
  /** The boxes it asked for (empty: every box it may see). */
  devIds: ReadonlySet<number>;
  send(records: AlarmRecord[]): void;
  close(code: number, reason: string): void;
}

/** An intercom socket of this instance (listen or talk) bound to a call, or to a shout. */
export interface TalkPeer {
  /** The call it belongs to; null for a shout (远程喊话). */
  callId: number | null;
  deviceKeys: readonly string[];
  /** Listen sockets: a voice frame of one of its boxes. */
  voice?(payload: Buffer): void;
  send(frame: TalkServerFrame): void;
  close(code: number, reason: string): void;
}

export class AlarmCalls {
  readonly peers = new Set<AlarmPeer>();
  readonly talkers = new Set<TalkPeer>();
  private stopListening: (() => Promise<void>) | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly ctx: Ctx,
    readonly runtime: IotRuntime,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start() {
    this.runtime.calls = {
      message: (key, kind, payload, device) => void this.message(key, kind, payload, device),
      gone: (device) => void this.gone(device),
    };
    this.stopListening = await listenBus(this.ctx.listen, {
      onEvent: (event) => void this.onEvent(event),
      onReconnect: () => undefined,
    });
    this.sweepTimer = setInterval(() => void this.sweep(), CALL_SWEEP_MS);
    this.sweepTimer.unref();
  }

  async stop() {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.runtime.calls = null;
    for (const peer of [...this.peers]) peer.close(1001, 'server shutting down');
    for (const peer of [...this.talkers]) peer.close(1001, 'server shutting down');
    await this.stopListening?.();
  }

  // ---- what boxes say ----

  private async message(key: string, kind: 'call' | 'voice', payload: Buffer, signed?: DeviceIdentity) {
    try {
      if (kind === 'voice') {
        for (const peer of this.talkers) if (peer.voice && peer.deviceKeys.includes(key)) peer.voice(payload);
        return;
      }
      const device = signed ?? (await this.runtime.devices.get(key));
      if (!device || device.typeCode !== TYPE_ALARM_BOX) {
        this.runtime.ingestion.fault(
          device ?? null,
          key,
          device ? 'unknownFunction' : 'unknownDevice',
          'call',
        );
        return;
      }
      let parsed;
      try {
        parsed = boxCallPayloadSchema.safeParse(JSON.parse(payload.toString('utf8')));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) return this.runtime.ingestion.fault(device, key, 'malformed', 'call');
      const call = parsed.data;
      if (call.action === 'ring') await this.ring(device, call.callId, call.ts);
      else await this.endAndTell({ deviceId: device.id, boxCallId: call.callId }, 'box', false);
    } catch (error) {
      this.log.error({ err: error, deviceKey: key }, 'alarmbox: a call message failed');
    }
  }

  /** A press: a ringing record, unless the box already has an unfinished call. */
  async ring(device: DeviceIdentity, boxCallId: string, ts?: number) {
    const now = this.ctx.now();
    // The box's clock, within reason (a minute either way), else the receive time.
    const happenAt = ts !== undefined && Math.abs(ts - now.getTime()) < 60_000 ? new Date(ts) : now;
    const [box] = await repo.boxesByIds(this.ctx.db, [device.id]);
    if (!box) return;
    await this.ctx.db.transaction(async (tx) => {
      const call = await repo.openCall(tx, box, { boxCallId, happenAt, now });
      if (call) await publish(tx, { k: 'alarm.calls', callIds: [call.id] });
    });
  }

  /** The box went away: its unfinished call ends. */
  private async gone(device: DeviceIdentity) {
    if (device.typeCode !== TYPE_ALARM_BOX) return;
    try {
      await this.endAndTell({ deviceId: device.id }, 'offline', false);
    } catch (error) {
      this.log.error({ err: error }, 'alarmbox: an offline box could not end its call');
    }
  }

  /** Ends calls, says so on the bus, and tells the box when it did not end it itself. */
  async endAndTell(
    where: Parameters<typeof repo.endCalls>[1],
    reason: CallEndReason,
    tellBox: boolean,
    db: Database = this.ctx.db,
  ): Promise<CallRow[]> {
    const ended = await db.transaction(async (tx) => {
      const rows = await repo.endCalls(tx, where, reason, this.ctx.now());
      if (rows.length > 0) await publish(tx, { k: 'alarm.calls', callIds: rows.map((row) => row.id) });
      return rows;
    });
    if (tellBox) for (const call of ended) await this.command(call, 'hangup');
    return ended;
  }

  /** Calls ringing longer than ALARM_RING_MAX_MS (missed) or talking longer than ALARM_CALL_MAX_MS. */
  async sweep(): Promise<void> {
    try {
      const now = this.ctx.now().getTime();
      const overdue = await repo.overdueCalls(
        this.ctx.db,
        new Date(now - ALARM_RING_MAX_MS),
        new Date(now - ALARM_CALL_MAX_MS),
      );
      for (const call of overdue)
        await this.endAndTell({ callId: call.id }, call.state === 'ringing' ? 'missed' : 'timeout', true);
    } catch (error) {
      this.log.error({ err: error }, 'alarmbox: the call sweep failed');
    }
  }

  /** Sends `$call` to the call's box (live: not waiting for its reply; a lost one is logged). */
  async command(call: CallRow, action: CallCommandParams['action']) {
    if (call.deviceId === null) return;
    const [box] = await repo.boxesByIds(this.ctx.db, [call.deviceId]);
    if (box)
      await this.commandBox(box.deviceKey, { action, alarmId: call.id, callId: call.boxCallId ?? undefined });
  }

  async commandBox(deviceKey: string, params: CallCommandParams) {
    try {
      const clean = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
      await this.runtime.publishCommand(deviceKey, {
        id: `call-${params.action}-${params.alarmId ?? 0}-${this.ctx.now().getTime()}`,
        ts: this.ctx.now().getTime(),
        service: CALL_SERVICE,
        params: clean as Record<string, string | number>,
      });
    } catch (error) {
      this.log.warn({ err: error, deviceKey, action: params.action }, 'alarmbox: $call could not be sent');
    }
  }

  // ---- the bus ----

  private async onEvent(event: BusEvent) {
    try {
      if (event.k === 'sessions') {
        const ended = new Set(event.sessionIds);
        for (const peer of [...this.peers]) if (ended.has(peer.sessionId)) peer.close(4401, 'session ended');
        return;
      }
      if (event.k !== 'alarm.calls') return;
      const calls = await repo.callsByIds(this.ctx.db, event.callIds);
      for (const call of calls)
        if (call.state === 'ended')
          for (const peer of [...this.talkers])
            if (peer.callId === call.id) {
              peer.send({
                type: 'ended',
                devId: call.deviceId ?? 0,
                reason: (call.endReason ?? 'box') as CallEndReason,
              });
              peer.close(ALARM_TALK_CLOSE.callEnded, 'call ended');
            }
      if (this.peers.size === 0) return;
      const records = await repo.records(this.ctx.db, calls);
      for (const peer of this.peers) {
        const mine = records.filter((record) => peerHears(peer, record));
        if (mine.length > 0) peer.send(mine);
      }
    } catch (error) {
      this.log.error({ err: error }, 'alarmbox: a bus event could not be handled');
    }
  }

  // ---- what operators do ----

  /** Whether the user may answer calls at all (holds an answer page). */
  async mayAnswer(userId: number): Promise<boolean> {
    for (const code of ALARM_ANSWER_CODES) if (await this.ctx.access.holds(userId, code)) return true;
    return false;
  }

  /** Whether the box is connected now (the broker's state before the registry's is written). */
  online(box: repo.BoxRow): boolean {
    return this.runtime.reachable(box);
  }

  scope(userId: number) {
    return projectScope(this.ctx, this.ctx.db, userId);
  }

  async current(userId: number, devIds: readonly number[] = []): Promise<AlarmRecord[]> {
    const calls = await repo.currentCalls(this.ctx.db, await this.scope(userId), devIds);
    return repo.records(this.ctx.db, calls);
  }

  /** A box the user may see (its project is theirs), else `alarmbox.boxNotFound`. */
  async visibleBox(userId: number, deviceId: number) {
    const [box] = await repo.boxesByIds(this.ctx.db, [deviceId]);
    const scope = await this.scope(userId);
    if (!box || box.typeCode !== TYPE_ALARM_BOX || (scope !== null && !scope.includes(box.projectId)))
      return refuse('alarmbox.boxNotFound');
    return box;
  }

  async updateAlarmPeople(actor: Actor, input: UpdateInput): Promise<AlarmRecord> {
    const now = this.ctx.now();
    const user = { userId: actor.userId, name: actor.account };
    const [devId] = input.devId as [number];
    const box = await this.visibleBox(actor.userId, devId);
    const call = await this.ctx.db.transaction(async (tx) => {
      if (input.interfaceType === 1) {
        const [alarmId] = input.alarmId as [number];
        const [found] = await repo.callsByIds(tx, [alarmId]);
        if (!found || found.deviceId !== box.id) return refuse('alarmbox.notFound');
        const answered = await repo.answer(tx, alarmId, user, now);
        if (!answered) {
          if (found.state === 'ended') return refuse('alarmbox.ended');
          const busy = await repo.answeringCallOf(tx, actor.userId);
          if (busy && busy.id !== alarmId) return refuse('alarmbox.busy');
          const [again] = await repo.callsByIds(tx, [alarmId]);
          if (again?.state === 'ended') return refuse('alarmbox.ended');
          return refuse('alarmbox.answeredElsewhere');
        }
        await recordAudit(tx, actor, now, {
          module: ALARM_MODULE,
          action: 'answer',
          targetId: alarmId,
          targetName: box.devName,
        });
        await publish(tx, { k: 'alarm.calls', callIds: [answered.id] });
        return answered;
      }
      if (!(this.online(box) && box.enabled)) return refuse('alarmbox.offline');
      if (await repo.answeringCallOf(tx, actor.userId)) return refuse('alarmbox.busy');
      const opened = await repo.openCall(tx, box, { boxCallId: null, happenAt: now, now, answeredBy: user });
      if (!opened) return refuse('alarmbox.boxBusy');
      await recordAudit(tx, actor, now, {
        module: ALARM_MODULE,
        action: 'callBox',
        targetId: opened.id,
        targetName: box.devName,
      });
      await publish(tx, { k: 'alarm.calls', callIds: [opened.id] });
      return opened;
    });
    await this.command(call, 'answer');
    const [record] = await repo.records(this.ctx.db, [call]);
    return record as AlarmRecord;
  }

  async hangUp(actor: Actor, alarmId: number): Promise<AlarmRecord> {
    const [found] = await repo.callsByIds(this.ctx.db, [alarmId]);
    const scope = await this.scope(actor.userId);
    if (!found || (scope !== null && !scope.includes(found.projectId))) return refuse('alarmbox.notFound');
    if (found.state === 'ended') return refuse('alarmbox.ended');
    if (found.answeredBy !== actor.userId) return refuse('alarmbox.notAnswerer');
    const ended = await this.ctx.db.transaction(async (tx) => {
      const rows = await repo.endCalls(tx, { callId: alarmId }, 'operator', this.ctx.now());
      if (rows.length === 0) return refuse('alarmbox.ended');
      await recordAudit(tx, actor, this.ctx.now(), {
        module: ALARM_MODULE,
        action: 'hangUp',
        targetId: alarmId,
        targetName: found.deviceName,
      });
      await publish(tx, { k: 'alarm.calls', callIds: [alarmId] });
      return rows;
    });
    const [call] = ended as [CallRow];
    await this.command(call, 'hangup');
    const [record] = await repo.records(this.ctx.db, [call]);
    return record as AlarmRecord;
  }
}

/** Whether an alarm socket hears this record: its box's project is the user's, and it asked for the box. */
export function peerHears(peer: AlarmPeer, record: AlarmRecord): boolean {
  if (peer.scope !== null && !peer.scope.includes(record.deviceDto.projectId)) return false;
  return peer.devIds.size === 0 || peer.devIds.has(record.devId);
}
