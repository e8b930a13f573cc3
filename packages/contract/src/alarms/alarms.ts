import { z } from 'zod';
import { TEXT_MAX } from '../fieldRules.js';
import { noQuery, permission } from '../endpoint.js';
import { defineExport, exportFilter } from '../export.js';
import { BUTTON_CODES } from '../admin/buttons.js';
import { getById, postBody } from '../admin/endpointKit.js';
import { momentFilter, optionalText, requiredText } from '../admin/fields.js';
import {
  BATCH_MAX,
  idFilter,
  idListSchema,
  idSchema,
  pageRequestSchema,
  pageSchema,
  textFilter,
} from '../admin/paging.js';
import { DEVICE_MANAGE_PAGE, WELL_LID_ALARM_PAGE, WELL_LID_MONITOR_PAGE } from '../devices/devices.js';
import { followFrameSchema, telemetryValueSchema } from '../devices/telemetry.js';
import { DEVICE_TYPE_CODES, TYPE_LAMP, TYPE_LOOP, TYPE_WELL_LID, type DeviceType } from '../devices/types.js';
import { ALARM_KINDS, ALARM_LEVELS, ALARM_STATES, MANUAL_ALARM_ACTIONS, type AlarmKind } from './states.js';
import { givenName } from '../names.js';

/**
 * Alarms and early warnings: the open lists (alarmList, ewInfoList), the closed
 * ones (historyList, ewInfoHisList), one alarm's detail, the operators' actions on them and the live
 * socket the open lists listen on. The device pages that list a device's alarms read the same rows.
 */

export const ALARM_PAGE = 'alarmList';
export const ALARM_HISTORY_PAGE = 'historyList';
export const WARNING_PAGE = 'ewInfoList';
export const WARNING_HISTORY_PAGE = 'ewInfoHisList';
export const ALARM_PAGE_BUTTONS = BUTTON_CODES.alarmList;
export const ALARM_HISTORY_PAGE_BUTTONS = BUTTON_CODES.historyList;
export const WARNING_BUTTONS = BUTTON_CODES.ewInfoList;
export const WARNING_HISTORY_BUTTONS = BUTTON_CODES.ewInfoHisList;

export const LAMP_ALARM_PAGE = 'iot_lamp_alarmRecord';
export const LOOP_ALARM_PAGE = 'loopAlarm';

/**
 * The device pages that list a device's alarms, with the device types each
 * shows (null: every type). A user who reads alarms only through such pages reads only their types;
 * the alarm pages themselves show every type.
 */
export const DEVICE_ALARM_PAGE_TYPES = {
  [WELL_LID_ALARM_PAGE]: [TYPE_WELL_LID],
  [WELL_LID_MONITOR_PAGE]: [TYPE_WELL_LID],
  [DEVICE_MANAGE_PAGE]: null,
  [LAMP_ALARM_PAGE]: [TYPE_LAMP],
  [LOOP_ALARM_PAGE]: [TYPE_LOOP],
} as const satisfies Record<string, readonly DeviceType[] | null>;
export type DeviceAlarmPage = keyof typeof DEVICE_ALARM_PAGE_TYPES;
export const DEVICE_ALARM_PAGES = Object.keys(DEVICE_ALARM_PAGE_TYPES) as [
  DeviceAlarmPage,
  ...DeviceAlarmPage[],
];
/** Every page one alarm's detail may be opened from. */
const ALARM_READERS = [
  ALARM_PAGE,
  ALARM_HISTORY_PAGE,
  WARNING_PAGE,
  WARNING_HISTORY_PAGE,
  ...DEVICE_ALARM_PAGES,
] as const;

export const alarmRowSchema = z.object({
  alarmId: z.number().int(),
  kind: z.enum(ALARM_KINDS),
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceKey: z.string(),
  typeCode: z.enum(DEVICE_TYPE_CODES),
  projectId: z.number().int(),
  projectName: z.string(),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  /** The device's address, for "where". */
  address: z.string(),
  /** The rule's name, or the event's name for alarms devices raise themselves. */
  title: z.string(),
  /** The same in English ('' when the rule or event has no English name): show with alarmTitle. */
  titleEn: z.string(),
  /** `rule:<id>` or `event:<identifier>`: one open alarm per device and source. */
  source: z.string(),
  ruleId: z.number().int().nullable(),
  level: z.enum(ALARM_LEVELS),
  state: z.enum(ALARM_STATES),
  /** The value that last met the condition (null for events). */
  value: telemetryValueSchema.nullable(),
  /** How many times the condition was met while the alarm was open. */
  count: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
  /**
   * When the device's condition cleared. Kept apart from the state: an alarm in a work order stays
   * work_order until the order is done, and this says its device has recovered meanwhile.
   */
  recoveredAt: z.string().nullable(),
  /** When an operator (or the rule's auto-handle option) first acted on it, and who. */
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
  /** When it reached a final state. */
  closedAt: z.string().nullable(),
  workOrderId: z.number().int().nullable(),
  workOrderNo: z.string().nullable(),
});
export type AlarmRow = z.output<typeof alarmRowSchema>;

