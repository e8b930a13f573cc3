import { describe, expect, it } from 'vitest';
import { createRuleSchema } from '@cityops/contract';
import { AlarmEvaluator, inSchedule, slopeOf, type EngineInput, type EngineRule } from './evaluate.js';

const device = { id: 1, projectId: 1 };
const T0 = Date.parse('2026-11-24T02:00:00Z'); // Tuesday 10:00 China time

/** A rule as the contract completes it: temperature above 50, important, every other field defaulted. */
const rule = (extra: Partial<EngineRule> = {}): EngineRule => ({
  id: 5,
  ...createRuleSchema.parse({
    productId: 1,
    name: '高温',
    identifier: 'temperature',
    threshold: 50,
    level: 'error',
  }),
  ...extra,
});

const report = (r: EngineRule, value: number, seconds: number): EngineInput => ({
  kind: 'values',
  device,
  ts: new Date(T0 + seconds * 1000),
  values: { temperature: value },
  rules: [r],
});

const event = (identifier: string, rules: EngineRule[], seconds = 0): EngineInput => ({
  kind: 'event',
  device,
  ts: new Date(T0 + seconds * 1000),
  identifier,
  name: identifier === 'tilt' ? '井盖倾斜' : identifier,
  nameEn: identifier === 'tilt' ? 'Cover tilted' : '',
  level: 'common',
  rules,
});

/** Feeds reports one batch each; answers each batch's verdict. */
function run(r: EngineRule, values: Array<[number, number]>) {
  const evaluator = new AlarmEvaluator();
  return values.map(([value, seconds]) => {
    const { hits, recovered } = evaluator.evaluate([report(r, value, seconds)]);
    return hits.length > 0 ? 'hit' : recovered.length > 0 ? 'clear' : '-';
  });
}

describe('threshold rules', () => {
  it('raise at once by default and clear when the condition stops holding', () => {
    expect(
      run(rule(), [
        [60, 0],
        [61, 1],
        [40, 2],
      ]),
    ).toEqual(['hit', 'hit', 'clear']);
  });

  it('wait for repeatCount reports in a row, a report below starting the count again', () => {
    expect(
      run(rule({ repeatCount: 3 }), [
        [60, 0],
        [60, 1],
        [40, 2],
        [60, 3],
        [60, 4],
        [60, 5],
        [60, 6],
      ]),
    ).toEqual(['-', '-', 'clear', '-', '-', 'hit', 'hit']);
  });

  it('count a batch once when its write failed and it is evaluated again (draft, then commit)', () => {
    const r = rule({ repeatCount: 2 });
    const evaluator = new AlarmEvaluator();
    const batch = [report(r, 60, 0)];
    expect(evaluator.draft(batch).hits).toHaveLength(0); // the write failed: nothing kept
    const retried = evaluator.draft(batch);
    expect(retried.hits).toHaveLength(0); // still the first report of the streak
    retried.commit();
    expect(evaluator.draft([report(r, 60, 1)]).hits).toHaveLength(1);
  });

  it('wait until the condition held for durationSeconds', () => {
    expect(
      run(rule({ durationSeconds: 60 }), [
        [60, 0],
        [60, 30],
        [60, 60],
        [60, 90],
      ]),
    ).toEqual(['-', '-', 'hit', 'hit']);
  });

  it('with a clear condition, clear only when it holds', () => {
    const r = rule({ clearOperator: '<', clearThreshold: 30 });
    expect(
      run(r, [
        [60, 0],
        [40, 1],
        [29, 2],
      ]),
    ).toEqual(['hit', '-', 'clear']);
  });

  it('count every report of a batch as an occurrence of one hit', () => {
    const evaluator = new AlarmEvaluator();
    const { hits } = evaluator.evaluate([report(rule(), 60, 0), report(rule(), 70, 1)]);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ source: 'rule:5', kind: 'alarm', value: 70, ruleId: 5 });
    expect(hits[0]?.occurrences.map((o) => o.value)).toEqual([60, 70]);
  });

  it('carry the rule’s auto-handle option and repeat frequency', () => {
    const { hits } = new AlarmEvaluator().evaluate([
      report(rule({ autoHandle: 'confirmed', repeatFrequency: '5m' }), 60, 0),
    ]);
    expect(hits[0]).toMatchObject({ autoHandle: 'confirmed', repeatSeconds: 300 });
  });
});

