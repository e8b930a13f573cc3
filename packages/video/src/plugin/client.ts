import {
  PLUGIN_CODE,
  PLUGIN_PORTS,
  PLUGIN_TIMING,
  pluginAnswerSchema,
  pluginEventSchema,
  pluginHelloSchema,
  type pluginRequestParams,
  type PluginAnswer,
  type PluginEvent,
  type PluginHello,
  type PluginMethod,
} from '@cityops/contract';
import type { z } from 'zod';
import { locateByBeacon, type PortLocator } from './beacon.js';

/** The timings the client runs by; tests shorten them, the page uses the contract's. */
export type PluginTiming = Record<
  'discoveryTimeoutMs' | 'connectTimeoutMs' | 'heartbeatMs' | 'heartbeatFailureLimit',
  number
>;

/** The browser's WebSocket, or one a test hands in. */
export type SocketFactory = (url: string) => WebSocket;
const browserSocket: SocketFactory = (url) => new WebSocket(url);
/** WebSocket.OPEN, without reaching for a global a test environment may not have. */
const SOCKET_OPEN = 1;

export type PluginParams<M extends PluginMethod> = z.input<(typeof pluginRequestParams)[M]>;

/** A request that did not get an answer: the socket closed, it timed out, or the answer was not ours. */
export class PluginRequestError extends Error {
  constructor(
    readonly method: PluginMethod,
    readonly reason: 'closed' | 'timeout',
  ) {
    super(`${method}: ${reason}`);
    this.name = 'PluginRequestError';
  }
}

export interface PluginClientOptions {
  timing?: Partial<PluginTiming>;
  /** Every event of the plug-in, parsed (anything else it sends is dropped). */
  onEvent?(event: PluginEvent): void;
  /** The plug-in is gone: its socket closed, or heartbeatFailureLimit heartbeats in a row went unanswered. */
  onGone?(reason: 'closed' | 'heartbeat'): void;
}

export interface PluginClient {
  readonly port: number;
  readonly hello: PluginHello;
  /** Sends `method` with a fresh id; resolves with the plug-in's answer (any code), rejects without one. */
  request<M extends PluginMethod>(method: M, params: PluginParams<M>): Promise<PluginAnswer>;
  readonly gone: boolean;
  close(): void;
}

const timingOf = (timing: Partial<PluginTiming> = {}): PluginTiming => ({ ...PLUGIN_TIMING, ...timing });

let sequence = 0;
/** Unique per page: a counter with a random prefix, so two pages on one plug-in never share an id. */
const prefix = Math.random().toString(36).slice(2, 8);
const nextId = () => `${prefix}-${(sequence += 1)}`;

interface Pending {
  method: PluginMethod;
  resolve(answer: PluginAnswer): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/** Wraps an open socket to the plug-in: ids, timeouts, events and the heartbeat. */
function wrap(
  socket: WebSocket,
  port: number,
  hello: PluginHello,
  options: PluginClientOptions,
  timing: PluginTiming,
  pending: Map<string, Pending>,
): PluginClient {
  let gone = false;
  let misses = 0;

  const finish = (reason: 'closed' | 'heartbeat') => {
    if (gone) return;
    gone = true;
    clearInterval(heartbeat);
    for (const [id, waiting] of pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new PluginRequestError(waiting.method, 'closed'));
      pending.delete(id);
    }
    socket.close();
    options.onGone?.(reason);
  };

  socket.addEventListener('close', () => finish('closed'));
  socket.addEventListener('message', (message) => {
    const frame = parseFrame(message.data);
    if (frame === null) return;
    const event = pluginEventSchema.safeParse(frame);
    if (event.success) options.onEvent?.(event.data);
  });

  const client: PluginClient = {
    port,
    hello,
    get gone() {
      return gone;
    },
    request(method, params) {
      return send(socket, pending, method, params, timing.connectTimeoutMs, () => gone);
    },
    close: () => finish('closed'),
  };

  // A heartbeat still unanswered when the next is due, or answered with a failure, is a miss.
  let outstanding = false;
  const miss = () => {
    misses += 1;
    if (misses >= timing.heartbeatFailureLimit) finish('heartbeat');
  };
  const heartbeat = setInterval(() => {
    if (outstanding) miss();
    if (gone) return;
    outstanding = true;
    const patience = timing.heartbeatMs * (timing.heartbeatFailureLimit + 1);
    send(socket, pending, 'heartbeat', {}, patience, () => gone).then(
      (answer) => {
        outstanding = false;
        if (answer.code === PLUGIN_CODE.OK) misses = 0;
        else miss();
      },
      () => undefined,
    );
  }, timing.heartbeatMs);

  return client;
}

function parseFrame(data: unknown): unknown {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}

