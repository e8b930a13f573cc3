import type { z } from 'zod';
import { serveAdmin } from '../http/adminServer.js';
import {
  INVALID_JSON,
  json,
  type PlatformRequest,
  type PlatformResponse,
  type RequestHandler,
} from '../http/platformServer.js';
import { AlarmBoxError } from './box.js';
import type { AlarmBoxes } from './index.js';
import { alarmScenarioSchema, runScenario, type ScenarioOutcome } from './scenario.js';

const ROOT = '/_sim/alarmbox';
const boxPath = /^\/_sim\/alarmbox\/boxes\/([A-Za-z0-9_.-]+)(?:\/(press|hangup))?$/;
const scenarioPath = /^\/_sim\/alarmbox\/scenarios\/(\d+)$/;
/** Scenarios whose outcome is kept for GET /_sim/alarmbox/scenarios/:id. */
const SCENARIOS_KEPT = 100;

interface ScenarioRun {
  id: number;
  boxes: string[];
  startedAt: number;
  done: boolean;
  outcomes: ScenarioOutcome[] | null;
}

const STATUS_OF_ERROR: Record<AlarmBoxError['code'], number> = { unknownBox: 404, busy: 409, notInCall: 409 };

function failure(error: unknown): PlatformResponse {
  if (error instanceof AlarmBoxError)
    return json({ ok: false, error: error.message }, STATUS_OF_ERROR[error.code]);
  throw error;
}

const describeIssues = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');

/**
 * The boxes' control surface under /_sim/alarmbox, for demos and tests in another process. Not part of
 * the device protocol, no secrets, loopback only. Answers `{ ok: true, data }` or `{ ok: false, error }`.
 *
 *   GET  /_sim/alarmbox/boxes               every box's view
 *   GET  /_sim/alarmbox/boxes/:key          one box (404 when there is no such box)
 *   POST /_sim/alarmbox/boxes/:key/press    presses it: { callId, box } (409 when in a call or yelling)
 *   POST /_sim/alarmbox/boxes/:key/hangup   the citizen hangs up (409 when not ringing or in a call)
 *   POST /_sim/alarmbox/scenario            { boxes, answerWithinMs?, talkMs?, staggerMs? }: runs in the
 *                                           background, answers 202 { id }
 *   GET  /_sim/alarmbox/scenarios/:id       { id, boxes, startedAt, done, outcomes }
 */
export function alarmBoxAdminRoutes(boxes: AlarmBoxes): RequestHandler {
  const scenarios = new Map<number, ScenarioRun>();
  let nextScenario = 1;
  const known = (key: string) => boxes.views().some((view) => view.deviceKey === key);

  const startScenario = (request: PlatformRequest): PlatformResponse => {
    const parsed = alarmScenarioSchema.safeParse(request.body === INVALID_JSON ? undefined : request.body);
    if (!parsed.success)
      return json(
        {
          ok: false,
          error: `body must be { "boxes": [keys], "answerWithinMs"?, "talkMs"?, "staggerMs"? }: ${describeIssues(parsed.error)}`,
        },
        400,
      );
    const unknown = parsed.data.boxes.filter((key) => !known(key));
    if (unknown.length > 0) return json({ ok: false, error: `no alarm box ${unknown.join(', ')}` }, 404);
    const run: ScenarioRun = {
      id: nextScenario,
      boxes: parsed.data.boxes,
      startedAt: Date.now(),
      done: false,
      outcomes: null,
    };
    nextScenario += 1;
    scenarios.set(run.id, run);
    for (const id of scenarios.keys()) if (scenarios.size > SCENARIOS_KEPT) scenarios.delete(id);
    void runScenario(boxes, parsed.data).then((outcomes) => {
      run.outcomes = outcomes;
      run.done = true;
    });
    return json({ ok: true, data: { id: run.id } }, 202);
  };

  return async (request: PlatformRequest): Promise<PlatformResponse | undefined> => {
    const { path, method } = request;
    if (path !== ROOT && !path.startsWith(`${ROOT}/`)) return undefined;
    if (path === `${ROOT}/boxes`)
      return method === 'GET' ? json({ ok: true, data: boxes.views() }) : notAllowed();
    if (path === `${ROOT}/scenario`) return method === 'POST' ? startScenario(request) : notAllowed();
    const scenario = scenarioPath.exec(path);
    if (scenario) {
      if (method !== 'GET') return notAllowed();
      const run = scenarios.get(Number(scenario[1]));
      return run
        ? json({ ok: true, data: run })
        : json({ ok: false, error: `no scenario ${scenario[1]}` }, 404);
    }
    const match = boxPath.exec(path);
    const key = match?.[1];
    if (!match || !key) return json({ ok: false, error: `not found: ${path}` }, 404);
    if (!known(key)) return json({ ok: false, error: `no alarm box ${key}` }, 404);
    const action = match[2];
    try {
      if (!action) return method === 'GET' ? json({ ok: true, data: boxes.view(key) }) : notAllowed();
      if (method !== 'POST') return notAllowed();
      if (action === 'press') {
        const { callId } = await boxes.press(key);
        return json({ ok: true, data: { callId, box: boxes.view(key) } });
      }
      await boxes.hangup(key);
      return json({ ok: true, data: { box: boxes.view(key) } });
    } catch (error) {
      return failure(error);
    }
  };
}

const notAllowed = () => json({ ok: false, error: 'method not allowed' }, 405);

/** Serves the /_sim/alarmbox routes on a port of their own (0 = any free port). */
export function serveAlarmBoxAdmin(boxes: AlarmBoxes, host: string, port: number) {
  return serveAdmin(alarmBoxAdminRoutes(boxes), host, port);
}
