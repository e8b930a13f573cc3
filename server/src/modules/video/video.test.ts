import {
  iccTalkPath,
  playbackPosition,
  playbackStreamUrl,
  SECRET_MASK,
  type CameraTree,
  type Envelope,
  type HikPlaybackUrlsAnswer,
  type PlatformSettings,
} from '@cityops/contract';
import { startSimulators, type Simulators } from '@cityops/simulators';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, videoPlatforms } from '../../db/schema.js';
import { createSecretBox, parseKey, SECRETS_KEY_FILE } from '../../db/secretBox.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { resealSecrets } from './settings.js';
import { openStream } from './testing.js';

/** Every video endpoint against the simulated platforms, started in this process on free ports. */

let t: TestApp;
let sims: Simulators;
let admin: string;
let operator: string;
let nobody: string;

const HOUR = 3_600_000;
/** A stretch of yesterday's recordings (the simulators record continuously, with short gaps). */
const begin = Date.now() - 30 * HOUR;
const end = begin + 6 * HOUR;
const iso = (time: number) => new Date(time).toISOString();

const call = async <T = unknown>(path: string, body: unknown, token = operator) =>
  (await t.call('POST', `/api${path}`, { token, body })).json as Envelope<T>;
const get = async <T = unknown>(path: string, token = operator) =>
  (await t.call('GET', `/api${path}`, { token })).json as Envelope<T>;
const data = <T>(answer: Envelope<T>) => {
  expect(answer.status_code, answer.message).toBe(1);
  return answer.data;
};
const refusedNaming = (answer: Envelope, field: string) => {
  expect(answer.status_code).toBe(10001);
  expect(answer.message).toContain(field);
};

const hikPreview = (codes: string[]) => ({
  cameraIndexCodes: codes,
  expand: 'transcode=0',
  platformCode: 'hik_isc_huati',
  protocol: 'ws',
  streamType: 0,
  streamform: 'ps',
  transmode: 1,
});
const hikPlayback = (codes: string[], from = iso(begin), to = iso(end)) => ({
  expand: 'transcode=0',
  lockType: 0,
  needReturnClipInfo: true,
  param: codes.map((cameraIndexCode) => ({
    beginTime: from,
    cameraIndexCode,
    endTime: to,
    recordLocation: 0,
  })),
  platformCode: 'hik_isc_huati',
  protocol: 'ws',
  streamform: 'ps',
  transmode: 1,
  uuid: '',
});
const hikTalk = (codes: string[]) =>
  codes.map((cameraIndexCode) => ({
    cameraIndexCode,
    eurlExpand: '',
    expand: 'transcode=0',
    platformCode: 'hik_isc_huati',
    protocol: 'wss',
    transmode: 1,
  }));
const iccPreview = (codes: string[], streamType = codes.length >= 4 ? 2 : 1) => ({
  controlCodes: codes,
  dataType: '1',
  platformCode: 'dh_icc_huati',
  streamType,
  type: 'rtsp',
});
const iccPlayback = (entries: { code: string; recordSource: 2 | 3; from?: string; to?: string }[]) => ({
  param: entries.map(({ code, recordSource, from = iso(begin), to = iso(end) }) => ({
    controlCode: code,
    startTime: from,
    endTime: to,
    recordSource,
  })),
  platformCode: 'dh_icc_huati',
  recordType: 1,
  streamType: entries.length >= 4 ? 2 : 1,
  type: 'rtsp',
});
const iccTalk = (codes: string[]) => ({
  controlCodes: codes,
  talkType: 1,
  audioBit: 16,
  audioType: 1,
  sampleRate: 16000,
  platformCode: 'dh_icc_huati',
  type: 'rtsp',
});
const ptz = (body: Record<string, unknown>, token = operator) =>
  call('/icc/camera/ptz', { command: 1, platformCode: 'dh_icc_huati', speed: 4, ...body }, token);

const hikSettings = () => ({
  platformCode: 'hik_isc_huati',
  baseUrl: sims.hik.url,
  appKey: sims.hik.appKey,
  appSecret: sims.hik.appSecret,
});
const iccSettings = () => ({
  platformCode: 'dh_icc_huati',
  baseUrl: sims.icc.url,
  username: sims.icc.username,
  password: sims.icc.password,
  clientId: sims.icc.clientId,
  clientSecret: sims.icc.clientSecret,
});
const saveSettings = (body: unknown) => call<PlatformSettings>('/videoMonitor/platform/update', body, admin);

