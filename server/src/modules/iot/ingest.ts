import {
  checkParams,
  checkValue,
  eventPayloadSchema,
  otaProgressSchema,
  PAYLOAD_MAX_BYTES,
  REPORT_BURST,
  REPORTS_PER_SECOND,
  replyPayloadSchema,
  statusPayloadSchema,
  telemetryPayloadSchema,
  type EventLevel,
  type OtaProgress,
  type ReplyPayload,
  type StatusPayload,
  type TelemetryValue,
  type TopicKind,
} from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { isDatabaseUnreachable } from '../../db/errors.js';
import type { AlarmKind } from '@cityops/contract';
import { AlarmEvaluator } from '../alarms/evaluate.js';
import * as alarms from '../alarms/repository.js';
import { autoHandle, offlineChanged, publishAlarms } from '../alarms/service.js';
import type { AlarmRule, ProductModel } from './models.js';
import { ReportRate } from './reportRate.js';
import * as repo from './repository.js';
import type { DeviceIdentity, NewFault } from './repository.js';

/**
 * Ingestion: each message a device publishes is parsed and checked against its product's
 * model; what fits is buffered and written in batches (history, latest values, last seen, alarms),
 * what does not is a counted fault. A database outage keeps the buffer (bounded, oldest dropped and
 * counted) and retries with backoff, so the backlog lands once the database is back. A message that
 * could not even be checked because the database was out of reach (its device or model not cached,
 * a reply or status to record) is parked as it came, in the same bound, and handled again once the
 * database answers.
 */

type Values = Record<string, TelemetryValue>;

/**
 * What became of a device's message: 'handled' (stored, its batch committed; or refused and counted
 * as a fault), which the broker acknowledges, or 'dropped' (not kept: the buffer overflowed during an
 * outage, or the server stopped before it could be written), which it does not.
 */
export type Outcome = 'handled' | 'dropped';
type Settle = (outcome: Outcome) => void;

/** Values of one report, or an event a device raised; with the rules in force when it arrived. */
type Pending = (
  | { kind: 'values'; device: DeviceIdentity; ts: Date; values: Values; rules: readonly AlarmRule[] }
  | {
      kind: 'event';
      device: DeviceIdentity;
      ts: Date;
      identifier: string;
      name: string;
      nameEn: string;
      level: EventLevel;
      rules: readonly AlarmRule[];
    }
) & { settle: Settle };

/** An alarm or early warning that opened, with what its message says of the device. */
export interface OpenedAlarm {
  alarmId: number;
  kind: AlarmKind;
  value: TelemetryValue | null;
  device: Pick<DeviceIdentity, 'projectId' | 'name' | 'address'>;
  title: string;
  /** The English title; '' when none. */
  titleEn: string;
  level: EventLevel;
  at: Date;
}

export interface IngestDeps {
  db: Database;
  now(): Date;
  log: FastifyBaseLogger;
  device(deviceKey: string): Promise<DeviceIdentity | null>;
  model(productId: number): Promise<ProductModel | null>;
  /** After each flush: the devices whose values or state changed (the bus's `devices.live`). */
  publishLive(db: Database, deviceIds: readonly number[]): Promise<void>;
  /** A device's answer to a command. */
  reply(device: DeviceIdentity, reply: ReplyPayload): Promise<void>;
  /** A device's retained status (or its will). */
  status(device: DeviceIdentity, status: StatusPayload): Promise<void>;
  /** A device's firmware upgrade progress (the `ota` topic). */
  ota(device: DeviceIdentity, progress: OtaProgress): Promise<void>;
  /** Alarms a flush opened, once it committed (messages for the device's project). */
  opened(alarms: readonly OpenedAlarm[]): Promise<void>;
}

export interface IngestLimits {
  /** The most reports held while the database cannot take them; the oldest go first. */
  bufferMax: number;
  /** Rows per INSERT, and the buffer size that flushes at once. */
  batchRows: number;
  flushMs: number;
  /** The longest wait between retries while writes fail. */
  backoffMaxMs: number;
  /** Each device's reports (telemetry and events): a burst, refilled at a rate (PROTOCOL.md). */
  reportsPerSecond: number;
  reportBurst: number;
}

export const DEFAULT_LIMITS: IngestLimits = {
  bufferMax: 100_000,
  batchRows: 500,
  flushMs: 250,
  backoffMaxMs: 10_000,
  reportsPerSecond: REPORTS_PER_SECOND,
  reportBurst: REPORT_BURST,
};

