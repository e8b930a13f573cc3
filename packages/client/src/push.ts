import {
  PUSH_BACKOFF_MAX_MS,
  PUSH_BACKOFF_MIN_MS,
  PUSH_FINAL_CLOSES,
  PUSH_HEARTBEAT_MS,
  PUSH_OPEN_DELAY_MS,
  PUSH_PATH,
  pushServerFrameSchema,
  type PushClientFrame,
  type PushServerFrame,
} from '@cityops/contract';

/**
 * The browser's end of the message push socket (platform-shell.md §7 Messages, §9; contract push.ts):
 * opened PUSH_OPEN_DELAY_MS after start, authenticated by its first frame, kept alive by pings, and
 * reopened with a growing back-off when it drops. Framework-free: the socket and the clock are
 * injected, so every path is tested without a browser or a server.
 */

/**
 * `connecting`: the first attempt, never failed yet. `open`: the server accepted the token (its first
 * frame arrived). `down`: the socket failed or dropped and is being retried. `stopped`: for good
 * (stop(), sign-out, or a close after which retrying with the same token is pointless).
 */
export type PushState = 'idle' | 'connecting' | 'open' | 'down' | 'stopped';

/** The part of the browser's WebSocket the client uses. */
export interface PushSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}
export type PushSocketConstructor = new (url: string) => PushSocket;

