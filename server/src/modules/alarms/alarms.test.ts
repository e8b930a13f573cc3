import type { AddressInfo } from 'node:net';
import {
  ALARM_FEED_PATH,
  ALARM_PAGE,
  ALARM_PAGE_BUTTONS,
  ALARM_STATES,
  ALARM_STATE_NAMES,
  API_PREFIX,
  alarmEndpoints,
  alarmFeedServerFrameSchema,
  canMoveAlarm,
  CLOSED_ALARM_STATES,
  deviceAlarmEndpoints,
  isOpenAlarmState,
  LOOP_ALARM_PAGE,
  TYPE_LOOP,
  MANUAL_ALARM_ACTIONS,
  manualSourcesOf,
  MSG_PAGE_CODE,
  PUSH_CLOSE,
  text,
  WARNING_BUTTONS,
  WARNING_PAGE,
  warningEndpoints,
  type AlarmFeedServerFrame,
  type AlarmState,
  type HandleAlarms,
  type ManualAlarmAction,
} from '@cityops/contract';
import { and, eq, inArray } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  alarmEvents,
  alarmOccurrences,
  areas,
  deviceAlarms,
  devices,
  messageEvents,
  userProjects,
  userRoles,
} from '../../db/schema.js';
import {
  eventually,
  insertDevice,
  insertProduct,
  insertProject,
  SENSOR_FUNCTIONS,
  type TestDevice,
} from '../../test/iotDevices.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { runtimeOf } from '../iot/runtime.js';
import type { OrderFromAlarm } from '../workorders/fromAlarm.js';
import { alarmOrderClosed } from './orderLink.js';
import * as repo from './repository.js';
import { alarmRuntimeOf } from './runtime.js';
import { autoHandle, publishAlarms } from './service.js';

// The work-order module fills createOrderFromAlarm on its own branch: here it answers an order.
const orders = vi.hoisted(() => [] as OrderFromAlarm[]);
const orderFails = vi.hoisted(() => ({ now: false }));
vi.mock('../workorders/fromAlarm.js', () => ({
  createOrderFromAlarm: (_tx: unknown, input: OrderFromAlarm) => {
    if (orderFails.now) return Promise.reject(new Error('no order today'));
    orders.push(input);
    return Promise.resolve({ orderId: 9000 + input.alarmId, orderNo: `WO${input.alarmId}` });
  },
}));

let t: TestApp;
let origin: string;
let admin: string;
let operator: string;
let outsider: string;
let projectId: number;
let otherProjectId: number;
let productId: number;
let device: TestDevice;
let otherDevice: TestDevice;
let source = 0;

const db = () => t.handle.db;
const OPERATOR_CODES = [
  ALARM_PAGE,
  ALARM_PAGE_BUTTONS.handle,
  ALARM_PAGE_BUTTONS.export,
  WARNING_PAGE,
  WARNING_BUTTONS.handle,
  MSG_PAGE_CODE,
];