/** The bodies our adapters sent to the platforms while `action` ran. */
async function vendorCalls(action: () => Promise<unknown>) {
  const spy = vi.spyOn(globalThis, 'fetch');
  try {
    await action();
    return spy.mock.calls.map(([input, init]) => ({
      url: String(input),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    }));
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  // Short ICC tokens, so the adapter's refresh runs within the file.
  sims = await startSimulators({ hikPort: 0, iccPort: 0, iccTokenTtlMs: 2000, lingerMs: 0 });
  t = await createTestApp({ captureLogs: true });
  admin = await t.token('admin', 'Admin@123');
  operator = await t.token('operator', 'Operator@123');
  // Signed in, but holding nothing of video (an account without any permission cannot sign in).
  await t.createUser('outsider', 'Outsider@123', ['msg_page']);
  nobody = await t.token('outsider', 'Outsider@123');
  data(await saveSettings(hikSettings()));
  data(await saveSettings(iccSettings()));
});
afterAll(async () => {
  await t?.close();
  await sims?.close();
});

describe('the camera tree', () => {
  const cameras = (tree: CameraTree) =>
    tree.flatMap((project) => project.areas.flatMap((area) => area.sites.flatMap((site) => site.cameras)));

  it('shows the operator only the cameras of their own project, as project → area → site → camera', async () => {
    const tree = data(await get<CameraTree>('/videoMonitor/camera/tree'));
    expect(tree.map((project) => project.projectName)).toEqual(['深圳南山智慧路灯示范项目']);
    const codes = cameras(tree).map((camera) => camera.controlCode);
    expect(codes).toHaveLength(24);
    expect(codes).toContain('hik-cam-12');
    expect(codes).not.toContain('hik-cam-13');
    expect(tree[0]?.areas.map((area) => area.areaName)).toEqual(['科技园片区', '蛇口片区']);
    expect(tree[0]?.areas[0]?.sites.map((site) => site.siteName)).toEqual(['科苑路', '高新南路']);
    expect(cameras(tree)[0]).toEqual({
      controlCode: 'hik-cam-01',
      devName: '建设路与东风路口西北角',
      recordLocation: 0,
      hasPtz: true,
      deviceDto: {
        controlCode: 'hik-cam-01',
        lng: 117.257,
        lat: 31.853,
        devName: '建设路与东风路口西北角',
        siteName: '科苑路',
        areaName: '科技园片区',
        accessWay: 'hik_isc_huati',
      },
    });
  });

  it('shows the admin all 32 cameras over both projects, and filters by platform and project', async () => {
    const tree = data(await get<CameraTree>('/videoMonitor/camera/tree', admin));
    expect(tree).toHaveLength(2);
    expect(cameras(tree)).toHaveLength(32);
    const icc = data(await get<CameraTree>('/videoMonitor/camera/tree?platformCode=dh_icc_huati', admin));
    expect(
      cameras(icc)
        .map((camera) => camera.controlCode)
        .sort(),
    ).toEqual(Array.from({ length: 16 }, (_, i) => `icc-cam-${String(i + 1).padStart(2, '0')}`));
    expect(cameras(icc).every((camera) => camera.deviceDto.accessWay === 'dh_icc_huati')).toBe(true);
    const second = tree[1]?.projectId ?? 0;
    const one = data(await get<CameraTree>(`/videoMonitor/camera/tree?projectId=${second}`, admin));
    expect(
      cameras(one)
        .map((camera) => camera.controlCode)
        .sort(),
    ).toEqual([
      ...['13', '14', '15', '16'].map((n) => `hik-cam-${n}`),
      ...['13', '14', '15', '16'].map((n) => `icc-cam-${n}`),
    ]);
    // The operator cannot widen the tree by naming another project.
    expect(data(await get<CameraTree>(`/videoMonitor/camera/tree?projectId=${second}`))).toEqual([]);
    refusedNaming(await get('/videoMonitor/camera/tree?platformCode=other'), 'platformCode');
  });

  it('is empty for a user with the page but no project', async () => {
    await t.createUser('viewer', 'Viewer@123', ['iotcloud_iot_videoMonitor']);
    const viewer = await t.token('viewer', 'Viewer@123');
    expect(data(await get('/videoMonitor/camera/tree', viewer))).toEqual([]);
  });
});

