import type { FastifyBaseLogger } from 'fastify';
import {
  OTA_MESSAGE_PREFIX,
  type CommandPayload,
  type OtaProgress,
  type ReplyPayload,
  type StatusPayload,
} from '@cityops/contract';
import type { Database } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';
import { offlineChanged } from '../alarms/service.js';
import { announceOpened } from '../alarms/announce.js';
import { BUS_MAX_IDS, listenBus, publish, type BusEvent } from '../push/events.js';
import {
  connectExternalBroker,
  serverClientId,
  startEmbeddedBroker,
  type DeviceLink,
  type LinkHandlers,
} from './broker.js';
import { CommandCenter } from './commands.js';
import { DEFAULT_LIMITS, Ingestion, type IngestLimits, type OpenedAlarm } from './ingest.js';
import { LiveHub } from './liveSocket.js';
import { loadModel, TtlCache, type ProductModel } from './models.js';
import { startPartitionMaintenance } from './partitions.js';
import * as repo from './repository.js';
import type { DeviceIdentity } from './repository.js';

/**
 * The device runtime of one server instance: the link to devices (embedded broker or external), the
 * ingestion buffer, commands waiting for answers, the offline sweep, the partition upkeep and the live
 * sockets, all driven by the event bus too, so several instances on one database agree.
 */

/** How long a product's model and a device's identity are kept without a bus event saying they changed. */
const MODEL_TTL_MS = 60_000;
const DEVICE_TTL_MS = 30_000;
/** The offline sweep's period. */
export const SWEEP_MS = 30_000;

/** Tells every instance these devices changed, at most BUS_MAX_IDS ids an event. */
export async function publishLive(db: Database, deviceIds: readonly number[]) {
  for (let start = 0; start < deviceIds.length; start += BUS_MAX_IDS)
    await publish(db, { k: 'devices.live', deviceIds: deviceIds.slice(start, start + BUS_MAX_IDS) });
}

/** Firmware upgrades (modules/firmware) hear what devices say about them through this. */
export interface OtaListener {
  progress(device: DeviceIdentity, progress: OtaProgress): Promise<void>;
  /** The device's reply to a `$ota` command. */
  replied(device: DeviceIdentity, reply: ReplyPayload): Promise<void>;
  /** The firmware version a device's status announced. */
  firmware(device: DeviceIdentity, version: string): Promise<void>;
}

/** The alarm-call module (modules/alarmbox) hears alarm columns through this. */
export interface CallListener {
  /** A `call` or `voice` message; `device` when the embedded broker signed it in. */
  message(deviceKey: string, kind: 'call' | 'voice', payload: Buffer, device?: DeviceIdentity): void;
  /** The device went away (disconnect, will, `online: false`). */
  gone(device: DeviceIdentity): void;
}

