import { z } from 'zod';
import { TEXT_MAX } from './fieldRules.js';
import { defineEndpoint, getQuery, noQuery, permission } from './endpoint.js';
import { ID_MAX } from './admin/paging.js';
import type { Locale } from './texts.js';

/**
 * Video (video-talk-alarm-header.md §3, §7): the players' requests to the server, the server's answers,
 * the camera tree, the stored platform settings, and the rules both sides share. The server checks every
 * request with these schemas; the players (`@cityops/video`) are typed by them.
 */

export const PLATFORM_HIK = 'hik_isc_huati';
export const PLATFORM_ICC = 'dh_icc_huati';
export const VIDEO_PLATFORMS = [PLATFORM_HIK, PLATFORM_ICC] as const;
export const videoPlatformSchema = z.enum(VIDEO_PLATFORMS);
export type VideoPlatform = z.infer<typeof videoPlatformSchema>;

/**
 * Permission codes of the video endpoints: the videoMonitor pages of the seeded tree, so whoever may
 * open a page may make its calls. PTZ and talk ride on the live-view page (its ptz/talk buttons only
 * hide controls); the platform settings are the administrators' 参数管理 page.
 */
export const VIDEO_PERMISSIONS = {
  /** The video monitor menu group: the camera tree. */
  monitor: 'iotcloud_iot_videoMonitor',
  live: 'iot_videoMonitor_playReal',
  playback: 'iot_videoMonitor_playBack',
  settings: 'parameterManage',
} as const;

/** Longest device control code (platform-shell.md §5) and how many windows one call may fill (§9). */
export const CONTROL_CODE_MAX = TEXT_MAX.controlCode;
export const VIDEO_CODES_MAX = 25;
export const PRESET_MIN = 1;
export const PRESET_MAX = 25;
export const PTZ_SPEED_MIN = 1;
export const PTZ_SPEED_MAX = 8;
/** Playback rate between 1/8x and 8x (§9). */
export const PLAYBACK_RATE_MIN = 0.125;
export const PLAYBACK_RATE_MAX = 8;
/** The platforms answer at most this long a playback range per request. */
export const PLAYBACK_RANGE_MAX_MS = 3 * 24 * 3_600_000;

const controlCode = z.string().trim().min(1).max(CONTROL_CODE_MAX);
const codeList = z.array(controlCode).min(1).max(VIDEO_CODES_MAX);
const shortText = z.string().max(200);

// ---- times ----

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;
const PAGE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
/** The platforms are in China: a time written without a zone is China time. */
export const PLATFORM_UTC_OFFSET = '+08:00';

/**
 * Epoch ms of a playback time: ISO 8601 with a zone (`2026-11-22T08:00:00.000+08:00`, what the players
 * send) or the pages' `YYYY-MM-DD HH:mm:ss`, read as China time. Null for anything else.
 */
export function parseVideoTime(value: string): number | null {
  const page = PAGE_TIME.exec(value);
  const iso = page ? `${value.replace(' ', 'T')}${PLATFORM_UTC_OFFSET}` : value;
  if (!page && !ISO_WITH_ZONE.test(value)) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
}

export const videoTimeSchema = z
  .string()
  .max(40)
  .superRefine((value, ctx) => {
    if (parseVideoTime(value) === null)
      ctx.addIssue({ code: 'invalid_format', format: 'datetime', input: value });
  })
  .meta({ examples: ['2026-06-01 08:00:00', '2026-06-01 09:30:00', '2026-06-01T10:00:00.000+08:00'] });

/** The end must follow the start, within the platforms' longest range. */
function checkRange(begin: string, end: string, ctx: z.RefinementCtx, path: PropertyKey[]) {
  const from = parseVideoTime(begin);
  const to = parseVideoTime(end);
  if (from === null || to === null) return;
  if (to <= from || to - from > PLAYBACK_RANGE_MAX_MS)
    ctx.addIssue({ code: 'custom', path, message: 'range' });
}

// ---- device entries and the camera tree ----

const coordinate = z.union([z.string(), z.number()]);

/** A device entry for video (§3), as pages hand it to a player. */
export const videoDeviceSchema = z.object({
  controlCode: z.string().optional(),
  devName: z.string().optional(),
  startTime: z.union([z.string(), z.number()]).optional(),
  endTime: z.union([z.string(), z.number()]).optional(),
  recordLocation: z.union([z.string(), z.number()]).optional(),
  deviceDto: z
    .object({
      controlCode: z.string().optional(),
      lng: coordinate.optional(),
      lat: coordinate.optional(),
      devName: z.string().optional(),
      siteName: z.string().optional(),
      areaName: z.string().optional(),
      accessWay: z.string().optional(),
    })
    .optional(),
});
export type VideoDevice = z.infer<typeof videoDeviceSchema>;

