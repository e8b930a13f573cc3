import { z } from 'zod';
import { PLATFORM_HIK, PLATFORM_ICC } from './constants.js';

/**
 * The shapes the players' callers exchange with the server (video-talk-alarm-header.md §3, §7). They
 * are written here until they move to `@cityops/contract`, where every endpoint's shape belongs.
 */

/** A device entry for video (§3). */
export const videoDeviceSchema = z.object({
  controlCode: z.string().optional(),
  devName: z.string().optional(),
  startTime: z.union([z.string(), z.number()]).optional(),
  endTime: z.union([z.string(), z.number()]).optional(),
  recordLocation: z.union([z.string(), z.number()]).optional(),
  deviceDto: z
    .object({
      controlCode: z.string().optional(),
      lng: z.union([z.string(), z.number()]).optional(),
      lat: z.union([z.string(), z.number()]).optional(),
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

export const streamProtocolSchema = z.enum(['ws', 'wss']);
export type StreamProtocol = z.infer<typeof streamProtocolSchema>;

// ---- hik_isc_huati (HTML5 player) ----

/** POST /security/camera/previewurls */
export const hikPreviewUrlsRequestSchema = z.object({
  cameraIndexCodes: z.array(z.string()).min(1),
  expand: z.string(),
  platformCode: z.literal(PLATFORM_HIK),
  protocol: streamProtocolSchema,
  streamType: z.literal(0),
  streamform: z.string(),
  transmode: z.literal(1),
});
export type HikPreviewUrlsRequest = z.infer<typeof hikPreviewUrlsRequestSchema>;
/** Camera code → ws-flv URL. */
export const urlMapSchema = z.record(z.string(), z.string());
export type UrlMap = z.infer<typeof urlMapSchema>;

/** A recorded stretch of a camera's recording, drawn on the timeline. */
export const recordSegmentSchema = z.object({
  beginTime: z.union([z.string(), z.number()]),
  endTime: z.union([z.string(), z.number()]),
});
export type RecordSegment = z.infer<typeof recordSegmentSchema>;

/** POST /security/camera/playbackurls */
export const hikPlaybackUrlsRequestSchema = z.object({
  expand: z.string(),
  lockType: z.literal(0),
  needReturnClipInfo: z.literal(true),
  param: z
    .array(
      z.object({
        beginTime: z.string(),
        cameraIndexCode: z.string(),
        endTime: z.string(),
        recordLocation: z.union([z.string(), z.number()]),
      }),
    )
    .min(1),
  platformCode: z.literal(PLATFORM_HIK),
  protocol: streamProtocolSchema,
  streamform: z.string(),
  transmode: z.literal(1),
  uuid: z.string(),
});
export type HikPlaybackUrlsRequest = z.infer<typeof hikPlaybackUrlsRequestSchema>;
/** Camera code → the playback URL and, with needReturnClipInfo, the recorded segments. */
export const hikPlaybackUrlsAnswerSchema = z.record(
  z.string(),
  z.object({ url: z.string(), list: z.array(recordSegmentSchema).optional() }),
);
export type HikPlaybackUrlsAnswer = z.infer<typeof hikPlaybackUrlsAnswerSchema>;

/** POST /security/camera/talkurls (a list, one entry per camera). */
export const hikTalkUrlsRequestSchema = z
  .array(
    z.object({
      cameraIndexCode: z.string(),
      eurlExpand: z.string(),
      expand: z.string(),
      platformCode: z.literal(PLATFORM_HIK),
      protocol: z.literal('wss'),
      transmode: z.literal(1),
    }),
  )
  .min(1);
export type HikTalkUrlsRequest = z.infer<typeof hikTalkUrlsRequestSchema>;

/** What the HTML5 player needs from the server; the page wires these to the §7 endpoints. */
export interface HikVideoSource {
  getPreviewUrls(request: HikPreviewUrlsRequest): Promise<UrlMap>;
  getPlaybackUrls(request: HikPlaybackUrlsRequest): Promise<HikPlaybackUrlsAnswer>;
  getTalkUrls?(request: HikTalkUrlsRequest): Promise<UrlMap>;
}

// ---- dh_icc_huati (ICC player) ----

/** POST /icc/camera/previewurls */
export const iccPreviewUrlsRequestSchema = z.object({
  controlCodes: z.array(z.string()).min(1),
  dataType: z.literal('1'),
  platformCode: z.literal(PLATFORM_ICC),
  streamType: z.union([z.literal(1), z.literal(2)]),
  type: z.string(),
});
export type IccPreviewUrlsRequest = z.infer<typeof iccPreviewUrlsRequestSchema>;

/** POST /icc/camera/playbackurls */
export const iccPlaybackUrlsRequestSchema = z.object({
  param: z
    .array(
      z.object({
        controlCode: z.string(),
        startTime: z.string(),
        endTime: z.string(),
        recordSource: z.union([z.literal(2), z.literal(3)]),
      }),
    )
    .min(1),
  platformCode: z.literal(PLATFORM_ICC),
  recordType: z.literal(1),
  streamType: z.union([z.literal(1), z.literal(2)]),
  type: z.string(),
});
export type IccPlaybackUrlsRequest = z.infer<typeof iccPlaybackUrlsRequestSchema>;

/** POST /icc/camera/talkurl; the answer maps a code to `"outer|inner"`, the second part is the path. */
export const iccTalkUrlRequestSchema = z.object({
  controlCodes: z.array(z.string()).min(1),
  talkType: z.literal(1),
  audioBit: z.literal(16),
  audioType: z.literal(1),
  sampleRate: z.literal(16000),
  platformCode: z.literal(PLATFORM_ICC),
  type: z.string(),
});
export type IccTalkUrlRequest = z.infer<typeof iccTalkUrlRequestSchema>;

/** POST /icc/camera/stopTalk */
export const iccStopTalkRequestSchema = z.object({
  controlCodes: z.array(z.string()).min(1),
  platformCode: z.literal(PLATFORM_ICC),
});
export type IccStopTalkRequest = z.infer<typeof iccStopTalkRequestSchema>;

/** GET /icc/camera/getPresetPoints */
export const iccPresetPointsQuerySchema = z.object({
  controlCode: z.string(),
  platformCode: z.literal(PLATFORM_ICC),
});
export type IccPresetPointsQuery = z.infer<typeof iccPresetPointsQuerySchema>;
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

/** POST /icc/camera/ptz; command 1 starts a movement, 0 stops it. */
export const iccPtzRequestSchema = z.object({
  action: ptzActionSchema,
  command: z.union([z.literal(0), z.literal(1)]),
  controlCode: z.string(),
  platformCode: z.literal(PLATFORM_ICC),
  presetPointCode: z.string().optional(),
  presetPointName: z.string().optional(),
  speed: z.number().int().min(1).max(8),
});
export type IccPtzRequest = z.infer<typeof iccPtzRequestSchema>;

/** What the ICC player needs from the server; the page wires these to the §7 endpoints. */
export interface IccVideoSource {
  getPreviewUrls(request: IccPreviewUrlsRequest): Promise<UrlMap>;
  getPlaybackUrls(request: IccPlaybackUrlsRequest): Promise<UrlMap>;
  getTalkUrl?(request: IccTalkUrlRequest): Promise<UrlMap>;
  stopTalk?(request: IccStopTalkRequest): Promise<void>;
  ptz(request: IccPtzRequest): Promise<void>;
  getPresetPoints(query: IccPresetPointsQuery): Promise<PresetPointsAnswer>;
}