describe('hik_isc_huati through the signed Artemis API', () => {
  it('answers live URLs by camera code', async () => {
    const urls = data(
      await call<Record<string, string>>(
        '/security/camera/previewurls',
        hikPreview(['hik-cam-01', 'hik-cam-02']),
      ),
    );
    expect(Object.keys(urls).sort()).toEqual(['hik-cam-01', 'hik-cam-02']);
    expect(urls['hik-cam-01']).toMatch(
      /^ws:\/\/127\.0\.0\.1:\d+\/live\/hik-cam-01\.flv\?token=[0-9a-f]{32}$/,
    );
    const opened = await openStream(urls['hik-cam-01'] ?? '');
    opened.socket?.destroy();
    expect(opened.status).toBe(101);
  });

  it('answers playback URLs that carry start, end and rate, with the recorded segments', async () => {
    const answer = data(
      await call<HikPlaybackUrlsAnswer>(
        '/security/camera/playbackurls',
        hikPlayback(['hik-cam-03', 'hik-cam-04']),
      ),
    );
    const entry = answer['hik-cam-03'];
    expect(entry?.url).toMatch(/\/playback\/hik-cam-03\.flv\?/);
    expect(playbackPosition(entry?.url ?? '')).toEqual({ start: begin, end, rate: 1 });
    expect(entry?.list?.length).toBeGreaterThan(0);
    expect(String(entry?.list?.[0]?.beginTime)).toMatch(/\+08:00$/);
    expect(Object.keys(answer).sort()).toEqual(['hik-cam-03', 'hik-cam-04']);
  });

  it('hands out playback URLs a player may seek and speed up (the simulator accepts the new stream)', async () => {
    const url = data(
      await call<HikPlaybackUrlsAnswer>('/security/camera/playbackurls', hikPlayback(['hik-cam-05'])),
    )['hik-cam-05']?.url;
    const moved = playbackStreamUrl(url ?? '', { start: begin + 2 * HOUR, rate: 4 });
    expect(playbackPosition(moved)).toEqual({ start: begin + 2 * HOUR, end, rate: 4 });
    const opened = await openStream(moved);
    opened.socket?.destroy();
    expect(opened.status).toBe(101);
    expect(playbackPosition(playbackStreamUrl(moved, { start: begin, rate: 64 })).rate).toBe(8);
  });

  it('takes the pages’ time format as China time', async () => {
    const answer = data(
      await call<HikPlaybackUrlsAnswer>(
        '/security/camera/playbackurls',
        hikPlayback(['hik-cam-01'], '2026-01-02 08:00:00', '2026-01-02 10:00:00'),
      ),
    );
    expect(playbackPosition(answer['hik-cam-01']?.url ?? '').start).toBe(Date.parse('2026-01-02T00:00:00Z'));
  });

  it('answers talk URLs by camera code', async () => {
    const urls = data(
      await call<Record<string, string>>('/security/camera/talkurls', hikTalk(['hik-cam-01'])),
    );
    expect(urls['hik-cam-01']).toMatch(/\/talk\/hik-cam-01\?token=[0-9a-f]{32}&rate=16000$/);
  });

  it('signs every call: the platform saw the key, a nonce, a timestamp and a signature', async () => {
    const calls = await vendorCalls(() => call('/security/camera/previewurls', hikPreview(['hik-cam-01'])));
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/artemis/api/video/v2/cameras/previewURLs']);
    expect(calls[0]?.body).toMatchObject({ cameraIndexCode: 'hik-cam-01', protocol: 'ws', streamType: 0 });
  });

  it('answers the platform info the plug-in starts with', async () => {
    const port = new URL(sims.hik.url).port;
    const expected = { appKey: sims.hik.appKey, appSecret: sims.hik.appSecret, appHost: `127.0.0.1:${port}` };
    expect(data(await call('/videoMonitor/hik/getPlatFormInfo?appCode=hik_isc_huati', undefined))).toEqual(
      expected,
    );
    expect(data(await call('/videoMonitor/hik/getAppSecret', { devType: 'hik_isc_huati' }))).toEqual(
      expected,
    );
    refusedNaming(await call('/videoMonitor/hik/getPlatFormInfo?appCode=dh_icc_huati', undefined), 'appCode');
    refusedNaming(await call('/videoMonitor/hik/getAppSecret', {}), 'devType');
  });

  it('hands the platform secret only to those who may watch live, logs each hand-out, and limits them', async () => {
    // The camera tree's page alone is not enough: the secret opens the platform itself.
    await t.createUser('treeonly', 'Tree@12345', ['iotcloud_iot_videoMonitor']);
    const treeOnly = await t.token('treeonly', 'Tree@12345');
    const refused = await call('/videoMonitor/hik/getAppSecret', { devType: 'hik_isc_huati' }, treeOnly);
    expect(refused.status_code).toBe(10500);

    await t.createUser('plugin', 'Plugin@123', ['iot_videoMonitor_playReal']);
    const plugin = await t.token('plugin', 'Plugin@123');
    const handOut = () => call('/videoMonitor/hik/getAppSecret', { devType: 'hik_isc_huati' }, plugin);
    for (let count = 0; count < 10; count += 1) data(await handOut());
    expect(await handOut()).toEqual({
      status_code: 10001,
      message: '获取视频平台密钥过于频繁，请60分钟后再试',
      data: null,
    });
    const logged = await t.handle.db.select().from(auditLog).where(eq(auditLog.account, 'plugin'));
    expect(logged).toHaveLength(10);
    expect(logged[0]).toMatchObject({ module: 'iot_videoMonitor_playReal', action: 'platformSecret' });
    expect(JSON.stringify(logged)).not.toContain(sims.hik.appSecret);
  });

  it('leaves an offline camera out of the map, and says so when it was the only one', async () => {
    sims.injectFault('hik-cam-07', 'offline');
    try {
      const urls = data(
        await call<Record<string, string>>(
          '/security/camera/previewurls',
          hikPreview(['hik-cam-01', 'hik-cam-07']),
        ),
      );
      expect(Object.keys(urls)).toEqual(['hik-cam-01']);
      expect(await call('/security/camera/previewurls', hikPreview(['hik-cam-07']))).toEqual({
        status_code: 10500,
        message: '监控点hik-cam-07离线',
        data: null,
      });
    } finally {
      sims.injectFault('hik-cam-07', null);
    }
  });
});

