import { CHINA_UTC_OFFSET_MS, chinaDateTime } from '@cityops/contract';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { playbackStretches } from '../../simulators/src/index.js';
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
 * Video end to end: the iotcloud video pages in Chromium against the real server, pointed at
 * the camera simulators started here (real H.264 over ws-flv). One stack and one browser for the file.
 */
const run = videoStackPerFile((started) => openVideoBrowser(started.tonePath), {
  afterEach: (started) => started.sims.injectFault('hik-cam-01', null),
});

// The HTML5 player's pages (playReal and playBack play through the desktop plug-in).
const HIK_LIVE = '/iotcloud/iot/videoMonitor/playRealWeb';
const HIK_PLAYBACK = '/iotcloud/iot/videoMonitor/playBackWeb';
const ICC_LIVE = '/iotcloud/iot/videoUniview/playReal';
const ICC_CONTROL = '/iotcloud/iot/videoUniview/control';
const ICC_PLAYBACK = '/iotcloud/iot/videoUniview/playBack';

const HIK = {
  '01': '建设路与东风路口西北角',
  '02': '文化路与黄河路口东南角',
  '03': '新华路与中山路口西南角',
  '04': '火车站南广场',
  '05': '黄河路与淮河路口西北角',
  '06': '望江路与建设路口东南角',
  '07': '解放路与青年路口西南角',
  '08': '体育中心东门',
} as const;
const ICC_PTZ = { code: 'icc-cam-01', name: '文化路与建设路口东北角' };
const ICC_TALK = { code: 'icc-cam-03', name: '振兴路与金寨路口东南角' };
const ICC_FIXED = { code: 'icc-cam-02', name: '新华路与青年路口西北角' };

const open = (path: string) => openVideoPage(run.browser, run.stack.server.baseUrl, path);

/**
 * A whole second of the last day's first calendar day (on the platform's clock, as the pickers pick)
 * inside a long recording of `code`, and its text as the picker takes it.
 */
function recordedTarget(code: string) {
  const now = Date.now();
  const DAY = 24 * 3_600_000;
  const dayStart = (time: number) =>
    Math.floor((time + CHINA_UTC_OFFSET_MS) / DAY) * DAY - CHINA_UTC_OFFSET_MS;
  let from = now - DAY;
  // Within half an hour of midnight the rest of that day holds no 20-minute stretch: take the next day.
  if (dayStart(from) + DAY - 1_000 - from < 30 * 60_000) from = dayStart(from) + DAY;
  const dayEnd = dayStart(from) + DAY - 1_000;
  const stretch = playbackStretches(code, from, Math.min(dayEnd, now), now).find(
    (s) => s.end - s.start > 20 * 60_000,
  );
  if (!stretch) throw new Error(`no recording of ${code} to seek into`);
  const target = Math.floor((stretch.start + 5 * 60_000) / 1000) * 1000;
  return { target, text: chinaDateTime(target) };
}

/** Types a time into the product's date-time picker and confirms it, as an operator does. */
async function pickTime(picker: Locator, text: string) {
  await picker.click();
  await picker.fill(text);
  await picker.press('Enter');
}

/** Whether a barcode (ms mod 65536) reads `expected` or up to `slack` ms after it. */
const near = (value: number | null | undefined, expected: number, slack: number) =>
  value !== null && value !== undefined && (((value - (expected % 65536)) % 65536) + 65536) % 65536 < slack;

/** HH:mm of `minute` after midnight, as the timeline writes its labels. */
const clockOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Minutes between the labels of a timeline `width` px wide (§2.5, and half hours from 1862 px). */
const labelMinutes = (width: number) => (width < 768 ? 240 : width < 1366 ? 120 : width < 1862 ? 60 : 30);