beforeAll(async () => {
  t = await createTestApp({ env: { MQTT_PORT: '0', HOST: '127.0.0.1', OVERLOAD_EVENT_LOOP_DELAY_MS: '0' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.token('admin', 'Admin@123');
  projectId = await insertProject(db());
  otherProjectId = await insertProject(db());
  productId = await insertProduct(db(), {
    functions: SENSOR_FUNCTIONS,
    rules: [{ name: '高温', identifier: 'temperature', operator: '>', threshold: 50, level: 'error' }],
  });
  device = await insertDevice(db(), { productId, projectId, name: '一号传感器' });
  otherDevice = await insertDevice(db(), { productId, projectId: otherProjectId, name: '二号传感器' });
  const operatorId = await t.createUser('alarmop', 'Operator@123', OPERATOR_CODES);
  await db().insert(userProjects).values({ userId: operatorId, projectId });
  const outsiderId = await t.createUser('alarmout', 'Outsider@123', OPERATOR_CODES);
  await db().insert(userProjects).values({ userId: outsiderId, projectId: otherProjectId });
  operator = await t.token('alarmop', 'Operator@123');
  outsider = await t.token('alarmout', 'Outsider@123');
});
afterAll(() => t.close());
beforeEach(() => {
  orders.length = 0;
});

/** Opens an alarm (of a source of its own) the way ingestion does; answers its id. */
async function raise(
  options: { kind?: 'alarm' | 'warning'; on?: TestDevice; inProject?: number; state?: AlarmState } = {},
) {
  source += 1;
  const at = t.clock.now();
  const [alarm] = await db().transaction((tx) =>
    repo.upsertAlarms(tx, [
      {
        kind: options.kind ?? 'alarm',
        deviceId: (options.on ?? device).id,
        projectId: options.inProject ?? projectId,
        source: `event:test${source}`,
        ruleId: null,
        title: `测试告警${source}`,
        titleEn: '',
        level: 'error',
        value: 61,
        occurrences: [{ at, value: 61 }],
        firstAt: at,
        lastAt: at,
        autoHandle: 'waiting',
        repeatSeconds: null,
      },
    ]),
  );
  if (!alarm) throw new Error('no alarm');
  if (options.state && options.state !== 'waiting')
    await db().update(deviceAlarms).set({ state: options.state }).where(eq(deviceAlarms.id, alarm.alarmId));
  return alarm.alarmId;
}

const stateOf = async (alarmId: number) =>
  (await db().select().from(deviceAlarms).where(eq(deviceAlarms.id, alarmId)))[0];

const handle = (body: HandleAlarms, token = operator, headers: Record<string, string> = {}) =>
  t.api(alarmEndpoints.handle, { token, body, headers });

const reasonFor = (action: HandleAlarms['action']) => (action === 'invalid' ? '误报' : '');

describe('transitions', () => {
  it('allows exactly the moves of ALARM_TRANSITIONS from waiting or confirmed, by hand', async () => {
    for (const from of ALARM_STATES)
      for (const action of MANUAL_ALARM_ACTIONS) {
        const alarmId = await raise({ state: from });
        const answer = await handle({ alarmIds: [alarmId], action, reason: reasonFor(action) });
        const allowed = canMoveAlarm(from, action) && from !== 'work_order';
        expect({ from, action, code: answer.status_code }).toEqual({
          from,
          action,
          code: allowed ? 1 : 10001,
        });
        const row = await stateOf(alarmId);
        expect(row?.state).toBe(allowed ? action : from);
        if (allowed) {
          expect(answer.data?.done.map((alarm) => alarm.alarmId)).toEqual([alarmId]);
          const [moved] = await db()
            .select()
            .from(alarmEvents)
            .where(and(eq(alarmEvents.alarmId, alarmId), eq(alarmEvents.action, 'moved')));
          expect(moved).toMatchObject({ actor: 'alarmop', fromState: from, toState: action });
          expect(row?.handledBy).toBe('alarmop');
          expect(row?.closedAt !== null).toBe(action === 'invalid');
        } else
          expect(answer.message).toBe(
            text('alarm.moved', 'zh-CN', {
              state: ALARM_STATE_NAMES[from][0],
              action: { confirmed: '确认', work_order: '转工单', invalid: '转无效' }[action],
            }),
          );
      }
  });

  it('requires a reason to mark an alarm invalid', async () => {
    const alarmId = await raise();
    const answer = await handle({ alarmIds: [alarmId], action: 'invalid' });
    expect(answer.status_code).not.toBe(1);
    expect(answer.message).toContain(text('alarm.reasonRequired'));
    expect((await stateOf(alarmId))?.state).toBe('waiting');
  });

  it('refuses in the request’s locale', async () => {
    const alarmId = await raise({ state: 'finish' });
    const answer = await handle({ alarmIds: [alarmId], action: 'confirmed' }, operator, {
      'accept-language': 'en-US',
    });
    expect(answer.message).toBe(text('alarm.moved', 'en-US', { state: 'Finished', action: 'confirmed' }));
  });

  it('of two operators acting at once, one wins and the other is told', async () => {
    for (const [first, second] of [
      // Pairs where whichever goes first leaves the other not allowed.
      ['confirmed', 'confirmed'],
      ['invalid', 'invalid'],
      ['work_order', 'work_order'],
      ['work_order', 'invalid'],
    ] as const) {
      const alarmId = await raise();
      const answers = await Promise.all([
        handle({ alarmIds: [alarmId], action: first, reason: reasonFor(first) }),
        handle({ alarmIds: [alarmId], action: second, reason: reasonFor(second) }),
      ]);
      const codes = answers.map((answer) => answer.status_code).sort();
      expect(codes).toEqual([1, 10001]);
      const refusal = answers.find((answer) => answer.status_code === 10001);
      expect(refusal?.message).toMatch(/^告警当前为「/u);
      const moves = await db()
        .select()
        .from(alarmEvents)
        .where(and(eq(alarmEvents.alarmId, alarmId), eq(alarmEvents.action, 'moved')));
      expect(moves).toHaveLength(1);
    }
  });

  it('moves the others of a batch and lists the refused with their reason', async () => {
    const waiting = await raise();
    const confirmed = await raise({ state: 'confirmed' });
    const closed = await raise({ state: 'auto_recover' });
    const answer = await handle({
      alarmIds: [waiting, confirmed, closed],
      action: 'invalid',
      reason: '维修中',
    });
    expect(answer.status_code).toBe(1);
    expect(answer.data?.done.map((alarm) => alarm.alarmId).sort()).toEqual([waiting, confirmed].sort());
    expect(answer.data?.refused).toEqual([
      { alarmId: closed, reason: text('alarm.moved', 'zh-CN', { state: '自动恢复', action: '转无效' }) },
    ]);
  });

  it('turns an alarm into a work order (120202) with the remark typed, and a warning into one (120204), keeping the order', async () => {
    const alarmId = await raise();
    const answer = await handle({
      alarmIds: [alarmId],
      action: 'work_order',
      assigneeId: 1,
      comment: '  带上梯子，东侧入口  ',
    });
    expect(answer.data?.done[0]).toMatchObject({ state: 'work_order', workOrderId: 9000 + alarmId });
    expect(orders[0]).toMatchObject({
      source: 120202,
      alarmId,
      assigneeId: 1,
      actor: { name: 'alarmop' },
      projectId,
      note: '带上梯子，东侧入口',
    });
    const warningId = await raise({ kind: 'warning' });
    // A warning is handled on its own page only.
    expect((await handle({ alarmIds: [warningId], action: 'work_order' })).status_code).toBe(10001);
    const warning = await t.api(warningEndpoints.handle, {
      token: operator,
      body: { alarmIds: [warningId], action: 'work_order' },
    });
    expect(warning.data?.done[0]?.kind).toBe('warning');
    expect(orders.at(-1)).toMatchObject({ source: 120204 });
  });

  it('hears how its work order ended: done finishes it, cancelled puts it back to confirmed', async () => {
    const done = await raise();
    const cancelled = await raise();
    await handle({ alarmIds: [done, cancelled], action: 'work_order' });
    const actor = { userId: 1, name: 'admin' };
    const now = new Date('2026-03-01T08:00:00Z');
    await db().transaction((tx) =>
      alarmOrderClosed(tx, { alarmId: done, orderId: 9000 + done, outcome: 'done', actor, now }),
    );
    await db().transaction((tx) =>
      alarmOrderClosed(tx, {
        alarmId: cancelled,
        orderId: 9000 + cancelled,
        outcome: 'cancelled',
        actor,
        now,
      }),
    );
    expect(await stateOf(done)).toMatchObject({ state: 'finish', closedAt: now });
    expect(await stateOf(cancelled)).toMatchObject({ state: 'confirmed', closedAt: null });
    // The engine's note is kept as its key and read out in the reader's language.
    const noteOf = async (locale: string) => {
      const detail = await t.api(alarmEndpoints.detail, {
        token: operator,
        params: { id: cancelled },
        headers: { 'accept-language': locale },
      });
      return detail.data?.events.find((event) => event.toState === 'confirmed' && event.actor === 'admin')
        ?.reason;
    };
    expect(await noteOf('zh-CN')).toBe('工单已取消');
    expect(await noteOf('en-US')).toBe('The work order was cancelled');
    // Another order's outcome does not move it.
    await db().transaction((tx) =>
      alarmOrderClosed(tx, { alarmId: cancelled, orderId: 1, outcome: 'done', actor, now }),
    );
    expect((await stateOf(cancelled))?.state).toBe('confirmed');
  });

  it('recovers waiting and confirmed alarms; a work_order one keeps its state and shows the recovery', async () => {
    const waiting = await raise();
    const inOrder = await raise({ state: 'work_order' });
    const rows = await db().select().from(deviceAlarms).where(eq(deviceAlarms.id, waiting));
    const pairs = [waiting, inOrder].map((id) => ({
      deviceId: device.id,
      source: rows[0] && id === waiting ? rows[0].source : `event:test${source}`,
    }));
    const recovered = await db().transaction((tx) => repo.recoverAlarms(tx, pairs, t.clock.now()));
    expect(recovered.map((alarm) => alarm.toState).sort()).toEqual(['auto_recover', 'work_order']);
    expect(await stateOf(waiting)).toMatchObject({ state: 'auto_recover' });
    expect(await stateOf(inOrder)).toMatchObject({ state: 'work_order', recoveredAt: t.clock.now() });
  });
});

/**
 * The moves the engine makes by itself, each through the call that makes it (ingestion's recovery,
 * the work order's outcome, a rule's auto-handle option), with the state it aims at and the states
 * it may leave by ALARM_TRANSITIONS. `work_order → confirmed` is the order's (cancelled) and never a
 * clear condition's; the auto-handle options follow the manual choices' sources.
 */
const ENGINE_ACTOR = { userId: 1, name: 'admin' };
type EngineAlarm = { alarmId: number; deviceId: number; source: string };
/** The alarm's work order (a stand-in id) closes with `outcome`, as the work-order module says it. */
const orderClosed = (outcome: 'done' | 'cancelled') => (alarm: EngineAlarm, now: Date) =>
  db().transaction((tx) =>
    alarmOrderClosed(tx, {
      alarmId: alarm.alarmId,
      orderId: 9000 + alarm.alarmId,
      outcome,
      actor: ENGINE_ACTOR,
      now,
    }),
  );
const ENGINE_MOVES: ReadonlyArray<{
  move: string;
  to: AlarmState;
  allowedFrom: (from: AlarmState) => boolean;
  run: (alarm: EngineAlarm, now: Date) => Promise<unknown>;
}> = [
  {
    move: 'the clear condition holds',
    to: 'auto_recover',
    allowedFrom: (from) => canMoveAlarm(from, 'auto_recover'),
    run: (alarm, now) => db().transaction((tx) => repo.recoverAlarms(tx, [alarm], now)),
  },
  {
    move: 'its work order is approved',
    to: 'finish',
    allowedFrom: (from) => canMoveAlarm(from, 'finish'),
    run: orderClosed('done'),
  },
  {
    move: 'its work order is cancelled',
    to: 'confirmed',
    allowedFrom: (from) => from === 'work_order' && canMoveAlarm(from, 'confirmed'),
    run: orderClosed('cancelled'),
  },
  ...MANUAL_ALARM_ACTIONS.map((option: ManualAlarmAction) => ({
    move: `the rule's auto-handle option ${option}`,
    to: option,
    allowedFrom: (from: AlarmState) => manualSourcesOf(option).includes(from),
    run: (alarm: { alarmId: number }, now: Date) =>
      db().transaction((tx) => autoHandle(tx, [{ alarmId: alarm.alarmId, option }], now)),
  })),
];

describe('the engine’s transitions', () => {
  it('allows exactly the moves of ALARM_TRANSITIONS and refuses the rest, from every state', async () => {
    const cases = ALARM_STATES.flatMap((from) => ENGINE_MOVES.map((move) => ({ from, ...move })));
    // Every final state is tried, and every engine move is allowed from somewhere.
    expect(cases.filter((c) => (CLOSED_ALARM_STATES as readonly string[]).includes(c.from))).toHaveLength(
      CLOSED_ALARM_STATES.length * ENGINE_MOVES.length,
    );
    for (const { move, to, allowedFrom, run, from } of cases) {
      const alarmId = await raise({ state: from });
      // Linked to its order in every state, so only the state decides.
      await db()
        .update(deviceAlarms)
        .set({ workOrderId: 9000 + alarmId })
        .where(eq(deviceAlarms.id, alarmId));
      const before = await stateOf(alarmId);
      if (!before) throw new Error('no alarm');
      // A moment after it was raised (the clock stays: the test's sessions live on it).
      const now = new Date(t.clock.now().getTime() + 60_000);
      await run({ alarmId, deviceId: before.deviceId, source: before.source }, now);
      const after = await stateOf(alarmId);
      const events = await db()
        .select()
        .from(alarmEvents)
        .where(and(eq(alarmEvents.alarmId, alarmId), inArray(alarmEvents.action, ['moved', 'recovered'])));
      const allowed = allowedFrom(from);
      // A recovery reaches every open alarm: one in a work order keeps its state and shows it.
      const recoveredOnly = to === 'auto_recover' && !allowed && isOpenAlarmState(from);
      const verdict = {
        from,
        move,
        state: after?.state,
        closed: after?.closedAt !== null,
        recovered: after?.recoveredAt !== null,
        events: events.map((event) => [event.action, event.fromState, event.toState]),
      };
      expect(verdict).toEqual({
        from,
        move,
        state: allowed ? to : from,
        closed: allowed ? !isOpenAlarmState(to) : before.closedAt !== null,
        recovered: to === 'auto_recover' && isOpenAlarmState(from),
        events: allowed
          ? [[to === 'auto_recover' ? 'recovered' : 'moved', from, to]]
          : recoveredOnly
            ? [['recovered', from, from]]
            : [],
      });
      if (allowed && !isOpenAlarmState(to)) expect(after?.closedAt).toEqual(now);
      if (allowed && to !== 'auto_recover')
        expect(events[0]?.actor).toBe(move.startsWith('its work order') ? ENGINE_ACTOR.name : null);
    }
  });

  it('refuses recovery and the order’s outcome to every final state, leaving it as it was', async () => {
    for (const from of CLOSED_ALARM_STATES) {
      const alarmId = await raise({ state: from });
      const before = await stateOf(alarmId);
      if (!before) throw new Error('no alarm');
      for (const { run } of ENGINE_MOVES)
        await run({ alarmId, deviceId: before.deviceId, source: before.source }, t.clock.now());
      expect(await stateOf(alarmId)).toEqual(before);
    }
  });
});

describe('the database guard', () => {
  it('1,000 concurrent raises of one device and source give one alarm counted 1,000 times', async () => {
    const at = t.clock.now();
    const hit = {
      kind: 'alarm' as const,
      deviceId: device.id,
      projectId,
      source: 'event:flood',
      ruleId: null,
      title: '洪泛',
      titleEn: '',
      level: 'error' as const,
      value: null,
      occurrences: [{ at, value: null }],
      firstAt: at,
      lastAt: at,
      autoHandle: 'waiting' as const,
      repeatSeconds: null,
    };
    const results = await Promise.all(
      Array.from({ length: 1000 }, () => db().transaction((tx) => repo.upsertAlarms(tx, [hit]))),
    );
    expect(results.flat().filter((alarm) => alarm.opened)).toHaveLength(1);
    const rows = await db()
      .select()
      .from(deviceAlarms)
      .where(and(eq(deviceAlarms.deviceId, device.id), eq(deviceAlarms.source, 'event:flood')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.count).toBe(1000);
    const alarmId = rows[0]?.id ?? 0;
    expect(await db().$count(alarmEvents, eq(alarmEvents.alarmId, alarmId))).toBe(1);
    expect(await db().$count(alarmOccurrences, eq(alarmOccurrences.alarmId, alarmId))).toBe(200);
  }, 120_000);
});

describe('ingestion with rule options', () => {
  async function ruleProduct(rule: Record<string, unknown>) {
    const id = await insertProduct(db(), {
      functions: SENSOR_FUNCTIONS,
      rules: [
        {
          name: '过热',
          identifier: 'temperature',
          operator: '>',
          threshold: 50,
          level: 'common',
          ...rule,
        },
      ],
    });
    return insertDevice(db(), { productId: id, projectId });
  }

  async function report(on: TestDevice, temperature: number) {
    const runtime = runtimeOf(t.app.cityops);
    await runtime.ingestion.receive(
      on.deviceKey,
      'telemetry',
      Buffer.from(JSON.stringify({ ts: t.clock.now().getTime(), values: { temperature } })),
    );
    await runtime.ingestion.flush();
  }

  const alarmsOf = (on: TestDevice) =>
    db().select().from(deviceAlarms).where(eq(deviceAlarms.deviceId, on.id));

  it('applies each auto-handle option to a new alarm in the same transaction', async () => {
    const expected = {
      confirmed: { state: 'confirmed', handledBy: '系统' },
      invalid: { state: 'invalid', handledBy: '系统' },
      work_order: { state: 'work_order', handledBy: '系统' },
      waiting: { state: 'waiting', handledBy: null },
    } as const;
    for (const [autoHandle, row] of Object.entries(expected)) {
      const on = await ruleProduct({ autoHandle });
      await report(on, 60);
      const [alarm] = await alarmsOf(on);
      expect({ autoHandle, ...alarm }).toMatchObject({ autoHandle, ...row, kind: 'alarm', count: 1 });
      if (autoHandle === 'invalid') {
        const [moved] = await db()
          .select()
          .from(alarmEvents)
          .where(and(eq(alarmEvents.alarmId, alarm?.id ?? 0), eq(alarmEvents.action, 'moved')));
        expect(moved).toMatchObject({ reason: 'alarm.note.autoHandled', actor: null });
      }
      if (autoHandle === 'work_order')
        expect(orders.at(-1)).toMatchObject({
          source: 120202,
          actor: null,
        });
    }
  });

  it('leaves an alarm waiting, and says why, when its automatic order cannot be made', async () => {
    const on = await ruleProduct({ autoHandle: 'work_order' });
    orderFails.now = true;
    try {
      await report(on, 60);
    } finally {
      orderFails.now = false;
    }
    const [alarm] = await alarmsOf(on);
    expect(alarm).toMatchObject({ state: 'waiting', workOrderId: null });
    const events = await db()
      .select()
      .from(alarmEvents)
      .where(eq(alarmEvents.alarmId, alarm?.id ?? 0));
    expect(events.map((event) => event.action).sort()).toEqual(['comment', 'raised']);
    // The report itself was stored.
    expect(alarm?.count).toBe(1);
  });

  it('waits for repeatCount reports, and a rise rule raises an early warning', async () => {
    const counted = await ruleProduct({ repeatCount: 2 });
    await report(counted, 60);
    expect(await alarmsOf(counted)).toHaveLength(0);
    await report(counted, 61);
    expect(await alarmsOf(counted)).toMatchObject([{ state: 'waiting', count: 1, value: 61 }]);
    await report(counted, 20);
    expect(await alarmsOf(counted)).toMatchObject([{ state: 'auto_recover' }]);

    const rising = await ruleProduct({ mode: 'rise', threshold: 10, windowSeconds: 600 });
    await report(rising, 20);
    await report(rising, 35);
    expect(await alarmsOf(rising)).toMatchObject([{ kind: 'warning', state: 'waiting' }]);
  });

  it('recovers an alarm its cancelled order put back to confirmed at the next report that clears it', async () => {
    const on = await ruleProduct({});
    await report(on, 60);
    const [alarm] = await alarmsOf(on);
    const alarmId = alarm?.id ?? 0;
    await handle({ alarmIds: [alarmId], action: 'work_order' });
    // The device recovers while the order runs: the alarm stays with its order and shows it.
    t.clock.advanceMinutes(1);
    const recoveredAt = t.clock.now();
    await report(on, 20);
    expect(await stateOf(alarmId)).toMatchObject({ state: 'work_order', recoveredAt, closedAt: null });
    t.clock.advanceMinutes(1);
    await db().transaction((tx) =>
      alarmOrderClosed(tx, {
        alarmId,
        orderId: 9000 + alarmId,
        outcome: 'cancelled',
        actor: ENGINE_ACTOR,
        now: t.clock.now(),
      }),
    );
    expect(await stateOf(alarmId)).toMatchObject({ state: 'confirmed', recoveredAt });
    // Confirmed, with its clear condition holding: the next report recovers it (since it recovered).
    t.clock.advanceMinutes(1);
    await report(on, 21);
    expect(await stateOf(alarmId)).toMatchObject({
      state: 'auto_recover',
      recoveredAt,
      closedAt: t.clock.now(),
    });
    const recoveries = await db()
      .select()
      .from(alarmEvents)
      .where(and(eq(alarmEvents.alarmId, alarmId), eq(alarmEvents.action, 'recovered')))
      .orderBy(alarmEvents.id);
    expect(recoveries.map((event) => [event.fromState, event.toState])).toEqual([
      ['work_order', 'work_order'],
      ['confirmed', 'auto_recover'],
    ]);
    // Reports that keep clearing it change nothing more.
    await report(on, 22);
    expect(
      await db().$count(
        alarmEvents,
        and(eq(alarmEvents.alarmId, alarmId), eq(alarmEvents.action, 'recovered')),
      ),
    ).toBe(2);
  });

  it('opens an offline rule’s alarm when the device leaves and recovers it when it is back', async () => {
    const on = await ruleProduct({ mode: 'offline', identifier: 'online', name: '离线' });
    const ingestion = runtimeOf(t.app.cityops).ingestion;
    ingestion.heard(on.id);
    await ingestion.flush();
    expect(await alarmsOf(on)).toHaveLength(0);
    const messages = () =>
      db()
        .select({ content: messageEvents.content })
        .from(messageEvents)
        .where(and(eq(messageEvents.eventKind, 'alarm.raised'), eq(messageEvents.projectId, projectId)))
        .orderBy(messageEvents.id);
    const before = (await messages()).length;
    ingestion.left(on.id);
    await ingestion.flush();
    expect(await alarmsOf(on)).toMatchObject([{ title: '离线', state: 'waiting', kind: 'alarm' }]);
    // Its message goes out like any alarm's, naming the device and the rule.
    const sent = (await messages()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.content).toContain('离线');
    ingestion.heard(on.id);
    await ingestion.flush();
    const [alarm] = await alarmsOf(on);
    expect(alarm?.state).toBe('auto_recover');
    expect(alarm?.recoveredAt).not.toBeNull();
  });

  it('pushes a waiting alarm again at its frequency, once per period, and not once handled', async () => {
    const on = await ruleProduct({ repeatFrequency: '1m' });
    const sweep = () => alarmRuntimeOf(t.app.cityops).sweep();
    const pushes = () => db().$count(messageEvents, eq(messageEvents.eventKind, 'alarm.raised'));
    await report(on, 60);
    const [alarm] = await alarmsOf(on);
    const alarmId = alarm?.id ?? 0;
    const before = await pushes();
    expect(await sweep()).not.toContain(alarmId);
    t.clock.advanceMinutes(0.5);
    expect(await sweep()).not.toContain(alarmId);
    t.clock.advanceMinutes(0.5);
    expect(await sweep()).toEqual([alarmId]);
    expect(await sweep()).toEqual([]);
    expect(await pushes()).toBe(before + 1);
    await handle({ alarmIds: [alarmId], action: 'confirmed' });
    t.clock.advanceMinutes(2);
    expect(await sweep()).toEqual([]);
    expect(await pushes()).toBe(before + 1);
    expect(
      await db().$count(
        alarmEvents,
        and(eq(alarmEvents.alarmId, alarmId), eq(alarmEvents.action, 'repushed')),
      ),
    ).toBe(1);
  });
});

describe('lists, detail and visibility', () => {
  it('lists open and closed alarms of the user’s projects only', async () => {
    const mine = await raise();
    const closed = await raise({ state: 'invalid' });
    const theirs = await raise({ on: otherDevice, inProject: otherProjectId });
    const page = await t.api(alarmEndpoints.page, { token: operator, body: { pageSize: 100 } });
    const ids = page.data?.list.map((alarm) => alarm.alarmId) ?? [];
    expect(ids).toContain(mine);
    expect(ids).not.toContain(closed);
    expect(ids).not.toContain(theirs);
    expect(page.data?.list.find((alarm) => alarm.alarmId === mine)).toMatchObject({
      deviceName: '一号传感器',
      kind: 'alarm',
      state: 'waiting',
    });
    const history = await t.api(alarmEndpoints.history, { token: admin, body: { pageSize: 100 } });
    expect(history.data?.list.map((alarm) => alarm.alarmId)).toContain(closed);
    expect(
      history.data?.list.every((alarm) => ['invalid', 'auto_recover', 'finish'].includes(alarm.state)),
    ).toBe(true);
    // By the device's area.
    const [area] = await db()
      .insert(areas)
      .values({ projectId, name: '告警片区', type: 'areanode' })
      .returning({ id: areas.id });
    if (!area) throw new Error('no area');
    await db().update(devices).set({ areaId: area.id }).where(eq(devices.id, device.id));
    const inArea = await t.api(alarmEndpoints.page, {
      token: operator,
      body: { areaId: area.id, pageSize: 100 },
    });
    expect(inArea.data?.list.map((alarm) => alarm.alarmId)).toContain(mine);
    expect(inArea.data?.list.every((alarm) => alarm.areaId === area.id)).toBe(true);
    await db().update(devices).set({ areaId: null }).where(eq(devices.id, device.id));
    const emptied = await t.api(alarmEndpoints.page, {
      token: operator,
      body: { areaId: area.id, pageSize: 100 },
    });
    expect(emptied.data?.list).toEqual([]);
    const outsiderPage = await t.api(alarmEndpoints.page, { token: outsider, body: { pageSize: 100 } });
    expect(outsiderPage.data?.list.map((alarm) => alarm.alarmId)).toEqual(expect.arrayContaining([theirs]));
    expect(outsiderPage.data?.list.map((alarm) => alarm.alarmId)).not.toContain(mine);
    // The device pages: every state, filtered by device.
    const deviceList = await t.api(deviceAlarmEndpoints.page, {
      token: admin,
      body: { deviceId: device.id, pageSize: 100 },
    });
    expect(deviceList.data?.list.map((alarm) => alarm.alarmId)).toEqual(
      expect.arrayContaining([mine, closed]),
    );
    // A device list's markers: the open alarms of the devices it shows, and nothing of the others.
    const quiet = await insertDevice(db(), { productId, projectId, name: '安静的设备' });
    const markers = await t.api(deviceAlarmEndpoints.page, {
      token: admin,
      body: { deviceIds: [device.id, quiet.id], openOnly: true, pageSize: 100 },
    });
    const marked = markers.data?.list ?? [];
    expect(marked.map((alarm) => alarm.alarmId)).toContain(mine);
    expect(marked.map((alarm) => alarm.alarmId)).not.toContain(closed);
    expect(marked.every((alarm) => alarm.deviceId === device.id && isOpenAlarmState(alarm.state))).toBe(true);
    const none = await t.api(deviceAlarmEndpoints.page, {
      token: admin,
      body: { deviceIds: [quiet.id], openOnly: true },
    });
    expect(none.data?.total).toBe(0);
    const empty = await t.api(deviceAlarmEndpoints.page, { token: admin, body: { deviceIds: [] } });
    expect(empty.status_code).not.toBe(1);
  });

  it('shows a reader of a device page only the alarms of its device type, in the list and the detail', async () => {
    const loopProduct = await insertProduct(db(), { functions: SENSOR_FUNCTIONS, typeCode: TYPE_LOOP });
    const loop = await insertDevice(db(), { productId: loopProduct, projectId, name: '一号回路' });
    const loopAlarm = await raise({ on: loop });
    const sensorAlarm = await raise();
    const readerId = await t.createUser('loopreader', 'Reader@12345', [LOOP_ALARM_PAGE]);
    await db().insert(userProjects).values({ userId: readerId, projectId });
    const reader = await t.token('loopreader', 'Reader@12345');
    const list = await t.api(deviceAlarmEndpoints.page, { token: reader, body: { pageSize: 100 } });
    const ids = list.data?.list.map((alarm) => alarm.alarmId) ?? [];
    expect(ids).toContain(loopAlarm);
    expect(ids).not.toContain(sensorAlarm);
    // Asking for another type by its filter finds nothing.
    const asked = await t.api(deviceAlarmEndpoints.page, { token: reader, body: { typeCode: '0401' } });
    expect(asked.data?.total).toBe(0);
    const detail = (id: number) => t.api(alarmEndpoints.detail, { token: reader, params: { id } });
    expect((await detail(loopAlarm)).data?.alarm.alarmId).toBe(loopAlarm);
    expect((await detail(sensorAlarm)).message).toBe(text('alarm.notFound'));
    // The alarm pages' holders read every type.
    expect(
      (await t.api(alarmEndpoints.detail, { token: operator, params: { id: sensorAlarm } })).status_code,
    ).toBe(1);
  });

  it('refuses another project’s alarm to detail, comment and handle, and users without the page', async () => {
    const theirs = await raise({ on: otherDevice, inProject: otherProjectId });
    const detail = await t.api(alarmEndpoints.detail, { token: operator, params: { id: theirs } });
    expect(detail.message).toBe(text('alarm.notFound'));
    const comment = await t.api(alarmEndpoints.comment, {
      token: operator,
      body: { alarmId: theirs, comment: '看看' },
    });
    expect(comment.message).toBe(text('alarm.notFound'));
    expect((await handle({ alarmIds: [theirs], action: 'confirmed' })).message).toBe(text('alarm.notFound'));
    expect((await stateOf(theirs))?.state).toBe('waiting');
    // Someone of the project who holds another page only.
    await t.createUser('alarmnobody', 'Nobody@12345', [MSG_PAGE_CODE]);
    const nobody = await t.token('alarmnobody', 'Nobody@12345');
    const page = await t.api(alarmEndpoints.page, { token: nobody, body: {} });
    expect(page.status_code).not.toBe(1);
    expect(
      (
        await t.api(alarmEndpoints.handle, {
          token: nobody,
          body: { alarmIds: [theirs], action: 'confirmed' },
        })
      ).status_code,
    ).not.toBe(1);
  });

  it('details an alarm with its timeline, occurrences, comments and the telemetry around it', async () => {
    const alarmId = await raise();
    await handle({ alarmIds: [alarmId], action: 'confirmed', comment: '已派人' });
    const comment = await t.api(alarmEndpoints.comment, {
      token: operator,
      body: { alarmId, comment: '现场确认' },
    });
    expect(comment.data).toMatchObject({ action: 'comment', actor: 'alarmop', comment: '现场确认' });
    const detail = await t.api(alarmEndpoints.detail, { token: operator, params: { id: alarmId } });
    expect(detail.data?.events.map((event) => event.action)).toEqual(['raised', 'moved', 'comment']);
    expect(detail.data?.events[1]).toMatchObject({
      fromState: 'waiting',
      toState: 'confirmed',
      comment: '已派人',
    });
    expect(detail.data?.occurrences).toHaveLength(1);
    expect(detail.data?.telemetry).toBeNull();
    expect(detail.data?.workOrder).toBeNull();
  });
});

describe('the feed socket', () => {
  async function openFeed(token: string) {
    const ws = new WebSocket(`${origin}${API_PREFIX}${ALARM_FEED_PATH}`);
    const frames: AlarmFeedServerFrame[] = [];
    ws.on('message', (data: WebSocket.RawData) => {
      frames.push(alarmFeedServerFrameSchema.parse(JSON.parse(String(data))));
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ accessToken: token }));
    await eventually(async () => frames.some((frame) => frame.type === 'ready'));
    return { ws, frames };
  }

  it('tells a raised alarm to a holder of the page of its project, not to another project’s user', async () => {
    const mine = await openFeed(operator);
    const theirs = await openFeed(outsider);
    // raise() opens it as ingestion does; ingestion then publishes it on the bus.
    const alarmId = await raise();
    await publishAlarms(db(), [alarmId], []);
    await eventually(async () => mine.frames.some((frame) => frame.type === 'raised'));
    expect(mine.frames.find((frame) => frame.type === 'raised')).toMatchObject({
      alarmId,
      kind: 'alarm',
      level: 'error',
      deviceName: '一号传感器',
    });
    // The other project's user hears of their own alarm, never of this one.
    const otherId = await raise({ on: otherDevice, inProject: otherProjectId });
    await publishAlarms(db(), [otherId], []);
    await eventually(async () => theirs.frames.some((frame) => frame.type === 'raised'));
    expect(theirs.frames.filter((frame) => frame.type === 'raised')).toEqual([
      expect.objectContaining({ alarmId: otherId }),
    ]);
    mine.ws.close();
    theirs.ws.close();
  });

  it('tells a device page the alarms of the devices it follows, of the types it may read, and nothing else', async () => {
    const loopProduct = await insertProduct(db(), { functions: SENSOR_FUNCTIONS, typeCode: TYPE_LOOP });
    const loop = await insertDevice(db(), { productId: loopProduct, projectId, name: '二号回路' });
    const otherLoop = await insertDevice(db(), { productId: loopProduct, projectId, name: '三号回路' });
    const readerId = await t.createUser('loopfeed', 'Reader@12345', [LOOP_ALARM_PAGE]);
    await db().insert(userProjects).values({ userId: readerId, projectId });
    // Admitted with a device page only; the ping's answer says the follow before it was taken.
    const feed = await openFeed(await t.token('loopfeed', 'Reader@12345'));
    feed.ws.send(JSON.stringify({ type: 'follow', deviceIds: [loop.id, device.id] }));
    feed.ws.send(JSON.stringify({ type: 'ping' }));
    await eventually(async () => feed.frames.some((frame) => frame.type === 'pong'));
    // A sensor's alarm (a type the loop page does not show) and an unfollowed loop's tell nothing.
    await publishAlarms(db(), [await raise(), await raise({ on: otherLoop })], []);
    const followed = await raise({ on: loop });
    await publishAlarms(db(), [], [followed]);
    await eventually(async () => feed.frames.some((frame) => frame.type === 'devices'));
    expect(feed.frames.filter((frame) => frame.type !== 'ready' && frame.type !== 'pong')).toEqual([
      { type: 'devices', deviceIds: [loop.id] },
    ]);
    feed.ws.close();
  });

  it('follows a change of the user’s projects at once, and closes when no alarm page is left', async () => {
    const movedId = await t.createUser('alarmmove', 'Mover@1234', OPERATOR_CODES);
    await db().insert(userProjects).values({ userId: movedId, projectId });
    const feed = await openFeed(await t.token('alarmmove', 'Mover@1234'));
    await db().delete(userProjects).where(eq(userProjects.userId, movedId));
    await db().insert(userProjects).values({ userId: movedId, projectId: otherProjectId });
    await t.app.cityops.access.changed([movedId]);
    // The bus delivers the change before the alarms published after it.
    const left = await raise();
    const joined = await raise({ on: otherDevice, inProject: otherProjectId });
    await publishAlarms(db(), [left, joined], []);
    await eventually(async () => feed.frames.some((frame) => frame.type === 'raised'));
    expect(feed.frames.filter((frame) => frame.type === 'raised')).toEqual([
      expect.objectContaining({ alarmId: joined }),
    ]);

    const closed = new Promise<number>((resolve) => feed.ws.once('close', (code) => resolve(code)));
    await db().delete(userRoles).where(eq(userRoles.userId, movedId));
    await t.app.cityops.access.changed([movedId]);
    expect(await closed).toBe(PUSH_CLOSE.forbidden);
  });
});
