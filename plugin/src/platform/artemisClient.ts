import { z } from 'zod';
import type { pluginPlaybackItemSchema } from '@cityops/contract';
import { artemisHeaders } from './artemisSigner.js';

/** Where a control plays from, as init gave it (the secret already decrypted; kept in memory only). */
export interface PlatformAccess {
  host: string;
  https: boolean;
  appKey: string;
  appSecret: string;
}

/** The platform could not be reached, or it refused (reason is the platform's own msg and code). */
export class PlatformFailure extends Error {
  override name = 'PlatformFailure';
  constructor(
    readonly kind: 'unreachable' | 'refused',
    readonly reason: string,
    readonly httpStatus?: number,
  ) {
    super(reason);
  }
}

const answerSchema = z.object({
  code: z.union([z.string(), z.number()]).transform(String),
  msg: z.string().optional(),
  data: z.unknown(),
});
const urlDataSchema = z.object({ url: z.string().regex(/^wss?:\/\//) });

/** A playback item after its schema's defaults. */
export type PlaybackItem = z.output<typeof pluginPlaybackItemSchema>;

const PATHS = {
  preview: '/artemis/api/video/v2/cameras/previewURLs',
  playback: '/artemis/api/video/v2/cameras/playbackURLs',
  talk: '/artemis/api/video/v1/cameras/talkURLs',
  cameras: '/artemis/api/resource/v1/cameras',
} as const;

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

/** Epoch seconds as Artemis wants times: ISO 8601 with the offset, in China time (UTC+8). */
export function artemisTime(epochSeconds: number): string {
  const china = new Date(epochSeconds * 1000 + 8 * 3_600_000);
  return (
    `${china.getUTCFullYear()}-${pad(china.getUTCMonth() + 1)}-${pad(china.getUTCDate())}` +
    `T${pad(china.getUTCHours())}:${pad(china.getUTCMinutes())}:${pad(china.getUTCSeconds())}.000+08:00`
  );
}

/** The calls the plug-in makes to the ISC-shaped platform, signed with the control's app key and secret. */
export class ArtemisClient {
  constructor(
    private readonly access: PlatformAccess,
    private readonly timeoutMs = 10_000,
  ) {}

  get host(): string {
    return this.access.host;
  }

  /** A live stream: ws-flv, main stream, TCP. */
  async previewUrl(cameraIndexCode: string): Promise<string> {
    const data = await this.post(PATHS.preview, {
      cameraIndexCode,
      streamType: 0,
      protocol: 'ws',
      transmode: 1,
      expand: 'transcode=0',
      streamform: 'flv',
    });
    return parseUrl(data);
  }

  /** A recording: the item's range, starting at playTimeStamp when given. */
  async playbackUrl(item: PlaybackItem): Promise<string> {
    const data = await this.post(PATHS.playback, {
      cameraIndexCode: item.cameraIndexCode,
      recordLocation: String(item.recordLocation),
      protocol: 'ws',
      transmode: 1,
      beginTime: artemisTime(item.startTimeStamp),
      endTime: artemisTime(item.endTimeStamp),
      uuid: '',
      expand: '',
      streamform: 'flv',
      lockType: 0,
    });
    const url = new URL(parseUrl(data));
    const start = item.playTimeStamp;
    if (start !== undefined && start > item.startTimeStamp && start < item.endTimeStamp)
      url.searchParams.set('start', String(start * 1000));
    return url.toString();
  }

  async talkUrl(cameraIndexCode: string): Promise<string> {
    const data = await this.post(PATHS.talk, {
      cameraIndexCode,
      protocol: 'ws',
      transmode: 1,
      expand: '',
      eurlExpand: '',
    });
    return parseUrl(data);
  }

  /** Whether the key and secret are accepted: the gateway refuses a bad signature before anything else. */
  async check(): Promise<void> {
    try {
      await this.post(PATHS.cameras, { pageNo: 1, pageSize: 1 });
    } catch (error) {
      // A business refusal (this app may not list cameras) still proves the signature was accepted.
      if (error instanceof PlatformFailure && error.kind === 'refused' && error.httpStatus === 200) return;
      throw error;
    }
  }

  private async post(path: string, payload: unknown): Promise<unknown> {
    const body = JSON.stringify(payload);
    const base = `${this.access.https ? 'https' : 'http'}://${this.access.host}`;
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: artemisHeaders(path, body, this.access),
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new PlatformFailure('unreachable', this.access.host);
    }
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PlatformFailure('refused', `HTTP ${response.status}`, response.status);
    }
    const answer = answerSchema.safeParse(json);
    if (!answer.success) throw new PlatformFailure('refused', `HTTP ${response.status}`, response.status);
    if (answer.data.code !== '0' || !response.ok) {
      const reason = `${answer.data.msg ?? ''} (${answer.data.code})`.trim();
      throw new PlatformFailure('refused', reason, response.status);
    }
    return answer.data.data;
  }
}

function parseUrl(data: unknown): string {
  const parsed = urlDataSchema.safeParse(data);
  if (!parsed.success) throw new PlatformFailure('refused', 'no stream url in the answer');
  return parsed.data.url;
}
