import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDayStart, gapsOfDay } from '../records/recordSegments.js';
import { toChinaIso } from '../records/isoTime.js';
import { startSimulators, type Simulators } from '../startSimulators.js';
import { artemis, icc, iccLogin, recordSocket } from '../testing/clients.js';
import { decodeFrames, readBarcode } from '../testing/frames.js';
import { parseFlv } from './flv.js';
import { defaultVideoFormat } from './videoFormat.js';

const format = defaultVideoFormat;
const code = 'hik-cam-04';
const yesterday = chinaDayStart(Date.now()) - 24 * 3600_000;
const [gap] = gapsOfDay(code, yesterday);

let sims: Simulators;
let playbackUrl: string;
beforeAll(async () => {
  sims = await startSimulators();
  const answer = await artemis(sims, '/artemis/api/video/v2/cameras/playbackURLs', {
    cameraIndexCode: code,
    beginTime: toChinaIso(yesterday),
    endTime: toChinaIso(yesterday + 24 * 3600_000 - 1000),
    protocol: 'ws',
  });
  playbackUrl = (answer.body.data as { url: string }).url;
});
afterAll(() => sims.close());

/** Distance from a to b going forward on the 16-bit barcode's circle. */
const forward = (a: number, b: number) => (b - a + 65536) % 65536;

describe('playback ws-flv', () => {
  it('plays the asked range at 2x, jumps over the gap and ends after the last recording', async () => {
    if (!gap) throw new Error('no gap');
    const start = gap.start - 2000;
    const end = gap.end + 2000;
    const viewer = recordSocket(`${playbackUrl}&start=${start}&end=${end}&rate=2`);
    await viewer.opened;
    const closed = await viewer.closed;
    expect(closed).toEqual({ code: 1000, reason: 'end of recording' });

    const bytes = Buffer.concat(viewer.chunks);
    const { header, tags } = parseFlv(bytes);
    expect(header?.toString('latin1', 0, 3)).toBe('FLV');
    const video = tags.filter((tag) => tag.type === 9 && !tag.sequenceHeader);
    expect(video[0]?.keyframe).toBe(true);
    // One stream: timestamps only move forward across the two stretches.
    for (let i = 1; i < video.length; i += 1)
      expect(video[i]?.timestamp).toBeGreaterThan(video[i - 1]?.timestamp ?? 0);

    // The burned barcode shows recorded time: the first frame is `start`, the last lies after the gap.
    const frames = await decodeFrames(bytes, format);
    const first = frames[0];
    const last = frames.at(-1);
    if (!first || !last) throw new Error('no frames');
    expect(readBarcode(first, format)).toBe(start % 65536);
    const lastValue = readBarcode(last, format);
    expect(forward(gap.end % 65536, lastValue)).toBeLessThanOrEqual(2000);
  });

  it('starting inside a gap begins at the next recording; a range inside a gap ends at once', async () => {
    if (!gap) throw new Error('no gap');
    const empty = recordSocket(`${playbackUrl}&start=${gap.start + 1000}&end=${gap.end - 1000}&rate=1`);
    await empty.opened;
    expect(await empty.closed).toEqual({ code: 1000, reason: 'no recording in range' });

    const fromGap = recordSocket(`${playbackUrl}&start=${gap.end - 5000}&end=${gap.end + 1000}&rate=8`);
    await fromGap.opened;
    await fromGap.closed;
    const [frame] = await decodeFrames(Buffer.concat(fromGap.chunks), format, 1);
    if (!frame) throw new Error('no frame');
    expect(readBarcode(frame, format)).toBe(gap.end % 65536);
  });

  it('rejects rates outside 1/8x-8x and ranges that end before they start', async () => {
    await expect(recordSocket(`${playbackUrl}&rate=16`).opened).rejects.toThrow('400');
    await expect(recordSocket(`${playbackUrl}&start=2000&end=1000`).opened).rejects.toThrow('400');
  });

  it('serves ICC StartPlaybackByTime addresses the same way', async () => {
    const auth = await iccLogin(sims);
    const [iccGap] = gapsOfDay('icc-cam-02', yesterday);
    // Just after a gap there is always at least half an hour of recording.
    const start = Math.ceil((iccGap?.end ?? 0) / 1000);
    const answer = await icc(sims, auth, 'SS/Playback/StartPlaybackByTime', {
      channelId: 'icc-cam-02',
      recordSource: '3',
      startTime: String(start),
      endTime: String(start + 1),
      streamType: '1',
      recordType: '1',
    });
    const url = (answer.body.data as { url: string }).url.split('|')[1] ?? '';
    const viewer = recordSocket(url);
    await viewer.opened;
    const closed = await viewer.closed;
    expect(closed.code).toBe(1000);
    expect(parseFlv(Buffer.concat(viewer.chunks)).tags.some((tag) => tag.keyframe)).toBe(true);
  });
});
