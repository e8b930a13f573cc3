import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Camera } from '../cameras/cameraRegistry.js';
import {
  INVALID_JSON,
  json,
  type PlatformRequest,
  type PlatformResponse,
  type RequestHandler,
} from '../http/platformServer.js';
import type { PlatformContext } from '../platformContext.js';
import type { PtzDirection, PtzLens } from '../ptz/ptzModel.js';
import { recordSegments } from '../records/recordSegments.js';
import { IccAuth, type IccCredentials } from './iccAuth.js';
import { iccErrors, iccFailure, iccSuccess } from './iccAnswers.js';
import {
  channelPageSchema,
  getPresetPointsSchema,
  operateCameraSchema,
  operateDirectSchema,
  operatePresetPointSchema,
  playbackByTimeSchema,
  queryRecordsSchema,
  startTalkSchema,
  startVideoSchema,
  stopTalkSchema,
} from './iccSchemas.js';

const ADMIN = '/evo-apigw/admin/API';
const CHANNEL_PAGE = '/evo-apigw/evo-brm/1.2.0/device/channel/subsystem/page';
const MAX_PLAYBACK_RANGE_S = 3 * 24 * 3600;
const DEFAULT_TALK_RATE = 16000;
const RECORD_BYTES_PER_SECOND = 256_000;

type Handler = (body: unknown, context: PlatformContext) => PlatformResponse;

/** The Dahua-ICC-shaped API: OAuth tokens, then bearer-authorised admin calls with `{ data }` bodies. */
export function iccPlatform(
  context: PlatformContext,
  credentials: IccCredentials,
  tokenTtlMs: number,
): RequestHandler {
  const auth = new IccAuth(credentials, context.clock, tokenTtlMs);
  const routes = new Map<string, Handler>([
    [`${ADMIN}/MTS/Video/StartVideo`, startVideo],
    [`${ADMIN}/SS/Playback/StartPlaybackByTime`, startPlaybackByTime],
    [`${ADMIN}/SS/Record/QueryRecords`, queryRecords],
    [`${ADMIN}/MTS/Audio/StartTalk`, startTalk],
    [`${ADMIN}/MTS/Audio/StopTalk`, stopTalk],
    [`${ADMIN}/DMS/Ptz/OperateDirect`, operateDirect],
    [`${ADMIN}/DMS/Ptz/OperateCamera`, operateCamera],
    [`${ADMIN}/DMS/Ptz/OperatePresetPoint`, operatePresetPoint],
    [`${ADMIN}/DMS/Ptz/GetPresetPoints`, getPresetPoints],
    [CHANNEL_PAGE, channelPage],
  ]);
  return (request: PlatformRequest) => {
    if (!request.path.startsWith('/evo-apigw/')) return undefined;
    const oauth = auth.handle(request);
    if (oauth) return oauth;
    const denied = auth.check(request);
    if (denied) return denied;
    const handler = routes.get(request.path);
    if (!handler || request.method !== 'POST') return iccFailure(iccErrors.badParameter, '接口不存在', 404);
    if (request.body === INVALID_JSON) return iccFailure(iccErrors.badParameter, '参数错误: 请求体不是 JSON');
    return handler(request.body ?? {}, context);
  };
}

function parse<T extends z.ZodType>(
  schema: T,
  body: unknown,
): { data: z.infer<T> } | { error: PlatformResponse } {
  const result = schema.safeParse(body);
  if (result.success) return { data: result.data };
  const issue = result.error.issues[0];
  return {
    error: iccFailure(
      iccErrors.badParameter,
      `参数错误: ${issue?.path.join('.') || 'data'} ${issue?.message ?? ''}`.trim(),
    ),
  };
}

function findChannel(
  context: PlatformContext,
  channelId: string | undefined,
): { camera: Camera } | { error: PlatformResponse } {
  const camera = channelId ? context.registry.get(channelId, 'icc') : undefined;
  if (!camera) return { error: iccFailure(iccErrors.noSuchChannel, `通道 ${channelId ?? ''} 不存在`) };
  if (camera.fault === 'offline') return { error: iccFailure(iccErrors.offline, `设备 ${camera.code} 离线`) };
  return { camera };
}

function ptzChannel(
  context: PlatformContext,
  channelId: string,
): { camera: Camera } | { error: PlatformResponse } {
  const found = findChannel(context, channelId);
  if ('error' in found) return found;
  if (!found.camera.hasPtz) return { error: iccFailure(iccErrors.noPtz, `通道 ${channelId} 不支持云台`) };
  return found;
}

