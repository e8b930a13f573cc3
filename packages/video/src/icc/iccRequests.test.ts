import { describe, expect, it } from 'vitest';
import {
  iccPlaybackUrlsRequestSchema,
  iccPreviewUrlsRequestSchema,
  iccTalkUrlRequestSchema,
} from '../adapters.js';
import {
  iccPlaybackRequest,
  iccPreviewRequest,
  iccStreamType,
  iccTalkRequest,
  talkPath,
} from './iccRequests.js';

describe('ICC requests (§7)', () => {
  it('ask for the sub-stream from four devices up', () => {
    expect([1, 3, 4, 9].map(iccStreamType)).toEqual([1, 1, 2, 2]);
    expect(iccPreviewUrlsRequestSchema.parse(iccPreviewRequest(['a', 'b']))).toEqual({
      controlCodes: ['a', 'b'],
      dataType: '1',
      platformCode: 'dh_icc_huati',
      streamType: 1,
      type: 'rtsp',
    });
  });

  it('ask for playback from the platform (3) for record location 0, else from the device (2)', () => {
    const now = new Date(2026, 10, 22, 10).getTime();
    const request = iccPlaybackUrlsRequestSchema.parse(
      iccPlaybackRequest(
        [
          { controlCode: 'a', recordLocation: '0' },
          { controlCode: 'b', recordLocation: 1 },
        ],
        now,
      ),
    );
    expect(request.param.map((entry) => entry.recordSource)).toEqual([3, 2]);
    expect(request.recordType).toBe(1);
    expect(Date.parse(request.param[0]?.startTime ?? '')).toBe(new Date(2026, 10, 21, 10).getTime());
  });

  it('take a chosen start time over the device’s', () => {
    const now = new Date(2026, 10, 22, 10).getTime();
    const start = new Date(2026, 10, 22, 9).getTime();
    const request = iccPlaybackRequest([{ controlCode: 'a' }], now, new Map([['a', start]]));
    expect(Date.parse(request.param[0]?.startTime ?? '')).toBe(start);
  });

  it('ask for 16-bit 16 kHz talk and read the second part of the answer', () => {
    expect(iccTalkUrlRequestSchema.parse(iccTalkRequest('a'))).toMatchObject({
      sampleRate: 16000,
      audioBit: 16,
    });
    expect(talkPath({ a: 'ws://outer/t|ws://inner/t' }, 'a')).toBe('ws://inner/t');
    expect(talkPath({ a: 'ws://outer/t' }, 'a')).toBeNull();
    expect(talkPath({ a: 'x| ' }, 'a')).toBeNull();
    expect(talkPath({}, 'a')).toBeNull();
  });
});
