/**
 * The yardstick for the video benchmark: the same ws-flv streams played by mpegts.js alone, on a bare
 * page (no React, no shell, no frame), with the same mpegts.js settings as our player, in windows of
 * the same size. What our player costs beyond mpegts.js is the difference.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const MPEGTS_JS = require.resolve('mpegts.js/dist/mpegts.js');

/** Records every WebSocket's creation, open and first message (performance.now()), in every frame. */
export const SOCKET_TIMINGS_SCRIPT = `(() => {
  const Native = globalThis.WebSocket;
  if (!Native || globalThis.__sockets) return;
  const log = (globalThis.__sockets = []);
  globalThis.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      const entry = { url: String(url), createdAt: performance.now(), openAt: null, firstMessageAt: null };
      log.push(entry);
      this.addEventListener('open', () => { entry.openAt ??= performance.now(); });
      this.addEventListener('message', () => { entry.firstMessageAt ??= performance.now(); });
    }
  };
})();`;

export interface SocketTiming {
  url: string;
  createdAt: number;
  openAt: number | null;
  firstMessageAt: number | null;
}

/**
 * Opens a bare page on `origin` that plays `streams` with mpegts.js in windows `width` x `height`,
 * each created `offset` ms after the first (as an operator ticks cameras one after another). Answers
 * when each player is created (performance.now()), in the order of `streams`, once all are.
 */
export async function openPlainPlayers(
  page: Page,
  origin: string,
  streams: readonly { url: string; offset: number }[],
  size: { width: number; height: number },
  config: Record<string, unknown>,
): Promise<number[]> {
  const script = await readFile(MPEGTS_JS, 'utf8');
  await page.route(`${origin}/__bench/**`, (route) =>
    route.request().url().endsWith('.js')
      ? route.fulfill({ contentType: 'text/javascript', body: script })
      : route.fulfill({
          contentType: 'text/html',
          body:
            '<!doctype html><html><head><style>body{margin:0;display:flex;flex-wrap:wrap;gap:2px;background:#000}' +
            'video{object-fit:fill;background:#111}</style><script src="mpegts.js"></script></head><body></body></html>',
        }),
  );
  await page.goto(`${origin}/__bench/plain-mpegts.html`);
  return page.evaluate(
    ({ streams, size, config }) => {
      const m = (window as unknown as { mpegts: MpegtsGlobal }).mpegts;
      const start = (url: string) => {
        const video = document.createElement('video');
        video.muted = true;
        video.width = size.width;
        video.height = size.height;
        document.body.append(video);
        const player = m.createPlayer({ type: 'flv', isLive: true, url }, config);
        player.attachMediaElement(video);
        player.load();
        void Promise.resolve(player.play()).catch(() => undefined);
        return performance.now();
      };
      return Promise.all(
        streams.map(
          ({ url, offset }) =>
            new Promise<number>((resolve) => setTimeout(() => resolve(start(url)), offset)),
        ),
      );

      interface MpegtsGlobal {
        createPlayer(
          source: object,
          config: object,
        ): { attachMediaElement(v: HTMLVideoElement): void; load(): void; play(): unknown };
      }
    },
    { streams: [...streams], size, config },
  );
}
