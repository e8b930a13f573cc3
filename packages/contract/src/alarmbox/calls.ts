import { z } from 'zod';
import { defineEndpoint, getQuery, noQuery, permission } from '../endpoint.js';
import { defineExport, exportFilter } from '../export.js';
import { BUTTON_CODES } from '../admin/buttons.js';
import { postBody } from '../admin/endpointKit.js';
import { idFilter, idSchema, pageRequestSchema, pageSchema, textFilter } from '../admin/paging.js';
import { cameraEntrySchema } from '../video.js';
import { momentFilter } from '../admin/fields.js';
import type { Names } from '../names.js';

/**
 * One-key alarm calls (video-talk-alarm-header.md §4.2, §4.6, §7, §9). A citizen presses
 * the button of an alarm column (device type 0801); the call rings at every operator of the box's
 * project who holds an alarm page; one answers (updateAlarmPeople) and talks with the box through the
 * listen and talk sockets while the box's camera plays. Every call is a record.
 *
 * Where things are (the page settings' `alarmServiceUrl` and `alarmboxUrl`, both `/api` by default):
 * - `{alarmServiceUrl}${ALARM_RESULT_PATH}`: the alarm-result socket, SockJS (§7);
 * - `{alarmboxUrl}${ALARM_TALK_PATH}` and `${ALARM_LISTEN_PATH}`: the intercom sockets (plain WebSocket);
 * - `{alarmboxUrl}/onKeyAlarm/...`: the endpoints below.
 */

// ---- pages and permission codes ----

/** The page codes of the alarm-box pages (route table) and of 远程喊话. */
export const ALARM_PAGES = {
  monitor: 'monitor',
  monitorOld: 'monitorOld',
  receiver: 'monitorReceiver',
  history: 'history',
  yelling: 'yelling',
} as const;
/** Who hears calls ring and may answer: a holder of any page that answers. */
export const ALARM_ANSWER_CODES = [
  ALARM_PAGES.monitor,
  ALARM_PAGES.monitorOld,
  ALARM_PAGES.receiver,
] as const;
export const ALARM_HISTORY_BUTTONS = BUTTON_CODES.history;
export const ALARM_MONITOR_BUTTONS = BUTTON_CODES.monitor;

/** The device type of an alarm column (devices/types.ts). */
export const TYPE_ALARM_BOX = '0801';

// ---- constants (§9) ----

export const ALARM_RESULT_PATH = '/sockjs/websocket/onekey/alarm/result';
export const ALARM_TALK_PATH = '/websocket/alarm/talk';
export const ALARM_LISTEN_PATH = '/websocket/alarm/listen';
/** §9: the alarm-result socket opens 2 s after mount. */
export const ALARM_SOCKET_OPEN_DELAY_MS = 2_000;
/** §9: notices are staggered by 1000 ms, bottom-right, never closed by themselves. */
export const ALARM_NOTICE_STAGGER_MS = 1_000;
/** §9: the closing countdown of a notice whose call ended or was answered elsewhere (已结束(5)). */
export const ALARM_NOTICE_COUNTDOWN_S = 5;
/** A call nobody answers ends as missed after this long (the box stops ringing). */
export const ALARM_RING_MAX_MS = 180_000;
/** The longest call; the server ends it then (a box or a browser left talking). */
export const ALARM_CALL_MAX_MS = 2 * 60 * 60_000;
/**
 * How long an answered call waits for its operator's intercom to come back once the last of its
 * sockets closed (a reload, a network blip) before it ends as `connectionLost` and the box is told to
 * hang up: long enough for a page reload to give the dialog back, short enough that a citizen is not
 * left talking to a closed browser.
 */
export const ALARM_OPERATOR_GRACE_MS = 15_000;

/** §9 intercom audio: 8 kHz mono signed 16-bit little-endian PCM, 20 ms frames. */
export const TALK_SAMPLE_RATE = 8_000;
export const TALK_FRAME_MS = 20;
export const TALK_FRAME_SAMPLES = (TALK_SAMPLE_RATE * TALK_FRAME_MS) / 1000;
export const TALK_FRAME_BYTES = TALK_FRAME_SAMPLES * 2;
/** The largest binary frame either intercom socket takes (a client may batch up to 100 ms). */
export const TALK_MAX_FRAME_BYTES = TALK_FRAME_BYTES * 5;
/** Boxes one talk socket may shout to at once (远程喊话). */
export const YELL_MAX_BOXES = 50;

