import type Mpegts from 'mpegts.js';
import { CONNECT_TIMEOUT_MS, STREAM_IDLE_TIMEOUT_MS } from './constants.js';
import { PlayerError, type PlayerErrorCode } from './errors.js';

/** One window's stream attached to its `<video>`. */
export interface StreamHandle {
  play(): void;
  pause(): void;
  destroy(): void;
}

export interface StreamOptions {
  url: string;
  video: HTMLVideoElement;
  /** Live streams chase latency; playback keeps its buffer (the rate is the server's). */
  live: boolean;
  onError(code: PlayerErrorCode): void;
  /** The first frame is on screen. */
  onFirstFrame?(): void;
  /** A playback stream reached the end of its recording. */
  onEnded?(): void;
}

/** Opens a stream; the players take one as a prop so tests (jsdom has no MSE) pass a fake. */
export type StreamFactory = ((options: StreamOptions) => StreamHandle) & {
  /** Fetches the player's code ahead of the first stream (a window on screen will likely play). */
  preload?: () => void;
};

const STREAM_URL = /^wss?:\/\/[^\s/]+/i;

/** mpegts.js settings measured in VIDEO-NOTES.md: no stash, latency chased to under a second. */
export function mpegtsConfig(live: boolean): Mpegts.Config {
  return {
    enableStashBuffer: false,
    enableWorker: false,
    liveBufferLatencyChasing: live,
    liveBufferLatencyMaxLatency: 0.9,
    liveBufferLatencyMinRemain: 0.2,
    lazyLoad: false,
    autoCleanupSourceBuffer: true,
  };
}

/**
 * The error code of an mpegts.js error: a socket that never delivered is a failed connection (wss:
 * the certificate or port), one that stops mid-stream is an interrupted stream.
 */
export function streamErrorCode(
  type: string,
  detail: string,
  url: string,
  gotData: boolean,
): PlayerErrorCode {
  if (type === 'NetworkError') {
    if (!gotData)
      return url.toLowerCase().startsWith('wss:') ? PlayerError.WSS_FAILED : PlayerError.WEBSOCKET_FAILED;
    return PlayerError.STREAM_INTERRUPTED;
  }
  if (type === 'MediaError' && detail === 'MediaMSEError') return PlayerError.OUT_OF_MEMORY;
  return PlayerError.FETCH_FAILED;
}

/** What the stream learns from its socket, beyond what mpegts.js reports. */
interface SocketHooks {
  onOpen(): void;
  onData(): void;
  /** The far end closed the socket (not us): `clean` for a close frame with 1000. */
  onClose(clean: boolean): void;
  /** The socket failed before or while open. */
  onFailure(): void;
}

/**
 * A ws-flv loader for mpegts.js (its `customLoader`) that is mpegts.js's own WebSocket loader plus the
 * socket's open, data and close, which the player needs to tell its timeouts apart: not open within
 * 6 s is a connect timeout, open but silent for 20 s a backend timeout.
 */
function socketLoader(mpegts: typeof Mpegts, hooks: SocketHooks): Mpegts.CustomLoaderConstructor {
  const { kConnecting, kBuffering, kComplete, kError } = mpegts.LoaderStatus;
  class SocketLoader extends mpegts.BaseLoader {
    private ws: WebSocket | null = null;
    private aborted = false;
    private received = 0;

    constructor() {
      super('cityops-ws-loader');
      this._needStash = false;
    }

    override destroy() {
      if (this.ws) this.abort();
      super.destroy();
    }

    override open(dataSource: { url: string }) {
      const ws = new WebSocket(dataSource.url);
      this.ws = ws;
      ws.binaryType = 'arraybuffer';
      this._status = kConnecting;
      ws.onopen = () => {
        this._status = kBuffering;
        hooks.onOpen();
      };
      ws.onmessage = (event: MessageEvent) => {
        if (!(event.data instanceof ArrayBuffer)) return;
        const start = this.received;
        this.received += event.data.byteLength;
        hooks.onData();
        this.onDataArrival(event.data, start, this.received);
      };
      ws.onerror = () => {
        if (this.aborted) return;
        this._status = kError;
        hooks.onFailure();
      };
      ws.onclose = (event: CloseEvent) => {
        if (this.aborted || this._status === kError) return;
        this._status = kComplete;
        hooks.onClose(event.code === 1000);
      };
    }

    override abort() {
      const ws = this.ws;
      if (ws && ws.readyState <= WebSocket.OPEN) {
        this.aborted = true;
        ws.close();
      }
      this.ws = null;
      this._status = kComplete;
    }
  }
  return SocketLoader as unknown as Mpegts.CustomLoaderConstructor;
}