function send<M extends PluginMethod>(
  socket: WebSocket,
  pending: Map<string, Pending>,
  method: M,
  params: PluginParams<M>,
  timeoutMs: number,
  isGone: () => boolean,
): Promise<PluginAnswer> {
  return new Promise((resolve, reject) => {
    if (isGone() || socket.readyState !== SOCKET_OPEN) {
      reject(new PluginRequestError(method, 'closed'));
      return;
    }
    const id = nextId();
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new PluginRequestError(method, 'timeout'));
    }, timeoutMs);
    pending.set(id, { method, resolve, reject, timer });
    socket.send(JSON.stringify({ id, method, params }));
  });
}

/** Routes answers to their requests; installed before the first request so none is lost. */
function listenForAnswers(socket: WebSocket, pending: Map<string, Pending>) {
  socket.addEventListener('message', (message) => {
    const answer = pluginAnswerSchema.safeParse(parseFrame(message.data));
    if (!answer.success) return;
    const waiting = pending.get(answer.data.id);
    if (!waiting) return;
    pending.delete(answer.data.id);
    clearTimeout(waiting.timer);
    waiting.resolve(answer.data);
  });
}

/**
 * Opens ws://127.0.0.1:port and asks `hello`; resolves with a client only when the answer parses as
 * our plug-in's (pluginHelloSchema), else null (nothing there, or someone else's listener).
 */
export function connectPlugin(
  port: number,
  options: PluginClientOptions & { socket?: SocketFactory; signal?: AbortSignal } = {},
): Promise<PluginClient | null> {
  const timing = timingOf(options.timing);
  const open = options.socket ?? browserSocket;
  return new Promise((resolve) => {
    let socket: WebSocket;
    try {
      socket = open(`ws://127.0.0.1:${port}`);
    } catch {
      resolve(null);
      return;
    }
    const pending = new Map<string, Pending>();
    let settled = false;
    const give = (client: PluginClient | null) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      if (!client) socket.close();
      resolve(client);
    };
    const onAbort = () => give(null);
    options.signal?.addEventListener('abort', onAbort);
    if (options.signal?.aborted) return give(null);
    listenForAnswers(socket, pending);
    socket.addEventListener('error', () => give(null));
    socket.addEventListener('close', () => give(null));
    socket.addEventListener('open', () => {
      send(socket, pending, 'hello', {}, timing.discoveryTimeoutMs, () => settled).then(
        (answer) => {
          const hello = pluginHelloSchema.safeParse(answer.data);
          if (answer.code !== PLUGIN_CODE.OK || !hello.success) return give(null);
          if (settled) return;
          settled = true;
          options.signal?.removeEventListener('abort', onAbort);
          resolve(wrap(socket, port, hello.data, options, timing, pending));
        },
        () => give(null),
      );
    });
  });
}

/** Every port given: for a stand-in socket (a test), whose failures no console reports. */
const everyPort: PortLocator = ({ ports }) => Promise.resolve(ports ?? PLUGIN_PORTS);

/**
 * Looks for the plug-in on the ports of PLUGIN_PORTS and keeps the first that answers `hello` as
 * ours (the first to answer; any other is closed); null when none does within discoveryTimeoutMs.
 * With the browser's WebSocket it first asks the ports for the plug-in's beacon (locateByBeacon) and
 * opens a websocket only where one answered: the browser reports every refused websocket as an
 * error in the console, and an absent plug-in is an ordinary state, not an error.
 */
export async function discoverPlugin(
  options: PluginClientOptions & {
    socket?: SocketFactory;
    ports?: readonly number[];
    /** Which of the ports to connect to (default: by beacon for the browser's WebSocket, else all). */
    locate?: PortLocator;
  } = {},
): Promise<PluginClient | null> {
  const timing = timingOf(options.timing);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timing.discoveryTimeoutMs);
  const locate = options.locate ?? (options.socket ? everyPort : locateByBeacon);
  const ports = await locate({ ports: options.ports, timing, signal: controller.signal });
  const tries = ports.map((port) => connectPlugin(port, { ...options, signal: controller.signal }));
  try {
    return await new Promise<PluginClient | null>((resolve) => {
      let left = tries.length;
      if (left === 0) resolve(null);
      const found: PluginClient[] = [];
      for (const attempt of tries)
        void attempt.then((client) => {
          if (client) found.push(client);
          left -= 1;
          // The first one found wins at once; later ones are closed.
          if (client && found.length === 1) resolve(client);
          else if (client) client.close();
          if (left === 0 && found.length === 0) resolve(null);
        });
      controller.signal.addEventListener('abort', () => {
        if (found.length === 0) resolve(null);
      });
    });
  } finally {
    clearTimeout(timer);
    // The tries still under way give up (their sockets close); the one found is not affected.
    controller.abort();
  }
}