// ---- §4.6 event status ----

export const EVENT_STATUS = {
  /** Ringing: a notice with an answer button. */
  ringing: 1,
  /** Ended (the box hung up, the operator hung up, nobody answered, the box went offline). */
  ended: 0,
  /** Answered (by someone: the answerer knows it is their current call). */
  answered: 9,
} as const;
export const eventStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(9)]);
export type EventStatus = z.infer<typeof eventStatusSchema>;

/** How a call ended, for the records. */
export const CALL_END_REASONS = {
  box: ['报警柱挂断', 'Hung up at the box'],
  operator: ['值班员挂断', 'Hung up by the operator'],
  missed: ['无人接听', 'Not answered'],
  offline: ['报警柱离线', 'Box went offline'],
  timeout: ['通话超时', 'Call too long'],
  connectionLost: ['值班员连接中断', "Operator's connection lost"],
} as const satisfies Record<string, Names>;
export type CallEndReason = keyof typeof CALL_END_REASONS;
export const CALL_END_REASON_CODES = Object.keys(CALL_END_REASONS) as [CallEndReason, ...CallEndReason[]];

/** A box's state on the monitor pages. */
export const BOX_STATES = {
  idle: ['空闲', 'Idle'],
  ringing: ['呼叫中', 'Ringing'],
  inCall: ['通话中', 'In call'],
  offline: ['离线', 'Offline'],
} as const satisfies Record<string, Names>;
export type BoxState = keyof typeof BOX_STATES;
export const BOX_STATE_CODES = Object.keys(BOX_STATES) as [BoxState, ...BoxState[]];

// ---- records ----

/** §3 "Alarm-talk message: deviceDto{id, controlCode, devName, areaName, accessWay}", with the place. */
export const alarmBoxDtoSchema = z.object({
  id: z.number().int(),
  controlCode: z.string().nullable(),
  devName: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  areaName: z.string(),
  siteName: z.string(),
  address: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  /** The box camera's platform, null without a camera. */
  accessWay: z.string().nullable(),
  /** The box's camera as the video dialog plays it; null when none is bound (or not visible). */
  camera: cameraEntrySchema.nullable(),
});
export type AlarmBoxDto = z.infer<typeof alarmBoxDtoSchema>;

/** Where a box stands as the operator reads it (area, site, address), '' when nothing is known. */
export const alarmBoxPlace = (box: Pick<AlarmBoxDto, 'areaName' | 'siteName' | 'address'>): string =>
  [box.areaName, box.siteName, box.address]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' / ');

/** §3 "Alarm record": times `YYYY-MM-DD HH:mm:ss` China time. */
export const alarmRecordSchema = z.object({
  id: z.number().int(),
  devId: z.number().int(),
  deviceDto: alarmBoxDtoSchema,
  eventStatus: eventStatusSchema,
  /** When the record was written. */
  createTime: z.string(),
  /** When the button was pressed (the box's clock, within reason). */
  happenTime: z.string(),
  /** When the call ended; null while it rings or talks. */
  endTime: z.string().nullable(),
  /** When it was answered; null until then. */
  notifyTime: z.string().nullable(),
  /** Who answered (user id and name), null until answered. */
  answeredBy: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
  endReason: z.enum(CALL_END_REASON_CODES).nullable(),
  /** True when an operator called the box (interfaceType 0), not a citizen. */
  outgoing: z.boolean(),
});
export type AlarmRecord = z.infer<typeof alarmRecordSchema>;

// ---- the alarm-result socket (SockJS) ----

/** On open: `{devIds, accessToken}` (devIds empty: every box the user may see); then pings. */
export const alarmClientFrameSchema = z.union([
  z.object({ accessToken: z.string().min(1).max(512), devIds: z.array(idSchema).max(5_000) }).strict(),
  z.object({ type: z.literal('ping') }).strict(),
]);
export type AlarmClientFrame = z.infer<typeof alarmClientFrameSchema>;

/**
 * `status_code` 1 with `data[]`: after sign-in, the calls ringing or in progress (so a reconnect
 * misses none); then each call whose status changed. A pong carries `type: 'pong'` and no records.
 */
