import { EVENT_LEVELS, type EventLevel } from '../devices/thingModel.js';
import type { Names } from '../names.js';

/**
 * The alarm engine's vocabulary (platform-shell.md §4, §9): states and how they may
 * change, levels, auto-handle options and repeat frequencies. The server's transitions and the pages'
 * buttons both read this table, so a button is offered exactly when the server would accept it.
 */

/** Alarms raised by thresholds and device events, and early warnings raised by trend rules. */
export const ALARM_KINDS = ['alarm', 'warning'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

/** §4's states, with their names verbatim. */
export const ALARM_STATE_NAMES = {
  waiting: ['待处理', 'Waiting'],
  confirmed: ['已确认', 'Confirmed'],
  invalid: ['转无效', 'Invalid'],
  work_order: ['转工单', 'Work order'],
  auto_recover: ['自动恢复', 'Recovered'],
  finish: ['处理完成', 'Finished'],
} as const satisfies Record<string, Names>;
export type AlarmState = keyof typeof ALARM_STATE_NAMES;
export const ALARM_STATES = Object.keys(ALARM_STATE_NAMES) as [AlarmState, ...AlarmState[]];

/** Open alarms (alarmList, ewInfoList): at most one per device and source, enforced by the database. */
export const OPEN_ALARM_STATES = [
  'waiting',
  'confirmed',
  'work_order',
] as const satisfies readonly AlarmState[];
/** Closed alarms (historyList, ewInfoHisList): final, nothing changes them any more. */
export const CLOSED_ALARM_STATES = [
  'invalid',
  'auto_recover',
  'finish',
] as const satisfies readonly AlarmState[];
export const isOpenAlarmState = (state: AlarmState): boolean =>
  (OPEN_ALARM_STATES as readonly AlarmState[]).includes(state);

/** §4: what an operator may choose by hand. */
export const MANUAL_ALARM_ACTIONS = [
  'confirmed',
  'work_order',
  'invalid',
] as const satisfies readonly AlarmState[];
export type ManualAlarmAction = (typeof MANUAL_ALARM_ACTIONS)[number];

/** §4: what a rule does with a new alarm by itself; `waiting` leaves it to an operator. */
export const AUTO_HANDLE_OPTIONS = [
  'work_order',
  'confirmed',
  'invalid',
  'waiting',
] as const satisfies readonly AlarmState[];
export type AutoHandleOption = (typeof AUTO_HANDLE_OPTIONS)[number];
export const AUTO_HANDLE_NAMES = {
  work_order: ['自动转工单', 'Work order at once'],
  confirmed: ['自动确认', 'Confirm at once'],
  invalid: ['自动转无效', 'Invalid at once'],
  waiting: ['人工处理', 'By hand'],
} as const satisfies Record<AutoHandleOption, Names>;

/**
 * Every allowed change, from → to. By hand: the manual actions from waiting or confirmed. By the
 * engine: auto_recover when the clear condition holds (waiting, confirmed), finish when the linked
 * work order is approved, and back to confirmed when that order is cancelled (the alarm is still
 * open and needs someone). invalid, auto_recover and finish are final.
 */
export const ALARM_TRANSITIONS: { readonly [S in AlarmState]: readonly AlarmState[] } = {
  waiting: ['confirmed', 'work_order', 'invalid', 'auto_recover'],
  confirmed: ['work_order', 'invalid', 'auto_recover'],
  work_order: ['finish', 'confirmed'],
  invalid: [],
  auto_recover: [],
  finish: [],
};
export const canMoveAlarm = (from: AlarmState, to: AlarmState): boolean =>
  ALARM_TRANSITIONS[from].includes(to);
/** The states an alarm must be in for `to` to be chosen by hand (or by an auto-handle option). */
export const manualSourcesOf = (to: ManualAlarmAction): AlarmState[] =>
  // work_order → confirmed is the engine's (its order was cancelled), never an operator's choice.
  ALARM_STATES.filter((from) => from !== 'work_order' && canMoveAlarm(from, to));

/** §4 levels with their names verbatim; the most urgent first. */
export const ALARM_LEVELS = EVENT_LEVELS;
export type AlarmLevel = EventLevel;
export const ALARM_LEVEL_NAMES = {
  error: ['重要', 'Important'],
  common: ['一般', 'Ordinary'],
  tips: ['提示', 'Notice'],
} as const satisfies Record<AlarmLevel, Names>;

/** §9: how often an alarm still waiting is pushed again, by its option label, in seconds. */
export const REPEAT_FREQUENCIES = {
  '10s': 10,
  '30s': 30,
  '1m': 60,
  '5m': 300,
  '10m': 600,
  '30m': 1_800,
  '60m': 3_600,
} as const;
export type RepeatFrequency = keyof typeof REPEAT_FREQUENCIES;
export const REPEAT_FREQUENCY_OPTIONS = Object.keys(REPEAT_FREQUENCIES) as [
  RepeatFrequency,
  ...RepeatFrequency[],
];

/** The name stored as who acted when the engine did (an auto-handled alarm, an order's system step). */
export const SYSTEM_ACTOR_NAME = '系统';
