import { describe, expect, it } from 'vitest';
import { defaultSplit, iccGridSide, splitForCount } from './split.js';

describe('split of the HTML5 player', () => {
  it('defaults to 2x2, and 1x1 on screens narrower than 992 px', () => {
    expect(defaultSplit(1366)).toBe(2);
    expect(defaultSplit(992)).toBe(2);
    expect(defaultSplit(991)).toBe(1);
  });

  it('follows the number of windows: 1 → 1x1, 2-4 → 2x2, 5-9 → 3x3, more → 4x4', () => {
    expect(splitForCount(1, 1920)).toBe(1);
    expect([2, 3, 4].map((n) => splitForCount(n, 1920))).toEqual([2, 2, 2]);
    expect([5, 9].map((n) => splitForCount(n, 1920))).toEqual([3, 3]);
    expect([10, 16, 17, 40].map((n) => splitForCount(n, 1920))).toEqual([4, 4, 4, 4]);
  });

  it('keeps the default for an empty list', () => {
    expect(splitForCount(0, 1920)).toBe(2);
    expect(splitForCount(0, 800)).toBe(1);
  });
});

describe('grid of the ICC player', () => {
  it('is the square of the rounded-up square root of the device count', () => {
    expect([0, 1, 2, 4, 5, 9, 10, 25, 26].map(iccGridSide)).toEqual([1, 1, 2, 2, 3, 3, 4, 5, 6]);
  });
});