export const alarmServerFrameSchema = z.object({
  status_code: z.literal(1),
  type: z.enum(['calls', 'pong']).default('calls'),
  data: z.array(alarmRecordSchema),
});
export type AlarmServerFrame = z.infer<typeof alarmServerFrameSchema>;

// ---- the intercom sockets ----

/**
 * The first (text) frame of `/listen` and `/talk`: §7 "send access token, devIds, terminals (comma
 * list)". Then binary frames of TALK_SAMPLE_RATE mono s16le PCM: the listen socket receives the box's
 * voice, the talk socket sends the operator's. `terminals`: the boxes' control codes, as the box
 * vendor's protocol names its terminals; the server checks they name the same boxes as `devIds`.
 *
 * Who may open them: listen and talk to a box whose call the user answered; talk without a call (远程喊话,
 * up to YELL_MAX_BOXES idle online boxes) for holders of `yelling`. Refusals close with a 44xx code
 * and the reason, as the message socket does (PUSH_CLOSE); `ALARM_TALK_CLOSE.callEnded` when the
 * call ends while open.
 */
export const talkOpenFrameSchema = z
  .object({
    accessToken: z.string().min(1).max(512),
    devIds: z.array(idSchema).min(1).max(YELL_MAX_BOXES),
    terminals: z
      .string()
      .max(YELL_MAX_BOXES * 130)
      .default(''),
  })
  .strict();
export type TalkOpenFrame = z.infer<typeof talkOpenFrameSchema>;

/** What the server sends as text on the intercom sockets: `ready` once relaying, then `ended`. */
export const talkServerFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), devIds: z.array(z.number().int()) }),
  z.object({ type: z.literal('ended'), devId: z.number().int(), reason: z.enum(CALL_END_REASON_CODES) }),
]);
export type TalkServerFrame = z.infer<typeof talkServerFrameSchema>;

/**
 * The alarm-result socket's close when events may have been missed (WebSocket 1012, service restart):
 * not final, the client reconnects and gets the whole list again.
 */
export const ALARM_RESYNC_CLOSE = 1012;

export const ALARM_TALK_CLOSE = {
  /** Not this user's call, not a box they may shout to, or the box is busy or offline. */
  forbidden: 4403,
  /** The call ended: the box or the operator hung up. */
  callEnded: 4410,
} as const;

// ---- endpoints ----

/** §7: `alarmId[]`, `devId[]`, `interfaceType` 1 when the alarm has an id (answer it), else 0 (call the box). */
export const updateAlarmPeopleSchema = z
  .object({
    alarmId: z.array(idSchema).max(1).default([]),
    devId: z.array(idSchema).min(1).max(1),
    interfaceType: z.union([z.literal(0), z.literal(1)]),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.interfaceType === 1 && value.alarmId.length !== 1)
      ctx.addIssue({ code: 'custom', path: ['alarmId'], message: 'alarmbox.alarmIdRequired' });
  });
export type UpdateAlarmPeople = z.input<typeof updateAlarmPeopleSchema>;

export const hangUpSchema = z.object({ alarmId: idSchema }).strict();

/** A box on the monitor pages: where it is, its state, and the call ringing or in progress. */
export const alarmBoxRowSchema = alarmBoxDtoSchema.extend({
  deviceKey: z.string(),
  online: z.boolean(),
  state: z.enum(BOX_STATE_CODES),
  /** The call ringing or in progress at the box, if any. */
  call: alarmRecordSchema.nullable(),
  /** The last call's time (press), null when never. */
  lastCallTime: z.string().nullable(),
});
export type AlarmBoxRow = z.infer<typeof alarmBoxRowSchema>;

