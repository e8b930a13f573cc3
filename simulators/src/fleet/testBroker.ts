import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { Aedes, type AuthenticateError } from 'aedes';
import { parseDeviceTopic, TOPIC_ROOT, type TopicKind } from '@cityops/contract';
import { demoDeviceSecret } from './secret.js';

/**
 * A real MQTT broker (aedes) in the test's process, standing in for the server's: it checks each device's
 * demo secret (client id = user name = device key), records what devices publish and lets the test
 * publish commands. `restart` closes it and opens a new one on the same port, for outage tests.
 */

export interface RecordedMessage {
  deviceKey: string;
  kind: TopicKind;
  payload: string;
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
  of(deviceKey: string, kind: TopicKind): unknown[];
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
        const topic = parseDeviceTopic(packet.topic);
        callback(
          !client || (topic && topic.deviceKey === client.id && topic.kind !== 'command')
            ? null
            : new Error('not your topic'),
        );
      },
    });
    instance.on('publish', (packet) => {
      if (!packet.topic.startsWith(`${TOPIC_ROOT}/`)) return;
      const topic = parseDeviceTopic(packet.topic);
      if (!topic || topic.kind === 'command') return;
      messages.push({
        deviceKey: topic.deviceKey,
        kind: topic.kind,
        payload: packet.payload.toString(),
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
  return {
    url: `mqtt://127.0.0.1:${boundPort}`,
    port: boundPort,
    messages,
    refused,
    command: (deviceKey, payload) =>
      new Promise<void>((resolve, reject) => {
        if (!broker) return reject(new Error('the broker is down'));
        broker.publish(
          {
            cmd: 'publish',
            topic: `${TOPIC_ROOT}/${deviceKey}/command`,
            payload: Buffer.from(JSON.stringify(payload)),
            qos: 1,
            retain: false,
            dup: false,
          },
          (error) => (error ? reject(error) : resolve()),
        );
      }),
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