const FAULTS_MAX = 10_000;

/** A message kept as it came while the database could not be reached, with when it came. */
interface Parked {
  deviceKey: string;
  kind: TopicKind;
  payload: Buffer;
  identity: DeviceIdentity | undefined;
  at: Date;
  /** Told once the message is written, refused, or dropped. */
  settle: Settle;
  /** The device's first report over its rate: recorded as a fault, not stored. */
  limited: boolean;
}
/** A device's clock this far ahead of the server's is not believed: its report counts as received now. */
const FUTURE_SLACK_MS = 5 * 60_000;

export interface IngestStats {
  received: number;
  stored: number;
  malformed: number;
  unknownDevice: number;
  unknownFunction: number;
  invalidValue: number;
  /** Reports from disabled devices (external broker), not stored. */
  disabled: number;
  /** Reports dropped, oldest first, because the buffer was full during an outage. */
  dropped: number;
  /** Reports over their device's rate, not stored. */
  rateLimited: number;
  faultsDropped: number;
  flushFailures: number;
}

const detailOf = (identifier: string, value: unknown, reason: string) =>
  `${identifier}=${JSON.stringify(value)?.slice(0, 100) ?? 'undefined'}: ${reason}`;

export class Ingestion {
  readonly stats: IngestStats = {
    received: 0,
    stored: 0,
    malformed: 0,
    unknownDevice: 0,
    unknownFunction: 0,
    invalidValue: 0,
    disabled: 0,
    dropped: 0,
    rateLimited: 0,
    faultsDropped: 0,
    flushFailures: 0,
  };
  private pending: Pending[] = [];
  /** Messages being handled (a device or model lookup may be under way): stop waits for them. */
  private readonly handling = new Set<Promise<void>>();
  private faults: NewFault[] = [];
  private seen = new Map<number, Date>();
  private gone = new Set<number>();
  /** The connection states the flush under way is writing (not committed yet). */
  private writing: { seen: ReadonlyMap<number, Date>; gone: ReadonlySet<number> } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private parked: Parked[] = [];
  private failures = 0;
  private stopped = false;
  /** Per device and rule: streaks and trend windows of this instance (alarms/evaluate.ts). */
  readonly evaluator = new AlarmEvaluator();
  private readonly rate: ReportRate;

  constructor(
    private readonly deps: IngestDeps,
    private readonly limits: IngestLimits = DEFAULT_LIMITS,
  ) {
    this.rate = new ReportRate(limits.reportsPerSecond, limits.reportBurst);
  }

  /** Reports waiting to be written, and messages waiting for the database to be handled. */
  get backlog(): number {
    return this.pending.length + this.parked.length;
  }

