import type { VideoPlatform } from '@cityops/contract';
import { platformError } from './errors.js';
import { parseUntrustedJson } from '../../http/untrustedJson.js';

/** The fetch the adapters use; tests wrap it to see what reaches the platform. */
export type Fetch = typeof fetch;

export interface PlatformAnswer {
  status: number;
  /** The parsed JSON body; undefined when the body was not JSON. */
  body: unknown;
}

/** Platform answers larger than this are not read: no URL or preset list comes near it. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * One HTTP call to a platform, bounded by its timeout (connect, headers and body together). Network
 * failures become "not reachable", a timeout "did not answer"; the error never carries the request.
 */
export async function callPlatform(
  platform: VideoPlatform,
  fetcher: Fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<PlatformAnswer> {
  try {
    const response = await fetcher(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (text.length > MAX_ANSWER_BYTES)
      throw platformError(platform, 'video.platformError', { reason: 'answer too large' });
    let body: unknown;
    try {
      body = text === '' ? undefined : parseUntrustedJson(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw platformError(platform, 'video.platformTimeout');
    }
    if (error instanceof Error && error.name === 'VideoError') throw error;
    throw platformError(platform, 'video.platformUnreachable');
  }
}
