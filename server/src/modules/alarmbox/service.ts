import {
  ALARM_BOX_MAP_MAX,
  CALL_END_REASONS,
  chinaDateTime,
  EVENT_STATUS,
  parseVideoTime,
  type AlarmBoxRow,
  type alarmBoxListRequestSchema,
  type AlarmCallRow,
  type alarmCallListRequestSchema,
  type BoxState,
  type Page,
  ALARM_ANSWER_CODES,
  ALARM_CALL_MAX_MS,
  ALARM_OPERATOR_GRACE_MS,
  ALARM_RING_MAX_MS,
  ALARM_RESYNC_CLOSE,
  ALARM_TALK_CLOSE,
  PUSH_CLOSE,
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
import type { ExportRow, ExportSheet } from '../../http/export.js';
import { datedFileName } from '../../http/exportFormat.js';
import { projectScope } from '../devices/service.js';
import { checkVisible } from '../projects/service.js';
import type { ProjectScope } from '../devices/repository.js';
import { recordAudit, type Actor } from '../logs/audit.js';
import { listenBus, publish, type BusEvent } from '../push/events.js';
import type { DeviceIdentity } from '../iot/repository.js';
import type { IotRuntime } from '../iot/runtime.js';
import * as repo from './repository.js';
import type { CallRow } from './repository.js';
import { parseUntrustedJson } from '../../http/untrustedJson.js';
import { SocketsPerUser } from '../../http/sessionSocket.js';

/**
 * One-key alarm calls: the rules of ringing, answering and ending a call, the records,
 * and this instance's alarm sockets and intercom relays. Every change is written first and then said
 * on the bus (`alarm.calls`), so every instance tells its own sockets.
 */

export const ALARM_MODULE = 'monitor';
/**
 * How often overdue calls (ringing or talking too long, or left by their operator) are looked for,
 * and the calls talking here are marked seen: well inside ALARM_OPERATOR_GRACE_MS.
 */
export const CALL_SWEEP_MS = 5_000;
/** The grace timer fires this much after the period, so the period has surely passed by the clock. */
const CALL_GRACE_SLACK_MS = 250;

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
  /** The session that opened it: when that session ends, so does the socket. */
  sessionId: number;
  deviceKeys: readonly string[];
  /** Listen sockets: a voice frame of one of its boxes. */
  voice?(payload: Buffer): void;
  send(frame: TalkServerFrame): void;
  close(code: number, reason: string): void;
}

export class AlarmCalls {
  readonly peers = new Set<AlarmPeer>();
  /** How many alarm sockets each user holds here (serveSessionSocket refuses those past the limit). */
  readonly perUser = new SocketsPerUser();
  readonly talkers = new Set<TalkPeer>();
  /** Calls whose answerer's last intercom socket here closed: the end that waits for them to return. */
  private readonly awaitingOperator = new Map<number, NodeJS.Timeout>();
  /**
   * Shutting down: the intercoms closing now are not their operators leaving. Their calls wait for
   * them on the instance they reconnect to, or end by a sweep once the last sighting grows old.
   */
  private stopping = false;
  private stopListening: (() => Promise<void>) | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  /** Calls changed on the bus and not yet sent to the sockets; `delivering` is sending them. */
  private readonly changedCalls = new Set<number>();
  private delivering: Promise<void> | null = null;
  /**
   * Each box's call messages and its going away, handled one after another in the order they came:
   * handled side by side, a press sent right after a hang-up could find the call still open (the
   * hang-up's transaction not yet committed) and be dropped as a second press.
   */
  private readonly boxQueues = new Map<string, Promise<void>>();