describe('schedules (China time)', () => {
  it('raise only within the schedule; reports outside it are ignored', () => {
    // 10:00, 10:30 and 11:30 China time on a Tuesday (day 2).
    const r = rule({ schedule: { days: [2], from: '10:15', to: '11:00' } });
    expect(
      run(r, [
        [60, 0],
        [60, 1800],
        [40, 5400],
      ]),
    ).toEqual(['-', 'hit', '-']);
  });

  it('span midnight when to is before from, the hours after midnight belonging to the day before', () => {
    const schedule = { days: [2], from: '22:00', to: '06:00' };
    const china = (iso: string) => new Date(`${iso}+08:00`);
    expect(inSchedule(schedule, china('2026-11-24T23:00:00'))).toBe(true); // Tuesday night
    expect(inSchedule(schedule, china('2026-11-25T05:59:00'))).toBe(true); // Wednesday early: Tuesday's span
    expect(inSchedule(schedule, china('2026-11-25T06:00:00'))).toBe(false);
    expect(inSchedule(schedule, china('2026-11-25T23:00:00'))).toBe(false); // Wednesday night
    expect(inSchedule(schedule, china('2026-11-24T05:00:00'))).toBe(false); // Monday's span
  });
});

describe('trend rules (early warnings)', () => {
  it('rise: the value minus the lowest within the window meets the threshold', () => {
    const r = rule({ mode: 'rise', threshold: 10, windowSeconds: 60 });
    // 20 → 25 → 31 (rise 11 within 60 s) → 31 at 120 s (the 20 left the window: rise 6).
    expect(
      run(r, [
        [20, 0],
        [25, 30],
        [31, 50],
        [31, 120],
      ]),
    ).toEqual(['clear', 'clear', 'hit', 'clear']);
    const { hits } = new AlarmEvaluator().evaluate([report(r, 20, 0), report(r, 31, 10)]);
    expect(hits[0]).toMatchObject({ kind: 'warning' });
  });

  it('predict: the slope over the window projected windowSeconds ahead meets the condition', () => {
    const r = rule({ mode: 'predict', operator: '>=', threshold: 80, windowSeconds: 60 });
    // +0.5 per second: 40 at 20 s projects 70 (no), 50 at 40 s projects 80 (yes).
    expect(
      run(r, [
        [30, 0],
        [40, 20],
        [50, 40],
      ]),
    ).toEqual(['clear', 'clear', 'hit']);
    expect(slopeOf([{ t: 0, v: 1 }])).toBeNull();
    expect(
      slopeOf([
        { t: 0, v: 1 },
        { t: 1000, v: 3 },
      ]),
    ).toBe(0.002);
  });
});

describe('events', () => {
  it('without a rule raise as devices always did: source event:<id>, the event’s level', () => {
    const { hits } = new AlarmEvaluator().evaluate([event('tilt', [])]);
    expect(hits[0]).toMatchObject({
      source: 'event:tilt',
      level: 'common',
      ruleId: null,
      autoHandle: 'waiting',
    });
  });

  it('with an event rule raise under the rule (its level, options), and clear by the clearing event', () => {
    const r = rule({
      mode: 'event',
      identifier: 'tilt',
      clearIdentifier: 'closed',
      autoHandle: 'work_order',
      repeatFrequency: '10s',
    });
    const evaluator = new AlarmEvaluator();
    const raised = evaluator.evaluate([event('tilt', [r])]);
    expect(raised.hits[0]).toMatchObject({
      source: 'rule:5',
      level: 'error',
      autoHandle: 'work_order',
      repeatSeconds: 10,
    });
    const cleared = evaluator.evaluate([event('closed', [r], 5)]);
    expect(cleared).toEqual({ hits: [], recovered: [{ deviceId: 1, source: 'rule:5' }] });
  });

  it('honour the rule’s repeat count, counted since the last clearing event', () => {
    const r = rule({ mode: 'event', identifier: 'tilt', clearIdentifier: 'closed', repeatCount: 2 });
    const evaluator = new AlarmEvaluator();
    expect(evaluator.evaluate([event('tilt', [r])]).hits).toHaveLength(0);
    expect(evaluator.evaluate([event('tilt', [r], 1)]).hits).toHaveLength(1);
    evaluator.evaluate([event('closed', [r], 2)]);
    expect(evaluator.evaluate([event('tilt', [r], 3_600)]).hits).toHaveLength(0);
    expect(evaluator.evaluate([event('tilt', [r], 7_200)]).hits).toHaveLength(1);
  });

  it('with a duration, raise when repeatCount events came within it (a sliding window)', () => {
    const r = rule({ mode: 'event', identifier: 'tilt', repeatCount: 3, durationSeconds: 60 });
    const evaluator = new AlarmEvaluator();
    const at = (seconds: number) => evaluator.evaluate([event('tilt', [r], seconds)]).hits.length;
    // 0, 30 and 100: never three within a minute; 100, 110, 120: three.
    expect([0, 30, 100, 110, 120].map(at)).toEqual([0, 0, 0, 0, 1]);
    // Once the window holds three, each further event within it counts again.
    expect(at(125)).toBe(1);
    // A quiet spell empties the window.
    expect(at(1_000)).toBe(0);
  });
});