/** The device's camera code: its controlCode, else its deviceDto's. */
export function deviceCode(device: VideoDevice): string {
  return device.controlCode ?? device.deviceDto?.controlCode ?? '';
}

/** A camera of the tree: a full device entry, plus whether it can pan, tilt and zoom. */
export const cameraEntrySchema = z.object({
  controlCode: z.string(),
  devName: z.string(),
  recordLocation: z.number().int(),
  hasPtz: z.boolean(),
  deviceDto: z.object({
    controlCode: z.string(),
    lng: z.number().nullable(),
    lat: z.number().nullable(),
    devName: z.string(),
    siteName: z.string(),
    areaName: z.string(),
    accessWay: videoPlatformSchema,
  }),
});
export type CameraEntry = z.infer<typeof cameraEntrySchema>;

/** Project → area → site → camera, only for the user's projects; empty branches are left out. */
export const cameraTreeSchema = z.array(
  z.object({
    projectId: z.number().int(),
    projectName: z.string(),
    areas: z.array(
      z.object({
        areaName: z.string(),
        sites: z.array(z.object({ siteName: z.string(), cameras: z.array(cameraEntrySchema) })),
      }),
    ),
  }),
);
export type CameraTree = z.infer<typeof cameraTreeSchema>;

export const cameraTreeQuerySchema = getQuery({
  /** Only the cameras of this platform (the hik pages show hik cameras, the ICC pages ICC ones). */
  platformCode: videoPlatformSchema.optional(),
  projectId: z.coerce.number().int().positive().max(ID_MAX).optional(),
});

// ---- answers ----

export const streamProtocolSchema = z.enum(['ws', 'wss']);
export type StreamProtocol = z.infer<typeof streamProtocolSchema>;

/** Camera code → stream URL (cameras the platform gave no address for are missing). */
export const urlMapSchema = z.record(z.string(), z.string());
export type UrlMap = z.infer<typeof urlMapSchema>;

/** A recorded stretch of a camera's recording, drawn on the timeline. */
export const recordSegmentSchema = z.object({
  beginTime: z.union([z.string(), z.number()]),
  endTime: z.union([z.string(), z.number()]),
});
export type RecordSegment = z.infer<typeof recordSegmentSchema>;

/** Camera code → the playback URL and, with needReturnClipInfo, the recorded segments. */
export const hikPlaybackUrlsAnswerSchema = z.record(
  z.string(),
  z.object({ url: z.string(), list: z.array(recordSegmentSchema).optional() }),
);
export type HikPlaybackUrlsAnswer = z.infer<typeof hikPlaybackUrlsAnswerSchema>;

// ---- hik_isc_huati (HTML5 player) ----

/** POST /security/camera/previewurls */
export const hikPreviewUrlsRequestSchema = z.object({
  cameraIndexCodes: codeList,
  expand: shortText,
  platformCode: z.literal(PLATFORM_HIK),
  protocol: streamProtocolSchema,
  streamType: z.literal(0),
  streamform: shortText,
  transmode: z.literal(1),
});
export type HikPreviewUrlsRequest = z.infer<typeof hikPreviewUrlsRequestSchema>;

/** Record location 0 is the platform's storage, 1 the device's. */
const recordLocation = z
  .union([z.string(), z.number()])
  .refine((value) => String(value) === '0' || String(value) === '1', { message: 'recordLocation' })
  .meta({ examples: [0, 1] });

/** POST /security/camera/playbackurls */
export const hikPlaybackUrlsRequestSchema = z.object({
  expand: shortText,
  lockType: z.literal(0),
  needReturnClipInfo: z.literal(true),
  param: z
    .array(
      z
        .object({
          beginTime: videoTimeSchema,
          cameraIndexCode: controlCode,
          endTime: videoTimeSchema,
          recordLocation,
        })
        .superRefine((entry, ctx) => checkRange(entry.beginTime, entry.endTime, ctx, ['endTime'])),
    )
    .min(1)
    .max(VIDEO_CODES_MAX),
  platformCode: z.literal(PLATFORM_HIK),
  protocol: streamProtocolSchema,
  streamform: shortText,
  transmode: z.literal(1),
  uuid: z.string().max(64),
});
export type HikPlaybackUrlsRequest = z.infer<typeof hikPlaybackUrlsRequestSchema>;