export class IotRuntime {
  /** Set by the firmware module when it starts. */
  ota: OtaListener | null = null;
  /** Set by the alarm-call module when it starts. */
  calls: CallListener | null = null;
  readonly models: TtlCache<number, ProductModel | null>;
  readonly devices: TtlCache<string, DeviceIdentity | null>;
  readonly ingestion: Ingestion;
  readonly commands: CommandCenter;
  readonly live: LiveHub;
  private link: DeviceLink | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private partitions: ReturnType<typeof startPartitionMaintenance> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  /** Set as the server stops: the broker closing then disconnects every device, which says nothing of them. */
  private stopping = false;
  /** Told when a device connects or says it is online (the gateway allowlist resends an outdated list). */
  readonly onlineListeners = new Set<(device: DeviceIdentity, how: 'connected' | 'status') => void>();

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    limits: IngestLimits = DEFAULT_LIMITS,
  ) {
    const { db } = ctx;
    this.models = new TtlCache((productId) => loadModel(db, productId, log), MODEL_TTL_MS);
    this.devices = new TtlCache((key) => repo.deviceByKey(db, key), DEVICE_TTL_MS);
    this.live = new LiveHub(db);
    this.commands = new CommandCenter({
      ctx,
      link: () => this.link,
      reachable: (device) => this.reachable(device),
      model: (productId) => this.models.get(productId),
      timeoutMs: ctx.config.COMMAND_TIMEOUT_MS,
      log,
    });
    this.ingestion = new Ingestion(
      {
        db,
        now: ctx.now,
        log,
        device: (key) => this.devices.get(key),
        model: (productId) => this.models.get(productId),
        publishLive,
        reply: (device, reply) =>
          reply.id.startsWith(OTA_MESSAGE_PREFIX)
            ? (this.ota?.replied(device, reply) ?? Promise.resolve())
            : this.commands.reply(device, reply),
        status: (device, status) => this.status(device, status),
        ota: (device, progress) => this.ota?.progress(device, progress) ?? Promise.resolve(),
        opened: (alarms) => this.alarmMessages(alarms),
      },
      limits,
    );
  }

  /** The embedded broker's port, or null (external broker, or none). */
  port(): number | null {
    return this.link?.port() ?? null;
  }

  /** Whether commands can reach devices now (the broker runs, or the external one is connected). */
  brokerConnected(): boolean {
    return this.link?.connected() ?? false;
  }

  /** Audio to an alarm column's speaker (dropped when no broker is connected: it is live audio). */
  publishSpeaker(deviceKey: string, payload: Buffer): void {
    if (this.link?.connected()) this.link.publishSpeaker(deviceKey, payload);
  }

  /** Whether this instance wants a box's voice frames (a listening socket here). */
  wantVoice(deviceKey: string, wanted: boolean): void {
    this.link?.wantVoice(deviceKey, wanted);
  }

  /** Publishes a command on a device's `command` topic; refuses when no broker is connected. */
  async publishCommand(deviceKey: string, command: CommandPayload): Promise<void> {
    if (!this.link?.connected()) throw new Error('no broker is connected');
    await this.link.publishCommand(deviceKey, command);
  }

  get mode(): 'embedded' | 'external' | 'none' {
    return this.link?.mode ?? 'none';
  }

  async start(): Promise<void> {
    const { ctx, log } = this;
    const { config } = ctx;
    this.stopListening = await listenBus(ctx.listen, {
      onEvent: (event) => void this.onEvent(event),
      // Events may have been missed: read models and devices afresh, connected ones included.
      onReconnect: () => {
        this.models.forget();
        this.devices.forget();
        void this.refreshDevices(this.link?.connectedKeys() ?? []);
      },
    });

    this.partitions = startPartitionMaintenance({
      db: ctx.db,
      now: ctx.now,
      retentionDays: config.TELEMETRY_RETENTION_DAYS,
      log,
    });
    await this.partitions.first;
    this.ingestion.start();
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweepTimer.unref();
    const handlers: LinkHandlers = {
      message: (key, kind, payload, device) => this.ingestion.deliver(key, kind, payload, device),
      connected: (device) => {
        this.ingestion.heard(device.id);
        this.cameOnline(device, 'connected');
      },
      disconnected: (device) => {
        this.calls?.gone(device);
        // The platform stopping is not the device leaving: it stays as it was last heard, and the
        // offline sweep after the next start judges it by that (no offline alarm per device per restart).
        if (this.stopping) return;
        this.ingestion.left(device.id);
      },
      ping: (device) => this.ingestion.heard(device.id),
      call: (key, kind, payload, device) => this.calls?.message(key, kind, payload, device),
    };
    if (config.MQTT_URL)
      this.link = await connectExternalBroker({
        url: config.MQTT_URL,
        username: config.MQTT_USERNAME,
        password: config.MQTT_PASSWORD,
        clientId: serverClientId(config),
        sessionExpiry: config.MQTT_SESSION_EXPIRY_S,
        handlers,
        log,
      });
    else if (config.MQTT_PORT >= 0)
      this.link = await startEmbeddedBroker({
        port: config.MQTT_PORT,
        host: config.HOST,
        pendingPerAddress: config.MQTT_PENDING_PER_ADDRESS,
        lookup: (key) => repo.deviceByKey(ctx.db, key),
        handlers,
        log,
      });
  }

  /** Stops taking messages, writes what is buffered, closes the broker (before the database closes). */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.partitions?.stop();
    await this.partitions?.first;
    this.live.closeAll(1001, 'server shutting down');
    await this.link?.close().catch((error: unknown) => this.log.error({ err: error }, 'iot: broker close'));
    this.link = null;
    await this.ingestion.stop();
    await this.stopListening?.();
  }

  private async onEvent(event: BusEvent) {
    try {
      switch (event.k) {
        case 'devices.revoked':
          this.devices.forget(event.deviceKeys);
          this.link?.drop(event.deviceKeys);
          return;
        case 'devices.changed':
          return await this.refreshDevices(event.deviceKeys);
        case 'products.changed':
          this.models.forget(event.productIds);
          return;
        case 'devices.live':
          return await this.live.changed(event.deviceIds);
        case 'command.replied':
          return this.commands.replied(event.commandId);
        case 'sessions':
          return this.live.ended(event.sessionIds);
        default:
          return;
      }
    } catch (error) {
      this.log.error({ err: error, event: event.k }, 'iot: a bus event could not be handled');
    }
  }

  /**
   * Devices whose registry fields changed (moved to another project, renamed...): the cache forgets
   * them, and those connected here sign on with their new identity, so what they report next (alarms
   * and their messages) goes to the new project without a reconnect.
   */
  async refreshDevices(deviceKeys: readonly string[]): Promise<void> {
    this.devices.forget(deviceKeys);
    const link = this.link;
    if (!link) return;
    try {
      for (const key of link.connectedKeys(deviceKeys)) {
        const device = await this.devices.get(key);
        if (device) link.update(device);
      }
    } catch (error) {
      this.log.error({ err: error }, 'iot: connected devices could not be read again');
    }
  }

  /**
   * Whether a command can reach the device now: the embedded broker's own client set; for an external
   * broker, a connection state heard but not yet written, else the registry's.
   */
  reachable(device: Pick<DeviceIdentity, 'id' | 'deviceKey' | 'online'>): boolean {
    return this.link?.present(device.deviceKey) ?? this.ingestion.presence(device.id) ?? device.online;
  }

  /** A device's status topic (retained, or its will `{"online": false}`). */
  private async status(device: DeviceIdentity, status: StatusPayload) {
    if (status.firmware !== undefined) {
      await repo.setFirmware(this.ctx.db, device.id, status.firmware);
      await this.ota?.firmware(device, status.firmware);
    }
    if (status.online) {
      this.ingestion.heard(device.id);
      this.cameOnline(device, 'status');
    } else {
      this.ingestion.left(device.id);
      this.calls?.gone(device);
    }
  }

  private cameOnline(device: DeviceIdentity, how: 'connected' | 'status') {
    for (const listener of this.onlineListeners) listener(device, how);
  }

  /** The offline sweep: devices silent for longer than their product allows go offline. */
  async sweep(): Promise<number[]> {
    try {
      const now = this.ctx.now();
      const { ids, opened } = await this.ctx.db.transaction(async (tx) => {
        const silent = await repo.markSilentOffline(tx, now);
        const offline = await offlineChanged(tx, silent, [], now);
        await publishLive(tx, silent);
        return { ids: silent, opened: offline.opened };
      });
      await this.alarmMessages(opened).catch((error: unknown) =>
        this.log.error({ err: error }, 'iot: the offline alarms’ messages failed'),
      );
      return ids;
    } catch (error) {
      this.log.error({ err: error }, 'iot: the offline sweep failed');
      return [];
    }
  }

  private async alarmMessages(alarms: readonly OpenedAlarm[]) {
    await announceOpened(this.ctx, alarms);
  }
}

const runtimes = new WeakMap<AppContext, IotRuntime>();

export function registerRuntime(ctx: AppContext, runtime: IotRuntime) {
  runtimes.set(ctx, runtime);
}

/** The app's device runtime (tests reach the broker's port, the buffer and the sweep through it). */
export function runtimeOf(ctx: AppContext): IotRuntime {
  const runtime = runtimes.get(ctx);
  if (!runtime) throw new Error('the iot module is not registered');
  return runtime;
}
