import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, HOUR_MS, TIMELINE_HALF_HOURS_FROM_PX } from './constants.js';
import {
  fractionOf,
  labelStep,
  scaleLabels,
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
    expect([320, 767, 768, 1365, 1366, 1600].map(labelStep)).toEqual([4, 4, 2, 2, 1, 1]);
  });

  it('labels the half hours too where each of the 48 has a label’s 38 px, from 1862 px', () => {
    expect(TIMELINE_HALF_HOURS_FROM_PX).toBe(1862);
    expect([1861, 1862, 1920, 2560].map(labelStep)).toEqual([1, 0.5, 0.5, 0.5]);
  });

  it('writes labels as HH:mm from 00:00 to 24:00', () => {
    expect(scaleLabels(4).map((label) => label.text)).toEqual([
      '00:00',
      '04:00',
      '08:00',
      '12:00',
      '16:00',
      '20:00',
      '24:00',
    ]);
    expect(scaleLabels(1)).toHaveLength(25);
    expect(scaleLabels(1).some((label) => label.half)).toBe(false);
    expect(scaleLabels(2)[3]).toEqual({ minute: 360, at: 0.25, text: '06:00', half: false });
  });

  it('puts a label like 00:30 on each half hour between the hours', () => {
    const labels = scaleLabels(0.5);
    expect(labels).toHaveLength(49);
    expect(labels.slice(0, 4).map((label) => label.text)).toEqual(['00:00', '00:30', '01:00', '01:30']);
    expect(labels.at(-2)).toEqual({ minute: 1410, at: 1410 / 1440, text: '23:30', half: true });
    expect(labels.filter((label) => label.half).map((label) => label.text.slice(3))).toEqual(
      Array.from({ length: 24 }, () => '30'),
    );
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
