import { z } from 'zod';
import { idSchema } from './admin/paging.js';
import { todayInChina } from './chinaTime.js';
import type { TextKey } from './texts.js';

/**
 * The field rules of platform-shell.md §5, each named once: a zod schema whose refusal is a contract
 * text key, with the limits that text names in the issue's `params`. The server parses with them
 * (answering 10001 in the user's words); forms use the same schema through the CRUD kit's `zodRule`.
 * Rules over two fields (a start and an end) are checks answering the text key of the refusal, or null.
 */

/** What a rule's text names (`{{max}}`, `{{size}}`…), carried in its zod issue. */
export type RuleValues = Record<string, string | number>;

/** The values a zod issue's text names: the rule's `params`, or the bound zod itself checked. */
export function issueValues(issue: z.core.$ZodIssue): RuleValues {
  if (issue.code === 'custom') return (issue.params ?? {}) as RuleValues;
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  return {};
}

/** The most characters each kind of text takes (§5), the text push's 500 among them. */
export const TEXT_MAX = {
  text: 32,
  longText: 50,
  textarea: 200,
  name: 15,
  idCode: 18,
  deviceName: 32,
  controlCode: 128,
  search: 10,
  largeText: 20480,
  permission: 100,
  pushText: 500,
} as const;
export type TextKind = keyof typeof TEXT_MAX;

/** Texts that are required and bounded (§5): the fewest and most characters. */
export const TEXT_RANGE = {
  shortName: { min: 1, max: 30 },
  longName: { min: 1, max: 100 },
  userField: { min: 1, max: 50 },
  projectName: { min: 1, max: 200 },
} as const;
export type RangeKind = keyof typeof TEXT_RANGE;

/** A sort number is below this (§5). */
export const SORT_NUM_BELOW = 1000;
/** A text size is below this (§5). */
export const TEXT_SIZE_BELOW = 1638;
/** A lamp plan's date range spans at most this many years (§5). */
export const DATE_RANGE_MAX_YEARS = 1;
/** §5: "query span at most 7 days; history only last 7 days". */
export const HISTORY_SPAN_DAYS = 7;
export const HISTORY_REACH_DAYS = 7;
/** §5: "at most 10 devices or groups selectable". */
export const SELECT_DEVICES_MAX = 10;
/** §5: "20 devices monitored at once". */
export const MONITOR_DEVICES_MAX = 20;
/** §5: "device selection maximum 30000". */
export const DEVICE_SELECTION_MAX = 30_000;

const MB = 1024 * 1024;
/** §5: uploads of at most 50M, 100M or 20M by type: packages (editions), media, other files. */
export const UPLOAD_MAX_BYTES = { package: 100 * MB, media: 50 * MB, file: 20 * MB } as const;
export type UploadKind = keyof typeof UPLOAD_MAX_BYTES;

/** A size limit as §5 writes it: `100M`. */
export const megabytes = (bytes: number) => `${Math.round(bytes / MB)}M`;

const DAY_MS = 86_400_000;
const PERSON = /^[\p{Script=Han}A-Za-z]+(?:[ ·][\p{Script=Han}A-Za-z]+)*$/u;
const length = (value: string) => [...value].length;
const refusal = (message: TextKey, params: RuleValues) => ({ message, params });

/** Chinese or English letters only (spaces and · between words): persons in charge, people's names. */
export const isPersonName = (value: string) => PERSON.test(value);

/** Text of at most `max` characters, trimmed: 长度不能超过{{max}}个字符. */
export const maxText = (max: number) =>
  z
    .string()
    .trim()
    .refine((value) => length(value) <= max, refusal('request.tooLong', { max }));

/** Text of `min`-`max` characters, trimmed: 长度为{{min}}-{{max}}个字符. */
export const rangedText = ({ min, max }: { min: number; max: number }) =>
  z
    .string()
    .trim()
    .refine(
      (value) => length(value) >= min && length(value) <= max,
      refusal('field.lengthRange', { min, max }),
    );

/** A list of chosen ids of at most `max`, refused with `message`. */
const choice = (max: number, message: TextKey) =>
  z.array(idSchema).refine((ids) => ids.length <= max, refusal(message, { max }));

