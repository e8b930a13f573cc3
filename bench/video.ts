/**
 * Live video in Chromium against the real server and the camera simulators (issue 5): for 1, 4, 9 and
 * 16 windows of the HTML5 player on the iotcloud live page,
 * - first-frame time: from the click that ticks the last camera to each window's first presented
 *   frame (requestVideoFrameCallback);
 * - glass-to-glass latency: the simulators burn `ms mod 65536` of the wall clock into every frame as a
 *   16-bit barcode; the page reads it from presented frames and compares with its own clock;
 * - the frame rate each window keeps over a measuring stretch;
 * - the simulators' CPU per camera encoder (/proc of each ffmpeg) over the same stretch.
 * Prints numbers; asserts nothing. Needs the sub-app ports (10101-10602) free.
 */
import { DEMO_CAMERAS } from '../server/src/db/seed/videoCameras.js';
import {
  installProbes,
  openVideoBrowser,
  openVideoPage,
  probeWindows,
  startVideoStack,
  tickCamera,
  waitFor,
} from '../e2e/src/video.js';

const LIVE = '/iotcloud/iot/videoMonitor/playReal';
const COUNTS = [1, 4, 9, 16];
const MEASURE_MS = 8_000;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN;
const median = (values: number[]) => quantile(values, 0.5);
const f0 = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');
const f1 = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

/** The hik cameras' names as the demo seed gives them, in code order. */
const HIK_NAMES = DEMO_CAMERAS.filter(([code]) => code.startsWith('hik-')).map(([, name]) => name);

const stack = await startVideoStack();
const browser = await openVideoBrowser(stack.tonePath);
// tsx names inner functions with `__name`, which the page does not have.
await browser.context.addInitScript({ content: 'globalThis.__name = (f) => f;' });

console.log('Live video, HTML5 player (hik_isc_huati), 480x270 @ 25 fps H.264 over ws-flv, loopback');
console.log(
  'windows | first frame median / max | fps per window median (min) | latency median / p90 | sim CPU per camera median (total)',
);
try {
  for (const count of COUNTS) {
    const frame = await openVideoPage(browser, stack.server.baseUrl, LIVE);
    await installProbes(frame);
    const names = HIK_NAMES.slice(0, count);
    if (names.length < count) throw new Error(`only ${names.length} cameras in the tree`);
    for (const name of names.slice(0, -1)) await tickCamera(frame, LIVE, name);
    const clickAt = await frame.evaluate(() => performance.now());
    await tickCamera(frame, LIVE, names.at(-1) ?? '');
    const started = await waitFor(
      () => probeWindows(frame, LIVE),
      (windows) =>
        windows.length >= count && windows.slice(0, count).every((window) => window.firstFrameAt !== null),
      90_000,
    );
    const firstFrames = started.slice(0, count).map((window) => (window.firstFrameAt ?? NaN) - clickAt);

    // Let every window settle, then measure frames, latency and encoder CPU over one stretch.
    await new Promise((r) => setTimeout(r, 2_000));
    const cpuBefore = new Map(stack.sims.encoders().map((e) => [`${e.kind}:${e.code}`, e.cpuSeconds ?? NaN]));
    const before = await probeWindows(frame, LIVE);
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, MEASURE_MS));
    const after = await probeWindows(frame, LIVE);
    const seconds = (Date.now() - t0) / 1000;
    const encoders = stack.sims.encoders().filter((e) => e.kind === 'live');
    const cpu = encoders.map(
      (e) => ((e.cpuSeconds ?? NaN) - (cpuBefore.get(`live:${e.code}`) ?? NaN)) / seconds,
    );

    const fps = after
      .slice(0, count)
      .map((window, i) => (window.frames - (before[i]?.frames ?? 0)) / seconds);
    const latencies = after
      .slice(0, count)
      .flatMap((window, i) => window.latencies.slice(before[i]?.latencies.length ?? 0));
    const cpuKnown = cpu.filter(Number.isFinite);
    console.log(
      `${String(count).padStart(7)} | ${f0(median(firstFrames))} / ${f0(Math.max(...firstFrames))} ms | ` +
        `${f1(median(fps))} (${f1(Math.min(...fps))}) fps | ` +
        `${f0(median(latencies))} / ${f0(quantile(latencies, 0.9))} ms (${latencies.length} frames) | ` +
        `${f1(median(cpuKnown) * 100)} % of a core (${f0(cpuKnown.reduce((a, b) => a + b, 0) * 100)} % over ${cpuKnown.length} encoders)`,
    );
  }
} finally {
  await browser.close();
  await stack.stop();
}
