import { z } from 'zod';
import { ALARM_RING_MAX_MS } from '@cityops/contract';
import type { AlarmBoxes, AlarmBoxView } from './index.js';

/**
 * A scripted call for demos, tests and benchmarks: each box is pressed (`staggerMs` apart), waits up to
 * `answerWithinMs` to be answered (the citizen gives up and hangs up after that), talks `talkMs`, then
 * hangs up, unless the platform ends the call first.
 */
export const alarmScenarioSchema = z
  .object({
    boxes: z.array(z.string().min(1).max(64)).min(1).max(1000),
    answerWithinMs: z.number().int().min(0).max(ALARM_RING_MAX_MS).default(60_000),
    talkMs: z.number().int().min(0).max(3_600_000).default(20_000),
    staggerMs: z.number().int().min(0).max(60_000).default(0),
  })
  .strict();
export type AlarmScenario = z.input<typeof alarmScenarioSchema>;

export interface ScenarioOutcome {
  deviceKey: string;
  callId: string | null;
  /**
   * talked: answered, talked `talkMs`, the box hung up; endedByPlatform: the platform hung up (ringing or
   * in the call); notAnswered: the box gave up; failed: it could not be pressed (busy, unknown).
   */
  result: 'talked' | 'endedByPlatform' | 'notAnswered' | 'failed';
  /** ms from the press to the answer (null when not answered). */
  answeredAfterMs: number | null;
  /** The box at the end: what it sent and heard. */
  view: AlarmBoxView | null;
  error?: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first of the states the box reaches within timeoutMs, or null (every wait timed out). */
async function firstOf(
  boxes: AlarmBoxes,
  deviceKey: string,
  states: AlarmBoxView['state'][],
  timeoutMs: number,
) {
  const waits = states.map((state) =>
    boxes.waitFor(deviceKey, state, timeoutMs).then(
      (view) => view,
      () => null,
    ),
  );
  return Promise.race(waits);
}

async function runOne(
  boxes: AlarmBoxes,
  deviceKey: string,
  scenario: z.output<typeof alarmScenarioSchema>,
): Promise<ScenarioOutcome> {
  let callId: string | null = null;
  try {
    callId = (await boxes.press(deviceKey)).callId;
    const pressedAt = Date.now();
    const first = await firstOf(boxes, deviceKey, ['inCall', 'idle'], scenario.answerWithinMs);
    if (!first) {
      if (boxes.view(deviceKey).state === 'ringing') await boxes.hangup(deviceKey);
      return { deviceKey, callId, result: 'notAnswered', answeredAfterMs: null, view: boxes.view(deviceKey) };
    }
    if (first.state === 'idle')
      return { deviceKey, callId, result: 'endedByPlatform', answeredAfterMs: null, view: first };
    const answeredAfterMs = Date.now() - pressedAt;
    const ended = await firstOf(boxes, deviceKey, ['idle'], scenario.talkMs);
    if (ended) return { deviceKey, callId, result: 'endedByPlatform', answeredAfterMs, view: ended };
    if (boxes.view(deviceKey).state === 'inCall') await boxes.hangup(deviceKey);
    return { deviceKey, callId, result: 'talked', answeredAfterMs, view: boxes.view(deviceKey) };
  } catch (error) {
    let view: AlarmBoxView | null = null;
    try {
      view = boxes.view(deviceKey);
    } catch {
      view = null;
    }
    const message = error instanceof Error ? error.message : String(error);
    return { deviceKey, callId, result: 'failed', answeredAfterMs: null, view, error: message };
  }
}

/** Runs the scenario on every box it names, at once (or `staggerMs` apart); resolves when all are done. */
export async function runScenario(boxes: AlarmBoxes, scenario: AlarmScenario): Promise<ScenarioOutcome[]> {
  const plan = alarmScenarioSchema.parse(scenario);
  return Promise.all(
    plan.boxes.map(async (deviceKey, index) => {
      if (plan.staggerMs > 0 && index > 0) await pause(plan.staggerMs * index);
      return runOne(boxes, deviceKey, plan);
    }),
  );
}
