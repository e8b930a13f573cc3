import {
  conditionHolds,
  kindOfMode,
  REPEAT_FREQUENCIES,
  type AlarmLevel,
  type AutoHandleOption,
  type RepeatFrequency,
  type RuleMode,
  type RuleOperator,
  type RuleSchedule,
  type TelemetryValue,
} from '@cityops/contract';
import type { AlarmHit } from './repository.js';

/**
 * The alarm engine's evaluation of one ingestion batch: which reports and events
 * raise (or count) an alarm, and which device-sources recovered.
 *
 * Per device and rule the evaluator keeps, IN MEMORY OF ITS INSTANCE, the create condition's streak
 * (since when and how many reports in a row it held: `durationSeconds`, `repeatCount`) and the recent
 * points of trend rules (within `windowSeconds`). With several instances a device's reports reach
 * the instance its MQTT connection is on, so the state is that instance's; a restart or a device
 * moving to another instance starts its streaks and trend windows again. The database's unique index
 * over open alarms stays the only guard against two alarms.
 */

/** A rule as evaluation reads it (modules/iot models.ts loads them per product). */
export interface EngineRule {
  id: number;
  name: string;
  /** Its English name ('' for none): the English title of the alarms it raises. */
  nameEn: string;
  mode: RuleMode;
  identifier: string;
  operator: RuleOperator;
  threshold: number;
  windowSeconds: number | null;
  clearOperator: RuleOperator | null;
  clearThreshold: number | null;
  clearIdentifier: string;
  durationSeconds: number;
  repeatCount: number;
  level: AlarmLevel;
  autoHandle: AutoHandleOption;
  repeatFrequency: RepeatFrequency | null;
  schedule: RuleSchedule | null;
}

export interface EngineDevice {
  id: number;
  projectId: number;
}

export type EngineInput =
  | {
      kind: 'values';
      device: EngineDevice;
      ts: Date;
      values: Record<string, TelemetryValue>;
      rules: readonly EngineRule[];
    }
  | {
      kind: 'event';
      device: EngineDevice;
      ts: Date;
      identifier: string;
      name: string;
      nameEn: string;
      level: AlarmLevel;
      rules: readonly EngineRule[];
    };

export interface Evaluation {
  hits: AlarmHit[];
  recovered: Array<{ deviceId: number; source: string }>;
}

const CHINA_OFFSET_MS = 8 * 3_600_000;
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * Whether a moment is within a schedule, in China time. A span with `to` before `from` crosses
 * midnight; its hours after midnight belong to the day it started on.
 */
export function inSchedule(schedule: RuleSchedule | null, at: Date): boolean {
  if (!schedule) return true;
  const china = new Date(at.getTime() + CHINA_OFFSET_MS);
  const minute = china.getUTCHours() * 60 + china.getUTCMinutes();
  const day = ((china.getUTCDay() + 6) % 7) + 1; // 1 Monday … 7 Sunday
  const from = minutesOf(schedule.from);
  const to = minutesOf(schedule.to);
  if (from < to) return minute >= from && minute < to && schedule.days.includes(day);
  if (minute >= from) return schedule.days.includes(day);
  if (minute < to) return schedule.days.includes(day === 1 ? 7 : day - 1);
  return false;
}

/** Least-squares slope (per millisecond) of points; null with fewer than two moments. */
export function slopeOf(points: ReadonlyArray<{ t: number; v: number }>): number | null {
  if (points.length < 2) return null;
  const n = points.length;
  const meanT = points.reduce((sum, p) => sum + p.t, 0) / n;
  const meanV = points.reduce((sum, p) => sum + p.v, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.t - meanT) * (p.v - meanV);
    den += (p.t - meanT) ** 2;
  }
  return den === 0 ? null : num / den;
}

interface RuleState {
  /** When the create condition started holding (reports in a row), and how many reports. */
  since: Date | null;
  count: number;
  /** Trend rules: the recent points within the window; event rules with a window: their events. */
  points: Array<{ t: number; v: number }>;
}

/** The most devices × rules kept; beyond it the oldest state is forgotten. */
const STATES_MAX = 200_000;

export class AlarmEvaluator {
  private readonly states = new Map<string, RuleState>();

  private keep(key: string, state: RuleState) {
    if (!this.states.has(key) && this.states.size >= STATES_MAX) {
      const oldest = this.states.keys().next().value;
      if (oldest !== undefined) this.states.delete(oldest);
    }
    this.states.set(key, state);
  }

  /** Forgets a device's streaks (its rules changed, or it went away). */
  forget(deviceId: number): void {
    for (const key of this.states.keys()) if (key.startsWith(`${deviceId}|`)) this.states.delete(key);
  }

  /** Evaluates a batch and keeps its streaks at once (a batch that cannot fail to be written). */
  evaluate(batch: readonly EngineInput[]): Evaluation {
    const { commit, ...evaluation } = this.draft(batch);
    commit();
    return evaluation;
  }