describe('dh_icc_huati through the token API', () => {
  it('asks the sub-stream (2) from four cameras up and the main stream (1) below', async () => {
    const four = ['icc-cam-01', 'icc-cam-02', 'icc-cam-03', 'icc-cam-04'];
    const calls = await vendorCalls(async () => {
      const urls = data(await call<Record<string, string>>('/icc/camera/previewurls', iccPreview(four)));
      expect(Object.keys(urls).sort()).toEqual(four);
      expect(urls['icc-cam-01']).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/live\/icc-cam-01\.flv\?token=[0-9a-f]+$/);
      data(await call('/icc/camera/previewurls', iccPreview(['icc-cam-05'])));
    });
    const streamTypes = calls
      .filter((c) => c.url.endsWith('/MTS/Video/StartVideo'))
      .map((c) => (c.body?.data as { streamType: string }).streamType);
    expect(streamTypes).toEqual(['2', '2', '2', '2', '1']);
    refusedNaming(await call('/icc/camera/previewurls', iccPreview(four, 1)), 'streamType');
    refusedNaming(await call('/icc/camera/previewurls', iccPreview(['icc-cam-01'], 2)), 'streamType');
  });

  it('asks recordings from the platform (3) for record location 0 and from the device (2) otherwise', async () => {
    let urls: Record<string, string> = {};
    const calls = await vendorCalls(async () => {
      urls = data(
        await call<Record<string, string>>(
          '/icc/camera/playbackurls',
          iccPlayback([
            { code: 'icc-cam-01', recordSource: 3 },
            { code: 'icc-cam-04', recordSource: 2 },
          ]),
        ),
      );
    });
    const sources = calls
      .filter((c) => c.url.endsWith('/SS/Playback/StartPlaybackByTime'))
      .map((c) => c.body?.data as { channelId: string; recordSource: string; startTime: string })
      .sort((a, b) => a.channelId.localeCompare(b.channelId));
    expect(sources.map((s) => [s.channelId, s.recordSource])).toEqual([
      ['icc-cam-01', '3'],
      ['icc-cam-04', '2'],
    ]);
    expect(sources[0]?.startTime).toBe(String(Math.floor(begin / 1000)));
    expect(playbackPosition(urls['icc-cam-01'] ?? '')).toEqual({ start: begin, end, rate: 1 });
    const opened = await openStream(
      playbackStreamUrl(urls['icc-cam-04'] ?? '', { start: begin + HOUR, rate: 0.5 }),
    );
    opened.socket?.destroy();
    expect(opened.status).toBe(101);
  });

  it('answers the talk address as "outer|inner", and stopTalk closes the open talk', async () => {
    const urls = data(await call<Record<string, string>>('/icc/camera/talkurl', iccTalk(['icc-cam-01'])));
    const value = urls['icc-cam-01'] ?? '';
    expect(value.split('|')).toHaveLength(2);
    const path = iccTalkPath(value) ?? '';
    expect(path).toMatch(/\/talk\/icc-cam-01\?token=[0-9a-f]+&rate=16000$/);
    const opened = await openStream(path);
    expect(opened.status).toBe(101);
    const received: Buffer[] = [];
    opened.socket?.on('data', (chunk: Buffer) => received.push(chunk));
    await vi.waitFor(() => expect(sims.talkStats('icc-cam-01')?.openSockets).toBe(1));
    const stop = { controlCodes: ['icc-cam-01'], platformCode: 'dh_icc_huati' };
    expect(data(await call('/icc/camera/stopTalk', stop))).toEqual({ stopped: ['icc-cam-01'] });
    // The platform closes the talk socket: a websocket close frame (FIN + opcode 8) arrives.
    await vi.waitFor(() => expect(received.some((chunk) => chunk[0] === 0x88)).toBe(true));
    opened.socket?.destroy();
  });

  it('moves, zooms, focuses and opens the iris of the camera, and stops it', async () => {
    const code = 'icc-cam-03';
    const moves = [
      'UP',
      'DOWN',
      'LEFT',
      'RIGHT',
      'LEFT_UP',
      'RIGHT_UP',
      'LEFT_DOWN',
      'RIGHT_DOWN',
      'ZOOM_IN',
      'ZOOM_OUT',
    ];
    for (const action of moves) {
      data(await ptz({ action, controlCode: code, speed: 8 }));
      expect(sims.ptzState(code)?.moving, action).toBe(true);
      data(await ptz({ action, command: 0, controlCode: code }));
      expect(sims.ptzState(code)?.moving, action).toBe(false);
    }
    // Focus and iris only count steps on the simulator: each press moves its counter by one.
    const lens = () => {
      const state = sims.ptzState(code);
      return { focus: state?.focus, iris: state?.iris };
    };
    const steps: [string, 'focus' | 'iris', number][] = [
      ['FOCUS_NEAR', 'focus', -1],
      ['FOCUS_FAR', 'focus', 1],
      ['IRIS_ENLARGE', 'iris', 1],
      ['IRIS_REDUCE', 'iris', -1],
    ];
    for (const [action, counter, step] of steps) {
      const before = lens()[counter] ?? 0;
      data(await ptz({ action, controlCode: code }));
      data(await ptz({ action, command: 0, controlCode: code }));
      expect(lens()[counter], action).toBe(before + step);
    }
  });

  it('adds, lists, goes to and deletes presets', async () => {
    const code = 'icc-cam-05';
    data(
      await ptz({ action: 'ADD_POINT', controlCode: code, presetPointCode: '5', presetPointName: '大门' }),
    );
    data(await ptz({ action: 'ADD_POINT', controlCode: code, presetPointCode: 6 }));
    expect(sims.ptzState(code)?.presets.map((p) => [p.index, p.name])).toEqual([
      [5, '大门'],
      [6, '初始位置6'],
    ]);
    const listed = data(
      await get(`/icc/camera/getPresetPoints?controlCode=${code}&platformCode=dh_icc_huati&t=1`),
    );
    expect(listed).toEqual([
      { presetPointCode: '5', presetPointName: '大门' },
      { presetPointCode: '6', presetPointName: '初始位置6' },
    ]);
    data(await ptz({ action: 'PRESET_POINT', controlCode: code, presetPointCode: '5' }));
    data(await ptz({ action: 'DEL_POINT', controlCode: code, presetPointCode: '6' }));
    expect(sims.ptzState(code)?.presets.map((p) => p.index)).toEqual([5]);
    expect(await ptz({ action: 'PRESET_POINT', controlCode: code, presetPointCode: '7' })).toEqual({
      status_code: 10001,
      message: '预置点7不存在',
      data: null,
    });
  });

  it('refuses pan-tilt and presets of a fixed camera', async () => {
    const refused = { status_code: 10001, message: '监控点icc-cam-02不支持云台控制', data: null };
    expect(await ptz({ action: 'UP', controlCode: 'icc-cam-02' })).toEqual(refused);
    expect(await get('/icc/camera/getPresetPoints?controlCode=icc-cam-02&platformCode=dh_icc_huati')).toEqual(
      refused,
    );
  });

  it('signs in once and reuses the token, refreshing it before it runs out', async () => {
    const calls = await vendorCalls(async () => {
      data(await call('/icc/camera/previewurls', iccPreview(['icc-cam-01'])));
      data(await call('/icc/camera/previewurls', iccPreview(['icc-cam-02'])));
      await new Promise((resolve) => setTimeout(resolve, 1100));
      data(await call('/icc/camera/previewurls', iccPreview(['icc-cam-03'])));
    });
    const oauth = calls.map((c) => new URL(c.url).pathname).filter((path) => path.includes('/oauth/'));
    // At most one sign-in (the token of earlier tests may still be good), then a refresh, never a second sign-in.
    expect(oauth.filter((path) => path.endsWith('/extend/token')).length).toBeLessThanOrEqual(1);
    expect(oauth.filter((path) => path.endsWith('/refresh/token')).length).toBeGreaterThanOrEqual(1);
  });
});