describe('HTML5 player (hik_isc_huati)', () => {
  it('decodes a live window: frames keep coming and the picture is not black', async () => {
    const frame = await open(HIK_LIVE);
    await installProbes(frame);
    await tickCamera(frame, HIK_LIVE, HIK['01']);
    const first = await playing(frame, HIK_LIVE, 0, 10);
    const later = await playing(frame, HIK_LIVE, 0, first.frames + 25);
    expect(later.width).toBe(480);
    expect(later.height).toBe(270);
    expect(later.luma).toBeGreaterThan(30);
    // The simulators' barcode is readable, so the picture is the camera's, not garbage.
    expect(later.barcode).not.toBeNull();
  });

  it('plays four windows at once', async () => {
    const frame = await open(HIK_LIVE);
    await installProbes(frame);
    for (const code of ['02', '03', '04', '05'] as const) await tickCamera(frame, HIK_LIVE, HIK[code]);
    const windows = await waitFor(
      () => probeWindows(frame, HIK_LIVE),
      (all) => all.length >= 4 && all.slice(0, 4).every((window) => window.frames > 25),
      60_000,
    );
    for (const window of windows.slice(0, 4)) {
      expect(window.luma).toBeGreaterThan(30);
      expect(window.barcode).not.toBeNull();
    }
  });

  it('captures JPEG and BMP pictures, and records a playable MP4', async () => {
    const frame = await open(HIK_LIVE);
    await installProbes(frame);
    await tickCamera(frame, HIK_LIVE, HIK['01']);
    await playing(frame, HIK_LIVE, 0, 10);

    const jpeg = await download(run.browser.page, () => menuItem(frame, '抓图', '抓图（JPEG）'));
    expect(jpeg.file.suggestedFilename()).toMatch(/\.jpe?g$/i);
    expect([...jpeg.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...jpeg.bytes.subarray(-2)]).toEqual([0xff, 0xd9]);

    const bmp = await download(run.browser.page, () => menuItem(frame, '抓图', '抓图（BMP）'));
    expect(bmp.file.suggestedFilename()).toMatch(/\.bmp$/i);
    expect(bmp.bytes.subarray(0, 2).toString('ascii')).toBe('BM');
    expect(bmp.bytes.readUInt32LE(2)).toBe(bmp.bytes.length);
    expect(bmp.bytes.readInt32LE(18)).toBe(480);
    expect(Math.abs(bmp.bytes.readInt32LE(22))).toBe(270);

    await menuItem(frame, '开始录像', '录像（MP4）');
    await frame.getByRole('button', { name: '停止录像', exact: true }).waitFor();
    await new Promise((r) => setTimeout(r, 3_000));
    const mp4 = await download(run.browser.page, () =>
      frame.getByRole('button', { name: '停止录像', exact: true }).click(),
    );
    await shows(frame, '停止录像成功，正在保存...');
    expect(mp4.file.suggestedFilename()).toMatch(/\.mp4$/i);
    expect(mp4.bytes.subarray(4, 8).toString('ascii')).toBe('ftyp');
    const path = await mp4.file.path();
    const probe = await ffprobe(path, 'stream=codec_type,width,height:format=duration');
    const video = probe.streams.find((stream) => stream.codec_type === 'video');
    expect(video?.width).toBe(480);
    expect(Number(probe.format.duration ?? 0)).toBeGreaterThan(1);
    // And the browser plays it back.
    const loaded = await frame.evaluate(async (base64) => {
      const blob = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'video/mp4' });
      const element = document.createElement('video');
      element.muted = true;
      element.src = URL.createObjectURL(blob);
      return new Promise<{ width: number; height: number }>((resolve, reject) => {
        element.onloadeddata = () => resolve({ width: element.videoWidth, height: element.videoHeight });
        element.onerror = () => reject(new Error(`cannot load: ${element.error?.message ?? ''}`));
      });
    }, mp4.bytes.toString('base64'));
    expect(loaded).toEqual({ width: 480, height: 270 });
  });

  it('seeks playback to a time and shows that recorded time; a rate change speeds the burned clock', async () => {
    const frame = await open(HIK_PLAYBACK);
    await installProbes(frame);
    await tickCamera(frame, HIK_PLAYBACK, HIK['06']);
    await playing(frame, HIK_PLAYBACK, 0, 5);

    // A time of the playback's first day (the locate picker's day) inside a recording, on a whole second.
    const { target, text } = recordedTarget('hik-cam-06');
    await pickTime(pageIn(frame, HIK_PLAYBACK).getByLabel('定位时间'), text);
    await shows(frame, '回放定位操作成功，请稍后...');

    // The barcode carries the recorded time (ms mod 65536): right after the seek it reads near the target.
    const seeked = await waitFor(
      () => probeWindows(frame, HIK_PLAYBACK),
      (all) => near(all[0]?.barcode ?? null, target, 8_000),
      30_000,
    );
    expect(seeked[0]?.barcode).not.toBeNull();
    // Not a chance match: two seconds on, the recorded clock has moved on from the target with the wall clock.
    await new Promise((r) => setTimeout(r, 2_000));
    const [later] = await probeWindows(frame, HIK_PLAYBACK);
    expect(near(later?.barcode, target + 1_000, 10_000)).toBe(true);

    // 2x: the burned clock advances about twice as fast as the wall clock.
    await pageIn(frame, HIK_PLAYBACK).getByRole('button', { name: '快放', exact: true }).click();
    await waitFor(
      async () => pageIn(frame, HIK_PLAYBACK).getByLabel('倍速').textContent(),
      (text) => text === '2x',
    );
    const sample = async () => {
      const [window] = await waitFor(
        () => probeWindows(frame, HIK_PLAYBACK),
        (all) => all[0]?.barcode !== null && all[0]?.barcode !== undefined,
      );
      return { code: window?.barcode ?? 0, at: Date.now() };
    };
    // Let the new session start before measuring.
    await new Promise((r) => setTimeout(r, 2_500));
    const a = await sample();
    await new Promise((r) => setTimeout(r, 4_000));
    const b = await sample();
    const recorded = (((b.code - a.code) % 65536) + 65536) % 65536;
    const wall = b.at - a.at;
    // ms mod 65536 wraps every 65 s: 4 s at 2x is well inside one turn.
    expect(recorded / wall).toBeGreaterThan(1.5);
    expect(recorded / wall).toBeLessThan(2.6);
  });

  it('labels the playback timeline by its width: every 4th, 2nd or single hour, then the half hours too', async () => {
    const frame = await open(HIK_PLAYBACK);
    const timeline = pageIn(frame, HIK_PLAYBACK).getByRole('slider', { name: '回放时间轴' });
    const labels = timeline.getByText(/^\d\d:\d\d$/);
    // Window widths that give the timeline (beside the menu and the camera tree) each step of §2.5.
    const steps = [
      { window: 1160, minutes: 240 },
      { window: 1600, minutes: 120 },
      { window: 2100, minutes: 60 },
      { window: 2700, minutes: 30 },
    ];
    try {
      for (const { window, minutes } of steps) {
        await run.browser.page.setViewportSize({ width: window, height: 900 });
        const expected = Array.from({ length: 1440 / minutes + 1 }, (_, i) => clockOf(i * minutes));
        await waitFor(
          () => labels.allTextContents(),
          (texts) => texts.join() === expected.join(),
          10_000,
        );
        const bar = await timeline.boundingBox();
        if (!bar) throw new Error('the timeline is not drawn');
        expect(labelMinutes(bar.width), `timeline ${bar.width} px in a ${window} px window`).toBe(minutes);
        // Every label inside the bar, none over its neighbour.
        const boxes = await Promise.all((await labels.all()).map((label) => label.boundingBox()));
        let right = bar.x;
        for (const box of boxes) {
          if (!box) throw new Error('a label is not drawn');
          expect(box.x).toBeGreaterThanOrEqual(right);
          right = box.x + box.width;
        }
        expect(right).toBeLessThanOrEqual(bar.x + bar.width + 0.5);
      }
    } finally {
      await run.browser.page.setViewportSize({ width: 1600, height: 900 });
    }
  });

  describe('faults show 窗口N错误码[code] with the reason', () => {
    const cases = [
      ['refuse', '0x12f910000', 'websocket连接失败'],
      ['drop', '0x12f910011', '流中断，电脑配置过低'],
      ['slowOpen', '0x12f910023', 'ws/wss连接超时（6秒）'],
      ['stall', '0x12f910027', '后端取流超时（设备离线，20秒）'],
    ] as const;
    for (const [fault, code, reason] of cases) {
      it(`${fault} → ${code}`, async () => {
        const frame = await open(HIK_LIVE);
        run.stack.sims.injectFault('hik-cam-07', fault);
        try {
          await tickCamera(frame, HIK_LIVE, HIK['07']);
          await shows(frame, `窗口1错误码[${code}]：${reason}`);
          await pageIn(frame, HIK_LIVE).getByText(`[${code}]`, { exact: true }).waitFor();
        } finally {
          run.stack.sims.injectFault('hik-cam-07', null);
        }
      });
    }

    it('offline → the camera goes silent under a playing window: 0x12f910027', async () => {
      const frame = await open(HIK_LIVE);
      await installProbes(frame);
      await tickCamera(frame, HIK_LIVE, HIK['08']);
      await playing(frame, HIK_LIVE, 0, 5);
      await pageIn(frame, HIK_LIVE).getByRole('button', { name: '停止', exact: true }).click();
      run.stack.sims.injectFault('hik-cam-08', 'offline');
      try {
        await pageIn(frame, HIK_LIVE).getByRole('button', { name: '播放', exact: true }).click();
        await shows(frame, '窗口1错误码[0x12f910027]：后端取流超时（设备离线，20秒）');
        // Asked anew, the platform refuses the offline camera's address, and the operator reads why.
        const again = await open(HIK_LIVE);
        await tickCamera(again, HIK_LIVE, HIK['08']);
        await shows(again, '监控点hik-cam-08离线');
        await pageIn(again, HIK_LIVE).getByText('获取播放地址失败，请稍后重试').waitFor();
      } finally {
        run.stack.sims.injectFault('hik-cam-08', null);
      }
    });
  });

  it('opens a camera in the video dialog on a double click in the tree, titled with its name', async () => {
    const frame = await open(HIK_LIVE);
    await installProbes(frame);
    await pageIn(frame, HIK_LIVE).locator('.ant-tree-title', { hasText: HIK['02'] }).dblclick();
    const dialog = frame.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('.ant-modal-title', { hasText: HIK['02'] }).waitFor();
    expect(await dialog.locator('.ant-modal-title').textContent()).toBe(HIK['02']);
    const played = await waitFor(
      () => frame.evaluate(() => document.querySelectorAll('.ant-modal video').length),
      (count) => count > 0,
    );
    expect(played).toBeGreaterThan(0);
    await waitFor(
      () =>
        frame.evaluate(() => {
          const video = document.querySelector<HTMLVideoElement>('.ant-modal video');
          return video ? video.readyState : 0;
        }),
      (state) => state >= 2,
    );
  });
});

