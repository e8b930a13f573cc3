import type { Clock } from '../clock.js';
import { headerValue, json, type PlatformRequest, type PlatformResponse } from '../http/platformServer.js';
import { artemisSignature, artemisStringToSign, contentMd5, signaturesMatch } from './artemisSignature.js';

/** Gateway error codes, as Artemis answers them (HTTP 401, JSON body). */
export const gatewayErrors = {
  noAppKey: '0x02401000',
  unknownAppKey: '0x02401001',
  noSignature: '0x02401002',
  badSignature: '0x02401003',
} as const;

/** Timestamps further than this from the simulator's clock, and nonces seen within it, are refused. */
const REPLAY_WINDOW_MS = 15 * 60_000;

export function artemisFailure(code: string, msg: string, status = 200): PlatformResponse {
  return json({ code, msg, data: null }, status);
}

/**
 * Checks an Artemis request's app key and HMAC-SHA256 signature; returns the error answer, or undefined when
 * the request may proceed. The secret never appears in an answer; the server's string-to-sign does, as the
 * real gateway's does, because it is what an adapter author needs to find a signing mistake.
 */
export class ArtemisGateway {
  private readonly nonces = new Map<string, number>();

  constructor(
    private readonly credentials: { appKey: string; appSecret: string },
    private readonly clock: Clock,
  ) {}

  verify(request: PlatformRequest): PlatformResponse | undefined {
    const headers: Record<string, string | undefined> = {};
    for (const name of Object.keys(request.headers)) headers[name] = headerValue(request.headers, name);
    const appKey = headers['x-ca-key'];
    if (!appKey) return artemisFailure(gatewayErrors.noAppKey, 'AppKey is empty', 401);
    if (appKey !== this.credentials.appKey)
      return artemisFailure(gatewayErrors.unknownAppKey, 'AppKey not found', 401);
    const signature = headers['x-ca-signature'];
    if (!signature) return artemisFailure(gatewayErrors.noSignature, 'Signature is empty', 401);

    const contentMd5Header = headers['content-md5'];
    if (contentMd5Header !== undefined && contentMd5Header !== contentMd5(request.rawBody)) {
      return artemisFailure(gatewayErrors.badSignature, 'Invalid Content-MD5', 401);
    }
    const stringToSign = artemisStringToSign({
      method: request.method,
      path: request.path,
      headers,
      query: request.query,
    });
    if (!signaturesMatch(artemisSignature(this.credentials.appSecret, stringToSign), signature)) {
      return artemisFailure(
        gatewayErrors.badSignature,
        `Invalid Signature! and StringToSign: ${stringToSign}`,
        401,
      );
    }
    return this.checkReplay(headers['x-ca-timestamp'], headers['x-ca-nonce']);
  }

  private checkReplay(
    timestamp: string | undefined,
    nonce: string | undefined,
  ): PlatformResponse | undefined {
    const now = this.clock.now();
    if (timestamp !== undefined && !(Math.abs(now - Number(timestamp)) <= REPLAY_WINDOW_MS)) {
      return artemisFailure(
        gatewayErrors.badSignature,
        'Invalid Signature! X-Ca-Timestamp is out of range',
        401,
      );
    }
    if (nonce !== undefined) {
      for (const [seen, at] of this.nonces) if (now - at > REPLAY_WINDOW_MS) this.nonces.delete(seen);
      if (this.nonces.has(nonce))
        return artemisFailure(gatewayErrors.badSignature, 'Invalid Signature! X-Ca-Nonce was used', 401);
      this.nonces.set(nonce, now);
    }
    return undefined;
  }
}
