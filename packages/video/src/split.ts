import { DEFAULT_SPLIT, MAX_SPLIT, NARROW_SCREEN_PX, type Split } from './constants.js';

/** The split before any play list arrives: 2x2, or 1x1 on screens narrower than 992 px (§9). */
export function defaultSplit(screenWidth: number): Split {
  return screenWidth < NARROW_SCREEN_PX ? 1 : DEFAULT_SPLIT;
}

/**
 * The split a play list of `count` windows gets (§9): 1 window 1x1, 2-4 2x2, 5-9 3x3, more 4x4.
 * An empty list keeps the default.
 */
export function splitForCount(count: number, screenWidth: number): Split {
  if (count <= 0) return defaultSplit(screenWidth);
  if (count === 1) return 1;
  if (count <= 4) return 2;
  if (count <= 9) return 3;
  return MAX_SPLIT;
}

/** The ICC player's grid side: the rounded-up square root of the device count (at least 1). */
export function iccGridSide(count: number): number {
  return Math.max(1, Math.ceil(Math.sqrt(count)));
}