describe('ICC player (dh_icc_huati)', () => {
  it('plays back from the chosen start time', async () => {
    const frame = await open(ICC_PLAYBACK);
    await installProbes(frame);
    await tickCamera(frame, ICC_PLAYBACK, ICC_FIXED.name);
    await playing(frame, ICC_PLAYBACK, 0, 5);
    const { target, text } = recordedTarget(ICC_FIXED.code);
    await pickTime(pageIn(frame, ICC_PLAYBACK).getByLabel('回放开始时间'), text);
    const [window] = await waitFor(
      () => probeWindows(frame, ICC_PLAYBACK),
      // The barcode is read from the last presented frame, the picture from the element now: while the
      // player swaps to the recorded stream the two can disagree for a moment, so both must hold.
      (all) => near(all[0]?.barcode, target, 8_000) && (all[0]?.luma ?? 0) > 30,
      30_000,
    );
    expect(window?.luma).toBeGreaterThan(30);
    // Not a chance match: two seconds on, the recorded clock has moved on from the target with the wall clock.
    await new Promise((r) => setTimeout(r, 2_000));
    const [later] = await probeWindows(frame, ICC_PLAYBACK);
    expect(near(later?.barcode, target + 1_000, 10_000)).toBe(true);
  });

  it('pans right (the centre pixel grows redder) and recalls a preset', async () => {
    const frame = await open(ICC_LIVE);
    await installProbes(frame);
    await tickCamera(frame, ICC_LIVE, ICC_PTZ.name);
    const start = await playing(frame, ICC_LIVE, 0, 10);
    const root = pageIn(frame, ICC_LIVE);

    // Keep the starting position as preset 2.
    const row = root.locator('.ant-list-item').nth(1);
    await row.getByRole('button', { name: '设置预置点', exact: true }).click();
    await row.getByLabel('预置点名称').fill('起点');
    await row.getByRole('button', { name: '设置预置点', exact: true }).click();
    await waitFor(
      async () => run.stack.sims.ptzState(ICC_PTZ.code)?.presets.length ?? 0,
      (count) => count > 0,
    );

    const right = root.getByRole('button', { name: '右', exact: true });
    await right.hover();
    await frame.page().mouse.down();
    await new Promise((r) => setTimeout(r, 2_000));
    await frame.page().mouse.up();
    const moved = await waitFor(
      async () => (await probeWindows(frame, ICC_LIVE))[0]?.centre[0] ?? 0,
      (red) => red > start.centre[0] + 15,
    );
    expect(run.stack.sims.ptzState(ICC_PTZ.code)?.pan ?? 0).toBeGreaterThan(0);
    expect(moved).toBeGreaterThan(start.centre[0]);

    await row.getByRole('button', { name: '调用预置点', exact: true }).click();
    const back = await waitFor(
      async () => (await probeWindows(frame, ICC_LIVE))[0]?.centre[0] ?? 0,
      (red) => Math.abs(red - start.centre[0]) < 8,
    );
    expect(Math.abs(back - start.centre[0])).toBeLessThan(8);
  });

  it('talks: the simulator receives PCM of the fake microphone’s tone', async () => {
    const frame = await open(ICC_CONTROL);
    await installProbes(frame);
    await tickCamera(frame, ICC_CONTROL, ICC_TALK.name);
    await playing(frame, ICC_CONTROL, 0, 5);
    await pageIn(frame, ICC_CONTROL).getByRole('button', { name: '开启对讲', exact: true }).click();
    await shows(frame, '开启当前对讲操作成功');
    const stats = await waitFor(
      async () => run.stack.sims.talkStats(ICC_TALK.code),
      (s) => (s?.bytes ?? 0) > 32_000 && Math.abs((s?.dominantHz ?? 0) - TONE_HZ) < 50,
    );
    expect(stats?.sampleRate).toBe(16_000);
    await pageIn(frame, ICC_CONTROL).getByRole('button', { name: '关闭对讲', exact: true }).click();
    await shows(frame, '关闭当前对讲操作成功');
  });

  it('round-robin advances to the next camera', async () => {
    const frame = await open(ICC_LIVE);
    await installProbes(frame);
    await tickCamera(frame, ICC_LIVE, ICC_PTZ.name);
    await playing(frame, ICC_LIVE, 0, 5);
    const root = pageIn(frame, ICC_LIVE);
    await root.getByRole('tab', { name: '轮播设置', exact: true }).click();
    const fullScreen = root.getByRole('checkbox', { name: '全屏轮播' });
    if (await fullScreen.isChecked()) await fullScreen.uncheck();
    await root.getByRole('button', { name: '开始轮播', exact: true }).click();
    const label = async () =>
      (await root.locator('[role="gridcell"]').first().getAttribute('aria-label')) ?? '';
    const first = await label();
    const next = await waitFor(label, (name) => name !== first, 40_000);
    expect(next).not.toBe(first);
    await playing(frame, ICC_LIVE, 0, 5);
    await root.getByRole('button', { name: '停止轮播', exact: true }).click();
  });
});
