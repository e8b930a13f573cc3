import mqtt, { type MqttClient } from 'mqtt';
import {
  commandPayloadSchema,
  DEMO_PRODUCT_KEYS,
  demoFleetPlan,
  deviceTopic,
  type DemoDevice,
  type EventPayload,
  type ReplyPayload,
  type StatusPayload,
  type TelemetryPayload,
} from '@cityops/contract';
import { systemClock, type Clock } from '../clock.js';
import { behaviourOf, type Behaviour, type Values } from './behaviours.js';
import { fleetFaultSchema, randomFault, type FleetFault } from './faults.js';
import { otaCommandOf, runOta, type OtaOptions } from './ota.js';
import { seededRandom, seedOf } from './patterns.js';
import { demoDeviceSecret } from './secret.js';
import { AllowlistKeeper } from './allowlist.js';

/**
 * The simulated device fleet: the demo fleet plan played over MQTT, one client per device,
 * speaking the documented protocol (contract devices/protocol.ts). One timer drives every report; each
 * device has its own slot in the period so 10,000 devices spread evenly over it.
 *
 * Time: `clock` is what the devices read (the reports' `ts`, the daily patterns); the timers (reports,
 * connects, faults) run on real time.
 */

export interface FleetOptions {
  /** The broker, e.g. mqtt://127.0.0.1:1883. */
  url: string;
  /** The first `count` devices of the demo fleet plan. */
  count: number;
  /** One report per device every this many seconds (default 10). */
  reportSeconds?: number;
  clock?: Clock;
  /** Random faults at a low rate (default on); `inject` works either way. */
  faults?: boolean;
  /** New connections per second, first connects (default 200). */
  connectsPerSecond?: number;
  /** Reconnect delay after a lost connection: from `minMs`, doubling up to `maxMs` (default 1 s .. 30 s). */
  backoff?: { minMs: number; maxMs: number };
  /** How long a refused device waits before trying again (default 60 s). */
  refusedRetryMs?: number;
  /** Reports kept while disconnected, per device, delivered after (default 30; the oldest go first). */
  backlogMax?: number;
  /** The password of a device (default: the demo secret); tests use it to send wrong ones. */
  secretOf?: (deviceKey: string) => string;
  /** One line now and then (broker not reachable yet, all connected, refusals); default silent. */
  log?: (line: string) => void;
  /** Firmware upgrades (`$ota`): which devices' downloads arrive damaged, how long installing takes. */
  ota?: OtaOptions;
}

export interface FleetStats {
  devices: number;
  /** Devices connected now. */
  connected: number;
  /** Telemetry reports published (including those delivered late from a backlog). */
  published: number;
  events: number;
  /** Commands received and replies sent. */
  commands: number;
  replies: number;
  /** Successful connections, reconnections included. */
  connects: number;
  /** Connections the broker refused (bad credentials, unknown device). */
  refused: number;
  /** Reports kept for later while disconnected, and the ones a full backlog lost. */
  backlogged: number;
  dropped: number;
  /** Faults shown (random and injected). */
  faults: number;
}

export interface ReceivedCommand {
  id: string;
  service: string;
  params: Values;
  /** The device's clock when it ran it. */
  at: number;
  code: number;
}

export interface DeviceState {
  deviceKey: string;
  productKey: string;
  connected: boolean;
  /** The device's current values (as last reported or changed by a command). */
  values: Values;
  /** When it last reported (its clock), 0 before the first report. */
  reportedAt: number;
  /** The last commands received, oldest first (at most 20). */
  commands: ReceivedCommand[];
  /** Silent because of an offline fault or a restart. */
  dark: boolean;
  /** The firmware it runs (announced in its status; an upgrade changes it). */
  firmware: string;
}

