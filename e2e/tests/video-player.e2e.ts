import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Frame } from 'playwright-core';
import { defaultVideoFormat } from '../../simulators/src/index.js';
import { readBarcode } from '../../simulators/src/testing/frames.js';
import { DEMO, signIn } from '../src/signIn.js';
import {
  TONE_HZ,
  download,
  ffprobe,
  installProbes,
  menuItem,
  openVideoBrowser,
  openVideoPage,
  pageIn,
  playing,
  probeWindows,
  shows,
  tickCamera,
  waitFor,
  videoStackPerFile,
} from '../src/video.js';

/**
 * The HTML5 player of hik_isc_huati in Chromium, for what jsdom cannot show: a PS
 * recording ffprobe reads, pause, resume and single-frame forward of a real playback stream, talk that
 * reaches the camera, and the microphone refused on a page that is not a secure context.
 *
 * One stack, one browser and one sign-in. The browser also resolves INSECURE_HOST to 127.0.0.1: a page
 * opened by that name over http is not a secure context (only https, localhost and loopback addresses
 * are), as for an operator who reaches the server by its name over http, while the server and the
 * simulators keep listening on loopback alone and no machine address is needed.
 */
const INSECURE_HOST = 'cityops-insecure.test';

const run = videoStackPerFile((started) =>
  openVideoBrowser(started.tonePath, [`--host-resolver-rules=MAP ${INSECURE_HOST} 127.0.0.1`]),
);

const LIVE = '/iotcloud/iot/videoMonitor/playRealWeb';
const PLAYBACK = '/iotcloud/iot/videoMonitor/playBackWeb';
const CAMERA = { code: 'hik-cam-01', name: '建设路与东风路口西北角' };
const TALKER = { code: 'hik-cam-03', name: '新华路与中山路口西南角' };
const REPLAYED = { code: 'hik-cam-06', name: '望江路与建设路口东南角' };

const open = (path: string, baseUrl = run.stack.server.baseUrl) => openVideoPage(run.browser, baseUrl, path);
const button = (frame: Frame, path: string, name: string) =>
  pageIn(frame, path).getByRole('button', { name, exact: true });

/** The selected window's `<video>`: where it is (s), whether it is paused, and the barcode it shows. */
async function windowClock(frame: Frame, path: string) {
  const [probe] = await probeWindows(frame, path);
  const time = await pageIn(frame, path)
    .locator('video')
    .first()
    .evaluate((video: HTMLVideoElement) => ({ currentTime: video.currentTime, paused: video.paused }));
  return { ...time, frames: probe?.frames ?? 0, barcode: probe?.barcode ?? null };
}

/** Recorded time from barcode `from` to barcode `to` (ms mod 65536, so within ±32 s). */
function recordedMs(from: number | null, to: number | null): number {
  if (from === null || to === null) throw new Error('no barcode to read');
  const ahead = (((to - from) % 65536) + 65536) % 65536;
  return ahead >= 32_768 ? ahead - 65536 : ahead;
}