describe('bad input', () => {
  it('is refused with 10001 naming the field', async () => {
    refusedNaming(await call('/security/camera/previewurls', hikPreview([])), 'cameraIndexCodes');
    refusedNaming(await call('/security/camera/previewurls', hikPreview([''])), 'cameraIndexCodes.0');
    refusedNaming(
      await call('/security/camera/previewurls', { ...hikPreview(['hik-cam-01']), protocol: 'rtsp' }),
      'protocol',
    );
    refusedNaming(
      await call('/security/camera/playbackurls', hikPlayback(['hik-cam-01'], 'yesterday')),
      'param.0.beginTime',
    );
    refusedNaming(
      await call('/security/camera/playbackurls', hikPlayback(['hik-cam-01'], iso(end), iso(begin))),
      'param.0.endTime',
    );
    refusedNaming(
      await call(
        '/security/camera/playbackurls',
        hikPlayback(['hik-cam-01'], iso(begin), iso(begin + 4 * 24 * HOUR)),
      ),
      'param.0.endTime',
    );
    refusedNaming(
      await call('/security/camera/talkurls', [{ ...hikTalk(['hik-cam-01'])[0], protocol: 'ws' }]),
      '0.protocol',
    );
    refusedNaming(
      await call('/icc/camera/playbackurls', {
        ...iccPlayback([{ code: 'icc-cam-01', recordSource: 3 }]),
        recordType: 2,
      }),
      'recordType',
    );
    refusedNaming(
      await call('/icc/camera/talkurl', { ...iccTalk(['icc-cam-01']), sampleRate: 8000 }),
      'sampleRate',
    );
    refusedNaming(await ptz({ action: 'UP', controlCode: 'icc-cam-01', speed: 9 }), 'speed');
    refusedNaming(await ptz({ action: 'UP', controlCode: 'icc-cam-01', speed: 0 }), 'speed');
    refusedNaming(await ptz({ action: 'SPIN', controlCode: 'icc-cam-01' }), 'action');
    refusedNaming(await ptz({ action: 'UP', controlCode: 'icc-cam-01', command: 2 }), 'command');
    refusedNaming(
      await ptz({ action: 'PRESET_POINT', controlCode: 'icc-cam-01', presetPointCode: 26 }),
      'presetPointCode',
    );
    refusedNaming(await ptz({ action: 'ADD_POINT', controlCode: 'icc-cam-01' }), 'presetPointCode');
    refusedNaming(await get('/icc/camera/getPresetPoints?platformCode=dh_icc_huati'), 'controlCode');
    refusedNaming(await call('/icc/camera/stopTalk', { controlCodes: ['icc-cam-01'] }), 'platformCode');
  });

  it('refuses cameras the user may not see, before asking the platform', async () => {
    const calls = await vendorCalls(async () => {
      expect(await call('/security/camera/previewurls', hikPreview(['hik-cam-01', 'hik-cam-13']))).toEqual({
        status_code: 10001,
        message: '监控点不存在或无权访问：hik-cam-13',
        data: null,
      });
      // A camera of the other platform is no camera of this one.
      expect((await call('/icc/camera/previewurls', iccPreview(['hik-cam-01']))).status_code).toBe(10001);
      expect((await ptz({ action: 'UP', controlCode: 'icc-cam-15' })).message).toBe(
        '监控点不存在或无权访问：icc-cam-15',
      );
    });
    expect(calls).toEqual([]);
  });
});

