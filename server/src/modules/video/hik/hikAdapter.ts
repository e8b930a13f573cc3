import {
  PLATFORM_HIK,
  StatusCode,
  playbackStreamUrl,
  parseVideoTime,
  type StreamProtocol,
} from '@cityops/contract';
import { z } from 'zod';
import { platformError, VideoError } from '../errors.js';
import type { Fetch } from '../platformHttp.js';
import type { PlatformRow } from '../settings.js';
import { ARTEMIS_CODES, ArtemisClient, ArtemisRefusal } from './artemis.js';
import { toChinaIso } from '../chinaTime.js';

/** The Artemis calls behind /security/camera/* (PROTOCOLS.md §1.3). */
const PATHS = {
  preview: '/api/video/v2/cameras/previewURLs',
  playback: '/api/video/v2/cameras/playbackURLs',
  talk: '/api/video/v1/cameras/talkURLs',
} as const;

const urlData = z.object({ url: z.string().min(1) });
const playbackData = z.object({
  url: z.string().min(1),
  uuid: z.string().optional(),
  list: z.array(z.object({ beginTime: z.string(), endTime: z.string() })).default([]),
});

/** What one camera's refusal means to the operator. */
function refusalOf(code: string, error: unknown): VideoError {
  if (!(error instanceof ArtemisRefusal)) throw error;
  if (error.code === ARTEMIS_CODES.offline)
    return new VideoError(StatusCode.UNAVAILABLE, 'video.cameraOffline', { code });
  if (error.code === ARTEMIS_CODES.noSuchCamera) {
    return new VideoError(StatusCode.REJECTED, 'video.cameraUnknown', { codes: code });
  }
  return platformError(PLATFORM_HIK, 'video.platformError', { reason: `${error.code} ${error.reason}` });
}

export interface HikPlaybackAsk {
  cameraIndexCode: string;
  beginTime: string;
  endTime: string;
  recordLocation: string | number;
}

export class HikAdapter {
  private readonly client: ArtemisClient;

  constructor(row: PlatformRow, fetcher?: Fetch) {
    this.client = new ArtemisClient(
      { baseUrl: row.baseUrl, appKey: row.appKey, appSecret: row.appSecret, timeoutMs: row.timeoutMs },
      fetcher,
    );
  }

  private async call<T extends z.ZodType>(code: string, path: string, payload: unknown, schema: T) {
    let data: unknown;
    try {
      data = await this.client.post(path, payload);
    } catch (error) {
      throw refusalOf(code, error);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success)
      throw platformError(PLATFORM_HIK, 'video.platformError', { reason: 'unexpected answer' });
    return parsed.data as z.output<T>;
  }

  async previewUrl(
    code: string,
    request: {
      protocol: StreamProtocol;
      streamType: number;
      transmode: number;
      expand: string;
      streamform: string;
    },
  ) {
    const payload = { cameraIndexCode: code, ...request };
    return (await this.call(code, PATHS.preview, payload, urlData)).url;
  }

  /**
   * A playback URL for the range, with `start`/`end`/`rate` set on it so a player can seek or change
   * rate from it (contract `playbackStreamUrl`), and the recorded segments for the timeline.
   */
  async playback(
    ask: HikPlaybackAsk,
    request: {
      protocol: StreamProtocol;
      transmode: number;
      expand: string;
      streamform: string;
      uuid: string;
    },
  ) {
    const begin = parseVideoTime(ask.beginTime) ?? 0;
    const end = parseVideoTime(ask.endTime) ?? 0;
    const payload = {
      cameraIndexCode: ask.cameraIndexCode,
      recordLocation: String(ask.recordLocation),
      beginTime: toChinaIso(begin),
      endTime: toChinaIso(end),
      lockType: 0,
      ...request,
    };
    const data = await this.call(ask.cameraIndexCode, PATHS.playback, payload, playbackData);
    return { url: playbackStreamUrl(data.url, { start: begin, end, rate: 1 }), list: data.list };
  }

  async talkUrl(
    code: string,
    request: { protocol: 'wss'; transmode: number; expand: string; eurlExpand: string },
  ) {
    const payload = { cameraIndexCode: code, ...request };
    return (await this.call(code, PATHS.talk, payload, urlData)).url;
  }
}
