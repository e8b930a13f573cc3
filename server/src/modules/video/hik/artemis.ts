import { createHash, createHmac, randomUUID } from 'node:crypto';
import { PLATFORM_HIK } from '@cityops/contract';
import { z } from 'zod';
import { platformError, vendorReason } from '../errors.js';
import { callPlatform, type Fetch } from '../platformHttp.js';

/**
 * Hikvision ISC's Artemis gateway: every call is a JSON POST under /artemis signed with the app
 * secret (HMAC-SHA256 over method, Accept, Content-MD5, Content-Type, the x-ca-* headers and the
 * path), with a fresh nonce and timestamp so a captured request cannot be replayed.
 */

export interface ArtemisCredentials {
  baseUrl: string;
  appKey: string;
  appSecret: string;
  timeoutMs: number;
}

const SIGNED_HEADERS = ['x-ca-key', 'x-ca-nonce', 'x-ca-timestamp'] as const;

/** The string Artemis signs for a POST with these headers (names lower-case, values as sent). */
export function artemisStringToSign(path: string, headers: Record<string, string>) {
  const lines = ['POST', headers.accept, headers['content-md5'], headers['content-type']];
  const signed = SIGNED_HEADERS.map((name) => `${name}:${headers[name] ?? ''}`);
  return [...lines, ...signed, path].join('\n');
}

export function signedHeaders(
  path: string,
  body: string,
  credentials: { appKey: string; appSecret: string },
  now: number,
): Record<string, string> {
  const headers: Record<string, string> = {
    accept: '*/*',
    'content-md5': createHash('md5').update(body, 'utf8').digest('base64'),
    'content-type': 'application/json;charset=UTF-8',
    'x-ca-key': credentials.appKey,
    'x-ca-nonce': randomUUID(),
    'x-ca-timestamp': String(now),
  };
  const signature = createHmac('sha256', credentials.appSecret)
    .update(artemisStringToSign(path, headers), 'utf8')
    .digest('base64');
  return { ...headers, 'x-ca-signature-headers': SIGNED_HEADERS.join(','), 'x-ca-signature': signature };
}

const answerSchema = z.object({
  code: z.union([z.string(), z.number()]).transform(String),
  msg: z.string().optional(),
  data: z.unknown(),
});

/** Artemis business codes the user can act on (PROTOCOLS.md §1.2). */
export const ARTEMIS_CODES = {
  noSuchCamera: '0x00072203',
  offline: '0x01b01307',
  badParameter: '0x00072002',
} as const;

/** A business refusal of the platform, kept with its code so callers can tell the camera what happened. */
export class ArtemisRefusal extends Error {
  override name = 'ArtemisRefusal';
  constructor(
    readonly code: string,
    readonly reason: string,
  ) {
    super(`${code} ${reason}`);
  }
}

export class ArtemisClient {
  constructor(
    private readonly credentials: ArtemisCredentials,
    private readonly fetcher: Fetch = fetch,
    /** The vendor checks timestamps against its own clock: this is the wall clock, not the app's. */
    private readonly wallClock: () => number = Date.now,
  ) {}

  /** POSTs a signed call; answers `data`, or throws a VideoError (platform) or ArtemisRefusal (business). */
  async post(apiPath: string, payload: unknown): Promise<unknown> {
    const path = `/artemis${apiPath}`;
    const body = JSON.stringify(payload);
    const headers = signedHeaders(path, body, this.credentials, this.wallClock());
    const answer = await callPlatform(
      PLATFORM_HIK,
      this.fetcher,
      `${this.credentials.baseUrl}${path}`,
      { method: 'POST', headers, body },
      this.credentials.timeoutMs,
    );
    // 401 is the gateway refusing key or signature; its message may echo the signed string, never shown.
    if (answer.status === 401 || answer.status === 403)
      throw platformError(PLATFORM_HIK, 'video.platformAuth');
    const parsed = answerSchema.safeParse(answer.body);
    if (!parsed.success) {
      throw platformError(PLATFORM_HIK, 'video.platformError', { reason: `HTTP ${answer.status}` });
    }
    if (parsed.data.code !== '0') throw new ArtemisRefusal(parsed.data.code, vendorReason(parsed.data.msg));
    return parsed.data.data;
  }
}