  constructor(
    readonly ctx: Ctx,
    readonly runtime: IotRuntime,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start() {
    this.runtime.calls = {
      message: (key, kind, payload, device) =>
        kind === 'voice'
          ? void this.message(key, kind, payload, device)
          : this.inOrder(key, () => this.message(key, kind, payload, device)),
      gone: (device) => this.inOrder(device.deviceKey, () => this.gone(device)),
    };
    this.stopListening = await listenBus(this.ctx.listen, {
      onEvent: (event) => this.onEvent(event),
      onReconnect: () => void this.resync(),
    });
    this.sweepTimer = setInterval(() => void this.sweep(), CALL_SWEEP_MS);
    this.sweepTimer.unref();
  }

  async stop() {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.stopping = true;
    this.runtime.calls = null;
    for (const peer of [...this.peers]) peer.close(1001, 'server shutting down');
    for (const peer of [...this.talkers]) peer.close(1001, 'server shutting down');
    for (const timer of this.awaitingOperator.values()) clearTimeout(timer);
    this.awaitingOperator.clear();
    await this.stopListening?.();
    await Promise.all(this.boxQueues.values());
    await this.delivering;
  }

  // ---- what boxes say ----

  /** Runs `task` after the box's earlier messages; a failure is logged and the next one still runs. */
  private inOrder(key: string, task: () => Promise<void>): void {
    const next = (this.boxQueues.get(key) ?? Promise.resolve())
      .then(task)
      .catch((error: unknown) =>
        this.log.error({ err: error, deviceKey: key }, 'alarmbox: a box message failed'),
      );
    this.boxQueues.set(key, next);
    void next.then(() => {
      if (this.boxQueues.get(key) === next) this.boxQueues.delete(key);
    });
  }

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
        parsed = boxCallPayloadSchema.safeParse(parseUntrustedJson(payload.toString('utf8')));
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

  /**
   * Calls ringing longer than ALARM_RING_MAX_MS (missed) or talking longer than ALARM_CALL_MAX_MS, and
   * calls whose operator has been away longer than ALARM_OPERATOR_GRACE_MS (connectionLost). The
   * calls whose intercom is open here are first marked seen: another instance's sweep must not take
   * an operator talking here for gone.
   */
  async sweep(): Promise<void> {
    try {
      await repo.seeOperators(this.ctx.db, this.talkingCalls(), this.ctx.now());
      await this.endAbandoned();
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

  // ---- the answerer's connection ----

  /** The calls with an intercom socket open on this instance. */
  private talkingCalls(): number[] {
    return [...new Set([...this.talkers].flatMap((peer) => (peer.callId === null ? [] : [peer.callId])))];
  }

  /** An intercom socket opened (listen or talk); one of a call says its operator is there. */
  async addTalker(peer: TalkPeer): Promise<void> {
    this.talkers.add(peer);
    if (peer.callId === null) return;
    const waiting = this.awaitingOperator.get(peer.callId);
    if (waiting) clearTimeout(waiting);
    this.awaitingOperator.delete(peer.callId);
    await repo.seeOperators(this.ctx.db, [peer.callId], this.ctx.now());
  }

  /**
   * An intercom socket closed. When it was its call's last one here, the operator was last seen now,
   * and unless their intercom comes back (a reload, here or on another instance) within
   * ALARM_OPERATOR_GRACE_MS the call ends as `connectionLost` and the box hangs up: a citizen must
   * not go on talking to a browser that was closed.
   */
  async removeTalker(peer: TalkPeer): Promise<void> {
    if (!this.talkers.has(peer)) return;
    const callId = peer.callId;
    // The last sighting is written before the socket leaves the set: once it is gone, so is its write.
    if (callId !== null && !this.stopping) await repo.seeOperators(this.ctx.db, [callId], this.ctx.now());
    this.talkers.delete(peer);
    if (callId === null || this.stopping) return;
    if ([...this.talkers].some((other) => other.callId === callId)) return;
    clearTimeout(this.awaitingOperator.get(callId));
    // Safe against a quick return: the end is conditional on the last sighting, which an intercom
    // opened meanwhile (and the sweeps while it stays) keeps fresh.
    const timer = setTimeout(() => {
      this.awaitingOperator.delete(callId);
      void this.endAbandoned(callId);
    }, ALARM_OPERATOR_GRACE_MS + CALL_GRACE_SLACK_MS);
    timer.unref();
    this.awaitingOperator.set(callId, timer);
  }

  /** Ends the answered calls (or this one) whose operator stayed away past the grace period. */
  private async endAbandoned(callId?: number): Promise<void> {
    try {
      const seenBefore = new Date(this.ctx.now().getTime() - ALARM_OPERATOR_GRACE_MS);
      const ended = await this.ctx.db.transaction(async (tx) => {
        const rows = await repo.endAbandonedCalls(tx, seenBefore, callId);
        if (rows.length > 0) await publish(tx, { k: 'alarm.calls', callIds: rows.map((row) => row.id) });
        return rows;
      });
      for (const call of ended) await this.command(call, 'hangup');
    } catch (error) {
      this.log.error({ err: error, callId }, 'alarmbox: a call left by its operator could not end');
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

  /** The intercom sockets of calls that ended close, telling why (ALARM_TALK_CLOSE.callEnded). */
  private closeEndedTalk(calls: readonly CallRow[]) {
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
  }

  /**
   * After events may have been missed (the bus connection was lost): every alarm-result socket is
   * closed as the server restarting (1012), so its client reconnects and gets the whole list again;
   * an intercom whose call ended meanwhile closes.
   */
  async resync(): Promise<void> {
    for (const peer of [...this.peers]) peer.close(ALARM_RESYNC_CLOSE, 'events may have been missed');
    this.queueChanges(this.talkingCalls());
    await this.delivering;
  }

  private onEvent(event: BusEvent) {
    if (event.k === 'sessions') {
      const ended = new Set(event.sessionIds);
      for (const peer of [...this.peers, ...this.talkers])
        if (ended.has(peer.sessionId)) peer.close(PUSH_CLOSE.unauthorized, 'session ended');
      return;
    }
    if (event.k !== 'alarm.calls') return;
    this.queueChanges(event.callIds);
  }

  private queueChanges(callIds: readonly number[]) {
    if (callIds.length === 0) return;
    for (const id of callIds) this.changedCalls.add(id);
    this.delivering ??= this.deliverChanges().finally(() => {
      this.delivering = null;
    });
  }

  /**
   * Tells the sockets what changed. The calls changed meanwhile are read and sent together: when 100
   * boxes ring at once, a few reads and frames carry them, not one of each per call. Each call is sent
   * as it is when read (its latest state).
   */
  private async deliverChanges() {
    while (this.changedCalls.size > 0) {
      // Let the events already on their way land in this batch.
      await new Promise((resolve) => setImmediate(resolve));
      const ids = [...this.changedCalls];
      this.changedCalls.clear();
      try {
        const calls = await repo.callsByIds(this.ctx.db, ids);
        this.closeEndedTalk(calls);
        if (this.peers.size === 0) continue;
        const records = await repo.records(this.ctx.db, calls);
        for (const peer of this.peers) {
          const mine = records.filter((record) => peerHears(peer, record));
          if (mine.length > 0) peer.send(mine);
        }
      } catch (error) {
        this.log.error({ err: error }, 'alarmbox: changed calls could not be sent');
      }
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

  /** The projects whose boxes the user sees; a project named (`projectId`) must be one of them. */
  async scope(userId: number, projectId?: number) {
    if (projectId !== undefined) await checkVisible(this.ctx, this.ctx.db, userId, projectId);
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
    const user = {
      userId: actor.userId,
      name: (await repo.shownUserName(this.ctx.db, actor.userId)) ?? actor.account,
    };
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

// ---- the monitor pages and the records ----

type BoxListInput = z.output<typeof alarmBoxListRequestSchema>;
type BoxFilterInput = Pick<BoxListInput, 'projectId' | 'areaId' | 'state' | 'keyword'>;
type CallListInput = z.output<typeof alarmCallListRequestSchema>;
type CallFilterInput = Omit<CallListInput, 'pageNum' | 'pageSize'>;

/** The boxes of the user's projects with their state, newest call first when asked. */
export async function boxRows(calls: AlarmCalls, userId: number, projectId?: number): Promise<AlarmBoxRow[]> {
  const { db } = calls.ctx;
  const boxes = await repo.scopedBoxes(db, await calls.scope(userId, projectId), projectId);
  const { open, last } = await repo.callsOfBoxes(
    db,
    boxes.map((box) => box.id),
  );
  const records = new Map(
    (await repo.records(db, [...open.values()])).map((record) => [record.devId, record]),
  );
  return boxes.map((box) => {
    const call = records.get(box.id) ?? null;
    const online = calls.online(box);
    const state: BoxState = call
      ? call.eventStatus === EVENT_STATUS.ringing
        ? 'ringing'
        : 'inCall'
      : online
        ? 'idle'
        : 'offline';
    const lastAt = last.get(box.id);
    const { typeCode: _t, enabled: _e, ...rest } = box;
    return { ...rest, online, state, call, lastCallTime: lastAt ? chinaDateTime(lastAt) : null };
  });
}

export async function boxPage(
  calls: AlarmCalls,
  userId: number,
  input: BoxListInput,
): Promise<Page<AlarmBoxRow>> {
  const rows = await boxesIn(calls, userId, input);
  const direction = input.sortOrder === 'desc' ? -1 : 1;
  if (input.sortField === 'lastCallTime')
    rows.sort((a, b) => direction * (a.lastCallTime ?? '').localeCompare(b.lastCallTime ?? ''));
  else rows.sort((a, b) => direction * a.devName.localeCompare(b.devName, 'zh-CN'));
  const start = (input.pageNum - 1) * input.pageSize;
  return {
    list: rows.slice(start, start + input.pageSize),
    total: rows.length,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/**
 * The boxes of a project (or all the user's) by the list's filters, for the list and the map alike:
 * of one area and the areas under it, of one state, with the keyword in the name, control code, site
 * or address.
 */
async function boxesIn(calls: AlarmCalls, userId: number, where: BoxFilterInput) {
  const rows = await boxRows(calls, userId, where.projectId);
  const inArea =
    where.areaId === undefined ? null : new Set(await repo.boxIdsInArea(calls.ctx.db, where.areaId));
  const keyword = where.keyword?.toLowerCase();
  return rows.filter(
    (row) =>
      (inArea === null || inArea.has(row.id)) &&
      (where.state === undefined || row.state === where.state) &&
      (!keyword ||
        [row.devName, row.controlCode ?? '', row.siteName, row.address].some((text) =>
          text.toLowerCase().includes(keyword),
        )),
  );
}

export async function boxMap(calls: AlarmCalls, userId: number, where: BoxFilterInput) {
  const located = (await boxesIn(calls, userId, where)).filter((row) => row.lng !== null && row.lat !== null);
  return { list: located.slice(0, ALARM_BOX_MAP_MAX), total: located.length };
}

export async function yellTargets(calls: AlarmCalls, userId: number, projectId?: number, keyword?: string) {
  const text = keyword?.toLowerCase();
  return (await boxRows(calls, userId, projectId)).filter(
    (row) =>
      row.state === 'idle' &&
      (!text || [row.devName, row.controlCode ?? ''].some((value) => value.toLowerCase().includes(text))),
  );
}

/** Binds a camera of the box's project to the box (null: none), with its operation-log row. */
export async function bindCamera(calls: AlarmCalls, actor: Actor, devId: number, cameraCode: string | null) {
  const box = await calls.visibleBox(actor.userId, devId);
  const { db } = calls.ctx;
  await db.transaction(async (tx) => {
    let cameraId: number | null = null;
    if (cameraCode !== null) {
      const camera = await repo.cameraByCode(tx, cameraCode);
      if (!camera || camera.projectId !== box.projectId) return refuse('alarmbox.cameraNotFound');
      cameraId = camera.id;
    }
    await repo.setBoxCamera(tx, box.id, cameraId);
    await recordAudit(tx, actor, calls.ctx.now(), {
      module: ALARM_MODULE,
      action: 'bindCamera',
      targetId: box.id,
      targetName: box.devName,
    });
  });
  const [row] = (await boxRows(calls, actor.userId, box.projectId)).filter((item) => item.id === box.id);
  return row ?? refuse('alarmbox.boxNotFound');
}

const momentOf = (value: string | undefined) => {
  const time = value === undefined ? null : parseVideoTime(value);
  return time === null ? null : new Date(time);
};
const filterOf = (input: CallFilterInput): repo.CallFilter => ({
  ...input,
  from: momentOf(input.from),
  to: momentOf(input.to),
});

const secondsBetween = (from: Date, to: Date) =>
  Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

function callRowOf(call: CallRow, record: AlarmRecord, now: Date): AlarmCallRow {
  const end = call.endedAt ?? now;
  return {
    ...record,
    ringSeconds: secondsBetween(call.happenAt, call.answeredAt ?? end),
    talkSeconds: call.answeredAt ? secondsBetween(call.answeredAt, end) : null,
  };
}

export async function history(
  calls: AlarmCalls,
  userId: number,
  input: CallListInput,
): Promise<Page<AlarmCallRow>> {
  const { db } = calls.ctx;
  const page = await repo.callPage(db, await calls.scope(userId, input.projectId), filterOf(input), input);
  const records = await repo.records(db, page.list);
  const now = calls.ctx.now();
  return { ...page, list: page.list.map((call, i) => callRowOf(call, records[i] as AlarmRecord, now)) };
}

const REASON_NAMES = Object.fromEntries(Object.entries(CALL_END_REASONS).map(([code, [zh]]) => [code, zh]));

export async function historySheet(
  calls: AlarmCalls,
  userId: number,
  input: CallFilterInput,
): Promise<ExportSheet> {
  const { db } = calls.ctx;
  const scope = await calls.scope(userId, input.projectId);
  const now = calls.ctx.now();
  async function* rows(): AsyncGenerator<ExportRow> {
    for await (const batch of repo.callBatches(db, scope, filterOf(input))) {
      const records = await repo.records(db, batch);
      for (const [i, call] of batch.entries()) {
        const row = callRowOf(call, records[i] as AlarmRecord, now);
        yield {
          devName: call.deviceName,
          controlCode: call.controlCode ?? '',
          projectName: row.deviceDto.projectName,
          happenTime: row.happenTime,
          notifyTime: row.notifyTime ?? '',
          answeredBy: call.answeredByName ?? '',
          endTime: row.endTime ?? '',
          ringSeconds: row.ringSeconds,
          talkSeconds: row.talkSeconds ?? '',
          endReason: call.endReason ? (REASON_NAMES[call.endReason] ?? '') : '',
          outgoing: call.outgoing ? '呼出' : '呼入',
        };
      }
    }
  }
  return {
    fileName: datedFileName('报警历史', now),
    sheetName: '报警历史',
    columns: [
      { header: '报警柱', key: 'devName', width: 20 },
      { header: '编号', key: 'controlCode', width: 20 },
      { header: '项目', key: 'projectName', width: 20 },
      { header: '报警时间', key: 'happenTime', width: 20 },
      { header: '接听时间', key: 'notifyTime', width: 20 },
      { header: '接听人', key: 'answeredBy' },
      { header: '结束时间', key: 'endTime', width: 20 },
      { header: '响铃(秒)', key: 'ringSeconds' },
      { header: '通话(秒)', key: 'talkSeconds' },
      { header: '结束方式', key: 'endReason' },
      { header: '呼叫方向', key: 'outgoing' },
    ],
    rows: rows(),
  };
}

/** Whether an alarm socket hears this record: its box's project is the user's, and it asked for the box. */
export function peerHears(peer: AlarmPeer, record: AlarmRecord): boolean {
  if (peer.scope !== null && !peer.scope.includes(record.deviceDto.projectId)) return false;
  return peer.devIds.size === 0 || peer.devIds.has(record.devId);
}
