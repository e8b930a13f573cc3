import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { Aedes, type AuthenticateError } from 'aedes';
import {
  CALL_TOPIC_KINDS,
  callTopic,
  parseDeviceTopic,
  TOPIC_ROOT,
  type CallTopicKind,
  type TopicKind,
} from '@cityops/contract';
import { demoDeviceSecret } from './secret.js';

/**
 * A real MQTT broker (aedes) in the test's process, standing in for the server's: it checks each device's
 * demo secret (client id = user name = device key), records what devices publish and lets the test
 * publish commands. `restart` closes it and opens a new one on the same port, for outage tests. It also
 * knows the alarm column's topics (contract alarmbox/protocol.ts): a device may publish its own `call`
 * and `voice`, and the test plays audio to a box's `speaker`.
 */

type BrokerTopicKind = TopicKind | CallTopicKind;

/** The device key and kind of a device topic or an alarm column's call topic; null otherwise. */
function parseBrokerTopic(topic: string): { deviceKey: string; kind: BrokerTopicKind } | null {
  const device = parseDeviceTopic(topic);
  if (device) return device;
  const parts = topic.split('/');
  const kind = CALL_TOPIC_KINDS.find((candidate) => candidate === parts[3]);
  if (parts.length !== 4 || !parts[2] || !kind || `${parts[0]}/${parts[1]}` !== TOPIC_ROOT) return null;
  return { deviceKey: parts[2], kind };
}
/** What the platform publishes; a device may not. */
const PLATFORM_KINDS: ReadonlySet<BrokerTopicKind> = new Set(['command', 'speaker']);

export interface RecordedMessage {
  deviceKey: string;
  kind: BrokerTopicKind;
  payload: string;
  /** The payload's bytes (binary audio on `voice`). */
  raw: Buffer;
  retain: boolean;
  /** When the broker saw it (epoch ms). */
  at: number;
}

export interface TestBroker {
  url: string;
  port: number;
  messages: RecordedMessage[];
  /** Device keys the broker refused. */
  refused: string[];
  /** Publishes a command to a device (QoS 1), as the platform would. */
  command(deviceKey: string, payload: object): Promise<void>;
  /** Messages of one device and kind, parsed. */
  of(deviceKey: string, kind: BrokerTopicKind): unknown[];
  /** Publishes one frame of audio (QoS 0) to an alarm column's `speaker`, as the platform's relay would. */
  speaker(deviceKey: string, frame: Buffer): Promise<void>;
  /** Resolves with the first message matching, waiting up to `timeoutMs`. */
  waitFor(match: (message: RecordedMessage) => boolean, timeoutMs?: number): Promise<RecordedMessage>;
  /** Closes the broker (connections dropped) and, after `downMs`, opens a new one on the same port. */
  restart(downMs: number): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function refusal(): AuthenticateError {
  return Object.assign(new Error('bad credentials'), { returnCode: 4 as const });
}

export async function startTestBroker(port = 0): Promise<TestBroker> {
  const messages: RecordedMessage[] = [];
  const refused: string[] = [];
  let broker: Aedes | null = null;
  let server: Server | null = null;
  let boundPort = port;

  const start = async () => {
    const instance = await Aedes.createBroker({
      authenticate(client, username, password, done) {
        const key = username ?? '';
        const ok = client.id === key && !!password && same(password.toString('utf8'), demoDeviceSecret(key));
        if (!ok) refused.push(key);
        done(ok ? null : refusal(), ok);
      },
      authorizePublish(client, packet, callback) {
        const topic = parseBrokerTopic(packet.topic);
        callback(
          !client || (topic && topic.deviceKey === client.id && !PLATFORM_KINDS.has(topic.kind))
            ? null
            : new Error('not your topic'),
        );
      },
    });
    instance.on('publish', (packet) => {
      if (!packet.topic.startsWith(`${TOPIC_ROOT}/`)) return;
      const topic = parseBrokerTopic(packet.topic);
      if (!topic || PLATFORM_KINDS.has(topic.kind)) return;
      const raw = Buffer.from(packet.payload);
      messages.push({
        deviceKey: topic.deviceKey,
        kind: topic.kind,
        payload: raw.toString(),
        raw,
        retain: packet.retain,
        at: Date.now(),
      });
    });
    const net = createServer(instance.handle);
    await new Promise<void>((resolve, reject) => {
      net.once('error', reject);
      net.listen(boundPort, '127.0.0.1', () => resolve());
    });
    boundPort = (net.address() as AddressInfo).port;
    broker = instance;
    server = net;
  };

  const stop = async () => {
    const instance = broker;
    const net = server;
    broker = null;
    server = null;
    if (!instance || !net) return;
    const netClosed = new Promise<void>((resolve) => net.close(() => resolve()));
    await new Promise<void>((resolve) => instance.close(() => resolve()));
    await netClosed;
  };

  await start();
  const parse = (payload: string): unknown => {
    try {
      return JSON.parse(payload);
    } catch {
      return payload;
    }
  };
  const publish = (topic: string, payload: Buffer, qos: 0 | 1) =>
    new Promise<void>((resolve, reject) => {
      if (!broker) return reject(new Error('the broker is down'));
      broker.publish({ cmd: 'publish', topic, payload, qos, retain: false, dup: false }, (error) =>
        error ? reject(error) : resolve(),
      );
    });
  return {
    url: `mqtt://127.0.0.1:${boundPort}`,
    port: boundPort,
    messages,
    refused,
    command: (deviceKey, payload) =>
      publish(`${TOPIC_ROOT}/${deviceKey}/command`, Buffer.from(JSON.stringify(payload)), 1),
    speaker: (deviceKey, frame) => publish(callTopic(deviceKey, 'speaker'), frame, 0),
    of: (deviceKey, kind) =>
      messages
        .filter((message) => message.deviceKey === deviceKey && message.kind === kind)
        .map((message) => parse(message.payload)),
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('no such message in time');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async restart(downMs) {
      await stop();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    stop,
    start,
    close: stop,
  };
}