export const ALARM_BOX_SORTABLE = ['devName', 'lastCallTime'] as const;
export const alarmBoxFilterShape = {
  projectId: idFilter,
  areaId: idFilter,
  state: z
    .enum(BOX_STATE_CODES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Name, control code, site or address containing this text. */
  keyword: textFilter(50),
};
export const alarmBoxListRequestSchema = pageRequestSchema(alarmBoxFilterShape, ALARM_BOX_SORTABLE);
export type AlarmBoxListRequest = z.input<typeof alarmBoxListRequestSchema>;

/** The most boxes the monitor's map draws at once. */
export const ALARM_BOX_MAP_MAX = 5_000;

/** A call in the records (报警历史). */
export const alarmCallRowSchema = alarmRecordSchema.extend({
  /** Seconds from press to answer (or to the end when never answered). */
  ringSeconds: z.number().int(),
  /** Seconds of talk (answer to end); null when never answered. */
  talkSeconds: z.number().int().nullable(),
});
export type AlarmCallRow = z.infer<typeof alarmCallRowSchema>;

export const ALARM_CALL_SORTABLE = ['happenTime', 'talkSeconds'] as const;
export const alarmCallFilterShape = {
  projectId: idFilter,
  devId: idFilter,
  /** answered: someone answered; missed: nobody did; ongoing: ringing or talking now. */
  outcome: z
    .enum(['answered', 'missed', 'ongoing'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  endReason: z
    .enum(CALL_END_REASON_CODES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** happenTime from … to (inclusive). */
  from: momentFilter,
  to: momentFilter,
  /** Box name or control code, or the answerer's name, containing this text. */
  keyword: textFilter(50),
};
export const alarmCallListRequestSchema = pageRequestSchema(alarmCallFilterShape, ALARM_CALL_SORTABLE);
export type AlarmCallListRequest = z.input<typeof alarmCallListRequestSchema>;

export const alarmCallExport = defineExport({
  method: 'POST',
  path: '/onKeyAlarm/history/export',
  access: permission(ALARM_HISTORY_BUTTONS.export),
  query: noQuery,
  body: exportFilter(alarmCallListRequestSchema),
});

const answerAccess = permission(...ALARM_ANSWER_CODES);

export const alarmCallEndpoints = {
  /** Answer a ringing call (interfaceType 1), or call an idle online box (0). Answers the record. */
  updateAlarmPeople: defineEndpoint({
    method: 'POST',
    path: '/onKeyAlarm/real/updateAlarmPeople',
    access: answerAccess,
    query: noQuery,
    body: updateAlarmPeopleSchema,
    data: alarmRecordSchema,
  }),
  /** The answerer ends their call. */
  hangUp: postBody('/onKeyAlarm/real/hangUp', ALARM_ANSWER_CODES, hangUpSchema, alarmRecordSchema),
  /** The calls ringing or in progress that the user may see (what the socket's first frame says). */
  current: defineEndpoint({
    method: 'GET',
    path: '/onKeyAlarm/real/current',
    access: answerAccess,
    query: noQuery,
    body: z.undefined(),
    data: z.array(alarmRecordSchema),
  }),
  /** The boxes of the user's projects with their state (报警监控, classic table). */
  boxes: postBody(
    '/onKeyAlarm/box/pageList',
    ALARM_ANSWER_CODES,
    alarmBoxListRequestSchema,
    pageSchema(alarmBoxRowSchema),
  ),
  /** The located boxes for the map (at most ALARM_BOX_MAP_MAX), with their state, by the list's
   * filters: of one area (and the areas under it) when `areaId` is given, of a state, a keyword. */
  boxMap: defineEndpoint({
    method: 'GET',
    path: '/onKeyAlarm/box/map',
    access: answerAccess,
    query: getQuery(alarmBoxFilterShape),
    body: z.undefined(),
    data: z.object({ list: z.array(alarmBoxRowSchema), total: z.number().int() }),
  }),
  /** Binds a camera of the box's project to the box (null: none). */
  bindCamera: postBody(
    '/onKeyAlarm/box/bindCamera',
    ALARM_MONITOR_BUTTONS.camera,
    z.object({ devId: idSchema, cameraCode: z.string().trim().min(1).max(128).nullable() }).strict(),
    alarmBoxRowSchema,
  ),
  /** Call records (报警历史). */
  history: postBody(
    '/onKeyAlarm/history/pageList',
    ALARM_PAGES.history,
    alarmCallListRequestSchema,
    pageSchema(alarmCallRowSchema),
  ),
  /** The boxes 远程喊话 may shout to: online and idle boxes of the user's projects. */
  yellTargets: defineEndpoint({
    method: 'GET',
    path: '/onKeyAlarm/yell/boxes',
    access: permission(ALARM_PAGES.yelling),
    query: getQuery({ projectId: idFilter, keyword: textFilter(50) }),
    body: z.undefined(),
    data: z.array(alarmBoxRowSchema),
  }),
} as const;
