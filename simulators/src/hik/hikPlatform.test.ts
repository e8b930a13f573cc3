import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDayStart, gapsOfDay, recordSegments } from '../records/recordSegments.js';
import { toChinaIso } from '../records/isoTime.js';
import { startSimulators, type Simulators } from '../startSimulators.js';
import { artemis } from '../testing/clients.js';
import { signArtemisJsonPost } from './artemisSignature.js';

const PREVIEW = '/artemis/api/video/v2/cameras/previewURLs';
const PLAYBACK = '/artemis/api/video/v2/cameras/playbackURLs';
const PTZ = '/artemis/api/video/v1/ptzs/controlling';

let sims: Simulators;
beforeAll(async () => {
  sims = await startSimulators();
});
afterAll(() => sims.close());

describe('Hikvision-ISC-shaped platform', () => {
  it('answers a signed previewURLs call with a ws-flv URL carrying a token', async () => {
    const answer = await artemis(sims, PREVIEW, {
      cameraIndexCode: 'hik-cam-01',
      protocol: 'ws',
      streamType: 0,
      transmode: 1,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe('0');
    expect(answer.body.data).toMatchObject({
      url: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/live\/hik-cam-01\.flv\?token=[0-9a-f]{32}$/),
    });
  });

  it('rejects a wrong signature, an unknown key and a missing signature with the gateway codes', async () => {
    const bad = await artemis(sims, PREVIEW, { cameraIndexCode: 'hik-cam-01' }, 'not-the-secret');
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('0x02401003');
    expect(bad.body.msg).toContain('StringToSign');
    expect(bad.body.msg).not.toContain(sims.hik.appSecret);

    const body = JSON.stringify({ cameraIndexCode: 'hik-cam-01' });
    const headers = signArtemisJsonPost({
      path: PREVIEW,
      body,
      appKey: 'someone-else',
      appSecret: sims.hik.appSecret,
    });
    const unknown = await fetch(`${sims.hik.url}${PREVIEW}`, { method: 'POST', headers, body });
    expect(((await unknown.json()) as { code: string }).code).toBe('0x02401001');

    const unsigned = await fetch(`${sims.hik.url}${PREVIEW}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Ca-Key': sims.hik.appKey },
      body,
    });
    expect(((await unsigned.json()) as { code: string }).code).toBe('0x02401002');
  });

  it('refuses a replayed nonce', async () => {
    const body = JSON.stringify({ cameraIndexCode: 'hik-cam-01' });
    const headers = signArtemisJsonPost({ path: PREVIEW, body, ...sims.hik, nonce: 'fixed-nonce-1' });
    const first = await fetch(`${sims.hik.url}${PREVIEW}`, { method: 'POST', headers, body });
    const second = await fetch(`${sims.hik.url}${PREVIEW}`, { method: 'POST', headers, body });
    expect(first.status).toBe(200);
    expect(second.status).toBe(401);
  });

  it('answers bad input with the vendor parameter codes, never a crash', async () => {
    expect((await artemis(sims, PREVIEW, {})).body.code).toBe('0x00072001');
    expect((await artemis(sims, PREVIEW, { cameraIndexCode: 'hik-cam-01', streamType: 9 })).body.code).toBe(
      '0x00072002',
    );
    expect((await artemis(sims, PREVIEW, { cameraIndexCode: 'hik-cam-99' })).body.code).toBe('0x00072203');
    expect(
      (await artemis(sims, PREVIEW, { cameraIndexCode: 'hik-cam-01', protocol: 'rtsp' })).body.code,
    ).toBe('0x00072002');
    const range = await artemis(sims, PLAYBACK, {
      cameraIndexCode: 'hik-cam-01',
      beginTime: 'yesterday',
      endTime: 'today',
    });
    expect(range.body.code).toBe('0x00072003');
    const body = '{not json';
    const headers = signArtemisJsonPost({ path: PREVIEW, body, ...sims.hik });
    const broken = await fetch(`${sims.hik.url}${PREVIEW}`, { method: 'POST', headers, body });
    expect(((await broken.json()) as { code: string }).code).toBe('0x00072003');
  });

  it('lists the record segments of a range with its gaps, and a playback URL', async () => {
    const yesterday = chinaDayStart(Date.now()) - 24 * 3600_000;
    const answer = await artemis(sims, PLAYBACK, {
      cameraIndexCode: 'hik-cam-02',
      recordLocation: '0',
      protocol: 'ws',
      transmode: 1,
      beginTime: toChinaIso(yesterday),
      endTime: toChinaIso(yesterday + 12 * 3600_000),
      lockType: 0,
      uuid: '',
    });
    const data = answer.body.data as {
      list: { beginTime: string; endTime: string; size: number }[];
      url: string;
    };
    const expected = recordSegments('hik-cam-02', yesterday, yesterday + 12 * 3600_000, Date.now());
    expect(data.list.map((item) => [item.beginTime, item.endTime])).toEqual(
      expected.map((segment) => [toChinaIso(segment.start), toChinaIso(segment.end)]),
    );
    const [gap] = gapsOfDay('hik-cam-02', yesterday);
    expect(data.list.some((item) => item.endTime === toChinaIso(gap?.start ?? 0))).toBe(true);
    expect(data.url).toMatch(/\/playback\/hik-cam-02\.flv\?token=/);
  });

  it('pans while a direction is started, stops on action 1, and recalls presets', async () => {
    const code = 'hik-cam-01';
    const before = sims.ptzState(code);
    expect(
      (await artemis(sims, PTZ, { cameraIndexCode: code, action: 0, command: 'RIGHT', speed: 100 })).body
        .code,
    ).toBe('0');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await artemis(sims, PTZ, { cameraIndexCode: code, action: 1, command: 'RIGHT' })).body.code).toBe(
      '0',
    );
    const after = sims.ptzState(code);
    expect(after?.moving).toBe(false);
    expect(after?.pan).toBeGreaterThan(before?.pan ?? 1);

    await artemis(sims, '/artemis/api/video/v1/presets/addition', {
      cameraIndexCode: code,
      presetIndex: 5,
      presetName: '路口全景',
    });
    const search = await artemis(sims, '/artemis/api/video/v1/presets/searches', { cameraIndexCode: code });
    expect(search.body.data).toMatchObject({
      total: 1,
      list: [{ presetPointIndex: 5, presetPointName: '路口全景' }],
    });
    await artemis(sims, PTZ, { cameraIndexCode: code, action: 0, command: 'ZOOM_IN', speed: 100 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await artemis(sims, PTZ, { cameraIndexCode: code, action: 1, command: 'ZOOM_IN' });
    expect(sims.ptzState(code)?.zoom).toBeGreaterThan(1);
    await artemis(sims, PTZ, { cameraIndexCode: code, action: 0, command: 'GOTO_PRESET', presetIndex: 5 });
    expect(sims.ptzState(code)).toMatchObject({ pan: after?.pan, zoom: after?.zoom });
    await artemis(sims, '/artemis/api/video/v1/presets/deletion', { cameraIndexCode: code, presetIndex: 5 });
    const missing = await artemis(sims, PTZ, {
      cameraIndexCode: code,
      action: 0,
      command: 'GOTO_PRESET',
      presetIndex: 5,
    });
    expect(missing.body.code).toBe('0x00072002');
  });

  it('refuses PTZ on a fixed camera', async () => {
    const answer = await artemis(sims, PTZ, { cameraIndexCode: 'hik-cam-02', action: 0, command: 'LEFT' });
    expect(answer.body.code).toBe('0x00072002');
  });

  it('reports an offline camera in URL requests and the online list', async () => {
    sims.injectFault('hik-cam-03', 'offline');
    try {
      expect((await artemis(sims, PREVIEW, { cameraIndexCode: 'hik-cam-03' })).body.code).toBe('0x01b01307');
      expect(
        (await artemis(sims, '/artemis/api/video/v1/cameras/talkURLs', { cameraIndexCode: 'hik-cam-03' }))
          .body.code,
      ).toBe('0x01b01307');
      const online = await artemis(sims, '/artemis/api/nms/v1/online/camera/get', {
        indexCodes: ['hik-cam-03'],
        pageNo: 1,
        pageSize: 10,
      });
      expect(online.body.data).toMatchObject({ list: [{ indexCode: 'hik-cam-03', online: 0 }] });
    } finally {
      sims.injectFault('hik-cam-03', null);
    }
  });

  it('pages the 16 seeded cameras', async () => {
    const answer = await artemis(sims, '/artemis/api/resource/v1/cameras', { pageNo: 1, pageSize: 100 });
    const data = answer.body.data as {
      total: number;
      list: { cameraIndexCode: string; cameraName: string }[];
    };
    expect(data.total).toBe(16);
    expect(data.list.map((camera) => camera.cameraIndexCode)).toContain('hik-cam-16');
  });
});
