import {
  PLATFORM_ICC,
  StatusCode,
  parseVideoTime,
  playbackStreamUrl,
  type PtzAction,
} from '@cityops/contract';
import { z } from 'zod';
import { platformError, vendorReason, VideoError } from '../errors.js';
import { callPlatform, type Fetch } from '../platformHttp.js';
import type { PlatformRow } from '../settings.js';
import type { IccTokens } from './iccToken.js';

/** Dahua ICC's admin API (PROTOCOLS.md §2): bearer-authorised POSTs with `{ data }` bodies. */
const ADMIN = '/evo-apigw/admin/API';
const SUCCESS = '1000';

/** ICC result codes the operator can act on (PROTOCOLS.md §2.2). */
const ICC_CODES = {
  noSuchChannel: '1002',
  offline: '1003',
  noPtz: '1004',
  noPreset: '1005',
  badCredentials: '1010',
  badClient: '1011',
  invalidToken: '1012',
  noRecord: '2239',
} as const;

const answerSchema = z.object({
  success: z.boolean().optional(),
  code: z.union([z.string(), z.number()]).transform(String),
  errMsg: z.string().optional(),
  data: z.unknown(),
});
const urlData = z.object({ url: z.string().min(1) });
const presetData = z.object({
  presetPoints: z
    .array(
      z.object({
        presetPointCode: z.union([z.string(), z.number()]),
        presetPointName: z.string().optional(),
      }),
    )
    .default([]),
});

/** ICC answers `"outer|inner"`; the inner address is the one a player on our network opens. */
export const innerAddress = (value: string) => (value.split('|')[1] ?? value.split('|')[0] ?? '').trim();

/** direct codes of DMS/Ptz/OperateDirect. */
const DIRECTS: Partial<Record<PtzAction, number>> = {
  UP: 1,
  DOWN: 2,
  LEFT: 3,
  RIGHT: 4,
  LEFT_UP: 5,
  LEFT_DOWN: 6,
  RIGHT_UP: 7,
  RIGHT_DOWN: 8,
};
/** operateType and direct of DMS/Ptz/OperateCamera: 1 zoom, 2 focus, 3 iris; 1 in/far/open, 2 out/near/close. */
const LENS: Partial<Record<PtzAction, [number, number]>> = {
  ZOOM_IN: [1, 1],
  ZOOM_OUT: [1, 2],
  FOCUS_FAR: [2, 1],
  FOCUS_NEAR: [2, 2],
  IRIS_ENLARGE: [3, 1],
  IRIS_REDUCE: [3, 2],
};
/** operateType of DMS/Ptz/OperatePresetPoint. */
const PRESET_OPS: Partial<Record<PtzAction, number>> = { PRESET_POINT: 1, ADD_POINT: 2, DEL_POINT: 3 };

export interface PtzOrder {
  action: PtzAction;
  command: 0 | 1;
  speed: number;
  presetPointCode?: number | undefined;
  presetPointName?: string | undefined;
}

class IccRefusal extends Error {
  constructor(
    readonly code: string,
    readonly reason: string,
  ) {
    super(code);
  }
}

function refusalOf(code: string, error: unknown, preset?: number): VideoError {
  if (!(error instanceof IccRefusal)) throw error;
  switch (error.code) {
    case ICC_CODES.noSuchChannel:
      return new VideoError(StatusCode.REJECTED, 'video.cameraUnknown', { codes: code });
    case ICC_CODES.offline:
      return new VideoError(StatusCode.UNAVAILABLE, 'video.cameraOffline', { code });
    case ICC_CODES.noPtz:
      return new VideoError(StatusCode.REJECTED, 'video.noPtz', { code });
    case ICC_CODES.noPreset:
      return new VideoError(StatusCode.REJECTED, 'video.noPreset', { preset: preset ?? '' });
    case ICC_CODES.noRecord:
      return new VideoError(StatusCode.REJECTED, 'video.noRecord');
    case ICC_CODES.badCredentials:
    case ICC_CODES.badClient:
    case ICC_CODES.invalidToken:
      return platformError(PLATFORM_ICC, 'video.platformAuth');
    default:
      return platformError(PLATFORM_ICC, 'video.platformError', { reason: `${error.code} ${error.reason}` });
  }
}

export class IccAdapter {
  constructor(
    private readonly row: PlatformRow,
    private readonly tokens: IccTokens,
    private readonly fetcher: Fetch = fetch,
  ) {}

