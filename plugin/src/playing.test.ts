import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PLUGIN_CODE, pluginHelloSchema, type PluginRect } from '@cityops/contract';
import { recordSegments, startSimulators, type Simulators } from '@cityops/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlugin, type RunningPlugin } from './server.js';
import { encryptForPlugin, PluginClient } from './testing/client.js';
import { grabGray, x11Windows } from './testing/x11.js';
import { spread } from './testing/pictures.js';
import { startXvfb, type VirtualDisplay } from './testing/xvfb.js';

// Real parts: the ISC-shaped simulator's H.264 streams, ffplay windows on an Xvfb display, ffmpeg
// for snapshots and recordings. The microphone (outside the system) is ffmpeg's sine source.
const run = promisify(execFile);
const TONE_HZ = 1000;

let sims: Simulators;
let screen: VirtualDisplay;
let plugin: RunningPlugin;
let client: PluginClient;
let folder: string;
const log: string[] = [];

beforeAll(async () => {
  [sims, screen, folder] = await Promise.all([
    startSimulators({ hikPort: 0, iccPort: 0, faultTimings: { dropAfterMs: 1500 } }),
    startXvfb(),
    mkdtemp(join(tmpdir(), 'cityops-plugin-')),
  ]);
  plugin = await startPlugin({
    port: 0,
    display: screen.display,
    snapshotDir: join(folder, 'snapshots'),
    recordDir: join(folder, 'recordings'),
    locale: 'zh-CN',
    micInputs: [['-re', '-f', 'lavfi', '-i', `sine=frequency=${TONE_HZ}:sample_rate=16000`]],
    log: (line) => log.push(line),
  });
  client = await PluginClient.connect(plugin.port, 'http://127.0.0.1:10201');
});

