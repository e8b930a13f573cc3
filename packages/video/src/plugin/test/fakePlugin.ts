import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocket as NodeSocket, WebSocketServer, type WebSocket } from 'ws';
import {
  PLUGIN_NAME,
  pluginRequestSchema,
  type PluginHello,
  type PluginMethod,
  type PluginRequest,
} from '@cityops/contract';

/**
 * A stand-in for the desktop plug-in (an outside program to this package): a real websocket server
 * on a free port of 127.0.0.1 speaking the contract's protocol. The real plug-in (plugin/) has its
 * own protocol tests; this one lets a test decide each answer.
 */
export interface FakePluginOptions {
  /** Answers hello as someone else's listener would (not pluginHelloSchema). */
  foreign?: boolean;
  /** Never answers at all. */
  silent?: boolean;
  /** What hello and state answer besides the defaults (asked afresh each time: a restart may change it). */
  state?: () => Partial<PluginHello>;
  /** Answers a method its own way; undefined answers { code: 0, msg: '' }, null does not answer. */
  answer?: (request: PluginRequest) => { code: number; msg: string; data?: unknown } | null | undefined;
}

const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
export const FAKE_PRIVATE_KEY = keys.privateKey;
export const FAKE_PUBLIC_KEY = keys.publicKey;

export interface FakePlugin {
  port: number;
  /** Every request received, in order. */
  requests: PluginRequest[];
  sockets: Set<WebSocket>;
  methods(): PluginMethod[];
  /** Sends a frame to every connected page. */
  broadcast(frame: unknown): void;
  answer: FakePluginOptions['answer'];
  close(): Promise<void>;
}

export async function startFakePlugin(options: FakePluginOptions = {}): Promise<FakePlugin> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  const fake: FakePlugin = {
    port,
    requests: [],
    sockets: new Set(),
    methods: () => fake.requests.map((request) => request.method),
    broadcast: (frame) => {
      for (const socket of fake.sockets) socket.send(JSON.stringify(frame));
    },
    answer: options.answer,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of fake.sockets) socket.terminate();
        server.close(() => resolve());
      }),
  };
  server.on('connection', (socket) => {
    fake.sockets.add(socket);
    socket.on('close', () => fake.sockets.delete(socket));
    socket.on('message', (raw) => {
      if (options.silent) return;
      const parsed = pluginRequestSchema.safeParse(JSON.parse(String(raw)));
      if (!parsed.success) return;
      const request = parsed.data;
      fake.requests.push(request);
      const send = (answer: { code: number; msg: string; data?: unknown }) =>
        socket.send(JSON.stringify({ id: request.id, ...answer }));
      if (request.method === 'hello' || request.method === 'state') {
        send({
          code: 0,
          msg: '',
          data: {
            name: options.foreign ? 'someone-else' : PLUGIN_NAME,
            version: '1.2.3',
            port,
            pid: 4242,
            startedAt: 1_700_000_000_000,
            publicKey: FAKE_PUBLIC_KEY,
            controls: [],
            ...options.state?.(),
          },
        });
        return;
      }
      const own = fake.answer?.(request);
      if (own === null) return;
      send(own ?? { code: 0, msg: '' });
    });
  });
  return fake;
}

/**
 * The page's socket in tests: the `ws` client (the same WebSocket API). The environment's global one
 * is Node's (undici), whose events jsdom's EventTarget refuses.
 */
export const nodeSocket = (url: string) => new NodeSocket(url) as unknown as globalThis.WebSocket;

/** A port nothing listens on: taken from the system, then let go. */
export async function closedPort(): Promise<number> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
