import { describe, expect, it } from 'vitest';
import { PlayerError } from './errors.js';
import { playbackStreamUrl } from './playbackUrl.js';
import { mpegtsConfig, mpegtsStream, streamErrorCode } from './stream.js';

describe('stream errors', () => {
  it('tell a connection that never delivered from one cut mid-stream', () => {
    expect(streamErrorCode('NetworkError', 'Exception', 'ws://h/a.flv', false)).toBe(
      PlayerError.WEBSOCKET_FAILED,
    );
    expect(streamErrorCode('NetworkError', 'Exception', 'wss://h/a.flv', false)).toBe(PlayerError.WSS_FAILED);
    expect(streamErrorCode('NetworkError', 'Exception', 'ws://h/a.flv', true)).toBe(
      PlayerError.STREAM_INTERRUPTED,
    );
    expect(streamErrorCode('MediaError', 'MediaMSEError', 'ws://h/a.flv', true)).toBe(
      PlayerError.OUT_OF_MEMORY,
    );
    expect(streamErrorCode('MediaError', 'MediaFormatError', 'ws://h/a.flv', true)).toBe(
      PlayerError.FETCH_FAILED,
    );
  });

  it('report a URL that is not ws(s) as a format error', async () => {
    const codes: string[] = [];
    mpegtsStream({
      url: 'rtsp://camera/1',
      video: document.createElement('video'),
      live: true,
      onError: (code) => codes.push(code),
    });
    await Promise.resolve();
    expect(codes).toEqual([PlayerError.URL_FORMAT]);
  });

  it('chase latency in live view only, with no stash buffer', () => {
    expect(mpegtsConfig(true)).toMatchObject({
      enableStashBuffer: false,
      liveBufferLatencyChasing: true,
      liveBufferLatencyMaxLatency: 0.9,
    });
    expect(mpegtsConfig(false).liveBufferLatencyChasing).toBe(false);
  });
});

describe('playback stream URL', () => {
  it('sets the session start, end (epoch ms) and rate on the platform URL, replacing the server values', () => {
    const begin = new Date(2026, 10, 22, 8).getTime();
    const url = new URL(
      playbackStreamUrl(`ws://h/pb/1.flv?token=t&start=1&end=2&rate=1`, {
        begin,
        end: begin + 3_600_000,
        rate: 0.5,
      }),
    );
    expect(url.searchParams.get('token')).toBe('t');
    expect(url.searchParams.getAll('rate')).toEqual(['0.5']);
    expect(url.searchParams.getAll('start')).toEqual([String(begin)]);
    expect(url.searchParams.getAll('end')).toEqual([String(begin + 3_600_000)]);
  });
});
