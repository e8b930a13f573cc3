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
export type StreamFactory = (options: StreamOptions) => StreamHandle;

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

/**
 * The real stream: mpegts.js over ws-flv. mpegts.js is loaded on first use so pages without video do
 * not carry it. Beyond mpegts.js's own errors it watches two timeouts of the vendor player: no data
 * within 6 s of opening (0x12f910023) and no data for 20 s while playing (0x12f910027).
 */
export const mpegtsStream: StreamFactory = (options) => {
  const { url, video, live } = options;
  let player: Mpegts.Player | null = null;
  let destroyed = false;
  let gotData = false;
  let failed = false;
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
    video.removeEventListener('progress', onData);
    video.removeEventListener('timeupdate', onData);
    if (player) {
      player.pause();
      player.unload();
      player.detachMediaElement();
      player.destroy();
      player = null;
    }
  };
  const onData = () => {
    gotData = true;
    lastData = Date.now();
  };
  const onFirstFrame = () => {
    onData();
    options.onFirstFrame?.();
  };

  if (!STREAM_URL.test(url)) {
    // Reported after the caller has its handle, as a real stream's errors are.
    queueMicrotask(() => fail(PlayerError.URL_FORMAT));
    return { play: () => undefined, pause: () => undefined, destroy: () => (destroyed = true) };
  }

  timers.connect = setTimeout(() => {
    if (!gotData) fail(PlayerError.CONNECT_TIMEOUT);
  }, CONNECT_TIMEOUT_MS);
  video.addEventListener('loadeddata', onFirstFrame);
  video.addEventListener('progress', onData);
  video.addEventListener('timeupdate', onData);

  void import('mpegts.js').then(({ default: mpegts }) => {
    if (destroyed || failed) return;
    if (!mpegts.isSupported()) {
      fail(PlayerError.FETCH_FAILED);
      return;
    }
    const created = mpegts.createPlayer({ type: 'flv', isLive: true, url }, mpegtsConfig(live));
    player = created;
    created.on(mpegts.Events.ERROR, (type: string, detail: string) =>
      fail(streamErrorCode(type, detail, url, gotData)),
    );
    created.on(mpegts.Events.STATISTICS_INFO, onData);
    created.on(mpegts.Events.LOADING_COMPLETE, () => {
      // A live socket closed by the far end is an interrupted stream; a playback one ran out of recording.
      if (live) fail(PlayerError.STREAM_INTERRUPTED);
      else options.onEnded?.();
    });
    created.attachMediaElement(video);
    created.load();
    void Promise.resolve(created.play()).catch(() => undefined);
    timers.idle = setInterval(() => {
      if (gotData && !video.paused && Date.now() - lastData > STREAM_IDLE_TIMEOUT_MS)
        fail(PlayerError.BACKEND_TIMEOUT);
    }, 1_000);
  });

  return {
    play: () => {
      lastData = Date.now();
      void Promise.resolve(player?.play()).catch(() => undefined);
    },
    pause: () => player?.pause(),
    destroy: () => {
      destroyed = true;
      cleanup();
    },
  };
};
