import { PRESET_COUNT } from './constants.js';
import type { PresetPointsAnswer } from './adapters.js';

/** A pan-tilt preset row (§3): set on the camera (`isAlive`) or free, and whether its name is being edited. */
export interface PresetPoint {
  presetPointCode: number;
  presetPointName: string;
  isAlive: boolean;
  isEdit: boolean;
}

/**
 * The 25 presets of a camera: those the camera has keep their names, the others are free and named
 * 初始位置N by `defaultName`.
 */
export function presetRows(answer: PresetPointsAnswer, defaultName: (n: number) => string): PresetPoint[] {
  const known = new Map<number, string>();
  for (const point of answer) {
    const code = Number(point.presetPointCode);
    if (Number.isInteger(code) && code >= 1 && code <= PRESET_COUNT)
      known.set(code, point.presetPointName ?? '');
  }
  return Array.from({ length: PRESET_COUNT }, (_, index) => {
    const code = index + 1;
    const name = known.get(code);
    return {
      presetPointCode: code,
      presetPointName: name || defaultName(code),
      isAlive: known.has(code),
      isEdit: false,
    };
  });
}
