import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, HOUR_MS } from './constants.js';
import {
  fractionOf,
  hourLabels,
  labelStep,
  minorTicks,
  segmentSpans,
  seekTarget,
  throttle,
  timeAt,
} from './timeline.js';

const day = new Date(2026, 10, 22).getTime();

afterEach(() => {
  vi.useRealTimers();
});

describe('timeline scale', () => {
  it('labels every 4th hour under 768 px, every 2nd under 1366 px, else every hour', () => {
    expect([320, 767, 768, 1365, 1366, 1920].map(labelStep)).toEqual([4, 4, 2, 2, 1, 1]);
  });

  it('writes labels as HH:mm from 00:00 to 24:00', () => {
    expect(hourLabels(4).map((label) => label.text)).toEqual([
      '00:00',
      '04:00',
      '08:00',
      '12:00',
      '16:00',
      '20:00',
      '24:00',
    ]);
    expect(hourLabels(1)).toHaveLength(25);
    expect(hourLabels(2)[3]).toEqual({ hour: 6, at: 0.25, text: '06:00' });
    expect(minorTicks()).toHaveLength(48);
  });

  it('maps times to positions and back, to the second', () => {
    expect(fractionOf(day + 6 * HOUR_MS, day)).toBe(0.25);
    expect(fractionOf(day - 1, day)).toBe(0);
    expect(fractionOf(day + DAY_MS + 1, day)).toBe(1);
    expect(timeAt(0.5, day)).toBe(day + 12 * HOUR_MS);
    expect(timeAt(0.1234567, day) % 1000).toBe(day % 1000);
  });

  it('draws recorded segments clipped to the day', () => {
    expect(
      segmentSpans(
        [
          { begin: day - HOUR_MS, end: day + 6 * HOUR_MS },
          { begin: day + 12 * HOUR_MS, end: day + 18 * HOUR_MS },
          { begin: day + DAY_MS + 1, end: day + DAY_MS + 2 },
        ],
        day,
      ),
    ).toEqual([
      { left: 0, width: 0.25 },
      { left: 0.5, width: 0.25 },
    ]);
  });

  it('seeks inside the playback window, else to its start', () => {
    const range = { startTime: day + HOUR_MS, endTime: day + 2 * HOUR_MS };
    expect(seekTarget(range, day + 90 * 60_000)).toBe(day + 90 * 60_000);
    expect(seekTarget(range, day)).toBe(range.startTime);
    expect(seekTarget(range, day + 3 * HOUR_MS)).toBe(range.startTime);
  });
});

describe('hover throttle', () => {
  it('runs at once, then at most once per period with the latest arguments', () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const hover = throttle((x: number) => seen.push(x), 1_000);
    hover(1);
    hover(2);
    hover(3);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(1_000);
    expect(seen).toEqual([1, 3]);
    vi.advanceTimersByTime(1_000);
    hover(4);
    expect(seen).toEqual([1, 3, 4]);
    hover.cancel();
    hover(5);
    expect(seen).toEqual([1, 3, 4, 5]);
  });
});