/** ICC answers "outer|inner" addresses; on loopback both are the same URL. */
const pair = (url: string) => `${url}|${url}`;

const startVideo: Handler = (body, context) => {
  const parsed = parse(startVideoSchema, body);
  if ('error' in parsed) return parsed.error;
  const found = findChannel(context, parsed.data.data.channelId);
  if ('error' in found) return found.error;
  const token = context.tokens.issue({ kind: 'live', code: found.camera.code });
  return iccSuccess({
    url: pair(`${context.mediaBase()}/live/${found.camera.code}.flv?token=${token}`),
    token,
  });
};

function recordRange(data: { startTime: number; endTime: number }): PlatformResponse | undefined {
  if (data.endTime <= data.startTime || data.endTime - data.startTime > MAX_PLAYBACK_RANGE_S) {
    return iccFailure(iccErrors.badParameter, '参数错误: endTime 须大于 startTime 且跨度不超过 3 天');
  }
  return undefined;
}

const startPlaybackByTime: Handler = (body, context) => {
  const parsed = parse(playbackByTimeSchema, body);
  if ('error' in parsed) return parsed.error;
  const { data } = parsed.data;
  const rangeError = recordRange(data);
  if (rangeError) return rangeError;
  const found = findChannel(context, data.channelId);
  if ('error' in found) return found.error;
  const start = data.startTime * 1000;
  const end = data.endTime * 1000;
  if (recordSegments(found.camera.code, start, end, context.clock.now()).length === 0) {
    return iccFailure(iccErrors.noRecord, 'The record was null');
  }
  const token = context.tokens.issue({ kind: 'playback', code: found.camera.code, start, end });
  return iccSuccess({
    url: pair(`${context.mediaBase()}/playback/${found.camera.code}.flv?token=${token}`),
    token,
  });
};

const queryRecords: Handler = (body, context) => {
  const parsed = parse(queryRecordsSchema, body);
  if ('error' in parsed) return parsed.error;
  const { data } = parsed.data;
  const rangeError = recordRange(data);
  if (rangeError) return rangeError;
  const found = findChannel(context, data.channelId);
  if ('error' in found) return found.error;
  const segments = recordSegments(
    found.camera.code,
    data.startTime * 1000,
    data.endTime * 1000,
    context.clock.now(),
  );
  if (segments.length === 0) return iccFailure(iccErrors.noRecord, 'The record was null');
  const records = segments.map((segment, index) => ({
    channelId: found.camera.code,
    recordSource: String(data.recordSource ?? 3),
    recordType: String(data.recordType ?? 0),
    streamType: String(data.streamType ?? 1),
    startTime: String(Math.floor(segment.start / 1000)),
    endTime: String(Math.floor(segment.end / 1000)),
    fileLength: String(Math.round(((segment.end - segment.start) / 1000) * RECORD_BYTES_PER_SECOND)),
    recordName: `${found.camera.code}_${Math.floor(segment.start / 1000)}_${index}`,
  }));
  return iccSuccess({ records });
};

const startTalk: Handler = (body, context) => {
  const parsed = parse(startTalkSchema, body);
  if ('error' in parsed) return parsed.error;
  const { data } = parsed.data;
  const found = findChannel(context, data.channelId ?? data.deviceCode);
  if ('error' in found) return found.error;
  const sampleRate = data.sampleRate ?? DEFAULT_TALK_RATE;
  const session = randomBytes(8).toString('hex');
  const token = context.tokens.issue({ kind: 'talk', code: found.camera.code, sampleRate, session });
  const url = `${context.mediaBase()}/talk/${found.camera.code}?token=${token}&rate=${sampleRate}`;
  return iccSuccess({
    url: pair(url),
    session,
    talkType: String(data.talkType ?? 1),
    audioType: String(data.audioType ?? 1),
    audioBit: 16,
    sampleRate,
  });
};

/** Closes the talk sockets of the session (or of the channel when no session is named). */
const stopTalk: Handler = (body, context) => {
  const parsed = parse(stopTalkSchema, body);
  if ('error' in parsed) return parsed.error;
  const { data } = parsed.data;
  const camera = context.registry.get(data.channelId ?? data.deviceCode ?? '', 'icc');
  if (!camera)
    return iccFailure(iccErrors.noSuchChannel, `通道 ${data.channelId ?? data.deviceCode ?? ''} 不存在`);
  const sockets = [...camera.talkSockets].filter(
    (socket) => !data.session || socket.session === data.session,
  );
  for (const socket of sockets) socket.close();
  return iccSuccess({});
};

