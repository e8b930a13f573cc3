import { ROUND_ROBIN_RANGE, type RoundRobinUnit } from './constants.js';

/** The round-robin form (§3). */
export interface RoundRobinForm {
  stepTime: number | null;
  stepUnit: RoundRobinUnit | null;
  playFullSceen: boolean;
}

export type RoundRobinProblem =
  | { key: 'video.roundRobin.stepTimeRequired' }
  | { key: 'video.roundRobin.stepUnitRequired' }
  | { key: 'video.roundRobin.range'; min: number; max: number; unit: RoundRobinUnit };

/** §5: an interval and a unit are required; 秒 10 to 999, 分 1 to 999, whole numbers. */
export function checkRoundRobinForm(form: RoundRobinForm): RoundRobinProblem | null {
  if (form.stepUnit === null) return { key: 'video.roundRobin.stepUnitRequired' };
  if (form.stepTime === null || Number.isNaN(form.stepTime))
    return { key: 'video.roundRobin.stepTimeRequired' };
  const { min, max } = ROUND_ROBIN_RANGE[form.stepUnit];
  if (!Number.isInteger(form.stepTime) || form.stepTime < min || form.stepTime > max) {
    return { key: 'video.roundRobin.range', min, max, unit: form.stepUnit };
  }
  return null;
}

/** Changing the unit resets the interval to the unit's minimum (§5). */
export function unitMinimum(unit: RoundRobinUnit): number {
  return ROUND_ROBIN_RANGE[unit].min;
}

export function intervalMs(stepTime: number, stepUnit: RoundRobinUnit): number {
  return stepTime * ROUND_ROBIN_RANGE[stepUnit].ms;
}

/**
 * Hands out the next N devices at each tick from a copy of the full list (§4.5); once the copy is
 * exhausted it starts again from a fresh copy, so the last batch of a round may be short.
 */
export class RoundRobinQueue<T> {
  private readonly all: readonly T[];
  private queue: T[] = [];

  constructor(devices: readonly T[]) {
    this.all = [...devices];
  }

  next(count: number): T[] {
    if (this.all.length === 0 || count <= 0) return [];
    if (this.queue.length === 0) this.queue = [...this.all];
    return this.queue.splice(0, count);
  }
}
