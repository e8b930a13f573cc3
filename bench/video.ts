/**
 * Live video in Chromium against the real server and the camera simulators. For 1, 4,
 * 9 and 16 windows, first our HTML5 player on the iotcloud live page, then the same streams played by
 * mpegts.js alone on a bare page (`videoPlain.ts`), so the figures say what is ours:
 * - first-frame time of each window: ours from the click that ticks its camera (one after another),
 *   the bare page from creating its player (at the same offsets), to its first presented frame
 *   (requestVideoFrameCallback);
 * - glass-to-glass latency: the simulators burn `ms mod 65536` of the wall clock into every frame as a
 *   16-bit barcode; the page reads it from presented frames and compares with its own clock;
 * - the frame rate each window keeps over a measuring stretch;
 * - the simulators' CPU per camera encoder (/proc of each ffmpeg) over the same stretch.
 * Then where one window's first frame waits, over 5 runs with the camera's encoder cold (started by
 * the click) and 5 with it running: the stream address, the socket, the first bytes, the first frame.
 * Prints numbers; asserts nothing. Needs the sub-app ports (10101-10602) free.
 */
import type { Frame } from 'playwright-core';
import { DEMO_CAMERAS } from '../server/src/db/seed/videoCameras.js';
import { mpegtsConfig } from '../packages/video/src/stream.js';
import {
  installProbes,
  openVideoBrowser,
  openVideoPage,
  pageIn,
  probeWindows,
  startVideoStack,
  tickCamera,
  waitFor,
  type WindowProbe,
} from '../e2e/src/video.js';
import { openPlainPlayers, SOCKET_TIMINGS_SCRIPT, type SocketTiming } from './videoPlain.js';
import { withTsxNames } from './browser.js';

type PlainStream = { url: string; offset: number };

/** The HTML5 player's live page (playReal plays through the desktop plug-in). */
const LIVE = '/iotcloud/iot/videoMonitor/playRealWeb';
const COUNTS = process.env.VIDEO_COUNTS ? process.env.VIDEO_COUNTS.split(',').map(Number) : [1, 4, 9, 16];
const MEASURE_MS = 8_000;
const PHASE_RUNS = 5;
/** Longer than the simulators' linger (1 s): the next run starts its encoders cold. */
const ENCODERS_GONE_MS = 2_500;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN;
const median = (values: number[]) => quantile(values, 0.5);
const f0 = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');
const f1 = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const f2 = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const range = (values: number[]) =>
  `${f0(median(values))} (${f0(Math.min(...values))}-${f0(Math.max(...values))})`;

/** The hik cameras' names as the demo seed gives them, in code order. */
const HIK_NAMES = DEMO_CAMERAS.filter(([code]) => code.startsWith('hik-')).map(([, name]) => name);

interface Row {
  firstMedian: number;
  firstMax: number;
  fps: number;
  fpsMin: number;
  latency: number;
  latencyP90: number;
  frames: number;
  cpu: number;
  cpuTotal: number;
  encoders: number;
}

const stack = await startVideoStack();
// The bare page is answered by the browser's request interception, which Chromium counts as a public
// address; its sockets to the loopback simulators would be refused by the local network access check.
const browser = await withTsxNames(
  await openVideoBrowser(stack.tonePath, ['--disable-features=LocalNetworkAccessChecks']),
);
await browser.context.addInitScript({ content: SOCKET_TIMINGS_SCRIPT });

/** When the page received each click (performance.now()), not when the benchmark asked for it. */
const recordClicks = (frame: Frame) =>
  frame.evaluate(() => {
    const w = window as unknown as { __clicks: number[] };
    w.__clicks = [];
    document.addEventListener('click', () => w.__clicks.push(performance.now()), true);
  });
const clicksIn = (frame: Frame) =>
  frame.evaluate(() => (window as unknown as { __clicks: number[] }).__clicks);
const lastClick = async (frame: Frame) => (await clicksIn(frame)).at(-1) ?? NaN;

const sockets = (frame: Frame) =>
  frame.evaluate(() => (window as unknown as { __sockets: SocketTiming[] }).__sockets);