  start(): void {
    this.schedule(this.limits.flushMs);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.unpark()
        .then(() => this.flush())
        .finally(() => {
          const backoff = Math.min(this.limits.backoffMaxMs, this.limits.flushMs * 2 ** this.failures);
          this.schedule(this.failures > 0 ? backoff : this.limits.flushMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** Stops the timer and writes what is buffered, once; what still cannot be written is lost (logged). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    // A message taken before the broker closed may still be looking up its device or model.
    await Promise.allSettled([...this.handling]);
    await this.unpark();
    await this.flush();
    if (this.backlog > 0)
      this.deps.log.error(
        { reports: this.pending.length, messages: this.parked.length },
        'iot: reports not written at shutdown',
      );
    for (const message of [...this.pending, ...this.parked]) message.settle('dropped');
  }

  /** A device was heard from (a connection, a ping, a message): online, last seen now, at the next flush. */
  heard(deviceId: number): void {
    this.gone.delete(deviceId);
    this.seen.set(deviceId, this.deps.now());
  }

  /**
   * A device went away (disconnected, or its will said so): offline at the next flush. Connection
   * states go through the flushes, in order, so a flush under way cannot mark online again a device
   * that left meanwhile.
   */
  left(deviceId: number): void {
    this.seen.delete(deviceId);
    this.gone.add(deviceId);
  }

  /** A connection state heard and not written yet: true (heard from), false (left), null (nothing pending). */
  presence(deviceId: number): boolean | null {
    if (this.seen.has(deviceId)) return true;
    if (this.gone.has(deviceId)) return false;
    if (this.writing?.seen.has(deviceId)) return true;
    return this.writing?.gone.has(deviceId) ? false : null;
  }

  /** Counts and keeps a fault (also the alarm-call module's: a device not of type 0801 ringing). */
  fault(device: DeviceIdentity | null, deviceKey: string, kind: NewFault['kind'], detail: string) {
    this.stats[kind] += 1;
    if (this.faults.length >= FAULTS_MAX) {
      this.faults.shift();
      this.stats.faultsDropped += 1;
    }
    this.faults.push({ deviceId: device?.id ?? null, deviceKey, kind, detail, at: this.deps.now() });
  }

  private enqueue(item: Pending) {
    if (this.pending.length >= this.limits.bufferMax) {
      this.pending.shift()?.settle('dropped');
      this.stats.dropped += 1;
    }
    this.pending.push(item);
    this.heard(item.device.id);
    if (this.pending.length >= this.limits.batchRows && !this.flushing && this.failures === 0)
      void this.flush();
  }

  /** A report's time: its own, unless absent or ahead of `now` (when it came) by more than the slack. */
  private timeOf(ts: number | undefined, now: Date): Date {
    return ts === undefined || ts > now.getTime() + FUTURE_SLACK_MS ? now : new Date(ts);
  }

  private parse<S extends z.ZodType>(schema: S, device: DeviceIdentity, payload: Buffer): z.output<S> | null {
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      this.fault(device, device.deviceKey, 'malformed', 'not JSON');
      return null;
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    this.fault(
      device,
      device.deviceKey,
      'malformed',
      `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`,
    );
    return null;
  }

  /**
   * One message a device published on `kind`, as the broker hands it over. `identity` is the device
   * when the broker already knows it (the embedded broker signed it in); otherwise it is looked up by
   * key. Settles with what became of it: a report once the batch holding it committed, which is when
   * the broker acknowledges it. A report over the device's rate is refused at once. Never rejects.
   */
  deliver(deviceKey: string, kind: TopicKind, payload: Buffer, identity?: DeviceIdentity): Promise<Outcome> {
    return new Promise<Outcome>((settle) => {
      const verdict = kind === 'telemetry' || kind === 'event' ? this.rate.take(deviceKey) : 'ok';
      if (verdict === 'over') {
        this.stats.received += 1;
        this.stats.rateLimited += 1;
        return settle('handled');
      }
      void this.take({ deviceKey, kind, payload, identity, settle, limited: verdict === 'first' });
    });
  }

  /**
   * One message, as `deliver` takes it but without the rate limit, settling once it is handled or
   * buffered (tests and the alarm rules' checks feed reports through it). Never throws.
   */
  receive(deviceKey: string, kind: TopicKind, payload: Buffer, identity?: DeviceIdentity): Promise<void> {
    return this.take({ deviceKey, kind, payload, identity, settle: () => undefined, limited: false });
  }

  private take(message: Omit<Parked, 'at'>): Promise<void> {
    this.stats.received += 1;
    return this.track(this.handle({ ...message, at: this.deps.now() }));
  }

  private track(work: Promise<boolean>): Promise<void> {
    const done = work.then(() => undefined);
    this.handling.add(done);
    void done.finally(() => this.handling.delete(done));
    return done;
  }

  /** Keeps a message the database could not take, in the buffer's bound (the oldest parked go first). */
  private park(message: Parked) {
    if (this.parked.length > 0 && this.backlog >= this.limits.bufferMax) {
      this.parked.shift()?.settle('dropped');
      this.stats.dropped += 1;
    }
    this.parked.push(message);
  }

  /**
   * Handles the parked messages again, in the order they came: the first alone, as a probe, and the
   * rest only if it went through (a database still away parks it again and stops there).
   */
  private async unpark() {
    const first = this.parked.shift();
    if (!first) return;
    if (!(await this.handle(first))) return;
    const rest = this.parked;
    this.parked = [];
    for (const message of rest) await this.handle(message);
  }

  /**
   * One message; answers false when it was parked for the database. Settles it unless a report of it
   * waits in the buffer (the flush settles that). Never throws.
   */
  private async handle(message: Parked): Promise<boolean> {
    try {
      if (!(await this.dispatch(message))) message.settle('handled');
    } catch (error) {
      if (isDatabaseUnreachable(error)) {
        this.park(message);
        return false;
      }
      this.deps.log.error(
        { err: error, deviceKey: message.deviceKey, kind: message.kind },
        'iot: a message could not be handled',
      );
      message.settle('handled');
    }
    return true;
  }

  /** Handles a message; answers true when a report of it was buffered to be written. */
  private async dispatch({
    deviceKey,
    kind,
    payload,
    identity,
    at,
    settle,
    limited,
  }: Parked): Promise<boolean> {
    const device = identity ?? (await this.deps.device(deviceKey));
    if (!device) return this.refuse(null, deviceKey, 'unknownDevice', 'no device has this key');
    if (limited)
      return this.refuse(
        device,
        deviceKey,
        'rateLimited',
        `over ${this.limits.reportsPerSecond} reports a second`,
      );
    if (payload.length > PAYLOAD_MAX_BYTES)
      return this.refuse(device, deviceKey, 'malformed', `payload of ${payload.length} bytes`);
    if (!device.enabled) {
      this.stats.disabled += 1;
      return false;
    }
    switch (kind) {
      case 'telemetry':
        return await this.telemetry(device, payload, at, settle);
      case 'event':
        return await this.event(device, payload, at, settle);
      case 'reply': {
        const reply = this.parse(replyPayloadSchema, device, payload);
        this.heard(device.id);
        if (reply) await this.deps.reply(device, reply);
        return false;
      }
      case 'status': {
        const status = this.parse(statusPayloadSchema, device, payload);
        if (status) await this.deps.status(device, status);
        return false;
      }
      case 'ota': {
        const progress = this.parse(otaProgressSchema, device, payload);
        this.heard(device.id);
        if (progress) await this.deps.ota(device, progress);
        return false;
      }
      case 'command':
        return false;
    }
  }

  /** Records a fault for a message that stores nothing: nothing of it waits in the buffer. */
  private refuse(device: DeviceIdentity | null, deviceKey: string, kind: NewFault['kind'], detail: string) {
    this.fault(device, deviceKey, kind, detail);
    return false;
  }

  private async telemetry(device: DeviceIdentity, payload: Buffer, at: Date, settle: Settle) {
    const report = this.parse(telemetryPayloadSchema, device, payload);
    if (!report) return false;
    const model = await this.deps.model(device.productId);
    if (!model) return this.refuse(device, device.deviceKey, 'unknownFunction', 'the product has no model');
    const values: Values = {};
    for (const [identifier, value] of Object.entries(report.values)) {
      const property = model.properties.get(identifier);
      if (!property) {
        this.fault(
          device,
          device.deviceKey,
          'unknownFunction',
          detailOf(identifier, value, 'not a property'),
        );
        continue;
      }
      const reason = checkValue(property.spec, value);
      if (reason) this.fault(device, device.deviceKey, 'invalidValue', detailOf(identifier, value, reason));
      else values[identifier] = value;
    }
    if (Object.keys(values).length === 0) return false;
    const ts = this.timeOf(report.ts, at);
    this.enqueue({ kind: 'values', device, ts, values, rules: model.rules, settle });
    return true;
  }

  private async event(device: DeviceIdentity, payload: Buffer, at: Date, settle: Settle) {
    const raised = this.parse(eventPayloadSchema, device, payload);
    if (!raised) return false;
    const model = await this.deps.model(device.productId);
    const event = model?.events.get(raised.event);
    if (!event)
      return this.refuse(
        device,
        device.deviceKey,
        'unknownFunction',
        detailOf(raised.event, null, 'not an event'),
      );
    const wrong = checkParams(event.params, raised.params);
    if (wrong)
      return this.refuse(
        device,
        device.deviceKey,
        'invalidValue',
        detailOf(wrong.identifier, raised.params[wrong.identifier], wrong.reason),
      );
    this.enqueue({
      kind: 'event',
      device,
      ts: this.timeOf(raised.ts, at),
      identifier: raised.event,
      name: event.name,
      nameEn: event.nameEn,
      level: event.level,
      rules: model?.rules ?? [],
      settle,
    });
    return true;
  }

  /** Writes what is buffered, a batch at a time; one flush at a time. */
  flush(): Promise<void> {
    this.flushing ??= this.flushAll().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async flushAll() {
    do {
      const batch = this.pending.slice(0, this.limits.batchRows);
      const faults = this.faults.slice(0, this.limits.batchRows);
      const seen = this.seen;
      const gone = this.gone;
      if (batch.length === 0 && faults.length === 0 && seen.size === 0 && gone.size === 0) return;
      this.seen = new Map();
      this.gone = new Set();
      let opened: OpenedAlarm[];
      this.writing = { seen, gone };
      try {
        opened = await this.write(batch, faults, seen, gone);
      } catch (error) {
        // Put the states back unless a newer one came meanwhile.
        for (const [id, at] of seen) if (!this.seen.has(id) && !this.gone.has(id)) this.seen.set(id, at);
        for (const id of gone) if (!this.seen.has(id)) this.gone.add(id);
        this.writing = null;
        this.failures += 1;
        this.stats.flushFailures += 1;
        if (this.failures === 1 || this.failures % 20 === 0)
          this.deps.log.error(
            { err: error, backlog: this.pending.length, failures: this.failures },
            'iot: telemetry could not be written; kept for another try',
          );
        return;
      }
      this.writing = null;
      if (this.failures > 0)
        this.deps.log.info({ failures: this.failures }, 'iot: telemetry writes work again');
      this.failures = 0;
      // The buffer may have dropped its oldest meanwhile: remove exactly the written ones.
      const written = new Set(batch);
      this.pending = this.pending.filter((item) => !written.has(item));
      const writtenFaults = new Set(faults);
      this.faults = this.faults.filter((fault) => !writtenFaults.has(fault));
      for (const item of batch) item.settle('handled');
      this.stats.stored += batch.filter((item) => item.kind === 'values').length;
      if (opened.length > 0)
        await this.deps.opened(opened).catch((error: unknown) => {
          this.deps.log.error({ err: error }, 'iot: alarm messages could not be produced');
        });
    } while (this.pending.length > 0 || this.faults.length > 0);
  }

  private async write(
    batch: readonly Pending[],
    faults: readonly NewFault[],
    seen: ReadonlyMap<number, Date>,
    gone: ReadonlySet<number>,
  ) {
    const reports = batch.flatMap((item) =>
      item.kind === 'values' ? [{ deviceId: item.device.id, ts: item.ts, values: item.values }] : [],
    );
    // The streaks move only once the batch is written: a failed write is evaluated afresh.
    const { hits, recovered, commit } = this.evaluator.draft(batch);
    const devices = new Map(batch.map((item) => [item.device.id, item.device]));
    const now = this.deps.now();
    const announced = await this.deps.db.transaction(async (tx) => {
      await repo.writeReports(tx, reports, seen);
      const wentOffline = await repo.setOffline(tx, [...gone]);
      // Offline rules: open for the devices that left, recover for those heard again.
      const offline = await offlineChanged(tx, wentOffline, [...seen.keys()], now);
      const upserted = await alarms.upsertAlarms(tx, hits);
      const opened = upserted.filter((alarm) => alarm.opened);
      const hitOf = (alarm: alarms.UpsertedAlarm) =>
        hits.find((h) => h.deviceId === alarm.deviceId && h.source === alarm.source);
      await autoHandle(
        tx,
        opened.flatMap((alarm) => {
          const option = hitOf(alarm)?.autoHandle ?? 'waiting';
          return option === 'waiting' ? [] : [{ alarmId: alarm.alarmId, option }];
        }),
        now,
      );
      const recoveredAlarms = await alarms.recoverAlarms(tx, recovered, now);
      await repo.insertFaults(tx, faults);
      await this.deps.publishLive(tx, [...new Set([...devices.keys(), ...seen.keys(), ...gone])]);
      await publishAlarms(
        tx,
        opened.map((alarm) => alarm.alarmId),
        [
          ...upserted.filter((alarm) => !alarm.opened).map((alarm) => alarm.alarmId),
          ...recoveredAlarms.map((alarm) => alarm.alarmId),
        ],
      );
      const raised = opened.flatMap((alarm) => {
        const hit = hitOf(alarm);
        const device = devices.get(alarm.deviceId);
        return hit && device
          ? [
              {
                alarmId: alarm.alarmId,
                kind: hit.kind,
                value: hit.value,
                device,
                title: hit.title,
                titleEn: hit.titleEn,
                level: hit.level,
                at: hit.lastAt,
              },
            ]
          : [];
      });
      return [...offline.opened, ...raised];
    });
    commit();
    return announced;
  }
}
