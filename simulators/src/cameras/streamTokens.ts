import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';

export type StreamKind = 'live' | 'playback' | 'talk';

export interface StreamGrant {
  kind: StreamKind;
  code: string;
  expiresAt: number;
  /** playback: the range asked for when the URL was made, used when the URL carries none */
  start?: number;
  end?: number;
  /** talk: the PCM sample rate agreed when the URL was made */
  sampleRate?: number;
  /** talk on ICC: the session id StopTalk names */
  session?: string;
}

/**
 * Stream URLs carry an opaque token, valid for a few minutes like the vendors' URLs. A token may be opened
 * several times until it expires (players reconnect); a socket already open is not cut when it expires.
 */
export class StreamTokens {
  private readonly grants = new Map<string, StreamGrant>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  issue(grant: Omit<StreamGrant, 'expiresAt'>): string {
    this.sweep();
    const token = randomBytes(16).toString('hex');
    this.grants.set(token, { ...grant, expiresAt: this.clock.now() + this.ttlMs });
    return token;
  }

  /** The grant if the token is known, unexpired and for this kind and camera. */
  check(token: string | null, kind: StreamKind, code: string): StreamGrant | undefined {
    if (!token) return undefined;
    const grant = this.grants.get(token);
    if (!grant || grant.expiresAt <= this.clock.now()) return undefined;
    if (grant.kind !== kind || grant.code !== code) return undefined;
    return grant;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [token, grant] of this.grants) if (grant.expiresAt <= now) this.grants.delete(token);
  }
}