  private async send(path: string, data: unknown) {
    const token = await this.tokens.accessToken(this.row);
    return callPlatform(
      PLATFORM_ICC,
      this.fetcher,
      `${this.row.baseUrl}${ADMIN}/${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `bearer ${token}` },
        body: JSON.stringify({ data }),
      },
      this.row.timeoutMs,
    );
  }

  /** One admin call; a refused token (expired early, platform restarted) is replaced once. */
  private async admin(path: string, data: unknown): Promise<unknown> {
    let answer = await this.send(path, data);
    if (answer.status === 401) {
      this.tokens.forget(this.row);
      answer = await this.send(path, data);
    }
    const parsed = answerSchema.safeParse(answer.body);
    if (!parsed.success) {
      throw platformError(PLATFORM_ICC, 'video.platformError', { reason: `HTTP ${answer.status}` });
    }
    if (parsed.data.code !== SUCCESS)
      throw new IccRefusal(parsed.data.code, vendorReason(parsed.data.errMsg));
    return parsed.data.data;
  }

  private async call<T extends z.ZodType>(
    code: string,
    path: string,
    data: unknown,
    schema: T,
    preset?: number,
  ) {
    let answer: unknown;
    try {
      answer = await this.admin(path, data);
    } catch (error) {
      throw refusalOf(code, error, preset);
    }
    const parsed = schema.safeParse(answer);
    if (!parsed.success)
      throw platformError(PLATFORM_ICC, 'video.platformError', { reason: 'unexpected answer' });
    return parsed.data as z.output<T>;
  }

  async previewUrl(code: string, streamType: number) {
    const data = {
      channelId: code,
      streamType: String(streamType),
      dataType: '1',
      trackId: '',
      planId: '',
      keyCode: '',
    };
    return innerAddress((await this.call(code, 'MTS/Video/StartVideo', data, urlData)).url);
  }

  /** A playback URL carrying start/end/rate (contract `playbackStreamUrl`), so a player can seek and change rate. */
  async playbackUrl(
    ask: { controlCode: string; startTime: string; endTime: string; recordSource: number },
    request: { streamType: number; recordType: number },
  ) {
    const start = parseVideoTime(ask.startTime) ?? 0;
    const end = parseVideoTime(ask.endTime) ?? 0;
    const data = {
      channelId: ask.controlCode,
      recordSource: String(ask.recordSource),
      startTime: String(Math.floor(start / 1000)),
      endTime: String(Math.floor(end / 1000)),
      streamType: String(request.streamType),
      recordType: String(request.recordType),
    };
    const answer = await this.call(ask.controlCode, 'SS/Playback/StartPlaybackByTime', data, urlData);
    return playbackStreamUrl(innerAddress(answer.url), { start, end, rate: 1 });
  }

  /** The talk address as ICC answers it, `"outer|inner"` (§7: the player opens the second part). */
  async talkUrl(
    code: string,
    request: { talkType: number; audioBit: number; audioType: number; sampleRate: number },
  ) {
    const data = {
      channelId: code,
      talkType: String(request.talkType),
      audioBit: request.audioBit,
      audioType: String(request.audioType),
      sampleRate: request.sampleRate,
    };
    return (await this.call(code, 'MTS/Audio/StartTalk', data, urlData)).url;
  }

  async stopTalk(code: string) {
    await this.call(code, 'MTS/Audio/StopTalk', { channelId: code, talkType: '1' }, z.unknown());
  }

  async presetPoints(code: string) {
    const answer = await this.call(code, 'DMS/Ptz/GetPresetPoints', { channelId: code }, presetData);
    return answer.presetPoints.map((point) => ({
      presetPointCode: point.presetPointCode,
      presetPointName: point.presetPointName ?? '',
    }));
  }

  async ptz(code: string, order: PtzOrder) {
    const { action, command, speed } = order;
    const direct = DIRECTS[action];
    const lens = LENS[action];
    const presetOp = PRESET_OPS[action];
    if (direct !== undefined) {
      const data = {
        channelId: code,
        direct: String(direct),
        stepX: String(speed),
        stepY: String(speed),
        command: String(command),
      };
      await this.call(code, 'DMS/Ptz/OperateDirect', data, z.unknown());
    } else if (lens) {
      const [operateType, lensDirect] = lens;
      const data = {
        channelId: code,
        operateType: String(operateType),
        direct: String(lensDirect),
        step: String(speed),
        command: String(command),
      };
      await this.call(code, 'DMS/Ptz/OperateCamera', data, z.unknown());
    } else if (presetOp !== undefined && command === 1) {
      // A preset is a single step: only the press (command 1) does anything.
      const preset = order.presetPointCode ?? 0;
      const data = {
        channelId: code,
        presetPointCode: String(preset),
        presetPointName: order.presetPointName || `初始位置${preset}`,
        operateType: String(presetOp),
      };
      await this.call(code, 'DMS/Ptz/OperatePresetPoint', data, z.unknown(), preset);
    }
  }
}