afterAll(async () => {
  await client?.close();
  await plugin?.close();
  // The plug-in logs what happened, never a secret.
  expect(log.join('\n')).not.toContain(sims.hik.appSecret);
  await Promise.all([sims?.close(), screen?.close()]);
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function createControl(on: PluginClient, rect: PluginRect, wndCount: number): Promise<string> {
  const created = await on.request('window.create', { rect, wndCount });
  const { controlId } = created.data as { controlId: string };
  const { publicKey } = (await on.request('getPublicKey')).data as { publicKey: string };
  const time = Date.now();
  const init = await on.request('init', {
    controlId,
    appKey: sims.hik.appKey,
    appSecret: encryptForPlugin(publicKey, sims.hik.appSecret),
    time,
    timeSecret: encryptForPlugin(publicKey, String(time)),
    host: `127.0.0.1:${sims.hik.port}`,
  });
  expect(init).toMatchObject({ code: PLUGIN_CODE.OK });
  return controlId;
}

/** Plays cameras in windows and waits until each window shows its picture. */
async function play(on: PluginClient, controlId: string, cameras: Record<number, string>): Promise<void> {
  const since = on.mark();
  const camList = Object.entries(cameras).map(([wndId, cameraIndexCode]) => ({
    cameraIndexCode,
    wndId: Number(wndId),
  }));
  expect(await on.request('realmonitor', { controlId, camList })).toMatchObject({ code: PLUGIN_CODE.OK });
  const shown = (wndId: number) =>
    on.waitForEvent(
      (e) =>
        e.event === 'windowState' && e.state === 'playing' && e.controlId === controlId && e.wndId === wndId,
      since,
    );
  await Promise.all(camList.map((item) => shown(item.wndId)));
}

async function windowOf(controlId: string, wndId: number) {
  const found = await x11Windows(screen.display, `^cityops-${controlId}-${wndId}$`);
  return found[0];
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function probe(path: string) {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', path]);
  return (JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; width?: number }[] })
    .streams;
}

describe('the plug-in playing real streams in native windows', () => {
  const rect = { left: 100, top: 80, width: 640, height: 360 };
  let controlId: string;

  it('refuses a wrong app secret with the platform’s own reason', async () => {
    const created = await client.request('window.create', { rect, wndCount: 1 });
    const { controlId: id } = created.data as { controlId: string };
    const { publicKey } = (await client.request('getPublicKey')).data as { publicKey: string };
    const time = Date.now();
    const init = await client.request('init', {
      controlId: id,
      appKey: sims.hik.appKey,
      appSecret: encryptForPlugin(publicKey, 'not-the-secret'),
      time,
      timeSecret: encryptForPlugin(publicKey, String(time)),
      host: `127.0.0.1:${sims.hik.port}`,
    });
    expect(init).toMatchObject({
      code: PLUGIN_CODE.PLATFORM,
      msg: expect.stringContaining('视频平台拒绝') as string,
    });
    await client.request('window.destroy', { controlId: id });
  });

  it('plays 2 cameras live: ffplay windows at the grid’s places showing pictures', async () => {
    controlId = await createControl(client, rect, 4);
    await play(client, controlId, { 1: 'hik-cam-01', 2: 'hik-cam-02' });
    expect(await windowOf(controlId, 1)).toMatchObject({
      rect: { left: 100, top: 80, width: 320, height: 180 },
      mapped: true,
    });
    expect(await windowOf(controlId, 2)).toMatchObject({
      rect: { left: 420, top: 80, width: 320, height: 180 },
      mapped: true,
    });
    expect(await windowOf(controlId, 3)).toBeUndefined();

    const pixels = await grabGray(screen.display, { left: 100, top: 80, width: 320, height: 180 });
    expect(new Set(pixels).size).toBeGreaterThan(20);
    expect(spread(pixels)).toBeGreaterThan(10);

    const state = pluginHelloSchema.parse((await client.request('state')).data);
    expect(state.controls.find((control) => control.controlId === controlId)?.windows.slice(0, 3)).toEqual([
      { wndId: 1, state: 'playing', cameraIndexCode: 'hik-cam-01', recording: false, talking: false },
      { wndId: 2, state: 'playing', cameraIndexCode: 'hik-cam-02', recording: false, talking: false },
      { wndId: 3, state: 'idle', recording: false, talking: false },
    ]);
  });

  it('moves, resizes, hides and shows the windows with the control, and lays them out again', async () => {
    await client.request('window.move', { controlId, rect: { ...rect, left: 200, top: 150 } });
    expect((await windowOf(controlId, 2))?.rect).toEqual({ left: 520, top: 150, width: 320, height: 180 });
    await client.request('window.resize', {
      controlId,
      rect: { left: 200, top: 150, width: 800, height: 450 },
    });
    expect((await windowOf(controlId, 1))?.rect).toEqual({ left: 200, top: 150, width: 400, height: 225 });
    expect((await windowOf(controlId, 2))?.rect).toEqual({ left: 600, top: 150, width: 400, height: 225 });

    await client.request('window.hide', { controlId });
    expect((await windowOf(controlId, 1))?.mapped).toBe(false);
    expect((await windowOf(controlId, 2))?.mapped).toBe(false);
    await client.request('window.show', { controlId });
    expect((await windowOf(controlId, 1))?.mapped).toBe(true);

    const second = await windowOf(controlId, 2);
    expect(await client.request('window.layout', { controlId, wndCount: 1 })).toMatchObject({
      code: PLUGIN_CODE.OK,
    });
    expect((await windowOf(controlId, 1))?.rect).toEqual({ left: 200, top: 150, width: 800, height: 450 });
    expect(second && alive(second.pid)).toBe(false);
    expect(await windowOf(controlId, 2)).toBeUndefined();
  });

  it('saves a snapshot as a JPEG of the picture', async () => {
    const answer = await client.request('snapshot', { controlId, wndId: 1 });
    expect(answer).toMatchObject({ code: PLUGIN_CODE.OK });
    const { path } = answer.data as { path: string };
    expect(path).toMatch(new RegExp(`^${join(folder, 'snapshots')}/hik-cam-01_\\d{8}_\\d{6}\\.jpg$`));
    expect(await probe(path)).toMatchObject([{ codec_type: 'video', codec_name: 'mjpeg', width: 480 }]);
  });

  it('records locally to an MP4 with an H.264 video stream', async () => {
    expect(await client.request('record.start', { controlId, wndId: 1 })).toMatchObject({
      code: PLUGIN_CODE.OK,
    });
    expect(await client.request('record.start', { controlId, wndId: 1 })).toMatchObject({
      code: PLUGIN_CODE.LOCAL,
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const answer = await client.request('record.stop', { controlId, wndId: 1 });
    expect(answer).toMatchObject({ code: PLUGIN_CODE.OK });
    const { path } = answer.data as { path: string };
    expect(path).toMatch(/\/recordings\/hik-cam-01_\d{8}_\d{4}(-\d+)?\.mp4$/);
    expect(await probe(path)).toMatchObject([{ codec_type: 'video', codec_name: 'h264', width: 480 }]);
  });

  it('talks: fetches the talk URL and sends the microphone to the camera', async () => {
    expect(await client.request('talk', { controlId, wndId: 1, on: true })).toMatchObject({
      code: PLUGIN_CODE.OK,
    });
    await expect
      .poll(() => sims.talkStats('hik-cam-01')?.dominantHz ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(TONE_HZ - 50);
    expect(sims.talkStats('hik-cam-01')?.dominantHz).toBeLessThan(TONE_HZ + 50);
    const state = pluginHelloSchema.parse((await client.request('state')).data);
    expect(state.controls.find((control) => control.controlId === controlId)?.windows[0]?.talking).toBe(true);
    expect(await client.request('talk', { controlId, wndId: 1, on: false })).toMatchObject({
      code: PLUGIN_CODE.OK,
    });
    await expect.poll(() => sims.talkStats('hik-cam-01')?.openSockets).toBe(0);
  });

  it('answers LOCAL 未连接麦克风 ！ for talk on a computer without a microphone', async () => {
    const silent = await startPlugin({
      port: 0,
      display: screen.display,
      micInputs: [['-f', 'alsa', '-i', 'cityops-no-such-device']],
      log: () => undefined,
    });
    const page = await PluginClient.connect(silent.port);
    try {
      const id = await createControl(page, { left: 0, top: 500, width: 320, height: 180 }, 1);
      await page.request('realmonitor', {
        controlId: id,
        camList: [{ cameraIndexCode: 'hik-cam-03', wndId: 1 }],
      });
      const sessions = sims.talkStats('hik-cam-03')?.sessions ?? 0;
      expect(await page.request('talk', { controlId: id, wndId: 1, on: true })).toEqual({
        id: expect.any(String) as string,
        code: PLUGIN_CODE.LOCAL,
        msg: '未连接麦克风 ！',
      });
      expect(sims.talkStats('hik-cam-03')?.sessions).toBe(sessions + 1);
    } finally {
      await page.close();
      await silent.close();
    }
  });

  it('plays back a recording and says when it ended', async () => {
    const now = Date.now();
    const segment = recordSegments('hik-cam-04', now - 4 * 3600_000, now - 3600_000, now).find(
      (entry) => entry.end - entry.start > 60_000,
    );
    if (!segment) throw new Error('the simulator recorded nothing');
    const start = Math.ceil(segment.start / 1000);
    const since = client.mark();
    const answer = await client.request('playback', {
      controlId,
      camList: [{ cameraIndexCode: 'hik-cam-04', wndId: 1, startTimeStamp: start, endTimeStamp: start + 3 }],
    });
    expect(answer).toMatchObject({ code: PLUGIN_CODE.OK });
    const ended = await client.waitForEvent((e) => e.event === 'playEnd' && e.controlId === controlId, since);
    expect(ended).toMatchObject({ wndId: 1, code: PLUGIN_CODE.OK, msg: '窗口1播放结束' });
    expect(await windowOf(controlId, 1)).toBeUndefined();
  });

  it('answers PLATFORM for an offline camera and sends playError when a stream breaks', async () => {
    sims.injectFault('hik-cam-05', 'offline');
    sims.injectFault('hik-cam-06', 'drop');
    const offline = await client.request('realmonitor', {
      controlId,
      camList: [{ cameraIndexCode: 'hik-cam-05', wndId: 1 }],
    });
    expect(offline).toMatchObject({
      code: PLUGIN_CODE.PLATFORM,
      msg: expect.stringContaining('0x01b01307') as string,
    });
    const since = client.mark();
    const dropped = await client.request('realmonitor', {
      controlId,
      camList: [{ cameraIndexCode: 'hik-cam-06', wndId: 1 }],
    });
    expect(dropped).toMatchObject({ code: PLUGIN_CODE.OK });
    const error = await client.waitForEvent(
      (e) => e.event === 'playError' && e.controlId === controlId,
      since,
    );
    expect(error).toMatchObject({
      wndId: 1,
      code: PLUGIN_CODE.PLATFORM,
      msg: expect.stringContaining('窗口1取流失败') as string,
    });
  });

  it('starts a window hidden while its control is hidden, shows it in place, and stops it: its player exits', async () => {
    await client.request('window.hide', { controlId });
    await play(client, controlId, { 1: 'hik-cam-07' });
    expect((await windowOf(controlId, 1))?.mapped).toBe(false);
    await client.request('window.show', { controlId });
    const window = await windowOf(controlId, 1);
    expect(window).toMatchObject({ rect: { left: 200, top: 150, width: 800, height: 450 }, mapped: true });
    expect(await client.request('stop', { controlId, wndId: 1 })).toMatchObject({ code: PLUGIN_CODE.OK });
    expect(window && alive(window.pid)).toBe(false);
  });

  it('ends a window closed by hand (q over it) with playEnd, and one whose player dies with playError', async () => {
    await play(client, controlId, { 1: 'hik-cam-10' });
    const window = await windowOf(controlId, 1);
    if (!window) throw new Error('no window');
    let since = client.mark();
    const env = { ...process.env, DISPLAY: screen.display };
    const centre = [window.rect.left + window.rect.width / 2, window.rect.top + window.rect.height / 2];
    await run('xdotool', ['mousemove', ...centre.map((value) => String(Math.round(value))), 'key', 'q'], {
      env,
    });
    const ended = await client.waitForEvent(
      (e) => e.event !== 'windowState' && e.controlId === controlId,
      since,
    );
    expect(ended).toMatchObject({ event: 'playEnd', wndId: 1, code: PLUGIN_CODE.OK });

    await play(client, controlId, { 1: 'hik-cam-10' });
    const second = await windowOf(controlId, 1);
    since = client.mark();
    process.kill(second?.pid ?? 0, 'SIGKILL');
    const failed = await client.waitForEvent(
      (e) => e.event !== 'windowState' && e.controlId === controlId,
      since,
    );
    expect(failed).toMatchObject({
      event: 'playError',
      wndId: 1,
      code: PLUGIN_CODE.LOCAL,
      msg: expect.stringContaining('窗口1播放器异常退出') as string,
    });
    const state = pluginHelloSchema.parse((await client.request('state')).data);
    expect(state.controls.find((control) => control.controlId === controlId)?.windows[0]?.state).toBe(
      'error',
    );
  });

  it('destroys a control when its socket closes: its players exit', async () => {
    const page = await PluginClient.connect(plugin.port);
    const id = await createControl(page, { left: 700, top: 500, width: 320, height: 180 }, 1);
    await play(page, id, { 1: 'hik-cam-08' });
    const window = await windowOf(id, 1);
    expect(window?.pid).toBeGreaterThan(0);
    await page.close();
    await expect.poll(() => window !== undefined && alive(window.pid)).toBe(false);
    expect(await windowOf(id, 1)).toBeUndefined();
  });

  it('restart closes every player', async () => {
    await play(client, controlId, { 1: 'hik-cam-09' });
    const window = await windowOf(controlId, 1);
    expect(window?.pid).toBeGreaterThan(0);
    expect(await client.request('restart')).toMatchObject({ code: PLUGIN_CODE.OK });
    await expect.poll(() => window !== undefined && alive(window.pid)).toBe(false);
  });
});