/** The time barcode of a recorded file's first picture (ffmpeg decodes it to RGB). */
async function firstBarcode(path: string): Promise<number> {
  const { stdout } = await promisify(execFile)(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  return readBarcode(stdout, defaultVideoFormat);
}

/**
 * Waits until the paused window's picture has settled (a frame on its way when the pause came may
 * still land), then checks that for a second nothing moves: neither the position nor the picture.
 */
async function standsStill(frame: Frame, path: string) {
  let last = await windowClock(frame, path);
  const { now: settled } = await waitFor(
    async () => {
      const before = last;
      last = await windowClock(frame, path);
      return { before, now: last };
    },
    ({ before, now }) =>
      before.paused &&
      now.paused &&
      now.barcode !== null &&
      now.currentTime === before.currentTime &&
      now.barcode === before.barcode,
    10_000,
  );
  await new Promise((r) => setTimeout(r, 1_000));
  const later = await windowClock(frame, path);
  expect(later).toEqual(settled);
  return settled;
}

describe('HTML5 player in Chromium', () => {
  it('records live view as MPEG-PS: ffprobe decodes H.264 frames of it', async () => {
    const frame = await open(LIVE);
    await installProbes(frame);
    await tickCamera(frame, LIVE, CAMERA.name);
    const before = await playing(frame, LIVE, 0, 10);

    await menuItem(frame, '开始录像', '录像（PS）');
    await button(frame, LIVE, '停止录像').waitFor();
    // A few seconds of pictures (the stream runs at 25 fps) before the recording stops.
    await playing(frame, LIVE, 0, before.frames + 75);
    const ps = await download(run.browser.page, () => button(frame, LIVE, '停止录像').click());
    await shows(frame, '停止录像成功，正在保存...');
    expect(ps.file.suggestedFilename()).toMatch(/^\d{12}\.ps$/);
    // A pack header starts an MPEG-PS file.
    expect([...ps.bytes.subarray(0, 4)]).toEqual([0x00, 0x00, 0x01, 0xba]);

    const probe = await ffprobe(
      await ps.file.path(),
      'stream=codec_type,codec_name,width,height,nb_read_frames:format=format_name,duration',
      ['-count_frames'],
    );
    expect(probe.format.format_name).toBe('mpeg');
    const video = probe.streams.find((stream) => stream.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'h264', width: 480, height: 270 });
    expect(Number(video?.nb_read_frames ?? 0)).toBeGreaterThan(25);
    expect(Number(probe.format.duration ?? 0)).toBeGreaterThan(1);
  });

  it('records playback as MPEG-PS from the picture the window shows, not from where its session began', async () => {
    const frame = await open(PLAYBACK);
    await installProbes(frame);
    await tickCamera(frame, PLAYBACK, REPLAYED.name);
    // Some seconds into the session, so its start and the picture on screen are far apart.
    const shown = await waitFor(
      () => windowClock(frame, PLAYBACK),
      (clock) => clock.currentTime > 4 && clock.barcode !== null,
    );
    await menuItem(frame, '开始录像', '录像（PS）');
    await button(frame, PLAYBACK, '停止录像').waitFor();
    await playing(frame, PLAYBACK, 0, shown.frames + 25);
    const ps = await download(run.browser.page, () => button(frame, PLAYBACK, '停止录像').click());
    await shows(frame, '停止录像成功，正在保存...');
    const path = await ps.file.path();
    const probe = await ffprobe(path, 'stream=codec_type,codec_name:format=format_name');
    expect(probe.format.format_name).toBe('mpeg');
    expect(probe.streams.find((stream) => stream.codec_type === 'video')?.codec_name).toBe('h264');
    // The file starts at the next keyframe (one a second) after what was on screen.
    const start = recordedMs(shown.barcode, await firstBarcode(path));
    expect(start).toBeGreaterThan(-1_000);
    expect(start).toBeLessThan(3_000);
  });

  it('pauses and resumes playback; single-frame forward goes back to 1x and steps one frame', async () => {
    const frame = await open(PLAYBACK);
    await installProbes(frame);
    await tickCamera(frame, PLAYBACK, REPLAYED.name);
    await playing(frame, PLAYBACK, 0, 10);
    const rate = pageIn(frame, PLAYBACK).getByLabel('倍速');

    // Pause: the picture stands still.
    await button(frame, PLAYBACK, '暂停回放').click();
    await button(frame, PLAYBACK, '恢复回放').waitFor();
    const paused = await standsStill(frame, PLAYBACK);

    // Resume: it moves on again.
    await button(frame, PLAYBACK, '恢复回放').click();
    await button(frame, PLAYBACK, '暂停回放').waitFor();
    const resumed = await waitFor(
      () => windowClock(frame, PLAYBACK),
      (clock) =>
        !clock.paused && clock.currentTime > paused.currentTime + 1 && clock.frames > paused.frames + 10,
    );
    expect(resumed.barcode).not.toBe(paused.barcode);

    // At 2x, single-frame forward starts again at 1x where it was, and holds the picture.
    await button(frame, PLAYBACK, '快放').click();
    await waitFor(
      () => rate.textContent(),
      (text) => text === '2x',
    );
    // The 2x stream plays (a new session: its frames count from 0).
    const fast = await waitFor(
      () => windowClock(frame, PLAYBACK),
      (clock) => !clock.paused && clock.frames > 5 && clock.barcode !== null,
    );
    await button(frame, PLAYBACK, '单帧前进').click();
    await waitFor(
      () => rate.textContent(),
      (text) => text === '1x',
    );
    await button(frame, PLAYBACK, '恢复回放').waitFor();
    // The new 1x stream's first picture is there, and stands still, a moment of recording from where it was.
    const held = await standsStill(frame, PLAYBACK);
    expect(Math.abs(recordedMs(fast.barcode, held.barcode))).toBeLessThan(5_000);

    // Each further click shows the next frame: 1/25 s on, a picture drawn 40 ms later.
    await button(frame, PLAYBACK, '单帧前进').click();
    const stepped = await waitFor(
      () => windowClock(frame, PLAYBACK),
      (clock) => clock.currentTime > held.currentTime && clock.barcode !== held.barcode,
      10_000,
    );
    expect(stepped.paused).toBe(true);
    expect(stepped.currentTime - held.currentTime).toBeGreaterThan(0.5 / 25);
    expect(stepped.currentTime - held.currentTime).toBeLessThan(1.5 / 25);
    // The picture is the recording's next frame: its burned clock reads 40 ms later.
    expect(recordedMs(held.barcode, stepped.barcode)).toBeGreaterThan(20);
    expect(recordedMs(held.barcode, stepped.barcode)).toBeLessThan(60);
    expect(await rate.textContent()).toBe('1x');

    // And play goes on from there.
    await button(frame, PLAYBACK, '恢复回放').click();
    await waitFor(
      () => windowClock(frame, PLAYBACK),
      (clock) => !clock.paused && clock.currentTime > stepped.currentTime + 1,
    );
  });

  it('talks from the live page: the camera hears the fake microphone’s tone', async () => {
    const frame = await open(LIVE);
    await installProbes(frame);
    await tickCamera(frame, LIVE, TALKER.name);
    await playing(frame, LIVE, 0, 5);
    await button(frame, LIVE, '开启对讲').click();
    await shows(frame, '开启当前对讲操作成功');
    // The microphone shows talk on.
    await button(frame, LIVE, '关闭对讲').waitFor();
    const stats = await waitFor(
      async () => run.stack.sims.talkStats(TALKER.code),
      (s) => (s?.bytes ?? 0) > 32_000 && Math.abs((s?.dominantHz ?? 0) - TONE_HZ) < 50,
    );
    expect(stats?.sampleRate).toBe(16_000);
    await button(frame, LIVE, '关闭对讲').click();
    await shows(frame, '关闭当前对讲操作成功');
    await button(frame, LIVE, '开启对讲').waitFor();
  });

  it('refuses the microphone on a page that is not a secure context: 0x12f950000, and plays on', async () => {
    const base = new URL(run.stack.server.baseUrl);
    const insecure = `http://${INSECURE_HOST}:${base.port}`;
    // The same session on the other name (its cookies are per host).
    if ((await run.browser.context.cookies(run.stack.server.baseUrl)).length === 0)
      await signIn(run.browser.page, run.stack.server.baseUrl, DEMO.admin);
    const cookies = await run.browser.context.cookies(run.stack.server.baseUrl);
    await run.browser.context.addCookies(cookies.map(({ name, value }) => ({ name, value, url: insecure })));
    const errors: string[] = [];
    run.browser.page.on('pageerror', (error) => errors.push(error.message));
    await run.browser.page.goto(`${insecure}/`);
    const frame = await open(LIVE, insecure);
    expect(await frame.evaluate(() => window.isSecureContext)).toBe(false);

    await installProbes(frame);
    await tickCamera(frame, LIVE, CAMERA.name);
    const before = await playing(frame, LIVE, 0, 5);
    await button(frame, LIVE, '开启对讲').click();
    await shows(frame, '窗口1错误码[0x12f950000]：采集音频失败（对讲未在https下使用）');
    // Talk stays off, the window goes on playing, and the page did not fail.
    await button(frame, LIVE, '开启对讲').waitFor();
    await playing(frame, LIVE, 0, before.frames + 25);
    expect(errors).toEqual([]);
  });
});
