import { describe, expect, it } from 'vitest';
import { chinaDayStart, gapsOfDay, playbackStretches, recordSegments } from './recordSegments.js';
import { parseIsoWithOffset, toChinaIso } from './isoTime.js';

const HOUR = 3600_000;
const day = parseIsoWithOffset('2026-11-20T00:00:00.000+08:00');
const later = day + 10 * 24 * HOUR;

describe('record segments', () => {
  it('are the same on every call and differ between cameras', () => {
    expect(recordSegments('hik-cam-01', day, day + 24 * HOUR, later)).toEqual(
      recordSegments('hik-cam-01', day, day + 24 * HOUR, later),
    );
    expect(gapsOfDay('hik-cam-01', day)).not.toEqual(gapsOfDay('hik-cam-02', day));
  });

  it('cover a whole day in files of at most an hour, except one gap in every six hours', () => {
    const segments = recordSegments('icc-cam-05', day, day + 24 * HOUR, later);
    const gaps = gapsOfDay('icc-cam-05', day);
    expect(gaps).toHaveLength(4);
    for (const segment of segments) expect(segment.end - segment.start).toBeLessThanOrEqual(HOUR);
    const recorded = segments.reduce((sum, segment) => sum + segment.end - segment.start, 0);
    const missing = gaps.reduce((sum, gap) => sum + gap.end - gap.start, 0);
    expect(recorded + missing).toBe(24 * HOUR);
    for (const gap of gaps) {
      expect(segments.some((segment) => segment.start < gap.end && segment.end > gap.start)).toBe(false);
      expect(gap.end - gap.start).toBeGreaterThanOrEqual(5 * 60_000);
    }
  });

  it('are clipped to the asked range and never reach into the future', () => {
    const now = day + 12 * HOUR + 123;
    const segments = recordSegments('hik-cam-03', day + 11 * HOUR + 1, day + 20 * HOUR, now);
    expect(segments[0]?.start).toBeGreaterThanOrEqual(day + 11 * HOUR + 1);
    expect(segments.at(-1)?.end).toBeLessThanOrEqual(now);
  });

  it('span day boundaries in China time', () => {
    expect(chinaDayStart(day + 23 * HOUR)).toBe(day);
    expect(toChinaIso(day)).toBe('2026-11-20T00:00:00.000+08:00');
    const twoDays = recordSegments('hik-cam-01', day + 20 * HOUR, day + 28 * HOUR, later);
    expect(twoDays.some((segment) => segment.start === day + 24 * HOUR)).toBe(true);
  });

  it('play a range over a gap as two stretches, and from inside a gap at the next recording', () => {
    const [gap] = gapsOfDay('hik-cam-07', day);
    if (!gap) throw new Error('no gap');
    const stretches = playbackStretches('hik-cam-07', gap.start - 60_000, gap.end + 60_000, later);
    expect(stretches).toEqual([
      { start: gap.start - 60_000, end: gap.start },
      { start: gap.end, end: gap.end + 60_000 },
    ]);
    expect(playbackStretches('hik-cam-07', gap.start + 1000, gap.end + 5000, later)).toEqual([
      { start: gap.end, end: gap.end + 5000 },
    ]);
    expect(playbackStretches('hik-cam-07', gap.start, gap.end, later)).toEqual([]);
  });

  it('merge hourly files, so a day plays as the stretches between its four gaps', () => {
    const stretches = playbackStretches('hik-cam-07', day, day + 24 * HOUR, later);
    expect(stretches).toHaveLength(5);
    for (const [index, stretch] of stretches.entries()) {
      const next = stretches[index + 1];
      if (next) expect(next.start).toBeGreaterThan(stretch.end);
    }
  });

  it('rejects times without an offset', () => {
    expect(Number.isNaN(parseIsoWithOffset('2026-11-20 00:00:00'))).toBe(true);
    expect(Number.isNaN(parseIsoWithOffset('2026-11-20T00:00:00'))).toBe(true);
  });
});
