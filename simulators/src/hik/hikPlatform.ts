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
import { isPresetIndex, type PtzDirection, type PtzLens } from '../ptz/ptzModel.js';
import { parseIsoWithOffset, toChinaIso } from '../records/isoTime.js';
import { recordSegments } from '../records/recordSegments.js';
import { ArtemisGateway, artemisFailure } from './artemisGateway.js';
import {
  cameraPageSchema,
  onlineStatusSchema,
  playbackUrlsSchema,
  presetAdditionSchema,
  presetDeletionSchema,
  presetSearchSchema,
  previewUrlsSchema,
  ptzControlSchema,
  talkUrlsSchema,
} from './hikSchemas.js';

/** Business error codes (Artemis answers them with HTTP 200). */
export const hikErrors = {
  missingParameter: '0x00072001',
  badParameter: '0x00072002',
  badFormat: '0x00072003',
  noSuchCamera: '0x00072203',
  /** The simulator's choice for "device offline": the media gateway's "stream fetch failed" code. */
  offline: '0x01b01307',
  serviceError: '0x00052102',
} as const;

const MAX_PLAYBACK_RANGE_MS = 3 * 24 * 3600_000;
const TALK_SAMPLE_RATE = 16000;
/** Average H.264 file size per second the record list reports (about 2 Mbit/s). */
const RECORD_BYTES_PER_SECOND = 256_000;

const ok = (data: unknown) => json({ code: '0', msg: 'success', data });

type Handler = (body: unknown, context: PlatformContext) => PlatformResponse;

/** The Artemis-shaped API of the Hikvision-ISC-like platform; every path under /artemis is signed. */
export function hikPlatform(
  context: PlatformContext,
  credentials: { appKey: string; appSecret: string },
): RequestHandler {
  const gateway = new ArtemisGateway(credentials, context.clock);
  const routes = new Map<string, Handler>([
    ...['v1', 'v2'].map((v): [string, Handler] => [
      `/artemis/api/video/${v}/cameras/previewURLs`,
      previewUrls,
    ]),
    ...['v1', 'v2'].map((v): [string, Handler] => [
      `/artemis/api/video/${v}/cameras/playbackURLs`,
      playbackUrls,
    ]),
    ...['v1', 'v2', 'v3'].map((v): [string, Handler] => [
      `/artemis/api/video/${v}/cameras/talkURLs`,
      talkUrls,
    ]),
    ['/artemis/api/video/v1/ptzs/controlling', ptzControl],
    ['/artemis/api/video/v1/presets/addition', presetAddition],
    ['/artemis/api/video/v1/presets/deletion', presetDeletion],
    ['/artemis/api/video/v1/presets/searches', presetSearch],
    ['/artemis/api/resource/v1/cameras', cameraPage],
    ['/artemis/api/nms/v1/online/camera/get', onlineStatus],
  ]);
  return (request: PlatformRequest) => {
    if (!request.path.startsWith('/artemis/')) return undefined;
    const denied = gateway.verify(request);
    if (denied) return denied;
    const handler = routes.get(request.path);
    if (!handler || request.method !== 'POST')
      return artemisFailure(hikErrors.badParameter, 'API not found', 404);
    if (request.body === INVALID_JSON) return artemisFailure(hikErrors.badFormat, 'request body is not JSON');
    return handler(request.body ?? {}, context);
  };
}