/** mpegts.js, fetched once: on a player's first window, not on the first click. */
const loadMpegts = () => import('mpegts.js').then((module) => module.default);

/**
 * The real stream: mpegts.js over ws-flv. mpegts.js is loaded on first use so pages without video do
 * not carry it. Beyond mpegts.js's own errors it watches the socket (`socketLoader`) for two timeouts
 * of the vendor player: not connected within 6 s of opening (0x12f910023) and no data for 20 s while
 * connected and playing (0x12f910027). A socket refused is 0x12f910000 (wss: 0x12f910019); one closed
 * by the far end is an interrupted stream in live view (0x12f910011) and the end of the recording in
 * playback.
 */
export const mpegtsStream: StreamFactory = (options) => {
  const { url, video, live } = options;
  let player: Mpegts.Player | null = null;
  let destroyed = false;
  let opened = false;
  let gotData = false;
  let failed = false;
  let paused = false;
  let lastData = 0;
  // Set after the URL check; cleared by a failure that may come first.
  const timers: { connect?: ReturnType<typeof setTimeout>; idle?: ReturnType<typeof setInterval> } = {};

  const fail = (code: PlayerErrorCode) => {
    if (failed || destroyed) return;
    failed = true;
    options.onError(code);
    cleanup();
  };
  const cleanup = () => {
    clearTimeout(timers.connect);
    clearInterval(timers.idle);
    video.removeEventListener('loadeddata', onFirstFrame);
    if (player) {
      const current = player;
      player = null;
      current.pause();
      current.unload();
      current.detachMediaElement();
      current.destroy();
    }
  };
  const onFirstFrame = () => options.onFirstFrame?.();
  const hooks: SocketHooks = {
    onOpen: () => {
      opened = true;
      lastData = Date.now();
      clearTimeout(timers.connect);
    },
    onData: () => {
      gotData = true;
      lastData = Date.now();
    },
    onClose: (clean) => {
      if (destroyed || failed) return;
      if (live || !clean) fail(gotData ? PlayerError.STREAM_INTERRUPTED : PlayerError.WEBSOCKET_CLOSED);
      else {
        // The recording ran out: the window stops when what was received has been shown.
        failed = true;
        const finish = () => {
          if (!destroyed) options.onEnded?.();
        };
        const left =
          video.buffered.length > 0 ? video.buffered.end(video.buffered.length - 1) - video.currentTime : 0;
        if (left > 0.2 && !video.paused) video.addEventListener('waiting', finish, { once: true });
        else finish();
      }
    },
    onFailure: () => {
      if (destroyed || failed) return;
      if (opened) fail(PlayerError.STREAM_INTERRUPTED);
      else fail(url.toLowerCase().startsWith('wss:') ? PlayerError.WSS_FAILED : PlayerError.WEBSOCKET_FAILED);
    },
  };

  if (!STREAM_URL.test(url)) {
    // Reported after the caller has its handle, as a real stream's errors are.
    queueMicrotask(() => fail(PlayerError.URL_FORMAT));
    return { play: () => undefined, pause: () => undefined, destroy: () => (destroyed = true) };
  }

  timers.connect = setTimeout(() => {
    if (!opened) fail(PlayerError.CONNECT_TIMEOUT);
  }, CONNECT_TIMEOUT_MS);
  video.addEventListener('loadeddata', onFirstFrame);

  void loadMpegts().then((mpegts) => {
    if (destroyed || failed) return;
    if (!mpegts.isSupported()) {
      fail(PlayerError.FETCH_FAILED);
      return;
    }
    const created = mpegts.createPlayer(
      { type: 'flv', isLive: true, url },
      { ...mpegtsConfig(live), customLoader: socketLoader(mpegts, hooks) },
    );
    player = created;
    created.on(mpegts.Events.ERROR, (type: string, detail: string) =>
      fail(streamErrorCode(type, detail, url, gotData)),
    );
    created.attachMediaElement(video);
    created.load();
    if (!paused) void Promise.resolve(created.play()).catch(() => undefined);
    timers.idle = setInterval(() => {
      if (opened && !paused && Date.now() - lastData > STREAM_IDLE_TIMEOUT_MS)
        fail(PlayerError.BACKEND_TIMEOUT);
    }, 1_000);
  });

  return {
    play: () => {
      paused = false;
      lastData = Date.now();
      void Promise.resolve(player?.play()).catch(() => undefined);
    },
    pause: () => {
      paused = true;
      player?.pause();
    },
    destroy: () => {
      destroyed = true;
      cleanup();
    },
  };
};
mpegtsStream.preload = () => void loadMpegts().catch(() => undefined);
