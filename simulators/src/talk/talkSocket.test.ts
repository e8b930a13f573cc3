import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type Simulators } from '../startSimulators.js';
import { artemis, delay, icc, iccLogin, recordSocket } from '../testing/clients.js';

let sims: Simulators;
beforeAll(async () => {
  sims = await startSimulators();
});
afterAll(() => sims.close());

/** 20 ms frames of a tone as 16-bit little-endian PCM, the way the browser's AudioWorklet sends them. */
function toneFrames(frequency: number, sampleRate: number, seconds: number): Buffer[] {
  const perFrame = sampleRate / 50;
  const frames: Buffer[] = [];
  for (let frame = 0; frame < seconds * 50; frame += 1) {
    const bytes = Buffer.alloc(perFrame * 2);
    for (let i = 0; i < perFrame; i += 1) {
      const n = frame * perFrame + i;
      bytes.writeInt16LE(Math.round(10000 * Math.sin((2 * Math.PI * frequency * n) / sampleRate)), i * 2);
    }
    frames.push(bytes);
  }
  return frames;
}

async function waitFor<T>(read: () => T | undefined, ok: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = read();
    if (value !== undefined && ok(value)) return value;
    await delay(50);
  }
  throw new Error('never reached');
}

describe('talk sockets', () => {
  it('receive a 1 kHz tone at 8 kHz on ICC and close on StopTalk', async () => {
    const auth = await iccLogin(sims);
    const answer = await icc(sims, auth, 'MTS/Audio/StartTalk', {
      channelId: 'icc-cam-07',
      talkType: '1',
      audioBit: 16,
      audioType: '1',
      sampleRate: 8000,
    });
    const { url, session } = answer.body.data as { url: string; session: string };
    const talk = recordSocket(url.split('|')[1] ?? '');
    await talk.opened;
    for (const frame of toneFrames(1000, 8000, 1.2)) talk.socket.send(frame);
    const stats = await waitFor(
      () => sims.talkStats('icc-cam-07'),
      (value) => value.frames === 60,
    );
    expect(stats).toMatchObject({ openSockets: 1, sampleRate: 8000, bytes: 60 * 320, dominantHz: 1000 });

    await icc(sims, auth, 'MTS/Audio/StopTalk', { channelId: 'icc-cam-07', session, talkType: '1' });
    expect((await talk.closed).code).toBe(1000);
    await waitFor(
      () => sims.talkStats('icc-cam-07'),
      (value) => value.openSockets === 0,
    );
  });

  it('receive 16 kHz PCM on the Hikvision-shaped talk URL', async () => {
    const answer = await artemis(sims, '/artemis/api/video/v1/cameras/talkURLs', {
      cameraIndexCode: 'hik-cam-06',
      protocol: 'ws',
    });
    const talk = recordSocket((answer.body.data as { url: string }).url);
    await talk.opened;
    for (const frame of toneFrames(1000, 16000, 1)) talk.socket.send(frame);
    const stats = await waitFor(
      () => sims.talkStats('hik-cam-06'),
      (value) => value.frames === 50,
    );
    expect(stats).toMatchObject({ sampleRate: 16000, bytes: 50 * 640, dominantHz: 1000 });
    talk.socket.close();
  });

  it('refuses a talk socket of a camera with the refuse fault', async () => {
    const answer = await artemis(sims, '/artemis/api/video/v1/cameras/talkURLs', {
      cameraIndexCode: 'hik-cam-13',
    });
    sims.injectFault('hik-cam-13', 'refuse');
    try {
      await expect(recordSocket((answer.body.data as { url: string }).url).opened).rejects.toThrow('403');
    } finally {
      sims.injectFault('hik-cam-13', null);
    }
  });
});
