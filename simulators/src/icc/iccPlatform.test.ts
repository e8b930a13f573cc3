import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDayStart, recordSegments } from '../records/recordSegments.js';
import { startSimulators, type Simulators } from '../startSimulators.js';
import { icc, iccLogin, postJson } from '../testing/clients.js';

let sims: Simulators;
let auth: Record<string, string>;
beforeAll(async () => {
  sims = await startSimulators();
  auth = await iccLogin(sims);
});
afterAll(() => sims.close());

const TOKEN = '/evo-apigw/evo-oauth/1.0.0/oauth/extend/token';

describe('Dahua-ICC-shaped platform', () => {
  it('requires a bearer token on admin calls', async () => {
    const none = await icc(sims, {}, 'MTS/Video/StartVideo', {
      channelId: 'icc-cam-01',
      streamType: '1',
      dataType: '1',
    });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, code: '1012' });
    const forged = await icc(sims, { Authorization: 'bearer 0123' }, 'MTS/Video/StartVideo', {
      channelId: 'icc-cam-01',
    });
    expect(forged.status).toBe(401);
  });

  it('refuses a wrong password, a plain-text password and a wrong client secret', async () => {
    const base = {
      grant_type: 'password',
      username: sims.icc.username,
      client_id: sims.icc.clientId,
      client_secret: sims.icc.clientSecret,
    };
    expect(
      (await postJson(`${sims.icc.url}${TOKEN}`, { ...base, password: sims.icc.password })).body.code,
    ).toBe('1010');
    const client = await postJson(`${sims.icc.url}${TOKEN}`, {
      grant_type: 'client_credentials',
      client_id: sims.icc.clientId,
      client_secret: 'x',
    });
    expect(client.body.code).toBe('1011');
    const ok = await postJson(`${sims.icc.url}${TOKEN}`, {
      grant_type: 'client_credentials',
      client_id: sims.icc.clientId,
      client_secret: sims.icc.clientSecret,
    });
    expect(ok.body).toMatchObject({
      success: true,
      code: '0',
      data: { token_type: 'bearer', expires_in: 7200 },
    });
  });

  it('answers StartVideo with pipe-separated addresses', async () => {
    const answer = await icc(sims, auth, 'MTS/Video/StartVideo', {
      channelId: 'icc-cam-01',
      streamType: '1',
      dataType: '1',
    });
    expect(answer.body).toMatchObject({ success: true, code: '1000' });
    const { url } = answer.body.data as { url: string };
    const [outer, inner] = url.split('|');
    expect(inner).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/live\/icc-cam-01\.flv\?token=[0-9a-f]{32}$/);
    expect(outer).toBe(inner);
  });

  it('queries records in epoch seconds and answers 2239 for a range without any', async () => {
    const yesterday = chinaDayStart(Date.now()) - 24 * 3600_000;
    const start = yesterday / 1000;
    const answer = await icc(sims, auth, 'SS/Record/QueryRecords', {
      channelId: 'icc-cam-04',
      recordSource: '3',
      startTime: String(start),
      endTime: String(start + 6 * 3600),
      recordType: '0',
      streamType: '1',
    });
    const { records } = answer.body.data as { records: { startTime: string; endTime: string }[] };
    const expected = recordSegments('icc-cam-04', yesterday, yesterday + 6 * 3600_000, Date.now());
    expect(records.map((record) => [Number(record.startTime), Number(record.endTime)])).toEqual(
      expected.map((segment) => [segment.start / 1000, segment.end / 1000]),
    );
    const future = Math.floor(Date.now() / 1000) + 3600;
    const none = await icc(sims, auth, 'SS/Record/QueryRecords', {
      channelId: 'icc-cam-04',
      startTime: future,
      endTime: future + 60,
    });
    expect(none.body.code).toBe('2239');
    const tooLong = await icc(sims, auth, 'SS/Record/QueryRecords', {
      channelId: 'icc-cam-04',
      startTime: start,
      endTime: start + 4 * 86400,
    });
    expect(tooLong.body.code).toBe('1001');
  });

  it('moves on OperateDirect command 1 until command 0, zooms with OperateCamera, and keeps presets', async () => {
    const channelId = 'icc-cam-01';
    const before = sims.ptzState(channelId);
    await icc(sims, auth, 'DMS/Ptz/OperateDirect', {
      channelId,
      direct: '2',
      stepX: '8',
      stepY: '8',
      command: '1',
    });
    expect(sims.ptzState(channelId)?.moving).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await icc(sims, auth, 'DMS/Ptz/OperateDirect', {
      channelId,
      direct: '2',
      stepX: '8',
      stepY: '8',
      command: '0',
    });
    const after = sims.ptzState(channelId);
    expect(after?.moving).toBe(false);
    expect(after?.tilt).toBeGreaterThan(before?.tilt ?? 1);
    await icc(sims, auth, 'DMS/Ptz/OperateCamera', {
      channelId,
      operateType: '2',
      direct: '1',
      step: '4',
      command: '1',
    });
    expect(sims.ptzState(channelId)?.focus).toBe(1);

    await icc(sims, auth, 'DMS/Ptz/OperatePresetPoint', {
      channelId,
      presetPointCode: '2',
      presetPointName: '初始位置2',
      operateType: '2',
    });
    const list = await icc(sims, auth, 'DMS/Ptz/GetPresetPoints', { channelId });
    expect(list.body.data).toMatchObject({
      presetPoints: [{ presetPointCode: '2', presetPointName: '初始位置2' }],
    });
    await icc(sims, auth, 'DMS/Ptz/OperateDirect', {
      channelId,
      direct: '3',
      stepX: '8',
      stepY: '8',
      command: '1',
    });
    await icc(sims, auth, 'DMS/Ptz/OperatePresetPoint', {
      channelId,
      presetPointCode: '2',
      operateType: '1',
    });
    expect(sims.ptzState(channelId)).toMatchObject({ pan: after?.pan, tilt: after?.tilt, moving: false });
    await icc(sims, auth, 'DMS/Ptz/OperatePresetPoint', {
      channelId,
      presetPointCode: '2',
      operateType: '3',
    });
    expect(
      (
        await icc(sims, auth, 'DMS/Ptz/OperatePresetPoint', {
          channelId,
          presetPointCode: '2',
          operateType: '1',
        })
      ).body.code,
    ).toBe('1005');
    expect(
      (
        await icc(sims, auth, 'DMS/Ptz/OperatePresetPoint', {
          channelId,
          presetPointCode: '26',
          operateType: '2',
        })
      ).body.code,
    ).toBe('1001');
    expect(
      (await icc(sims, auth, 'DMS/Ptz/OperateDirect', { channelId: 'icc-cam-02', direct: '1', command: '1' }))
        .body.code,
    ).toBe('1004');
  });

  it('starts talk with a pipe-separated address at the asked sample rate', async () => {
    const answer = await icc(sims, auth, 'MTS/Audio/StartTalk', {
      channelId: 'icc-cam-05',
      talkType: '1',
      audioBit: 16,
      audioType: '1',
      sampleRate: 8000,
    });
    const data = answer.body.data as { url: string; session: string; sampleRate: number };
    expect(data.sampleRate).toBe(8000);
    expect(data.url.split('|')[1]).toMatch(/\/talk\/icc-cam-05\?token=[0-9a-f]{32}&rate=8000$/);
    expect(
      (await icc(sims, auth, 'MTS/Audio/StopTalk', { channelId: 'icc-cam-05', session: data.session })).body
        .code,
    ).toBe('1000');
    const badRate = await icc(sims, auth, 'MTS/Audio/StartTalk', {
      channelId: 'icc-cam-05',
      sampleRate: 44100,
    });
    expect(badRate.body.code).toBe('1001');
  });

  it('reports an offline device and rejects unknown channels and malformed bodies', async () => {
    sims.injectFault('icc-cam-06', 'offline');
    try {
      expect((await icc(sims, auth, 'MTS/Video/StartVideo', { channelId: 'icc-cam-06' })).body.code).toBe(
        '1003',
      );
    } finally {
      sims.injectFault('icc-cam-06', null);
    }
    expect((await icc(sims, auth, 'MTS/Video/StartVideo', { channelId: 'nope' })).body.code).toBe('1002');
    const raw = await fetch(`${sims.icc.url}/evo-apigw/admin/API/MTS/Video/StartVideo`, {
      method: 'POST',
      headers: auth,
      body: '{"data":',
    });
    expect(((await raw.json()) as { code: string }).code).toBe('1001');
    expect(
      (await postJson(`${sims.icc.url}/evo-apigw/admin/API/MTS/Video/StartVideo`, [1, 2], auth)).body.code,
    ).toBe('1001');
  });
});