/** POST /security/camera/talkurls (a list, one entry per camera). */
export const hikTalkUrlsRequestSchema = z
  .array(
    z.object({
      cameraIndexCode: controlCode,
      eurlExpand: shortText,
      expand: shortText,
      platformCode: z.literal(PLATFORM_HIK),
      protocol: z.literal('wss'),
      transmode: z.literal(1),
    }),
  )
  .min(1)
  .max(VIDEO_CODES_MAX);
export type HikTalkUrlsRequest = z.infer<typeof hikTalkUrlsRequestSchema>;

/** Platform info (§3): what the first platform's plug-in needs to start. */
export const platformInfoSchema = z.object({
  appKey: z.string(),
  appSecret: z.string(),
  appHost: z.string(),
});
export type PlatformInfo = z.infer<typeof platformInfoSchema>;

// ---- dh_icc_huati (ICC player) ----

/** Sub-stream (2) from four devices up, main stream (1) below (§7). */
export const iccStreamType = (count: number): 1 | 2 => (count >= 4 ? 2 : 1);
/** Record location 0 is the platform's storage (source 3), anything else the device's (2) (§7). */
export const iccRecordSource = (location: string | number | undefined): 2 | 3 =>
  String(location ?? 0) === '0' ? 3 : 2;
/** The talk path: the second part of the `"outer|inner"` answer (§7); null when unreadable. */
export function iccTalkPath(value: string | undefined): string | null {
  const path = value?.split('|')[1]?.trim();
  return path ? path : null;
}

const streamType = z.union([z.literal(1), z.literal(2)]);
const checkStreamType = (count: number, given: number, ctx: z.RefinementCtx) => {
  if (given !== iccStreamType(count)) ctx.addIssue({ code: 'custom', path: ['streamType'], message: 'rule' });
};

/** POST /icc/camera/previewurls; answers camera code → ws-flv URL. */
export const iccPreviewUrlsRequestSchema = z
  .object({
    controlCodes: codeList,
    dataType: z.literal('1'),
    platformCode: z.literal(PLATFORM_ICC),
    streamType,
    type: shortText,
  })
  .superRefine((body, ctx) => checkStreamType(body.controlCodes.length, body.streamType, ctx));
export type IccPreviewUrlsRequest = z.infer<typeof iccPreviewUrlsRequestSchema>;

/** POST /icc/camera/playbackurls; answers camera code → ws-flv URL (see `playbackStreamUrl`). */
export const iccPlaybackUrlsRequestSchema = z
  .object({
    param: z
      .array(
        z
          .object({
            controlCode,
            startTime: videoTimeSchema,
            endTime: videoTimeSchema,
            recordSource: z.union([z.literal(2), z.literal(3)]),
          })
          .superRefine((entry, ctx) => checkRange(entry.startTime, entry.endTime, ctx, ['endTime'])),
      )
      .min(1)
      .max(VIDEO_CODES_MAX),
    platformCode: z.literal(PLATFORM_ICC),
    recordType: z.literal(1),
    streamType,
    type: shortText,
  })
  .superRefine((body, ctx) => checkStreamType(body.param.length, body.streamType, ctx));
export type IccPlaybackUrlsRequest = z.infer<typeof iccPlaybackUrlsRequestSchema>;

/** POST /icc/camera/talkurl; the answer maps a code to `"outer|inner"`, the second part is the path. */
export const iccTalkUrlRequestSchema = z.object({
  controlCodes: codeList,
  talkType: z.literal(1),
  audioBit: z.literal(16),
  audioType: z.literal(1),
  sampleRate: z.literal(16000),
  platformCode: z.literal(PLATFORM_ICC),
  type: shortText,
});
export type IccTalkUrlRequest = z.infer<typeof iccTalkUrlRequestSchema>;

/** POST /icc/camera/stopTalk */
export const iccStopTalkRequestSchema = z.object({
  controlCodes: codeList,
  platformCode: z.literal(PLATFORM_ICC),
});
export type IccStopTalkRequest = z.infer<typeof iccStopTalkRequestSchema>;