export interface Fleet {
  url: string;
  devices: readonly DemoDevice[];
  readonly stats: FleetStats;
  device(deviceKey: string): DeviceState | undefined;
  /** Makes a device show a fault now; false for an unknown device or a fault its product cannot show. */
  inject(deviceKey: string, fault: FleetFault): boolean;
  /** Resolves when at least `count` devices (default all) are connected; rejects after `timeoutMs`. */
  whenConnected(count?: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const TICK_MS = 100;
const COMMANDS_KEPT = 20;
const FIRMWARE = '1.0.0';
/** MQTT CONNACK codes of a refusal for credentials (3.1.1: 4, 5; 5.0: 134, 135). */
const REFUSAL_CODES = new Set([4, 5, 134, 135]);
/** Socket errors that mean nobody listens there (yet). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

interface FleetContext {
  clock: Clock;
  stats: FleetStats;
  options: Required<Pick<FleetOptions, 'backoff' | 'refusedRetryMs' | 'backlogMax' | 'faults'>>;
  random: () => number;
  ota: OtaOptions;
  notice(kind: 'unreachable' | 'refused' | 'allConnected' | 'lost', deviceKey?: string): void;
  connectedChanged(delta: 1 | -1): void;
}

/** One simulated device: its behaviour, its MQTT client and what it keeps while offline. */
class SimDevice {
  readonly topics;
  private client: MqttClient | null = null;
  private backlog: Array<{ topic: string; payload: string }> = [];
  private everConnected = false;
  private isConnected = false;
  private attempt = 0;
  private darkUntil = 0;
  private darkTimer: NodeJS.Timeout | null = null;
  reportedAt = 0;
  firmware = FIRMWARE;
  readonly commands: ReceivedCommand[] = [];
  /** Gateways keep the allowlist the platform sends them (allowlist.ts). */
  readonly allowlist: AllowlistKeeper | null;

  constructor(
    readonly plan: DemoDevice,
    readonly behaviour: Behaviour,
    private readonly context: FleetContext,
  ) {
    this.allowlist = plan.productKey === DEMO_PRODUCT_KEYS.gateway ? new AllowlistKeeper() : null;
    this.topics = {
      telemetry: deviceTopic(plan.deviceKey, 'telemetry'),
      event: deviceTopic(plan.deviceKey, 'event'),
      reply: deviceTopic(plan.deviceKey, 'reply'),
      status: deviceTopic(plan.deviceKey, 'status'),
      command: deviceTopic(plan.deviceKey, 'command'),
      ota: deviceTopic(plan.deviceKey, 'ota'),
    };
  }

  get connected() {
    return this.isConnected;
  }

  get dark() {
    return Date.now() < this.darkUntil;
  }

  /** Creates the client and connects; the fleet's connect queue calls it when the device's turn comes. */
  open(url: string, password: string) {
    const key = this.plan.deviceKey;
    const will: StatusPayload = { online: false };
    const client = mqtt.connect(url, {
      clientId: key,
      username: key,
      password,
      clean: true,
      keepalive: 60,
      connectTimeout: 10_000,
      reconnectPeriod: this.reconnectDelay(),
      reconnectOnConnackError: true,
      resubscribe: false,
      queueQoSZero: false,
      will: { topic: this.topics.status, payload: Buffer.from(JSON.stringify(will)), qos: 1, retain: true },
    });
    this.client = client;
    client.on('connect', () => this.onConnect());
    client.on('close', () => this.onClose());
    client.on('reconnect', () => {
      this.attempt += 1;
      client.options.reconnectPeriod = this.reconnectDelay();
    });
    client.on('error', (error) => {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'number' && REFUSAL_CODES.has(code)) {
        this.context.stats.refused += 1;
        this.context.notice('refused', key);
        client.options.reconnectPeriod = this.jitter(this.context.options.refusedRetryMs);
      } else if (!this.everConnected && typeof code === 'string' && UNREACHABLE_CODES.has(code)) {
        this.context.notice('unreachable');
      }
    });
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
  }

  /** The delay before the next attempt: doubling from the minimum, with jitter so a crowd spreads out. */
  private reconnectDelay() {
    const { minMs, maxMs } = this.context.options.backoff;
    return this.jitter(Math.min(maxMs, minMs * 2 ** Math.min(this.attempt, 16)));
  }

  private jitter(ms: number) {
    return Math.round(ms * (0.5 + this.context.random()));
  }

  private onConnect() {
    const client = this.client;
    if (!client) return;
    if (this.dark) {
      // Came back early (a reconnection already under way when it went dark): away again until due.
      client.options.reconnectPeriod = Math.max(100, this.darkUntil - Date.now());
      client.stream.destroy();
      return;
    }
    const first = !this.everConnected;
    this.everConnected = true;
    this.attempt = 0;
    client.options.reconnectPeriod = this.reconnectDelay();
    if (!this.isConnected) {
      this.isConnected = true;
      this.context.connectedChanged(1);
    }
    this.context.stats.connects += 1;
    client.subscribe(this.topics.command, { qos: 1 }, () => undefined);
    const status: StatusPayload = { online: true, firmware: this.firmware };
    client.publish(this.topics.status, JSON.stringify(status), { qos: 1, retain: true }, () => undefined);
    const waiting = this.backlog.splice(0);
    for (const message of waiting) this.publish(message.topic, message.payload);
    if (first) this.report();
  }

  private onClose() {
    if (!this.isConnected) return;
    this.isConnected = false;
    this.context.connectedChanged(-1);
  }

  /** Publishes QoS 1 now, or keeps it for after the reconnection (bounded, oldest dropped). */
  private publish(topic: string, payload: string) {
    const client = this.client;
    if (client && this.isConnected && client.connected) {
      client.publish(topic, payload, { qos: 1 }, () => undefined);
      return;
    }
    if (!this.everConnected) return;
    this.backlog.push({ topic, payload });
    this.context.stats.backlogged += 1;
    if (this.backlog.length > this.context.options.backlogMax) {
      this.backlog.shift();
      this.context.stats.dropped += 1;
    }
  }

  /** One report of its current values (its turn in the period, or at once after a command). */
  report(values?: Values) {
    if (this.dark || !this.everConnected) return;
    if (values === undefined && this.context.options.faults) {
      const fault = randomFault(this.context.random, this.plan.productKey === DEMO_PRODUCT_KEYS.lid);
      if (fault) {
        this.inject(fault);
        return;
      }
    }
    const now = this.context.clock.now();
    const payload: TelemetryPayload = { ts: now, values: values ?? this.behaviour.report(now) };
    this.reportedAt = now;
    this.context.stats.published += 1;
    this.publish(this.topics.telemetry, JSON.stringify(payload));
  }

  private onMessage(topic: string, raw: Buffer) {
    if (topic !== this.topics.command || this.dark) return;
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return;
    }
    const upgrade = otaCommandOf(json);
    if (upgrade) {
      this.context.stats.commands += 1;
      void runOta(
        {
          deviceKey: this.plan.deviceKey,
          publish: (kind, payload) => this.publish(this.topics[kind], JSON.stringify(payload)),
          restart: (firmware) => {
            this.firmware = firmware;
            this.goDark(1);
          },
        },
        upgrade,
        this.context.ota,
      );
      return;
    }
    const allowlist = this.allowlist?.answer(json);
    if (allowlist) return this.publish(this.topics.reply, JSON.stringify(allowlist));
    const command = commandPayloadSchema.safeParse(json);
    if (!command.success) return;
    const { id, service, params } = command.data;
    const now = this.context.clock.now();
    const outcome = this.behaviour.command(service, params, now);
    this.context.stats.commands += 1;
    this.commands.push({ id, service, params, at: now, code: outcome.reply.code });
    if (this.commands.length > COMMANDS_KEPT) this.commands.shift();
    const reply: ReplyPayload = { id, ...outcome.reply };
    this.context.stats.replies += 1;
    this.publish(this.topics.reply, JSON.stringify(reply));
    if (outcome.reportNow) this.report(this.behaviour.state());
    if (outcome.restartSeconds) {
      const seconds = outcome.restartSeconds;
      // Answer first, then go: the reply leaves before the connection drops.
      setTimeout(() => this.goDark(seconds), 100).unref();
    }
  }

