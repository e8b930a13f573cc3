import { describe, expect, it } from 'vitest';
import { checkPlayList, defaultPlaybackTimes, normalizePlayback } from './playList.js';
import { parseTime } from './time.js';

const at = (text: string) => parseTime(text) ?? Number.NaN;

describe('play list checks (§5)', () => {
  it('need a play mode and a non-empty list', () => {
    expect(checkPlayList(undefined, [{}])).toEqual({ ok: false, problem: { key: 'video.missingMode' } });
    expect(checkPlayList('live', [])).toEqual({ ok: false, problem: { key: 'video.missingPlayList' } });
    expect(checkPlayList('live', undefined)).toEqual({
      ok: false,
      problem: { key: 'video.missingPlayList' },
    });
  });

  it('name the first entry without a live URL, counting from 1', () => {
    const check = checkPlayList('live', [{ urls: { realplay: 'ws://a' } }, { urls: {} }]);
    expect(check).toEqual({ ok: false, problem: { key: 'video.missingRealplayUrl', n: 2 } });
  });

  it('ask for talk URLs only when talk is wanted', () => {
    const list = [{ urls: { realplay: 'ws://a' } }];
    expect(checkPlayList('live', list).ok).toBe(true);
    expect(checkPlayList('live', list, { talk: true })).toEqual({
      ok: false,
      problem: { key: 'video.missingTalkUrl', n: 1 },
    });
  });

  it('need a playback URL, a start and an end in playback', () => {
    const url = { playback: 'ws://p' };
    expect(checkPlayList('playback', [{ urls: {} }])).toMatchObject({
      problem: { key: 'video.missingPlaybackUrl' },
    });
    expect(checkPlayList('playback', [{ urls: url, playback: {} }])).toMatchObject({
      problem: { key: 'video.missingStartTime', n: 1 },
    });
    expect(
      checkPlayList('playback', [{ urls: url, playback: { startTime: '2026-11-22 08:00:00' } }]),
    ).toMatchObject({ problem: { key: 'video.missingEndTime', n: 1 } });
  });

  it('build numbered windows with the playback window normalised and segments read', () => {
    const check = checkPlayList('playback', [
      {
        code: 'cam-1',
        urls: { playback: 'ws://p' },
        playback: { startTime: '2026-11-22 08:00:00', endTime: '2026-11-23 10:00:00' },
        segments: [
          { beginTime: '2026-11-22 08:00:00', endTime: '2026-11-22 09:00:00' },
          { beginTime: 'x', endTime: 1 },
        ],
      },
    ]);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.items[0]).toMatchObject({
      wndId: 0,
      code: 'cam-1',
      playback: { startTime: at('2026-11-22 08:00:00'), endTime: at('2026-11-22 23:59:59'), rate: 1 },
      segments: [{ begin: at('2026-11-22 08:00:00'), end: at('2026-11-22 09:00:00') }],
    });
  });

  it('take at most 16 windows', () => {
    const list = Array.from({ length: 20 }, () => ({ urls: { realplay: 'ws://a' } }));
    const check = checkPlayList('live', list);
    expect(check.ok && check.items.length).toBe(16);
  });
});

describe('playback window (§5, §9)', () => {
  it('cuts the end to 23:59:59 of the start day', () => {
    const range = normalizePlayback(at('2026-11-22 20:00:00'), at('2026-11-24 01:00:00'), null);
    expect(range.endTime).toBe(at('2026-11-22 23:59:59'));
  });

  it('keeps an end on the start day', () => {
    const range = normalizePlayback(at('2026-11-22 08:00:00'), at('2026-11-22 09:00:00'), null);
    expect(range.endTime).toBe(at('2026-11-22 09:00:00'));
  });

  it('resets the seek start to the start when it is outside the window', () => {
    const start = at('2026-11-22 08:00:00');
    const end = at('2026-11-22 09:00:00');
    expect(normalizePlayback(start, end, at('2026-11-22 08:30:00')).seekStart).toBe(
      at('2026-11-22 08:30:00'),
    );
    expect(normalizePlayback(start, end, at('2026-11-22 07:00:00')).seekStart).toBe(start);
    expect(normalizePlayback(start, end, at('2026-11-22 10:00:00')).seekStart).toBe(start);
    expect(normalizePlayback(start, end, null).seekStart).toBe(start);
  });

  it('defaults the end to now and the start to 24 hours before the end', () => {
    const now = at('2026-11-22 10:00:00');
    expect(defaultPlaybackTimes(undefined, undefined, now)).toEqual({
      startTime: at('2026-11-21 10:00:00'),
      endTime: now,
    });
    expect(defaultPlaybackTimes(undefined, '2026-11-20 12:00:00', now)).toEqual({
      startTime: at('2026-11-19 12:00:00'),
      endTime: at('2026-11-20 12:00:00'),
    });
    expect(defaultPlaybackTimes('2026-11-22 01:00:00', undefined, now).startTime).toBe(
      at('2026-11-22 01:00:00'),
    );
  });
});
