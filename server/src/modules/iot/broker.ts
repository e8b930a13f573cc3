import { timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { hostname } from 'node:os';
import {
  callTopic,
  CALL_TOPIC_KINDS,
  type CallTopicKind,
  DEVICE_TOPIC_KINDS,
  deviceTopic,
  parseDeviceTopic,
  PACKET_MAX_BYTES,
  SHARED_GROUP,
  TOPIC_ROOT,
  type CommandPayload,
  type TopicKind,
} from '@cityops/contract';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { secretHash } from '../devices/credentials.js';
import { capPacketSize, PendingConnections } from './connectionGuard.js';
import { holdAcks } from './externalAcks.js';
import type { Outcome } from './ingest.js';
import type { DeviceIdentity } from './repository.js';

/**
 * How the server reaches devices: an embedded aedes broker it runs itself, or, at city
 * scale, an external broker (EMQX, Mosquitto...) it subscribes to as a client with shared
 * subscriptions, so several instances split the devices' messages.
 */
export type PlatformCommand = Omit<CommandPayload, 'params'> & { params: Record<string, unknown> };

export interface DeviceLink {
  readonly mode: 'embedded' | 'external';
  /** Whether commands can be published and device messages are received now (subscriptions acknowledged). */
  connected(): boolean;
  /** A thing-model service, or a platform one (`$allowlist`) whose params are its own (PROTOCOL.md). */
  publishCommand(deviceKey: string, command: PlatformCommand): Promise<void>;
  /** Drops these devices' connections (disabled, deleted, secret reset); the external broker's ACL does it there. */
  drop(deviceKeys: readonly string[]): void;
  /**
   * Whether the device is connected now: the embedded broker knows its clients; an external broker's
   * are unknown here (null), the registry's online state stands for them.
   */
  present(deviceKey: string): boolean | null;
  /** Which of these devices (all, when none are named) are connected here; none for an external broker. */
  connectedKeys(deviceKeys?: readonly string[]): string[];
  /** Replaces the identity a connected device signed in with (its registry fields changed). */
  update(device: DeviceIdentity): void;
  /** The embedded broker's port, null for an external broker. */
  port(): number | null;
  /** Publishes audio to an alarm column's `speaker` topic (QoS 0; contract alarmbox/protocol.ts). */
  publishSpeaker(deviceKey: string, payload: Buffer): void;
  /**
   * Whether this instance wants the box's `voice` frames (an external broker's are subscribed, not
   * shared, while a listening socket here wants them; the embedded broker hears every device anyway).
   */
  wantVoice(deviceKey: string, wanted: boolean): void;
  close(): Promise<void>;
}

export interface LinkHandlers {
  /**
   * A message a device published on one of its topics; `device` when the broker signed it in. Settles
   * once the message is stored (a report: its batch committed) or refused, which is when the broker
   * acknowledges it at QoS 1; 'dropped' (not kept) leaves it unacknowledged.
   */
  message(deviceKey: string, kind: TopicKind, payload: Buffer, device?: DeviceIdentity): Promise<Outcome>;
  /** The embedded broker's connections: a device signed in or went away. */
  connected(device: DeviceIdentity): void;
  disconnected(device: DeviceIdentity): void;
  /** A keep-alive ping: the device is there. */
  ping(device: DeviceIdentity): void;
  /** An alarm column's `call` (JSON) or `voice` (PCM) message; never telemetry. */
  call(deviceKey: string, kind: 'call' | 'voice', payload: Buffer, device?: DeviceIdentity): void;
}

/** The device key and kind of an alarm column's call topic (`call`, `voice`, `speaker`), or null. */
export function parseCallTopic(topic: string): { deviceKey: string; kind: CallTopicKind } | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || `${parts[0]}/${parts[1]}` !== TOPIC_ROOT) return null;
  const [, , deviceKey, kind] = parts;
  if (!deviceKey || !(CALL_TOPIC_KINDS as readonly string[]).includes(kind ?? '')) return null;
  return { deviceKey, kind: kind as CallTopicKind };
}