/** GET /icc/camera/getPresetPoints */
export const iccPresetPointsQuerySchema = getQuery({
  controlCode,
  platformCode: z.literal(PLATFORM_ICC),
});
export type IccPresetPointsQuery = z.input<typeof iccPresetPointsQuerySchema>;
export const presetPointSchema = z.object({
  presetPointCode: z.union([z.string(), z.number()]),
  presetPointName: z.string().optional(),
});
export const presetPointsAnswerSchema = z.array(presetPointSchema);
export type PresetPointsAnswer = z.infer<typeof presetPointsAnswerSchema>;

export const PTZ_ACTIONS = [
  'ZOOM_IN',
  'ZOOM_OUT',
  'FOCUS_NEAR',
  'FOCUS_FAR',
  'IRIS_ENLARGE',
  'IRIS_REDUCE',
  'UP',
  'DOWN',
  'LEFT',
  'RIGHT',
  'LEFT_UP',
  'RIGHT_UP',
  'LEFT_DOWN',
  'RIGHT_DOWN',
  'ADD_POINT',
  'DEL_POINT',
  'PRESET_POINT',
] as const;
export const ptzActionSchema = z.enum(PTZ_ACTIONS);
export type PtzAction = z.infer<typeof ptzActionSchema>;
export const PRESET_ACTIONS: readonly PtzAction[] = ['ADD_POINT', 'DEL_POINT', 'PRESET_POINT'];

/** A preset code 1..25, as a number or a string of digits (the players send strings). */
export const presetCodeSchema = z
  .union([z.number(), z.string().regex(/^\d{1,2}$/)])
  .transform(Number)
  .pipe(z.number().int().min(PRESET_MIN).max(PRESET_MAX));

/** POST /icc/camera/ptz; command 1 starts a movement, 0 stops it. Preset actions need presetPointCode. */
export const iccPtzRequestSchema = z
  .object({
    action: ptzActionSchema,
    command: z.union([z.literal(0), z.literal(1)]),
    controlCode,
    platformCode: z.literal(PLATFORM_ICC),
    presetPointCode: presetCodeSchema.optional(),
    presetPointName: z.string().trim().max(32).optional(),
    speed: z.number().int().min(PTZ_SPEED_MIN).max(PTZ_SPEED_MAX),
  })
  .superRefine((body, ctx) => {
    if (PRESET_ACTIONS.includes(body.action) && body.presetPointCode === undefined) {
      ctx.addIssue({ code: 'invalid_type', expected: 'number', path: ['presetPointCode'], input: undefined });
    }
  });
export type IccPtzRequest = z.input<typeof iccPtzRequestSchema>;

/** What the HTML5 player needs from the server; the page wires these to the §7 endpoints. */
export interface HikVideoSource {
  getPreviewUrls(request: HikPreviewUrlsRequest): Promise<UrlMap>;
  getPlaybackUrls(request: HikPlaybackUrlsRequest): Promise<HikPlaybackUrlsAnswer>;
  getTalkUrls?(request: HikTalkUrlsRequest): Promise<UrlMap>;
}

/** What the ICC player needs from the server; the page wires these to the §7 endpoints. */
export interface IccVideoSource {
  getPreviewUrls(request: IccPreviewUrlsRequest): Promise<UrlMap>;
  getPlaybackUrls(request: IccPlaybackUrlsRequest): Promise<UrlMap>;
  getTalkUrl?(request: IccTalkUrlRequest): Promise<UrlMap>;
  stopTalk?(request: IccStopTalkRequest): Promise<void>;
  ptz(request: IccPtzRequest): Promise<void>;
  getPresetPoints(query: IccPresetPointsQuery): Promise<PresetPointsAnswer>;
}

// ---- seeking and rate ----

/**
 * Playback URLs the server answers (both platforms) carry `start` and `end` (epoch milliseconds) and
 * `rate` (1/8..8). A seek or a rate change opens a new stream: keep the URL the server returned and
 * build the new one with this; the range may move anywhere within 3 days while the URL is valid (the
 * platforms honour a URL for 5 minutes; after that, ask the playback endpoint again).
 */
export function playbackStreamUrl(url: string, position: { start: number; end?: number; rate?: number }) {
  const parsed = new URL(url);
  const end = position.end ?? Number(parsed.searchParams.get('end'));
  const rate = Math.min(PLAYBACK_RATE_MAX, Math.max(PLAYBACK_RATE_MIN, position.rate ?? 1));
  parsed.searchParams.set('start', String(Math.round(position.start)));
  if (Number.isFinite(end) && end > 0) parsed.searchParams.set('end', String(Math.round(end)));
  parsed.searchParams.set('rate', String(rate));
  return parsed.toString();
}