const upload = (kind: UploadKind) => {
  const max = UPLOAD_MAX_BYTES[kind];
  return z
    .number()
    .int()
    .min(0)
    .refine((bytes) => bytes <= max, refusal('upload.tooLarge', { size: megabytes(max) }));
};

/** §5's rules by name: `fieldRules.deviceName` on the server's schema and in the form's `zodRule`. */
export const fieldRules = {
  text: maxText(TEXT_MAX.text),
  longText: maxText(TEXT_MAX.longText),
  textarea: maxText(TEXT_MAX.textarea),
  name: maxText(TEXT_MAX.name),
  idCode: maxText(TEXT_MAX.idCode),
  deviceName: maxText(TEXT_MAX.deviceName),
  controlCode: maxText(TEXT_MAX.controlCode),
  search: maxText(TEXT_MAX.search),
  largeText: maxText(TEXT_MAX.largeText),
  permission: maxText(TEXT_MAX.permission),
  pushText: maxText(TEXT_MAX.pushText),
  shortName: rangedText(TEXT_RANGE.shortName),
  longName: rangedText(TEXT_RANGE.longName),
  userField: rangedText(TEXT_RANGE.userField),
  projectName: rangedText(TEXT_RANGE.projectName),
  sortNum: z
    .number()
    .int()
    .min(0)
    .max(SORT_NUM_BELOW - 1, 'field.sortNum'),
  person: z.string().trim().refine(isPersonName, 'field.person'),
  /** `YYYY-MM-DD`, not later than today in China. */
  birthDate: z.string().refine((day) => day <= todayInChina(), 'field.birthDate'),
  deviceChoice: choice(SELECT_DEVICES_MAX, 'field.tooManyChoices'),
  monitoredDevices: choice(MONITOR_DEVICES_MAX, 'field.tooManyMonitored'),
  deviceSelection: choice(DEVICE_SELECTION_MAX, 'field.tooManySelected'),
  /** At least one switch, and no more than one choice takes. */
  switchChoice: choice(SELECT_DEVICES_MAX, 'field.tooManyChoices').refine(
    (ids) => ids.length > 0,
    'command.deviceRequired',
  ),
  packageUpload: upload('package'),
  mediaUpload: upload('media'),
  fileUpload: upload('file'),
  brightness: z.number().refine((value) => value > 0, 'field.brightness'),
  textSize: z
    .number()
    .refine((value) => value < TEXT_SIZE_BELOW, refusal('field.textSize', { below: TEXT_SIZE_BELOW })),
};

/** End later than start (§5), for moments or `YYYY-MM-DD` days alike. */
export const checkEndAfterStart = (start: string | number, end: string | number): TextKey | null =>
  end > start ? null : 'field.endAfterStart';

/** A lamp plan's days (`YYYY-MM-DD`): the end after the start and at most a year later (§5). */
export function checkDateRange(startDay: string, endDay: string): TextKey | null {
  const order = checkEndAfterStart(startDay, endDay);
  if (order) return order;
  const last = new Date(`${startDay}T00:00:00Z`);
  last.setUTCFullYear(last.getUTCFullYear() + DATE_RANGE_MAX_YEARS);
  return endDay <= last.toISOString().slice(0, 10) ? null : 'field.dateRangeTooLong';
}

/**
 * A history query (epoch ms): the end after the start, a span of at most HISTORY_SPAN_DAYS, nothing
 * older than HISTORY_REACH_DAYS before `now`.
 */
export function checkHistoryRange(start: number, end: number, now: number): TextKey | null {
  const order = checkEndAfterStart(start, end);
  if (order) return order;
  if (end - start > HISTORY_SPAN_DAYS * DAY_MS) return 'history.spanTooLong';
  if (start < now - HISTORY_REACH_DAYS * DAY_MS) return 'history.tooOld';
  return null;
}

/** An object's refinement from a two-field check, the refusal on the end's field. */
export const rangeRefinement =
  <Start extends string, End extends string, V>(
    start: Start,
    end: End,
    check: (start: V, end: V) => TextKey | null,
  ) =>
  (value: { [K in Start | End]: V | null | undefined }, ctx: z.RefinementCtx) => {
    const [from, to] = [value[start], value[end]];
    if (from === null || from === undefined || to === null || to === undefined) return;
    const message = check(from, to);
    if (message) ctx.addIssue({ code: 'custom', path: [end], message });
  };