  /**
   * Evaluates a batch on a copy of the streaks it touches; `commit` keeps them once the batch is
   * written. A batch whose write fails and is evaluated again so counts its reports once.
   */
  draft(batch: readonly EngineInput[]): Evaluation & { commit(): void } {
    const drafts = new Map<string, RuleState>();
    const stateOf = (deviceId: number, ruleId: number): RuleState => {
      const key = `${deviceId}|${ruleId}`;
      let state = drafts.get(key);
      if (!state) {
        const kept = this.states.get(key);
        state = kept ? { ...kept, points: [...kept.points] } : { since: null, count: 0, points: [] };
        drafts.set(key, state);
      }
      return state;
    };
    const reset = (deviceId: number, ruleId: number) => {
      const state = stateOf(deviceId, ruleId);
      state.count = 0;
      state.since = null;
      state.points = [];
    };
    const hits = new Map<
      string,
      AlarmHit & { occurrences: Array<{ at: Date; value: TelemetryValue | null }> }
    >();
    /** The last verdict per device-source in the batch: true raised, false cleared. */
    const last = new Map<string, { deviceId: number; source: string; holds: boolean }>();
    const hit = (
      device: EngineDevice,
      source: string,
      rule: EngineRule | null,
      named: { name: string; nameEn: string },
      level: AlarmLevel,
      value: TelemetryValue | null,
      at: Date,
    ) => {
      const key = `${device.id}|${source}`;
      const known = hits.get(key);
      if (known) {
        known.occurrences.push({ at, value });
        known.value = value;
        if (at > known.lastAt) known.lastAt = at;
        if (at < known.firstAt) known.firstAt = at;
      } else
        hits.set(key, {
          kind: rule ? kindOfMode(rule.mode) : 'alarm',
          deviceId: device.id,
          projectId: device.projectId,
          source,
          ruleId: rule?.id ?? null,
          title: named.name,
          titleEn: named.nameEn,
          level,
          value,
          occurrences: [{ at, value }],
          firstAt: at,
          lastAt: at,
          autoHandle: rule?.autoHandle ?? 'waiting',
          repeatSeconds: rule?.repeatFrequency ? REPEAT_FREQUENCIES[rule.repeatFrequency] : null,
        });
      last.set(key, { deviceId: device.id, source, holds: true });
    };
    const clear = (device: EngineDevice, source: string) =>
      last.set(`${device.id}|${source}`, { deviceId: device.id, source, holds: false });

    for (const item of batch) {
      if (item.kind === 'event') {
        let ruled = false;
        for (const rule of item.rules) {
          if (rule.mode !== 'event' || !inSchedule(rule.schedule, item.ts)) continue;
          if (rule.identifier === item.identifier) {
            ruled = true;
            if (this.eventCounted(rule, stateOf(item.device.id, rule.id), item.ts))
              hit(item.device, `rule:${rule.id}`, rule, rule, rule.level, null, item.ts);
          } else if (rule.clearIdentifier !== '' && rule.clearIdentifier === item.identifier) {
            ruled = true;
            reset(item.device.id, rule.id);
            clear(item.device, `rule:${rule.id}`);
          }
        }
        // Events no rule speaks of raise as devices always did: their own level, left waiting.
        if (!ruled) hit(item.device, `event:${item.identifier}`, null, item, item.level, null, item.ts);
        continue;
      }
      for (const rule of item.rules) {
        if (rule.mode === 'event' || rule.mode === 'offline') continue;
        const value = item.values[rule.identifier];
        if (typeof value !== 'number') continue;
        if (!inSchedule(rule.schedule, item.ts)) continue;
        const source = `rule:${rule.id}`;
        const state = stateOf(item.device.id, rule.id);
        const creates = this.creates(rule, state, item.ts, value);
        if (creates) {
          state.count += 1;
          state.since ??= item.ts;
          if (this.streakMet(rule, state, item.ts))
            hit(item.device, source, rule, rule, rule.level, value, item.ts);
          continue;
        }
        state.count = 0;
        state.since = null;
        const clears =
          rule.clearOperator !== null && rule.clearThreshold !== null
            ? conditionHolds(rule.clearOperator, rule.clearThreshold, value)
            : true;
        if (clears) clear(item.device, source);
      }
    }
    return {
      hits: [...hits.values()],
      recovered: [...last.values()]
        .filter((entry) => !entry.holds)
        .map(({ deviceId, source }) => ({ deviceId, source })),
      commit: () => {
        for (const [key, state] of drafts) this.keep(key, state);
      },
    };
  }

  /**
   * Counts one event of an event rule: it opens the alarm once the event came `repeatCount` times
   * within `durationSeconds` (a sliding window), or, with no window, `repeatCount` times since the
   * last clearing event.
   */
  private eventCounted(rule: EngineRule, state: RuleState, at: Date): boolean {
    if (rule.durationSeconds === 0) {
      state.count += 1;
      return state.count >= rule.repeatCount;
    }
    const t = at.getTime();
    state.points = state.points.filter((point) => point.t > t - rule.durationSeconds * 1000 && point.t <= t);
    state.points.push({ t, v: 1 });
    return state.points.length >= rule.repeatCount;
  }

  private streakMet(rule: EngineRule, state: RuleState, at: Date): boolean {
    return (
      state.count >= rule.repeatCount &&
      state.since !== null &&
      at.getTime() - state.since.getTime() >= rule.durationSeconds * 1000
    );
  }

  /** Whether a report meets the rule's create condition (trend rules: over their window). */
  private creates(rule: EngineRule, state: RuleState, at: Date, value: number): boolean {
    if (rule.mode === 'threshold') return conditionHolds(rule.operator, rule.threshold, value);
    const windowMs = (rule.windowSeconds ?? 60) * 1000;
    const t = at.getTime();
    state.points = state.points.filter((point) => point.t >= t - windowMs && point.t <= t);
    state.points.push({ t, v: value });
    if (rule.mode === 'rise') {
      const lowest = Math.min(...state.points.map((point) => point.v));
      return value - lowest >= rule.threshold;
    }
    const slope = slopeOf(state.points);
    if (slope === null) return false;
    return conditionHolds(rule.operator, rule.threshold, value + slope * windowMs);
  }
}