/** An alarm's title (its type: the rule's or event's name) in the locale in use, English when it has one. */
export const alarmTitle = (alarm: { title: string; titleEn: string }, locale: string): string =>
  givenName({ name: alarm.title, nameEn: alarm.titleEn }, locale);
/** The device pages' rows are the engine's rows. */
export type DeviceAlarmRow = AlarmRow;

export const ALARM_SORTABLE = ['lastAt', 'firstAt', 'count', 'level', 'closedAt'] as const;
export const alarmFilterShape = {
  projectId: idFilter,
  areaId: idFilter,
  deviceId: idFilter,
  /** Of these devices only: a page of devices asking for their alarms (at most a page's worth). */
  deviceIds: z.array(idSchema).min(1).max(BATCH_MAX).optional(),
  /** Open alarms only (waiting, confirmed, work_order): for the device lists' alarm markers. */
  openOnly: z.boolean().optional(),
  typeCode: z
    .enum(DEVICE_TYPE_CODES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Within the list's states (open or closed); another state answers an empty page. */
  state: z
    .enum(ALARM_STATES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  level: z
    .enum(ALARM_LEVELS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The alarm's title (its type: rule or event name) or source. */
  title: textFilter(30),
  /** lastAt (open lists) or firstAt (history) from … to, inclusive. */
  from: momentFilter,
  to: momentFilter,
  /** Device name, key or address containing this text. */
  keyword: textFilter(50),
};
export const alarmListRequestSchema = pageRequestSchema(alarmFilterShape, ALARM_SORTABLE);
export type AlarmListRequest = z.input<typeof alarmListRequestSchema>;

/** One change of an alarm, or a comment on it: who, when and why. */
export const alarmEventSchema = z.object({
  eventId: z.number().int(),
  at: z.string(),
  /** null: the engine (auto-handle, recovery, repeat, its work order). */
  actor: z.string().nullable(),
  action: z.enum(['raised', 'moved', 'recovered', 'comment', 'repushed']),
  fromState: z.enum(ALARM_STATES).nullable(),
  toState: z.enum(ALARM_STATES).nullable(),
  reason: z.string(),
  comment: z.string(),
});
export type AlarmEvent = z.output<typeof alarmEventSchema>;

/** At most this many occurrences are kept per alarm (the newest); `count` still counts them all. */
export const ALARM_OCCURRENCES_KEPT = 200;
/** The telemetry shown around an alarm: this long before its first and after its last occurrence. */
export const ALARM_TELEMETRY_MARGIN_MS = 30 * 60_000;

export const alarmDetailSchema = z.object({
  alarm: alarmRowSchema,
  events: z.array(alarmEventSchema),
  occurrences: z.array(z.object({ at: z.string(), value: telemetryValueSchema.nullable() })),
  /** The watched property's values around the alarm; null for events and offline alarms. */
  telemetry: z
    .object({
      identifier: z.string(),
      name: z.string(),
      unit: z.string(),
      points: z.array(z.object({ t: z.number(), v: z.number() })),
    })
    .nullable(),
  workOrder: z
    .object({
      orderId: z.number().int(),
      orderNo: z.string(),
      state: z.string(),
      assignee: z.string().nullable(),
    })
    .nullable(),
});
export type AlarmDetail = z.output<typeof alarmDetailSchema>;

/** The reason of 转无效 (required), a comment (optional), §5's textarea length. */
export const ALARM_NOTE_MAX = TEXT_MAX.textarea;

/**
 * An operator's choice for one or more alarms (a batch is chosen on one page). Each alarm moves only
 * from a state that allows it, checked and changed in one statement, so of two operators acting on
 * one alarm at once one wins and the other is told.
 */
export const handleAlarmsSchema = z
  .object({
    alarmIds: idListSchema,
    action: z.enum(MANUAL_ALARM_ACTIONS),
    reason: optionalText(ALARM_NOTE_MAX),
    comment: optionalText(ALARM_NOTE_MAX),
    /** work_order: who the new order goes to at once (dispatched); none: it waits to be dispatched. */
    assigneeId: idSchema.nullable().default(null),
  })
  .strict()
  .refine((body) => body.action !== 'invalid' || body.reason !== '', {
    message: 'alarm.reasonRequired',
    path: ['reason'],
  });
export type HandleAlarms = z.input<typeof handleAlarmsSchema>;

/**
 * What became of each alarm. A single alarm that could not move is refused as a whole (with the
 * reason, e.g. someone else confirmed it first); in a batch the others still move and these are listed.
 */
export const handleResultSchema = z.object({
  done: z.array(alarmRowSchema),
  refused: z.array(z.object({ alarmId: z.number().int(), reason: z.string() })),
});
export type HandleResult = z.output<typeof handleResultSchema>;

export const alarmCommentSchema = z
  .object({ alarmId: idSchema, comment: requiredText(ALARM_NOTE_MAX) })
  .strict();

/** The endpoints of one kind's two lists: open (handled there) and closed. */
const listsOf = (kind: AlarmKind) => {
  const base = kind === 'alarm' ? '/om/alarm' : '/om/warning';
  const [open, closed, buttons, historyButtons] =
    kind === 'alarm'
      ? ([ALARM_PAGE, ALARM_HISTORY_PAGE, ALARM_PAGE_BUTTONS, ALARM_HISTORY_PAGE_BUTTONS] as const)
      : ([WARNING_PAGE, WARNING_HISTORY_PAGE, WARNING_BUTTONS, WARNING_HISTORY_BUTTONS] as const);
  return {
    page: postBody(`${base}/pageList`, open, alarmListRequestSchema, pageSchema(alarmRowSchema)),
    history: postBody(`${base}/history/pageList`, closed, alarmListRequestSchema, pageSchema(alarmRowSchema)),
    handle: postBody(`${base}/handle`, buttons.handle, handleAlarmsSchema, handleResultSchema),
    export: defineExport({
      method: 'POST',
      path: `${base}/export`,
      access: permission(buttons.export),
      query: noQuery,
      body: exportFilter(alarmListRequestSchema),
    }),
    historyExport: defineExport({
      method: 'POST',
      path: `${base}/history/export`,
      access: permission(historyButtons.export),
      query: noQuery,
      body: exportFilter(alarmListRequestSchema),
    }),
  };
};

export const alarmEndpoints = {
  ...listsOf('alarm'),
  detail: getById('/om/alarm/detail/:id', [...ALARM_READERS], alarmDetailSchema),
  comment: postBody(
    '/om/alarm/comment',
    [ALARM_PAGE, ALARM_HISTORY_PAGE, WARNING_PAGE, WARNING_HISTORY_PAGE],
    alarmCommentSchema,
    alarmEventSchema,
  ),
} as const;

/** Early warnings: the same rows and calls under their own pages and buttons. */
export const warningEndpoints = listsOf('warning');

/** Alarms of devices, every state (the well-lid alarm record filters by type 0501; lamp and loop alarms). */
export const deviceAlarmEndpoints = {
  page: postBody(
    '/iot/alarm/pageList',
    [...DEVICE_ALARM_PAGES],
    alarmListRequestSchema,
    pageSchema(alarmRowSchema),
  ),
} as const;

/** One answer's worth of the telemetry points around an alarm. */
export const ALARM_TELEMETRY_POINTS_MAX = 500;

// ---- The live socket of the open lists ----

/**
 * `{api}/push/alarms`: signed in like the message socket (push.ts), for holders of an alarm page or of
 * a device page that lists alarms (DEVICE_ALARM_PAGES).
 */
export const ALARM_FEED_PATH = '/push/alarms';

export const alarmFeedClientFrameSchema = z.union([
  z.object({ accessToken: z.string().min(1).max(512) }).strict(),
  z.object({ type: z.literal('ping') }).strict(),
  // The devices on the page, whose alarms the socket then reports as `devices` frames.
  followFrameSchema,
]);
export type AlarmFeedClientFrame = z.infer<typeof alarmFeedClientFrameSchema>;

/**
 * `raised`: a new alarm opened (the page adds it and sounds by its level); `changed`: alarms of the
 * user's projects changed (counted again, moved, recovered, pushed again), for the lists to read again.
 * Only alarms of projects the user sees, and only kinds whose pages the user holds; `devices` only
 * for the device types the user may read alarms of (as the device alarm list answers them).
 */
export const alarmFeedServerFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('raised'),
    alarmId: z.number().int(),
    kind: z.enum(ALARM_KINDS),
    level: z.enum(ALARM_LEVELS),
    title: z.string(),
    titleEn: z.string(),
    deviceName: z.string(),
  }),
  z.object({
    type: z.literal('changed'),
    kind: z.enum(ALARM_KINDS),
    alarmIds: z.array(z.number().int()),
  }),
  /** Alarms of followed devices opened or changed (either kind), for the device pages' markers. */
  z.object({ type: z.literal('devices'), deviceIds: z.array(z.number().int()) }),
  z.object({ type: z.literal('pong') }),
]);
export type AlarmFeedServerFrame = z.infer<typeof alarmFeedServerFrameSchema>;