  /** Drops the connection without a goodbye (the broker publishes the will) and stays away `seconds`. */
  private goDark(seconds: number) {
    this.darkUntil = Date.now() + seconds * 1000;
    const client = this.client;
    if (!client) return;
    client.options.reconnectPeriod = seconds * 1000;
    if (this.darkTimer) clearTimeout(this.darkTimer);
    this.darkTimer = setTimeout(() => {
      this.darkTimer = null;
      client.options.reconnectPeriod = this.reconnectDelay();
    }, seconds * 1000);
    this.darkTimer.unref();
    if (client.connected) client.stream.destroy();
  }

  inject(input: FleetFault): boolean {
    const fault = fleetFaultSchema.parse(input);
    const now = this.context.clock.now();
    switch (fault.kind) {
      case 'offline':
        this.goDark(fault.seconds);
        break;
      case 'outOfRange': {
        const [identifier, value] = this.behaviour.outOfRange();
        this.report({ ...this.behaviour.report(now), [identifier]: value });
        break;
      }
      case 'tilt': {
        if (!this.behaviour.tilt) return false;
        const angle = this.behaviour.tilt(now, fault.seconds);
        this.report(this.behaviour.report(now));
        const event: EventPayload = { ts: now, event: 'tiltAlarm', params: { angle } };
        this.context.stats.events += 1;
        this.publish(this.topics.event, JSON.stringify(event));
        break;
      }
      case 'malformed':
        this.publish(this.topics.telemetry, `{"ts":${now},"values":{"broken":`);
        break;
    }
    this.context.stats.faults += 1;
    return true;
  }