describe('permissions', () => {
  const everyCall: [string, () => Promise<Envelope>][] = [
    ['tree', () => get('/videoMonitor/camera/tree', nobody)],
    ['appSecret', () => call('/videoMonitor/hik/getAppSecret', { devType: 'x' }, nobody)],
    [
      'platformInfo',
      () => call('/videoMonitor/hik/getPlatFormInfo?appCode=hik_isc_huati', undefined, nobody),
    ],
    ['hik preview', () => call('/security/camera/previewurls', hikPreview(['hik-cam-01']), nobody)],
    ['hik playback', () => call('/security/camera/playbackurls', hikPlayback(['hik-cam-01']), nobody)],
    ['hik talk', () => call('/security/camera/talkurls', hikTalk(['hik-cam-01']), nobody)],
    ['icc preview', () => call('/icc/camera/previewurls', iccPreview(['icc-cam-01']), nobody)],
    [
      'icc playback',
      () => call('/icc/camera/playbackurls', iccPlayback([{ code: 'icc-cam-01', recordSource: 3 }]), nobody),
    ],
    ['icc talk', () => call('/icc/camera/talkurl', iccTalk(['icc-cam-01']), nobody)],
    [
      'stop talk',
      () =>
        call('/icc/camera/stopTalk', { controlCodes: ['icc-cam-01'], platformCode: 'dh_icc_huati' }, nobody),
    ],
    [
      'presets',
      () => get('/icc/camera/getPresetPoints?controlCode=icc-cam-01&platformCode=dh_icc_huati', nobody),
    ],
    ['ptz', () => ptz({ action: 'UP', controlCode: 'icc-cam-01' }, nobody)],
    ['settings', () => get('/videoMonitor/platform/find', operator)],
    ['update settings', () => call('/videoMonitor/platform/update', hikSettings(), operator)],
  ];

  it.each(everyCall)('refuses %s to an account without the code (10500)', async (_, ask) => {
    expect(await ask()).toEqual({ status_code: 10500, message: '没有访问该功能的权限', data: null });
  });

  it('lets a live-view-only account watch but not play back', async () => {
    await t.createUser('liveonly', 'Live@1234', ['iot_videoMonitor_playReal']);
    const live = await t.token('liveonly', 'Live@1234');
    // Its cameras: it has no project, so the camera itself is refused, after the permission check passed.
    expect((await call('/security/camera/previewurls', hikPreview(['hik-cam-01']), live)).status_code).toBe(
      10001,
    );
    expect((await call('/security/camera/playbackurls', hikPlayback(['hik-cam-01']), live)).status_code).toBe(
      10500,
    );
  });
});

