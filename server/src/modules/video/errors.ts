import { StatusCode, videoText, type VideoPlatform, type VideoTextKey } from '@cityops/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { envelope, localeOf } from '../../http/envelope.js';
import { answerError } from '../../http/errors.js';

/** A video refusal the user reads: answered as the envelope with this status and one of the video texts. */
export class VideoError extends Error {
  override name = 'VideoError';
  constructor(
    readonly statusCode: number,
    readonly key: VideoTextKey,
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }

  /** Whether the whole platform failed (not just one camera): no other camera will fare better. */
  get platformWide() {
    return PLATFORM_WIDE.has(this.key);
  }
}

const PLATFORM_WIDE = new Set<VideoTextKey>([
  'video.platformNotConfigured',
  'video.platformUnreachable',
  'video.platformTimeout',
  'video.platformAuth',
]);

/** Names the platform kind in messages the way operators know it. */
export const PLATFORM_NAMES: Record<VideoPlatform, string> = {
  hik_isc_huati: '海康 ISC',
  dh_icc_huati: '大华 ICC',
};

export const platformError = (platform: VideoPlatform, key: VideoTextKey, values = {}) =>
  new VideoError(StatusCode.UNAVAILABLE, key, { platform: PLATFORM_NAMES[platform], ...values });

/** Vendor texts are shown to the user, so they are cut short and kept to one line. */
export const vendorReason = (message: unknown) =>
  String(message ?? '')
    .replace(/\s+/g, ' ')
    .slice(0, 120);

/**
 * The video routes' error handler: video refusals become their envelope (logged without any vendor
 * detail that might carry a credential); everything else goes to the app's own handler.
 */
export function answerVideoError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof VideoError)) return answerError(error, request, reply);
  request.log.warn({ video: error.key, platform: error.values.platform }, 'video call refused');
  return reply
    .code(200)
    .type('application/json; charset=utf-8')
    .send(envelope(error.statusCode, videoText(error.key, localeOf(request), error.values), null));
}