/** Parses a body or answers the vendor's parameter error naming the first bad field. */
function parse<T extends z.ZodType>(
  schema: T,
  body: unknown,
): { data: z.infer<T> } | { error: PlatformResponse } {
  const result = schema.safeParse(body);
  if (result.success) return { data: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  const missing = issue?.code === 'invalid_type' && issue.input === undefined;
  return {
    error: artemisFailure(
      missing ? hikErrors.missingParameter : hikErrors.badParameter,
      `${field}: ${issue?.message ?? 'invalid'}`,
    ),
  };
}

/** The camera a request names, or the answer for an unknown or offline one. */
function findCamera(
  context: PlatformContext,
  code: string,
): { camera: Camera } | { error: PlatformResponse } {
  const camera = context.registry.get(code, 'hik');
  if (!camera) return { error: artemisFailure(hikErrors.noSuchCamera, `camera ${code} does not exist`) };
  if (camera.fault === 'offline')
    return { error: artemisFailure(hikErrors.offline, `camera ${code} is offline`) };
  return { camera };
}

function checkProtocol(protocol: string | undefined): PlatformResponse | undefined {
  // The simulator has no TLS of its own: wss asks get ws URLs (a TLS proxy in front would add it).
  if (protocol === undefined || protocol === 'ws' || protocol === 'wss') return undefined;
  return artemisFailure(
    hikErrors.badParameter,
    `protocol ${protocol} is not served by the simulator (use ws or wss)`,
  );
}

const previewUrls: Handler = (body, context) => {
  const parsed = parse(previewUrlsSchema, body);
  if ('error' in parsed) return parsed.error;
  const protocolError = checkProtocol(parsed.data.protocol);
  if (protocolError) return protocolError;
  const found = findCamera(context, parsed.data.cameraIndexCode);
  if ('error' in found) return found.error;
  const token = context.tokens.issue({ kind: 'live', code: found.camera.code });
  return ok({ url: `${context.mediaBase()}/live/${found.camera.code}.flv?token=${token}` });
};

const playbackUrls: Handler = (body, context) => {
  const parsed = parse(playbackUrlsSchema, body);
  if ('error' in parsed) return parsed.error;
  const { beginTime, endTime, protocol, cameraIndexCode, lockType } = parsed.data;
  const protocolError = checkProtocol(protocol);
  if (protocolError) return protocolError;
  const begin = parseIsoWithOffset(beginTime);
  const end = parseIsoWithOffset(endTime);
  if (Number.isNaN(begin) || Number.isNaN(end)) {
    return artemisFailure(
      hikErrors.badFormat,
      'beginTime/endTime must be ISO 8601 with an offset, e.g. 2026-11-22T00:00:00.000+08:00',
    );
  }
  if (end <= begin || end - begin > MAX_PLAYBACK_RANGE_MS) {
    return artemisFailure(hikErrors.badParameter, 'endTime must be after beginTime and at most 3 days later');
  }
  const found = findCamera(context, cameraIndexCode);
  if ('error' in found) return found.error;
  const list = recordSegments(found.camera.code, begin, end, context.clock.now()).map((segment) => ({
    lockType: lockType ?? 0,
    beginTime: toChinaIso(segment.start),
    endTime: toChinaIso(segment.end),
    size: Math.round(((segment.end - segment.start) / 1000) * RECORD_BYTES_PER_SECOND),
  }));
  const token = context.tokens.issue({ kind: 'playback', code: found.camera.code, start: begin, end });
  return ok({
    list,
    uuid: parsed.data.uuid || token.slice(0, 16),
    url: `${context.mediaBase()}/playback/${found.camera.code}.flv?token=${token}`,
  });
};

const talkUrls: Handler = (body, context) => {
  const parsed = parse(talkUrlsSchema, body);
  if ('error' in parsed) return parsed.error;
  const protocolError = checkProtocol(parsed.data.protocol);
  if (protocolError) return protocolError;
  const found = findCamera(context, parsed.data.cameraIndexCode);
  if ('error' in found) return found.error;
  const token = context.tokens.issue({ kind: 'talk', code: found.camera.code, sampleRate: TALK_SAMPLE_RATE });
  return ok({
    url: `${context.mediaBase()}/talk/${found.camera.code}?token=${token}&rate=${TALK_SAMPLE_RATE}`,
  });
};

const directions: Partial<Record<string, PtzDirection>> = {
  LEFT: 'left',
  RIGHT: 'right',
  UP: 'up',
  DOWN: 'down',
  LEFT_UP: 'leftUp',
  LEFT_DOWN: 'leftDown',
  RIGHT_UP: 'rightUp',
  RIGHT_DOWN: 'rightDown',
};
const lenses: Partial<Record<string, PtzLens>> = {
  ZOOM_IN: 'zoomIn',
  ZOOM_OUT: 'zoomOut',
  FOCUS_NEAR: 'focusNear',
  FOCUS_FAR: 'focusFar',
  IRIS_ENLARGE: 'irisEnlarge',
  IRIS_REDUCE: 'irisReduce',
};

function ptzCamera(context: PlatformContext, code: string): { camera: Camera } | { error: PlatformResponse } {
  const found = findCamera(context, code);
  if ('error' in found) return found;
  if (!found.camera.hasPtz)
    return { error: artemisFailure(hikErrors.badParameter, `camera ${code} has no PTZ`) };
  return found;
}

/** action 0 starts a command, 1 stops it; speed 1-100 (default 50). */
const ptzControl: Handler = (body, context) => {
  const parsed = parse(ptzControlSchema, body);
  if ('error' in parsed) return parsed.error;
  const { command, action, speed = 50, presetIndex } = parsed.data;
  const found = ptzCamera(context, parsed.data.cameraIndexCode);
  if ('error' in found) return found.error;
  const { ptz } = found.camera;
  const direction = directions[command];
  const lens = lenses[command];
  if (command === 'GOTO_PRESET') {
    if (presetIndex === undefined || !isPresetIndex(presetIndex))
      return artemisFailure(hikErrors.badParameter, 'presetIndex must be 1-25');
    if (action === 0 && !ptz.gotoPreset(presetIndex))
      return artemisFailure(hikErrors.badParameter, `preset ${presetIndex} is not set`);
  } else if (direction) {
    if (action === 0) ptz.startMove(direction, speed / 100);
    else ptz.stopMove();
  } else if (lens) {
    if (action === 0) ptz.startLens(lens, speed / 100);
    else ptz.stopLens();
  }
  return ok(null);
};

const presetAddition: Handler = (body, context) => {
  const parsed = parse(presetAdditionSchema, body);
  if ('error' in parsed) return parsed.error;
  if (!isPresetIndex(parsed.data.presetIndex))
    return artemisFailure(hikErrors.badParameter, 'presetIndex must be 1-25');
  const found = ptzCamera(context, parsed.data.cameraIndexCode);
  if ('error' in found) return found.error;
  found.camera.ptz.setPreset(parsed.data.presetIndex, parsed.data.presetName);
  return ok(null);
};

const presetDeletion: Handler = (body, context) => {
  const parsed = parse(presetDeletionSchema, body);
  if ('error' in parsed) return parsed.error;
  if (!isPresetIndex(parsed.data.presetIndex))
    return artemisFailure(hikErrors.badParameter, 'presetIndex must be 1-25');
  const found = ptzCamera(context, parsed.data.cameraIndexCode);
  if ('error' in found) return found.error;
  found.camera.ptz.deletePreset(parsed.data.presetIndex);
  return ok(null);
};

const presetSearch: Handler = (body, context) => {
  const parsed = parse(presetSearchSchema, body);
  if ('error' in parsed) return parsed.error;
  const found = ptzCamera(context, parsed.data.cameraIndexCode);
  if ('error' in found) return found.error;
  const list = found.camera.ptz.listPresets().map((preset) => ({
    cameraIndexCode: found.camera.code,
    presetPointIndex: preset.index,
    presetPointName: preset.name,
  }));
  return ok({ total: list.length, list });
};

function page<T>(items: T[], pageNo: number, pageSize: number) {
  return {
    total: items.length,
    pageNo,
    pageSize,
    list: items.slice((pageNo - 1) * pageSize, pageNo * pageSize),
  };
}

/** cameraType 2 is a PTZ dome, 0 a fixed bullet camera, as ISC classifies them. */
const cameraPage: Handler = (body, context) => {
  const parsed = parse(cameraPageSchema, body);
  if ('error' in parsed) return parsed.error;
  const cameras = context.registry.list('hik').map((camera) => ({
    cameraIndexCode: camera.code,
    cameraName: camera.name,
    cameraType: camera.hasPtz ? 2 : 0,
    cameraTypeName: camera.hasPtz ? '球机' : '枪机',
    longitude: String(camera.lng),
    latitude: String(camera.lat),
  }));
  return ok(page(cameras, parsed.data.pageNo, parsed.data.pageSize));
};

const onlineStatus: Handler = (body, context) => {
  const parsed = parse(onlineStatusSchema, body);
  if ('error' in parsed) return parsed.error;
  const wanted = parsed.data.indexCodes;
  const cameras = context.registry
    .list('hik')
    .filter((camera) => !wanted || wanted.includes(camera.code))
    .map((camera) => ({
      indexCode: camera.code,
      cn: camera.name,
      online: camera.fault === 'offline' ? 0 : 1,
    }));
  return ok(page(cameras, parsed.data.pageNo, parsed.data.pageSize));
};