/** Frames, latency and encoder CPU over one stretch, once every window has had 2 s to settle. */
async function measureStretch(
  frame: Frame,
  path: string,
  count: number,
  firstFrames: number[],
): Promise<Row> {
  await pause(2_000);
  const cpuBefore = new Map(stack.sims.encoders().map((e) => [`${e.kind}:${e.code}`, e.cpuSeconds ?? NaN]));
  const before = await probeWindows(frame, path);
  const t0 = Date.now();
  await pause(MEASURE_MS);
  const after = await probeWindows(frame, path);
  const seconds = (Date.now() - t0) / 1000;
  const cpu = stack.sims
    .encoders()
    .filter((e) => e.kind === 'live')
    .map((e) => ((e.cpuSeconds ?? NaN) - (cpuBefore.get(`live:${e.code}`) ?? NaN)) / seconds)
    .filter(Number.isFinite);
  const fps = after.slice(0, count).map((window, i) => (window.frames - (before[i]?.frames ?? 0)) / seconds);
  const latencies = after
    .slice(0, count)
    .flatMap((window, i) => window.latencies.slice(before[i]?.latencies.length ?? 0));
  return {
    firstMedian: median(firstFrames),
    firstMax: Math.max(...firstFrames),
    fps: median(fps),
    fpsMin: Math.min(...fps),
    latency: median(latencies),
    latencyP90: quantile(latencies, 0.9),
    frames: latencies.length,
    cpu: median(cpu),
    cpuTotal: cpu.reduce((a, b) => a + b, 0),
    encoders: cpu.length,
  };
}

const allStarted = (count: number) => (windows: WindowProbe[]) =>
  windows.length >= count && windows.slice(0, count).every((window) => window.firstFrameAt !== null);

/** Our player: ticks `count` cameras on the live page; answers the row and the streams it played. */
async function ours(
  count: number,
): Promise<{ row: Row; streams: PlainStream[]; size: { width: number; height: number } }> {
  const frame = await openVideoPage(browser, stack.server.baseUrl, LIVE);
  await installProbes(frame);
  const names = HIK_NAMES.slice(0, count);
  if (names.length < count) throw new Error(`only ${names.length} cameras in the tree`);
  // One camera after another, as an operator ticks them; each window's first frame counts from its click.
  await recordClicks(frame);
  for (const name of names) await tickCamera(frame, LIVE, name);
  const clicks = await clicksIn(frame);
  const started = await waitFor(() => probeWindows(frame, LIVE), allStarted(count), 90_000);
  const firstFrames = started
    .slice(0, count)
    .map((window, i) => (window.firstFrameAt ?? NaN) - (clicks[i] ?? NaN));
  const lastSocket = (await sockets(frame)).filter((s) => s.url.includes('/live/')).at(-1);
  const last = await phaseTimes(frame, clicks.at(-1) ?? NaN, lastSocket, started[count - 1]);
  lastWindows.push(`ours  ${String(count).padStart(2)} | ${phaseLine(last)}`);
  const row = await measureStretch(frame, LIVE, count, firstFrames);
  // The address each camera's window plays now: the last socket opened per camera.
  const byCamera = new Map<string, string>();
  for (const { url } of await sockets(frame))
    if (url.includes('/live/')) byCamera.set(url.split('?')[0] ?? url, url);
  const urls = [...byCamera.values()];
  if (urls.length !== count) throw new Error(`${urls.length} cameras' sockets for ${count} windows`);
  const streams = urls.map((url, i) => ({ url, offset: (clicks[i] ?? 0) - (clicks[0] ?? 0) }));
  const size = await pageIn(frame, LIVE)
    .locator('video')
    .first()
    .evaluate((video) => ({ width: video.clientWidth, height: video.clientHeight }));
  return { row, streams, size };
}

/** mpegts.js alone on the same streams, in windows of the same size. */
async function plain(streams: PlainStream[], size: { width: number; height: number }): Promise<Row> {
  const page = await browser.context.newPage();
  try {
    const frame = page.mainFrame();
    const created = openPlainPlayers(page, stack.server.baseUrl, streams, size, { ...mpegtsConfig(true) });
    await page.waitForFunction(() => document.querySelector('video') !== null);
    await installProbes(frame);
    const createdAt = await created;
    const started = await waitFor(() => probeWindows(frame, '-'), allStarted(streams.length), 90_000);
    const firstFrames = started.map((window, i) => (window.firstFrameAt ?? NaN) - (createdAt[i] ?? NaN));
    const lastSocket = (await sockets(frame)).at(-1);
    const last = await phaseTimes(frame, createdAt.at(-1) ?? NaN, lastSocket, started.at(-1));
    lastWindows.push(`plain ${String(streams.length).padStart(2)} | ${phaseLine(last)}`);
    return await measureStretch(frame, '-', streams.length, firstFrames);
  } finally {
    await page.close();
  }
}

const line = (label: string, count: number, row: Row) =>
  `${label.padEnd(6)} ${String(count).padStart(2)} | ${f0(row.firstMedian)} / ${f0(row.firstMax)} ms | ` +
  `${f1(row.fps)} (${f1(row.fpsMin)}) fps | ${f0(row.latency)} / ${f0(row.latencyP90)} ms (${row.frames} frames) | ` +
  `${f1(row.cpu * 100)} % of a core (${f0(row.cpuTotal * 100)} % over ${row.encoders} encoders)`;