const directs: Record<number, PtzDirection> = {
  1: 'up',
  2: 'down',
  3: 'left',
  4: 'right',
  5: 'leftUp',
  6: 'leftDown',
  7: 'rightUp',
  8: 'rightDown',
};
const lensActions: Record<number, [PtzLens, PtzLens]> = {
  1: ['zoomIn', 'zoomOut'],
  2: ['focusFar', 'focusNear'],
  3: ['irisEnlarge', 'irisReduce'],
};
/** ICC speeds (steps) run 1-8, the spec's pan-tilt slider range. */
const MAX_STEP = 8;

const operateDirect: Handler = (body, context) => {
  const parsed = parse(operateDirectSchema, body);
  if ('error' in parsed) return parsed.error;
  const { data } = parsed.data;
  const found = ptzChannel(context, data.channelId);
  if ('error' in found) return found.error;
  const direction = directs[data.direct];
  if (data.command === 0 || !direction) found.camera.ptz.stopMove();
  else found.camera.ptz.startMove(direction, Math.max(data.stepX ?? 4, data.stepY ?? 4) / MAX_STEP);
  return iccSuccess({ result: '1' });
};

const operateCamera: Handler = (body, context) => {
  const parsed = parse(operateCameraSchema, body);
  if ('error' in parsed) return parsed.error;
  const { data } = parsed.data;
  const found = ptzChannel(context, data.channelId);
  if ('error' in found) return found.error;
  const pairForType = lensActions[data.operateType];
  if (data.command === 0 || !pairForType) found.camera.ptz.stopLens();
  else
    found.camera.ptz.startLens(
      data.direct === 1 ? pairForType[0] : pairForType[1],
      (data.step ?? 4) / MAX_STEP,
    );
  return iccSuccess({ result: '1' });
};

const operatePresetPoint: Handler = (body, context) => {
  const parsed = parse(operatePresetPointSchema, body);
  if ('error' in parsed) return parsed.error;
  const { data } = parsed.data;
  const found = ptzChannel(context, data.channelId);
  if ('error' in found) return found.error;
  const { ptz } = found.camera;
  if (data.operateType === 2)
    ptz.setPreset(data.presetPointCode, data.presetPointName || `预置点${data.presetPointCode}`);
  else if (data.operateType === 3) ptz.deletePreset(data.presetPointCode);
  else if (!ptz.gotoPreset(data.presetPointCode))
    return iccFailure(iccErrors.noPreset, `预置点 ${data.presetPointCode} 不存在`);
  return iccSuccess({ result: '1' });
};

const getPresetPoints: Handler = (body, context) => {
  const parsed = parse(getPresetPointsSchema, body);
  if ('error' in parsed) return parsed.error;
  const found = ptzChannel(context, parsed.data.data.channelId);
  if ('error' in found) return found.error;
  const presetPoints = found.camera.ptz.listPresets().map((preset) => ({
    channelId: found.camera.code,
    presetPointCode: String(preset.index),
    presetPointName: preset.name,
  }));
  return iccSuccess({ channelId: found.camera.code, presetPoints });
};

/** Channel paging of ICC's resource service (success code 0). cameraType 2 = PTZ dome, 1 = fixed. */
const channelPage: Handler = (body, context) => {
  const parsed = parse(channelPageSchema, body);
  if ('error' in parsed) return parsed.error;
  const { pageNum, pageSize } = parsed.data;
  const channels = context.registry.list('icc').map((camera) => ({
    channelCode: camera.code,
    channelName: camera.name,
    deviceCode: camera.code,
    cameraType: camera.hasPtz ? '2' : '1',
    gpsX: String(camera.lng),
    gpsY: String(camera.lat),
    isOnline: camera.fault === 'offline' ? 0 : 1,
  }));
  return json({
    success: true,
    code: '0',
    errMsg: '',
    data: {
      pageData: channels.slice((pageNum - 1) * pageSize, pageNum * pageSize),
      currentPage: pageNum,
      pageSize,
      totalRows: channels.length,
      totalPage: Math.ceil(channels.length / pageSize),
    },
  });
};