export interface PushClock {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export interface SocketClientOptions<Frame extends { type: string }> {
  /** The socket's address (`pushUrl`). */
  url: string;
  /** The session token, read at each connection; none means signed out, and the client stops. */
  getToken(): string | null;
  /** The server's frames: a frame of the protocol, or null for anything else (ignored). */
  parse(data: unknown): Frame | null;
  /** Every valid frame except pongs. */
  onFrame(frame: Frame): void;
  /** The wait before the first connection; PUSH_OPEN_DELAY_MS by default (§9). */
  openDelayMs?: number;
  /** The first frame, sent on open; `{accessToken}` by default (the alarm socket adds `devIds`). */
  helloFrame?(token: string): object;
  onState?(state: PushState): void;
  /** The server closed with a final code (PUSH_FINAL_CLOSES): the session ended or msg_page is gone. */
  onFinalClose?(code: number): void;
  /** The WebSocket class; the browser's by default. */
  WebSocket?: PushSocketConstructor;
  clock?: PushClock;
  /** 0 ≤ n < 1, for the back-off's jitter. */
  random?(): number;
}

/** The message socket's client: the message protocol's frames. */
export type PushClientOptions = Omit<SocketClientOptions<PushServerFrame>, 'parse' | 'openDelayMs'>;

export interface PushClient {
  /** Opens the socket after the open delay. */
  start(): void;
  /** Closes it for good. */
  stop(): void;
  /** Sends a frame when the socket is open (answers whether it was sent); the token and pings are the client's own. */
  send(frame: object): boolean;
  readonly state: PushState;
}

const OPEN = 1;
/** Closed by us, normally (stop, sign-out). */
const NORMAL_CLOSE = 1000;
/** Closed by us because the socket went silent; any code the application owns would do. */
const DEAD_CLOSE = 4000;
/** Pings unanswered (or beats without any frame) before the socket counts as dead. */
const MISSED_BEATS_LIMIT = 2;

/**
 * The socket's address: `{messageCenterUrl}{path}` (PUSH_PATH by default) as ws: or wss:. A relative base is taken
 * relative to the page (wss: on an https: page); an absolute http(s) base maps to ws(s).
 */
export function pushUrl(
  messageCenterUrl: string,
  page: { protocol: string; host: string },
  path: string = PUSH_PATH,
): string {
  const base = messageCenterUrl.trim().replace(/\/+$/, '');
  const secure = page.protocol === 'https:';
  const absolute = /^(https?|wss?):\/\//i.exec(base);
  if (absolute) {
    const scheme = (absolute[1] ?? '').toLowerCase();
    const ws = scheme === 'https' || scheme === 'wss' ? 'wss' : 'ws';
    return `${ws}${base.slice(scheme.length)}${path}`;
  }
  const scheme = secure ? 'wss:' : 'ws:';
  if (base.startsWith('//')) return `${scheme}${base}${path}`;
  const prefix = base === '' || base.startsWith('/') ? base : `/${base}`;
  return `${scheme}//${page.host}${prefix}${path}`;
}

/** The wait before reconnect attempt `attempt` (0 = first): doubling from the minimum to the cap, less up to a quarter at random. */
export function backoffDelay(attempt: number, random: number): number {
  const base = Math.min(PUSH_BACKOFF_MAX_MS, PUSH_BACKOFF_MIN_MS * 2 ** Math.min(attempt, 30));
  return Math.round(base - (base / 4) * random);
}

/** A parser of one JSON text frame by a protocol's schema (`SocketClientOptions.parse`). */
export function jsonFrames<Frame>(schema: {
  safeParse(input: unknown): { success: true; data: Frame } | { success: false };
}): (data: unknown) => Frame | null {
  return (data) => {
    if (typeof data !== 'string') return null;
    try {
      const parsed = schema.safeParse(JSON.parse(data));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
}

/** The message socket (contract push.ts). */
export const createPushClient = (options: PushClientOptions): PushClient =>
  createSocketClient({ ...options, parse: jsonFrames(pushServerFrameSchema) });

/**
 * A socket of the same shape as the message socket (token first, pings, back-off, final closes), for
 * another protocol: the live device socket (contract devices/telemetry.ts) is one.
 */
export function createSocketClient<Frame extends { type: string }>(
  options: SocketClientOptions<Frame>,
): PushClient {
  const clock: PushClock = options.clock ?? {
    setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
    clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
  const random = options.random ?? Math.random;
  let state: PushState = 'idle';
  let socket: PushSocket | null = null;
  /** The one pending timer: the delayed open, a reconnect, or the next heartbeat. */
  let timer: unknown = null;
  let attempt = 0;
  let missedBeats = 0;

  const setState = (next: PushState) => {
    if (next === state) return;
    state = next;
    options.onState?.(next);
  };
  const schedule = (run: () => void, ms: number) => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => {
      timer = null;
      run();
    }, ms);
  };
  const cancelTimer = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };

  /** Forgets the socket without hearing its close: its handlers must not reach us any more. */
  function drop(code: number) {
    const current = socket;
    socket = null;
    if (!current) return;
    current.onopen = current.onmessage = current.onclose = current.onerror = null;
    try {
      current.close(code);
    } catch {
      // Closing a socket that never opened may throw in some browsers; it is gone either way.
    }
  }

  function send(frame: object): boolean {
    if (socket?.readyState !== OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  function retry() {
    if (state === 'stopped') return;
    setState('down');
    schedule(connect, backoffDelay(attempt, random()));
    attempt += 1;
  }

  /** A beat: ping, unless the socket has been silent too long, which makes it dead. */
  function beat() {
    if (missedBeats >= MISSED_BEATS_LIMIT) {
      drop(DEAD_CLOSE);
      retry();
      return;
    }
    missedBeats += 1;
    send({ type: 'ping' });
    schedule(beat, PUSH_HEARTBEAT_MS);
  }

  function connect() {
    if (state === 'stopped') return;
    const token = options.getToken();
    const WebSocketClass =
      options.WebSocket ?? (globalThis as { WebSocket?: PushSocketConstructor }).WebSocket;
    if (token === null) {
      stop();
      return;
    }
    if (!WebSocketClass) {
      retry();
      return;
    }
    let opened: PushSocket;
    try {
      opened = new WebSocketClass(options.url);
    } catch {
      retry();
      return;
    }
    socket = opened;
    missedBeats = 0;
    opened.onopen = () => {
      const hello = options.helloFrame?.(token) ?? ({ accessToken: token } satisfies PushClientFrame);
      opened.send(JSON.stringify(hello));
    };
    opened.onmessage = (event) => {
      const frame = options.parse(event.data);
      if (!frame) return;
      missedBeats = 0;
      if (state !== 'open') {
        // The server answered the token: a healthy connection, so the next drop starts the back-off anew.
        attempt = 0;
        setState('open');
      }
      if (frame.type !== 'pong') options.onFrame(frame);
    };
    opened.onclose = (event) => {
      socket = null;
      if (PUSH_FINAL_CLOSES.includes(event.code)) {
        stop();
        options.onFinalClose?.(event.code);
        return;
      }
      retry();
    };
    // An error is always followed by a close, which decides what happens next.
    opened.onerror = null;
    // The beats start now, so a socket that never opens counts as dead too.
    schedule(beat, PUSH_HEARTBEAT_MS);
  }

  function stop() {
    cancelTimer();
    drop(NORMAL_CLOSE);
    setState('stopped');
  }

  return {
    start() {
      if (state !== 'idle') return;
      setState('connecting');
      schedule(connect, options.openDelayMs ?? PUSH_OPEN_DELAY_MS);
    },
    stop,
    send,
    get state() {
      return state;
    },
  };
}
