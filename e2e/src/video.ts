import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Download, Frame, Page } from 'playwright-core';
import {
  barcodeLayout,
  defaultVideoFormat,
  startSimulators,
  type Simulators,
} from '../../simulators/src/index.js';
import { keepEvidence, openBrowser, type Browser } from './browser.js';
import { startServer, type RunningServer } from './server.js';
import { DEMO, signIn } from './signIn.js';

/** The tone the fake microphone plays (Hz). */
export const TONE_HZ = 1000;

/** A mono 16-bit PCM WAV whose sample `i` is `sample(i)` (from -1 to 1), for Chromium's fake microphone. */
export function monoWav(seconds: number, sampleRate: number, sample: (i: number) => number): Buffer {
  const samples = seconds * sampleRate;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) wav.writeInt16LE(Math.round(sample(i) * 32_767), 44 + i * 2);
  return wav;
}

/** A sine tone as a WAV (generated, never committed). */
export const toneWav = (frequency: number, seconds = 30, sampleRate = 48_000) =>
  monoWav(
    seconds,
    sampleRate,
    (i) => (Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 12_000) / 32_767,
  );

/** The simulators, a server pointed at them that serves the iotcloud frame, and the tone file. */
export interface VideoStack {
  sims: Simulators;
  server: RunningServer;
  tonePath: string;
  stop(): Promise<void>;
}