describe('platform settings', () => {
  it('reads back with every secret masked', async () => {
    const settings = data(await get<PlatformSettings[]>('/videoMonitor/platform/find', admin));
    expect(settings).toEqual([
      {
        platformCode: 'hik_isc_huati',
        baseUrl: sims.hik.url,
        appKey: sims.hik.appKey,
        appSecret: SECRET_MASK,
        timeoutMs: 5000,
      },
      {
        platformCode: 'dh_icc_huati',
        baseUrl: sims.icc.url,
        username: sims.icc.username,
        password: SECRET_MASK,
        clientId: sims.icc.clientId,
        clientSecret: SECRET_MASK,
        timeoutMs: 5000,
      },
    ]);
  });

  it('keeps a secret sent back masked or left out', async () => {
    data(await saveSettings({ ...hikSettings(), appSecret: SECRET_MASK }));
    data(await saveSettings({ ...iccSettings(), password: undefined, clientSecret: SECRET_MASK }));
    data(await call('/security/camera/previewurls', hikPreview(['hik-cam-01'])));
    data(await call('/icc/camera/previewurls', iccPreview(['icc-cam-06'])));
  });

  it('refuses a malformed address or a missing key, naming the field', async () => {
    refusedNaming(await saveSettings({ ...hikSettings(), baseUrl: 'ftp://x' }), 'baseUrl');
    refusedNaming(await saveSettings({ ...hikSettings(), appKey: '' }), 'appKey');
    refusedNaming(await saveSettings({ ...iccSettings(), timeoutMs: 10 }), 'timeoutMs');
    refusedNaming(await saveSettings({ ...iccSettings(), appKey: 'x' }), 'appKey');
  });

  it('keeps every secret sealed in the database, and seals them again under a new key when rotated', async () => {
    const stored = async () => t.handle.db.select().from(videoPlatforms);
    const rows = await stored();
    const secrets = [sims.hik.appSecret, sims.icc.password, sims.icc.clientSecret];
    expect(JSON.stringify(rows)).not.toMatch(new RegExp(secrets.join('|')));
    expect(rows.map((row) => [row.appSecret, row.clientSecret].filter(Boolean))).toEqual([
      [expect.stringMatching(/^enc1\./)],
      [expect.stringMatching(/^enc1\./)],
    ]);

    const current = await readFile(join(t.config.DATA_DIR, SECRETS_KEY_FILE), 'utf8');
    const next = randomBytes(32);
    const rotated = createSecretBox(next, [parseKey(current, 'current')]);
    expect(await resealSecrets(t.handle.db, rotated)).toBe(2);
    expect(await resealSecrets(t.handle.db, rotated)).toBe(0);
    const [hik] = await stored();
    expect(rotated.open(hik?.appSecret ?? '')).toBe(sims.hik.appSecret);
    expect(() => t.app.cityops.secrets.open(hik?.appSecret ?? '')).toThrow(/SECRETS_KEY_PREVIOUS/);
    // And back, so the running server opens them again.
    expect(await resealSecrets(t.handle.db, createSecretBox(parseKey(current, 'current'), [next]))).toBe(2);
    data(await call('/security/camera/previewurls', hikPreview(['hik-cam-01'])));
  });

  it('never writes a secret to the log', () => {
    const logs = t.logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [sims.hik.appSecret, sims.icc.password, sims.icc.clientSecret])
      expect(logs).not.toContain(secret);
  });
});