  state(): DeviceState {
    return {
      deviceKey: this.plan.deviceKey,
      productKey: this.plan.productKey,
      connected: this.isConnected,
      values: { ...this.behaviour.state() },
      reportedAt: this.reportedAt,
      commands: this.commands.map((command) => ({ ...command, params: { ...command.params } })),
      dark: this.dark,
      firmware: this.firmware,
    };
  }

  async close() {
    if (this.darkTimer) clearTimeout(this.darkTimer);
    const client = this.client;
    this.client = null;
    // Abruptly, like a device losing power: the broker publishes each device's will.
    if (client) await client.endAsync(true).catch(() => undefined);
  }
}

/**
 * The slot (of `slots` in a period) in which device number `index` reports: the golden-ratio sequence,
 * which spreads any count evenly over the period (neighbouring devices far apart, no slot crowded).
 */
export function reportSlot(index: number, slots: number): number {
  return Math.min(slots - 1, Math.floor(((index * 0.618_033_988_75) % 1) * slots));
}

/** Starts the fleet: devices connect at `connectsPerSecond` and keep trying until the broker answers. */
export function startFleet(options: FleetOptions): Fleet {
  const clock = options.clock ?? systemClock;
  const plan = demoFleetPlan(options.count);
  const periodMs = Math.max(1, (options.reportSeconds ?? 10) * 1000);
  const tickMs = Math.min(TICK_MS, periodMs);
  const slots = Math.max(1, Math.round(periodMs / tickMs));
  const log = options.log ?? (() => undefined);
  const secretOf = options.secretOf ?? demoDeviceSecret;
  const stats: FleetStats = {
    devices: plan.length,
    connected: 0,
    published: 0,
    events: 0,
    commands: 0,
    replies: 0,
    connects: 0,
    refused: 0,
    backlogged: 0,
    dropped: 0,
    faults: 0,
  };
  const said = new Set<string>();
  let closed = false;
  const context: FleetContext = {
    clock,
    stats,
    options: {
      backoff: options.backoff ?? { minMs: 1000, maxMs: 30_000 },
      refusedRetryMs: options.refusedRetryMs ?? 60_000,
      backlogMax: options.backlogMax ?? 30,
      faults: options.faults ?? true,
    },
    random: seededRandom(seedOf(`fleet:${options.count}`)),
    ota: options.ota ?? {},
    notice(kind, deviceKey) {
      if (said.has(kind) || closed) return;
      said.add(kind);
      if (kind === 'unreachable')
        log(`Device fleet: the broker at ${options.url} does not answer yet; the devices keep trying`);
      else if (kind === 'refused')
        log(
          `Device fleet: the broker refused ${deviceKey ?? 'a device'} (not registered there, or another secret); ` +
            `refused devices try again every ${Math.round(context.options.refusedRetryMs / 1000)} s`,
        );
      else if (kind === 'allConnected')
        log(`Device fleet: all ${stats.devices} devices connected to ${options.url}`);
      else
        log(`Device fleet: lost the broker at ${options.url}; the devices reconnect and keep their reports`);
    },
    connectedChanged(delta) {
      stats.connected += delta;
      if (stats.connected === stats.devices) {
        said.delete('lost');
        context.notice('allConnected');
      }
      if (stats.connected === 0 && delta < 0 && said.has('allConnected')) {
        said.delete('allConnected');
        context.notice('lost');
      }
    },
  };

  const lidsPerBase = Math.max(
    1,
    Math.round(
      plan.filter((device) => device.productKey === DEMO_PRODUCT_KEYS.lid).length /
        Math.max(1, plan.filter((device) => device.productKey === DEMO_PRODUCT_KEYS.base).length),
    ),
  );
  const now = clock.now();
  const devices = plan.map(
    (device) =>
      new SimDevice(
        device,
        behaviourOf(device, seededRandom(seedOf(device.deviceKey)), now, { lidsPerBase }),
        context,
      ),
  );
  const byKey = new Map(devices.map((device) => [device.plan.deviceKey, device]));

  const buckets: SimDevice[][] = Array.from({ length: slots }, () => []);
  devices.forEach((device, index) => buckets[reportSlot(index, slots)]?.push(device));
  const startedAt = Date.now();
  let nextTick = 0;
  const reporter = setInterval(() => {
    const due = Math.floor((Date.now() - startedAt) / tickMs);
    // After a stall longer than a period, skip ahead rather than report twice.
    nextTick = Math.max(nextTick, due - slots + 1);
    for (; nextTick <= due; nextTick += 1) {
      for (const device of buckets[nextTick % slots] ?? []) device.report();
    }
  }, tickMs);

  // First connections at a steady rate: a broker is not asked to take 10,000 handshakes at once.
  const queue = [...devices];
  const perSecond = Math.max(1, options.connectsPerSecond ?? 200);
  const batch = Math.max(1, Math.ceil(perSecond / 20));
  const connector = setInterval(() => {
    for (const device of queue.splice(0, batch)) device.open(options.url, secretOf(device.plan.deviceKey));
    if (queue.length === 0) clearInterval(connector);
  }, 50);

  return {
    url: options.url,
    devices: plan,
    get stats() {
      return { ...stats };
    },
    device: (deviceKey) => byKey.get(deviceKey)?.state(),
    inject(deviceKey, fault) {
      const device = byKey.get(deviceKey);
      return device ? device.inject(fault) : false;
    },
    async whenConnected(count = plan.length, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (stats.connected < count) {
        if (Date.now() > deadline)
          throw new Error(`only ${stats.connected} of ${count} devices connected after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(reporter);
      clearInterval(connector);
      await Promise.all(devices.map((device) => device.close()));
    },
  };
}