/** The range and rate a playback URL plays, read back from it. */
export function playbackPosition(url: string) {
  const params = new URL(url).searchParams;
  return {
    start: Number(params.get('start')),
    end: Number(params.get('end')),
    rate: Number(params.get('rate') ?? 1),
  };
}

// ---- platform settings ----

/** What a stored secret reads as; sending it back unchanged keeps the secret. */
export const SECRET_MASK = '******';

const platformUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s/?#]+(:\d+)?\/?$/, 'url');
const timeoutMs = z.number().int().min(500).max(60_000);
const credential = z.string().trim().max(200);
const secret = z.string().max(200);

export const hikPlatformSettingsSchema = z.object({
  platformCode: z.literal(PLATFORM_HIK),
  /** e.g. `https://isc.example.com:443`; the Artemis paths are added to it. */
  baseUrl: z.string(),
  appKey: z.string(),
  /** SECRET_MASK when one is stored, '' when none is. */
  appSecret: z.string(),
  timeoutMs: z.number().int(),
});
export const iccPlatformSettingsSchema = z.object({
  platformCode: z.literal(PLATFORM_ICC),
  baseUrl: z.string(),
  username: z.string(),
  password: z.string(),
  clientId: z.string(),
  clientSecret: z.string(),
  timeoutMs: z.number().int(),
});
export const platformSettingsSchema = z.discriminatedUnion('platformCode', [
  hikPlatformSettingsSchema,
  iccPlatformSettingsSchema,
]);
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

/** An update: secrets left out (or sent back as SECRET_MASK) keep their stored value. */
export const platformSettingsUpdateSchema = z.discriminatedUnion('platformCode', [
  z
    .object({
      platformCode: z.literal(PLATFORM_HIK),
      baseUrl: platformUrl,
      appKey: credential.min(1),
      appSecret: secret.optional(),
      timeoutMs: timeoutMs.optional(),
    })
    .strict(),
  z
    .object({
      platformCode: z.literal(PLATFORM_ICC),
      baseUrl: platformUrl,
      username: credential.min(1),
      password: secret.optional(),
      clientId: credential.min(1),
      clientSecret: secret.optional(),
      timeoutMs: timeoutMs.optional(),
    })
    .strict(),
]);
export type PlatformSettingsUpdate = z.input<typeof platformSettingsUpdateSchema>;

// ---- endpoints ----

const live = permission(VIDEO_PERMISSIONS.live);
const playback = permission(VIDEO_PERMISSIONS.playback);
const monitor = permission(VIDEO_PERMISSIONS.monitor);