describe('a platform that is down', () => {
  it('answers 10500 "not reachable" at once, and recovers when the address is fixed', async () => {
    data(await saveSettings({ ...hikSettings(), baseUrl: 'http://127.0.0.1:9' }));
    data(await saveSettings({ ...iccSettings(), baseUrl: 'http://127.0.0.1:9' }));
    expect(await call('/security/camera/previewurls', hikPreview(['hik-cam-01']))).toEqual({
      status_code: 10500,
      message: '视频平台（海康 ISC）无法连接，请稍后重试或联系管理员',
      data: null,
    });
    expect((await ptz({ action: 'UP', controlCode: 'icc-cam-01' })).message).toBe(
      '视频平台（大华 ICC）无法连接，请稍后重试或联系管理员',
    );
    data(await saveSettings(hikSettings()));
    data(await saveSettings(iccSettings()));
    data(await call('/security/camera/previewurls', hikPreview(['hik-cam-01'])));
  });

  it('answers 10500 "did not answer" when the platform hangs past its timeout', async () => {
    const held: Socket[] = [];
    const silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      data(await saveSettings({ ...hikSettings(), baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 500 }));
      expect((await call('/security/camera/previewurls', hikPreview(['hik-cam-01']))).message).toBe(
        '视频平台（海康 ISC）响应超时，请稍后重试',
      );
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
      data(await saveSettings({ ...hikSettings(), timeoutMs: 5000 }));
    }
  });

  it('says the credentials are wrong, without repeating the platform’s message', async () => {
    data(await saveSettings({ ...hikSettings(), appSecret: 'wrong-secret' }));
    data(await saveSettings({ ...iccSettings(), password: 'wrong-password' }));
    try {
      expect((await call('/security/camera/previewurls', hikPreview(['hik-cam-01']))).message).toBe(
        '视频平台（海康 ISC）认证失败，请检查平台账号与密钥配置',
      );
      expect((await call('/icc/camera/previewurls', iccPreview(['icc-cam-01']))).message).toBe(
        '视频平台（大华 ICC）认证失败，请检查平台账号与密钥配置',
      );
    } finally {
      data(await saveSettings(hikSettings()));
      data(await saveSettings(iccSettings()));
    }
  });
});