type Phases = Record<'url' | 'socket' | 'open' | 'bytes' | 'frame', number>;

/** Where a window's first frame waited, in ms after `startAt`: its address, socket, bytes, frame. */
async function phaseTimes(
  frame: Frame,
  startAt: number,
  socket: SocketTiming | undefined,
  window: WindowProbe | undefined,
): Promise<Phases> {
  const urlAt = await frame.evaluate(
    (after) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('previewurls') && e.startTime >= after)
        .map((e) => (e as PerformanceResourceTiming).responseEnd)[0] ?? NaN,
    startAt,
  );
  return {
    url: urlAt - startAt,
    socket: (socket?.createdAt ?? NaN) - startAt,
    open: (socket?.openAt ?? NaN) - startAt,
    bytes: (socket?.firstMessageAt ?? NaN) - startAt,
    frame: (window?.firstFrameAt ?? NaN) - startAt,
  };
}
const phaseLine = (p: Phases) =>
  `${f0(p.url)} | ${f0(p.socket)} | ${f0(p.open)} | ${f0(p.bytes)} | ${f0(p.frame)}`;
const lastWindows: string[] = [];

/**
 * One window, `PHASE_RUNS` times: where its first frame waits. Cold: the camera's encoder starts with
 * the click. Warm: the same camera unticked and ticked again while its encoder still runs (as a media
 * server keeps a stream that is being watched), so the simulator answers from its cached GOP.
 */
async function phases(warm: boolean) {
  const frame = await openVideoPage(browser, stack.server.baseUrl, LIVE);
  await installProbes(frame);
  await recordClicks(frame);
  const name = HIK_NAMES[0] ?? '';
  const runs: Phases[] = [];
  for (let run = 0; run < PHASE_RUNS; run += 1) {
    if (warm) {
      await tickCamera(frame, LIVE, name);
      await waitFor(() => probeWindows(frame, LIVE), allStarted(1), 30_000);
    }
    const known = (await sockets(frame)).length;
    if (warm)
      await tickCamera(frame, LIVE, name); // untick: the window closes, the encoder lingers
    else await pause(ENCODERS_GONE_MS);
    await tickCamera(frame, LIVE, name);
    const clickAt = await lastClick(frame);
    const [window] = await waitFor(() => probeWindows(frame, LIVE), allStarted(1), 30_000);
    const socket = (await sockets(frame)).slice(known).find((s) => s.url.includes('/live/'));
    runs.push(await phaseTimes(frame, clickAt, socket, window));
    await tickCamera(frame, LIVE, name); // untick
  }
  const column = (key: keyof (typeof runs)[number]) => range(runs.map((run) => run[key]));
  console.log(
    `${warm ? 'warm' : 'cold'} | ${column('url')} | ${column('socket')} | ${column('open')} | ` +
      `${column('bytes')} | ${column('frame')}`,
  );
}

console.log('Live video, 480x270 @ 25 fps H.264 over ws-flv, loopback; our HTML5 player (hik_isc_huati) and');
console.log('mpegts.js alone ("plain") on the same streams, same settings, same window size');
console.log(
  'player  n | first frame median / max | fps per window median (min) | latency median / p90 | sim CPU per camera median (total)',
);
const ratios: string[] = [];
try {
  for (const count of COUNTS) {
    const { row, streams, size } = await ours(count);
    console.log(line('ours', count, row));
    await browser.page.goto(`${stack.server.baseUrl}/config.js`); // signed in still, no video
    await pause(ENCODERS_GONE_MS);
    const bare = await plain(streams, size);
    console.log(line('plain', count, bare));
    await pause(ENCODERS_GONE_MS);
    ratios.push(
      `${String(count).padStart(2)} windows: first frame median ${f2(row.firstMedian / bare.firstMedian)}, ` +
        `max ${f2(row.firstMax / bare.firstMax)}; fps ${f2(row.fps / bare.fps)}; latency ${f2(row.latency / bare.latency)}`,
    );
  }
  console.log('ours / plain mpegts.js (first frame and latency: lower is better; fps: higher is better)');
  for (const ratio of ratios) console.log(`  ${ratio}`);

  console.log('The last window of each run: ms after its click (ours) or its player created (plain)');
  console.log(
    'player n | stream address answered | socket created | socket open | first bytes | first frame',
  );
  for (const last of lastWindows) console.log(last);

  console.log(`One window's first frame, ms after the click, median (min-max) of ${PHASE_RUNS} runs:`);
  console.log('encoder | stream address answered | socket created | socket open | first bytes | first frame');
  await phases(false);
  await phases(true);
} finally {
  await browser.close();
  await stack.stop();
}