/** What a device may publish on its call topics. */
const DEVICE_CALL_KINDS: readonly CallTopicKind[] = ['call', 'voice'];

/** Whether `secret` is the one whose hash the registry keeps (modules/devices/credentials.ts), in constant time. */
export function secretMatches(secret: string, kept: string): boolean {
  const expected = Buffer.from(kept, 'hex');
  const given = Buffer.from(secretHash(secret), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const refusal = (): AuthenticateError => {
  const error = new Error('not authorized') as AuthenticateError;
  // CONNACK 5: not authorized (the same answer for an unknown key, a wrong secret or a disabled device).
  error.returnCode = 5;
  return error;
};

/**
 * The embedded broker on `port` (0: a free one), signing devices in with `lookup`. It speaks MQTT
 * 3.1 and 3.1.1 (aedes 1.x): a version 5 CONNECT is answered with CONNACK 1 (unacceptable protocol
 * version) and closed; MQTT 5 devices use an external broker (PROTOCOL.md).
 */
export async function startEmbeddedBroker(options: {
  port: number;
  host: string;
  /** Connections one address may hold before they have signed in. */
  pendingPerAddress: number;
  lookup(deviceKey: string): Promise<DeviceIdentity | null>;
  handlers: LinkHandlers;
  log: FastifyBaseLogger;
}): Promise<DeviceLink> {
  const { handlers, log } = options;
  /** The device of each signed-in client, by client (a reconnect replaces the old client). */
  const signedIn = new WeakMap<Client, DeviceIdentity>();
  const current = new Map<string, Client>();
  const pending = new PendingConnections(options.pendingPerAddress);
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const key = client.id;
      if (!username || username !== key || !password) return done(refusal(), null);
      options.lookup(key).then(
        (device) => {
          if (!device?.enabled || !secretMatches(password.toString('utf8'), device.secretHash))
            return done(refusal(), null);
          signedIn.set(client, device);
          pending.settled(client.conn);
          done(null, true);
        },
        (error: unknown) => {
          log.error({ err: error }, 'iot: a device could not be signed in');
          const unavailable = new Error('server unavailable') as AuthenticateError;
          unavailable.returnCode = 3;
          done(unavailable, null);
        },
      );
    },
    /*
     * Devices' messages are taken here rather than from the 'publish' event: aedes sends a QoS 1
     * PUBACK (a QoS 2 PUBREC) only once this calls back, so a report is acknowledged when the batch
     * holding it has committed, not when it was buffered. Meanwhile aedes reads no further packets
     * of this connection (it waits for the whole read chunk), which bounds what a device has in
     * flight, and during a database outage nothing is acknowledged. A will passes here too.
     */
    authorizePublish: (client, packet, callback) => {
      // The server's own publications (commands) have no client.
      if (!client) return callback(null);
      const device = signedIn.get(client);
      const topic = parseDeviceTopic(packet.topic);
      const call = topic ? null : parseCallTopic(packet.topic);
      const own = topic?.deviceKey === client.id && DEVICE_TOPIC_KINDS.includes(topic.kind);
      const ownCall = call?.deviceKey === client.id && DEVICE_CALL_KINDS.includes(call.kind);
      if (!device || !(own || ownCall)) return callback(new Error('not authorized'));
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      if (call) {
        handlers.call(call.deviceKey, call.kind === 'voice' ? 'voice' : 'call', payload, device);
        return callback(null);
      }
      if (!topic) return callback(null);
      void handlers
        .message(topic.deviceKey, topic.kind, payload, device)
        // Not kept (the buffer overflowed during an outage): unacknowledged, the connection closes
        // and the device sends it again after reconnecting.
        .then((outcome) => callback(outcome === 'dropped' ? new Error('not kept') : null));
    },
    authorizeSubscribe: (client, subscription, callback) => {
      const own =
        subscription.topic === deviceTopic(client.id, 'command') ||
        subscription.topic === callTopic(client.id, 'speaker');
      callback(null, own ? subscription : null);
    },
  });
  // Registered as soon as it is signed in, so a revocation racing the connection still finds it.
  broker.on('client', (client) => {
    if (signedIn.has(client)) current.set(client.id, client);
  });
  broker.on('clientReady', (client) => {
    const device = signedIn.get(client);
    if (device && current.get(client.id) === client) handlers.connected(device);
  });
  broker.on('clientDisconnect', (client) => {
    const device = signedIn.get(client);
    // A device that reconnected is still there: only its current connection going counts.
    if (!device || current.get(client.id) !== client) return;
    current.delete(client.id);
    handlers.disconnected(device);
  });
  broker.on('ping', (_packet, client) => {
    const device = signedIn.get(client);
    if (device) handlers.ping(device);
  });

  const server: Server = createServer((socket) => {
    if (!pending.admit(socket)) {
      log.warn({ address: socket.remoteAddress }, 'iot: refused a connection: too many waiting to sign in');
      return void socket.destroy();
    }
    broker.handle(socket);
    capPacketSize(socket, PACKET_MAX_BYTES, (announced) =>
      log.warn({ address: socket.remoteAddress, announced }, 'iot: refused a packet over the size limit'),
    );
  });
  server.listen(options.port, options.host);
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  log.info({ port }, 'iot: the embedded MQTT broker is listening');

  return {
    mode: 'embedded',
    connected: () => !broker.closed,
    publishCommand: (deviceKey, command) =>
      new Promise<void>((resolve, reject) =>
        broker.publish(
          {
            cmd: 'publish',
            topic: deviceTopic(deviceKey, 'command'),
            payload: Buffer.from(JSON.stringify(command)),
            qos: 1,
            retain: false,
            dup: false,
          },
          (error) => (error ? reject(error) : resolve()),
        ),
      ),
    drop: (deviceKeys) => {
      for (const key of deviceKeys) current.get(key)?.close();
    },
    present: (deviceKey) => current.has(deviceKey),
    connectedKeys: (deviceKeys) => (deviceKeys ?? [...current.keys()]).filter((key) => current.has(key)),
    update: (device) => {
      const client = current.get(device.deviceKey);
      if (client && signedIn.has(client)) signedIn.set(client, device);
    },
    port: () => port,
    publishSpeaker: (deviceKey, payload) =>
      broker.publish(
        {
          cmd: 'publish',
          topic: callTopic(deviceKey, 'speaker'),
          payload,
          qos: 0,
          retain: false,
          dup: false,
        },
        () => undefined,
      ),
    wantVoice: () => undefined,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The topics the server subscribes to on an external broker: the device kinds, shared by every instance. */
export const sharedSubscriptions = () =>
  [...DEVICE_TOPIC_KINDS, 'call'].map((kind) => `$share/${SHARED_GROUP}/${TOPIC_ROOT}/+/${kind}`);

/**
 * This instance's client id at an external broker: MQTT_CLIENT_ID, else `cityops-<host name>-<PORT>`,
 * the same after a restart (so it finds its session again) and different for each instance sharing
 * the subscriptions (one id held by two clients would have the broker drop them in turn).
 */
export const serverClientId = (config: { MQTT_CLIENT_ID?: string | undefined; PORT: number }) =>
  config.MQTT_CLIENT_ID ?? `cityops-${hostname()}-${config.PORT}`;

/**
 * A client of an external broker: subscribes with shared subscriptions at QoS 1 in a persistent
 * session (a stable client id, `clean: false`, a session expiry), so what devices publish at QoS 1
 * while this instance is cut off, or before it is back after a broker restart, is queued for it and
 * delivered when it reconnects. Reconnects by itself.
 */
export async function connectExternalBroker(options: {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  clientId: string;
  /** Seconds the broker keeps the session (its subscriptions and queued messages) while this instance is away. */
  sessionExpiry: number;
  handlers: LinkHandlers;
  log: FastifyBaseLogger;
}): Promise<DeviceLink> {
  const { handlers, log } = options;
  const client: MqttClient = mqtt.connect(options.url, {
    clientId: options.clientId,
    ...(options.username ? { username: options.username } : {}),
    ...(options.password ? { password: options.password } : {}),
    protocolVersion: 5,
    clean: false,
    properties: { sessionExpiryInterval: options.sessionExpiry },
    // The 'connect' handler below subscribes, once per connection.
    resubscribe: false,
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
  });
  let reported = false;
  /**
   * Whether the broker has acknowledged this connection's shared subscriptions: only then does this
   * instance receive what devices publish, so only then is it "connected" (a first session cut off
   * between its CONNACK and its SUBACK has nothing queued for it).
   */
  let subscribed = false;
  client.on('close', () => {
    subscribed = false;
  });
  /** The boxes whose voice a listening socket here wants, and how many sockets want each. */
  const voices = new Map<string, number>();
  client.on('connect', (connack) => {
    reported = false;
    subscribed = false;
    log.info({ sessionPresent: connack.sessionPresent }, 'iot: connected to the external MQTT broker');
    // Made again on each connection, for a session the broker lost; in one it kept, the same filter
    // replaces its subscription (MQTT 5 §3.8.4), so nothing is delivered twice.
    client.subscribe(sharedSubscriptions(), { qos: 1 }, (error) => {
      if (error) return void log.error({ err: error }, 'iot: the shared subscriptions were refused');
      subscribed = client.connected;
    });
    const wanted = [...voices.keys()].map((key) => callTopic(key, 'voice'));
    if (wanted.length > 0) client.subscribe(wanted, { qos: 0 });
  });
  client.on('error', (error) => {
    if (reported) return;
    reported = true;
    log.error({ err: error.message }, 'iot: the external MQTT broker refused or failed');
  });
  client.on('offline', () => log.warn('iot: the external MQTT broker is unreachable; reconnecting'));
  holdAcks(client, ({ topic: topicName, payload: raw }) => {
    const payload = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    const topic = parseDeviceTopic(topicName);
    if (topic && DEVICE_TOPIC_KINDS.includes(topic.kind))
      return handlers.message(topic.deviceKey, topic.kind, payload);
    const call = parseCallTopic(topicName);
    // A voice subscription the kept session still holds from before this process started is let go.
    if (call?.kind === 'voice' && !voices.has(call.deviceKey)) client.unsubscribe(topicName);
    else if (call && call.kind !== 'speaker') handlers.call(call.deviceKey, call.kind, payload);
    return null;
  });
  return {
    mode: 'external',
    connected: () => client.connected && subscribed,
    publishCommand: async (deviceKey, command) => {
      await client.publishAsync(deviceTopic(deviceKey, 'command'), JSON.stringify(command), { qos: 1 });
    },
    drop: () => undefined,
    present: () => null,
    connectedKeys: () => [],
    update: () => undefined,
    port: () => null,
    publishSpeaker: (deviceKey, payload) => {
      if (client.connected) client.publish(callTopic(deviceKey, 'speaker'), payload, { qos: 0 });
    },
    wantVoice: (deviceKey, wanted) => {
      const count = (voices.get(deviceKey) ?? 0) + (wanted ? 1 : -1);
      if (count > 0) voices.set(deviceKey, count);
      else voices.delete(deviceKey);
      if (wanted && count === 1) client.subscribe(callTopic(deviceKey, 'voice'), { qos: 0 });
      if (!wanted && count <= 0) client.unsubscribe(callTopic(deviceKey, 'voice'));
    },
    close: async () => {
      await client.endAsync();
    },
  };
}