export const videoEndpoints = {
  cameraTree: defineEndpoint({
    method: 'GET',
    path: '/videoMonitor/camera/tree',
    access: monitor,
    query: cameraTreeQuerySchema,
    body: z.undefined(),
    data: cameraTreeSchema,
  }),
  hikAppSecret: defineEndpoint({
    method: 'POST',
    path: '/videoMonitor/hik/getAppSecret',
    // The plug-in's parameters carry the platform's secret: only for those who may watch live.
    access: live,
    query: noQuery,
    body: z.object({ devType: z.union([z.string().trim().min(1).max(32), z.number().int()]) }),
    data: platformInfoSchema,
  }),
  hikPlatformInfo: defineEndpoint({
    method: 'POST',
    path: '/videoMonitor/hik/getPlatFormInfo',
    access: live,
    query: z.object({ appCode: z.literal(PLATFORM_HIK) }),
    body: z.object({}).strict().optional(),
    data: platformInfoSchema,
  }),
  hikPreviewUrls: defineEndpoint({
    method: 'POST',
    path: '/security/camera/previewurls',
    access: live,
    query: noQuery,
    body: hikPreviewUrlsRequestSchema,
    data: urlMapSchema,
  }),
  hikPlaybackUrls: defineEndpoint({
    method: 'POST',
    path: '/security/camera/playbackurls',
    access: playback,
    query: noQuery,
    body: hikPlaybackUrlsRequestSchema,
    data: hikPlaybackUrlsAnswerSchema,
  }),
  hikTalkUrls: defineEndpoint({
    method: 'POST',
    path: '/security/camera/talkurls',
    access: live,
    query: noQuery,
    body: hikTalkUrlsRequestSchema,
    data: urlMapSchema,
  }),
  iccPreviewUrls: defineEndpoint({
    method: 'POST',
    path: '/icc/camera/previewurls',
    access: live,
    query: noQuery,
    body: iccPreviewUrlsRequestSchema,
    data: urlMapSchema,
  }),
  iccPlaybackUrls: defineEndpoint({
    method: 'POST',
    path: '/icc/camera/playbackurls',
    access: playback,
    query: noQuery,
    body: iccPlaybackUrlsRequestSchema,
    data: urlMapSchema,
  }),
  iccTalkUrl: defineEndpoint({
    method: 'POST',
    path: '/icc/camera/talkurl',
    access: live,
    query: noQuery,
    body: iccTalkUrlRequestSchema,
    data: urlMapSchema,
  }),
  iccStopTalk: defineEndpoint({
    method: 'POST',
    path: '/icc/camera/stopTalk',
    access: live,
    query: noQuery,
    body: iccStopTalkRequestSchema,
    data: z.object({ stopped: z.array(z.string()) }),
  }),
  iccPresetPoints: defineEndpoint({
    method: 'GET',
    path: '/icc/camera/getPresetPoints',
    access: live,
    query: iccPresetPointsQuerySchema,
    body: z.undefined(),
    data: presetPointsAnswerSchema,
  }),
  iccPtz: defineEndpoint({
    method: 'POST',
    path: '/icc/camera/ptz',
    access: live,
    query: noQuery,
    body: iccPtzRequestSchema,
    data: z.null(),
  }),
  platformSettings: defineEndpoint({
    method: 'GET',
    path: '/videoMonitor/platform/find',
    access: permission(VIDEO_PERMISSIONS.settings),
    query: getQuery(),
    body: z.undefined(),
    data: z.array(platformSettingsSchema),
  }),
  updatePlatformSettings: defineEndpoint({
    method: 'POST',
    path: '/videoMonitor/platform/update',
    access: permission(VIDEO_PERMISSIONS.settings),
    query: noQuery,
    body: platformSettingsUpdateSchema,
    data: platformSettingsSchema,
  }),
} as const;

// ---- texts ----

/** The video endpoints' own messages (refusals of the platforms, success texts). */
export const videoTexts = {
  'zh-CN': {
    'video.platformNotConfigured': '视频平台（{{platform}}）尚未配置，请联系管理员',
    'video.platformUnreachable': '视频平台（{{platform}}）无法连接，请稍后重试或联系管理员',
    'video.platformTimeout': '视频平台（{{platform}}）响应超时，请稍后重试',
    'video.platformAuth': '视频平台（{{platform}}）认证失败，请检查平台账号与密钥配置',
    'video.platformError': '视频平台（{{platform}}）返回错误：{{reason}}',
    'video.cameraUnknown': '监控点不存在或无权访问：{{codes}}',
    'video.cameraOffline': '监控点{{code}}离线',
    'video.noPtz': '监控点{{code}}不支持云台控制',
    'video.noPreset': '预置点{{preset}}不存在',
    'video.noRecord': '所选时间段内没有录像',
    'video.settingsSaved': '视频平台配置已保存',
    'video.secretTooOften': '获取视频平台密钥过于频繁，请{{minutes}}分钟后再试',
  },
  'en-US': {
    'video.platformNotConfigured':
      'The video platform ({{platform}}) is not configured; contact the administrator',
    'video.platformUnreachable':
      'The video platform ({{platform}}) cannot be reached; try again later or contact the administrator',
    'video.platformTimeout': 'The video platform ({{platform}}) did not answer in time; try again later',
    'video.platformAuth':
      'The video platform ({{platform}}) refused our credentials; check its account and key settings',
    'video.platformError': 'The video platform ({{platform}}) answered an error: {{reason}}',
    'video.cameraUnknown': 'No such camera, or not yours to see: {{codes}}',
    'video.cameraOffline': 'Camera {{code}} is offline',
    'video.noPtz': 'Camera {{code}} has no pan-tilt-zoom',
    'video.noPreset': 'Preset {{preset}} does not exist',
    'video.noRecord': 'Nothing was recorded in that time range',
    'video.settingsSaved': 'Video platform settings saved',
    'video.secretTooOften':
      'The video platform key was asked for too often; try again in {{minutes}} minutes',
  },
} as const;
export type VideoTextKey = keyof (typeof videoTexts)['zh-CN'];

export function videoText(key: VideoTextKey, locale: Locale, values: Record<string, string | number> = {}) {
  const template: string = videoTexts[locale][key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