export async function startVideoStack(
  options: { faultTimings?: { dropAfterMs?: number; slowOpenMs?: number } } = {},
): Promise<VideoStack> {
  const dir = await mkdtemp(join(tmpdir(), 'cityops-video-'));
  const tonePath = join(dir, 'tone.wav');
  await writeFile(tonePath, toneWav(TONE_HZ));
  const sims = await startSimulators({
    host: '127.0.0.1',
    hikPort: 0,
    iccPort: 0,
    lingerMs: 1000,
    faultTimings: options.faultTimings,
  });
  let running: RunningServer;
  try {
    running = await startServer({
      SIM_HIK_URL: sims.hik.url,
      SIM_ICC_URL: sims.icc.url,
      SUBAPP_HOSTS: 'iotcloud',
    });
  } catch (error) {
    await sims.close();
    throw error;
  }
  return {
    sims,
    server: running,
    tonePath,
    async stop() {
      await running.stop();
      await sims.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A test file's one video stack and one browser (`open` starts it, with whatever else the file needs
 * before its browser): up before the file's tests, down after them (`release` last, for what `open`
 * started besides the browser), `afterEach` after every test, and a screenshot of the page of each
 * failed test. Read `.stack` and `.browser` in tests.
 */
export function videoStackPerFile(
  open: (stack: VideoStack) => Promise<Browser>,
  options: {
    afterEach?: (stack: VideoStack) => void;
    release?: () => Promise<void>;
  } = {},
) {
  const held = {} as { stack: VideoStack; browser: Browser };
  beforeAll(async () => {
    held.stack = await startVideoStack();
    held.browser = await open(held.stack);
  }, 400_000);
  afterAll(async () => {
    await held.browser?.close();
    await held.stack?.stop();
    await options.release?.();
  });
  afterEach(async (context) => {
    if (held.browser) await keepEvidence(held.browser, context.task);
    if (held.stack) options.afterEach?.(held.stack);
  });
  return held;
}

/** Chromium with the fake microphone playing `tonePath`, and autoplay allowed (plus `args`). */
export function openVideoBrowser(tonePath: string, args: readonly string[] = []) {
  return openBrowser({
    viewport: { width: 1600, height: 900 },
    args: [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${tonePath}`,
      '--autoplay-policy=no-user-gesture-required',
      ...args,
    ],
  });
}

export const IOTCLOUD_FRAME = 'div[data-subapp="iotcloud"] iframe';

/** Signs in (once per browser) and opens an iotcloud video page; answers the frame it runs in. */
export async function openVideoPage(browser: Browser, baseUrl: string, path: string): Promise<Frame> {
  const { page } = browser;
  if (!page.url().startsWith(baseUrl) || page.url().endsWith('/login'))
    await signIn(page, baseUrl, DEMO.admin);
  await page.goto(`${baseUrl}${path}`);
  await page.locator('div[data-subapp="iotcloud"][data-status="ready"]').waitFor({ timeout: 30_000 });
  const frame = await iotcloudFrame(page);
  await frame.locator(`main[data-page="${path}"]`).waitFor({ timeout: 30_000 });
  return frame;
}

export async function iotcloudFrame(page: Page): Promise<Frame> {
  const handle = await page.locator(IOTCLOUD_FRAME).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no iotcloud frame');
  return frame;
}

/** The kept page of `path` inside the frame. */
export const pageIn = (frame: Frame, path: string) => frame.locator(`main[data-page="${path}"]`);

/** Ticks (or unticks) a camera in the tree by its name. */
export async function tickCamera(frame: Frame, path: string, name: string) {
  const node = pageIn(frame, path).locator('.ant-tree-treenode', { hasText: name }).last();
  await node.locator('.ant-tree-checkbox').click();
}

/** The 16 barcode boxes of the simulators' picture, at the stream's own size. */
export const BARCODE = barcodeLayout(defaultVideoFormat);

export interface WindowProbe {
  /** Frames presented since the probe was installed (requestVideoFrameCallback). */
  frames: number;
  /** When the first frame was presented (performance.now()), and when the probe was installed. */
  firstFrameAt: number | null;
  installedAt: number;
  width: number;
  height: number;
  /** RGB of the centre pixel. */
  centre: [number, number, number];
  /** Mean luma of the picture, 0-255. */
  luma: number;
  /** The barcode's value (ms mod 65536 when the frame was drawn), or null when none shows. */
  barcode: number | null;
  /** Date.now() mod 65536 when the probe read the picture. */
  readAt: number;
  /** Latency of the last presented frame read from its barcode (ms), when there was one. */
  latencies: number[];
}

/**
 * Installs, in the frame, a per-`<video>` counter of presented frames (requestVideoFrameCallback) that
 * also reads each frame's barcode to measure glass-to-glass latency; idempotent.
 */
export async function installProbes(frame: Frame) {
  await frame.evaluate((boxes) => {
    type Probe = {
      frames: number;
      firstFrameAt: number | null;
      installedAt: number;
      latencies: number[];
    };
    const w = window as unknown as {
      __probes?: WeakMap<HTMLVideoElement, Probe>;
      __readBarcode?: (video: HTMLVideoElement) => number | null;
      __probeAll?: () => void;
    };
    if (w.__probes) return;
    const probes = new WeakMap<HTMLVideoElement, Probe>();
    w.__probes = probes;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    w.__readBarcode = (video) => {
      if (!context || video.videoWidth === 0) return null;
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      context.drawImage(video, 0, 0);
      const scaleX = video.videoWidth / 480;
      const scaleY = video.videoHeight / 270;
      let value = 0;
      let dark = 0;
      let light = 0;
      for (const box of boxes) {
        const data = context.getImageData(
          Math.round((box.x + box.w / 2) * scaleX) - 2,
          Math.round((box.y + box.h / 2) * scaleY) - 2,
          4,
          4,
        ).data;
        let sum = 0;
        for (let i = 0; i < data.length; i += 4)
          sum += ((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0)) / 3;
        const mean = sum / (data.length / 4);
        if (mean > 160) {
          value |= 1 << box.bit;
          light += 1;
        } else if (mean < 90) dark += 1;
      }
      // Every box must read clearly one way or the other.
      return light + dark === boxes.length ? value : null;
    };
    const watch = (video: HTMLVideoElement) => {
      if (probes.has(video)) return;
      const probe: Probe = { frames: 0, firstFrameAt: null, installedAt: performance.now(), latencies: [] };
      probes.set(video, probe);
      // A new stream in the same element (a restart, a seek) counts from its own start.
      video.addEventListener('emptied', () => {
        Object.assign(probe, {
          frames: 0,
          firstFrameAt: null,
          installedAt: performance.now(),
          latencies: [],
        });
      });
      const onFrame = () => {
        probe.frames += 1;
        probe.firstFrameAt ??= performance.now();
        if (probe.frames % 5 === 0) {
          const code = w.__readBarcode?.(video);
          if (code !== null && code !== undefined) {
            const latency = ((((Date.now() % 65536) - code) % 65536) + 65536) % 65536;
            if (latency < 10_000) probe.latencies.push(latency);
          }
        }
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
    };
    w.__probeAll = () => document.querySelectorAll('video').forEach(watch);
    w.__probeAll();
    new MutationObserver(() => w.__probeAll?.()).observe(document.body, { childList: true, subtree: true });
  }, BARCODE);
}

/** What each `<video>` of the page shows now, in document order (window 0 first). */
export async function probeWindows(frame: Frame, path: string): Promise<WindowProbe[]> {
  return frame.evaluate((pagePath) => {
    const w = window as unknown as {
      __probes: WeakMap<
        HTMLVideoElement,
        Omit<WindowProbe, 'width' | 'height' | 'centre' | 'luma' | 'barcode' | 'readAt'>
      >;
      __readBarcode: (video: HTMLVideoElement) => number | null;
    };
    const root = document.querySelector(`main[data-page="${pagePath}"]`) ?? document;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    return Array.from(root.querySelectorAll('video')).map((video) => {
      const probe = w.__probes.get(video) ?? { frames: 0, firstFrameAt: null, installedAt: 0, latencies: [] };
      const width = video.videoWidth;
      const height = video.videoHeight;
      let centre: [number, number, number] = [0, 0, 0];
      let luma = 0;
      if (context && width > 0) {
        canvas.width = width;
        canvas.height = height;
        context.drawImage(video, 0, 0);
        const c = context.getImageData(Math.floor(width / 2), Math.floor(height / 2), 1, 1).data;
        centre = [c[0] ?? 0, c[1] ?? 0, c[2] ?? 0];
        const all = context.getImageData(0, 0, width, height).data;
        let sum = 0;
        for (let i = 0; i < all.length; i += 64)
          sum += ((all[i] ?? 0) + (all[i + 1] ?? 0) + (all[i + 2] ?? 0)) / 3;
        luma = sum / (all.length / 64);
      }
      return {
        ...probe,
        latencies: [...probe.latencies],
        width,
        height,
        centre,
        luma,
        barcode: w.__readBarcode(video),
        readAt: Date.now() % 65536,
      };
    });
  }, path);
}

/** Polls `read` until `ok` holds, up to `timeoutMs`; answers the last value read. */
export async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 250));
    value = await read();
  }
  return value;
}

/** Waits until window `wnd` of the page at `path` has presented more than `frames` frames; answers its probe. */
export async function playing(frame: Frame, path: string, wnd = 0, frames = 10) {
  const windows = await waitFor(
    () => probeWindows(frame, path),
    (all) => (all[wnd]?.frames ?? 0) > frames,
  );
  const window = windows[wnd];
  if (!window) throw new Error(`no window ${wnd}`);
  return window;
}

/** Text anywhere the operator sees it: the shell's page or the frame (messages may show in either). */
export async function shows(frame: Frame, text: string, timeoutMs = 40_000) {
  await waitFor(
    async () =>
      (await frame.getByText(text, { exact: false }).count()) +
      (await frame.page().getByText(text, { exact: false }).count()),
    (count) => count > 0,
    timeoutMs,
  );
}

/** The file `action` makes the browser download (a frame's downloads are the page's), with its bytes. */
export async function download(
  page: Page,
  action: () => Promise<void>,
): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), action()]);
  const path = await file.path();
  return { file, bytes: await readFile(path) };
}

/** Opens a toolbar button's menu and picks an item of it. */
export async function menuItem(frame: Frame, button: string, item: string) {
  await frame.getByRole('button', { name: button, exact: true }).click();
  await frame.getByRole('menuitem', { name: item, exact: true }).click();
}

/** What ffprobe reads of a media file: the container and each stream (`args` add entries, e.g. -count_frames). */
export interface MediaProbe {
  streams: {
    codec_type: string;
    codec_name?: string;
    width?: number;
    height?: number;
    nb_read_frames?: string;
  }[];
  format: { format_name?: string; duration?: string };
}

export async function ffprobe(
  path: string,
  entries: string,
  args: readonly string[] = [],
): Promise<MediaProbe> {
  const { stdout } = await promisify(execFile)('ffprobe', [
    '-v',
    'error',
    ...args,
    '-show_entries',
    entries,
    '-of',
    'json',
    path,
  ]);
  return JSON.parse(stdout) as MediaProbe;
}

export { DEMO };
