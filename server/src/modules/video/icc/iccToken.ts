import { constants, createHash, createPublicKey, publicEncrypt } from 'node:crypto';
import { PLATFORM_ICC } from '@cityops/contract';
import { z } from 'zod';
import { platformError } from '../errors.js';
import { callPlatform, type Fetch } from '../platformHttp.js';
import type { PlatformRow } from '../settings.js';

/**
 * ICC's OAuth: a token by password (RSA-encrypted with the platform's public key), refreshed with the
 * refresh token before it runs out, cached per process and per settings so every call does not sign
 * in again. Concurrent callers share one sign-in.
 */

const OAUTH = '/evo-apigw/evo-oauth/1.0.0/oauth';
/** Refresh this long before the platform would expire the token. */
const EARLY_MS = 60_000;

const publicKeyAnswer = z.object({ data: z.object({ publicKey: z.string().min(1) }) });
const tokenAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    access_token: z.string().min(1),
    refresh_token: z.string().min(1),
    expires_in: z.coerce.number().positive(),
  }),
});

interface Token {
  access: string;
  refresh: string;
  /** Wall-clock ms when we stop using it. */
  usableUntil: number;
}

export class IccTokens {
  private readonly tokens = new Map<string, Token>();
  private readonly pending = new Map<string, Promise<Token>>();

  constructor(
    private readonly fetcher: Fetch = fetch,
    /** Token lifetimes are the platform's: measured on the wall clock, not the app's. */
    private readonly wallClock: () => number = Date.now,
  ) {}

  /** Settings identify a cache entry; a change of any of them (an admin's edit) means a new sign-in. */
  private keyOf(row: PlatformRow) {
    return createHash('sha256')
      .update(JSON.stringify([row.baseUrl, row.username, row.password, row.clientId, row.clientSecret]))
      .digest('hex');
  }

  /** A usable access token: cached, else refreshed, else signed in afresh. */
  async accessToken(row: PlatformRow): Promise<string> {
    const key = this.keyOf(row);
    const cached = this.tokens.get(key);
    if (cached && cached.usableUntil > this.wallClock()) return cached.access;
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.obtain(row, cached).finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return (await pending).access;
  }

  /** Drops the token the platform refused (expired early, platform restarted). */
  forget(row: PlatformRow) {
    this.tokens.delete(this.keyOf(row));
  }

  private async obtain(row: PlatformRow, stale: Token | undefined): Promise<Token> {
    let token: Token | undefined;
    if (stale) token = await this.refresh(row, stale).catch(() => undefined);
    token ??= await this.signIn(row);
    this.tokens.set(this.keyOf(row), token);
    return token;
  }

  private async post(row: PlatformRow, path: string, body: unknown) {
    return callPlatform(
      PLATFORM_ICC,
      this.fetcher,
      `${row.baseUrl}${OAUTH}${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      row.timeoutMs,
    );
  }

  private toToken(body: unknown): Token {
    const parsed = tokenAnswer.safeParse(body);
    // Wrong user, password or client: the settings are at fault, never shown in detail.
    if (!parsed.success) throw platformError(PLATFORM_ICC, 'video.platformAuth');
    const { access_token, refresh_token, expires_in } = parsed.data.data;
    const lifetime = expires_in * 1000;
    return {
      access: access_token,
      refresh: refresh_token,
      usableUntil: this.wallClock() + Math.max(lifetime - EARLY_MS, lifetime / 2),
    };
  }

  private async signIn(row: PlatformRow): Promise<Token> {
    const keyAnswer = await callPlatform(
      PLATFORM_ICC,
      this.fetcher,
      `${row.baseUrl}${OAUTH}/public-key`,
      { method: 'GET' },
      row.timeoutMs,
    );
    const key = publicKeyAnswer.safeParse(keyAnswer.body);
    if (!key.success) throw platformError(PLATFORM_ICC, 'video.platformError', { reason: 'no public key' });
    const publicKey = key.data.data.publicKey;
    const answer = await this.post(row, '/extend/token', {
      grant_type: 'password',
      username: row.username,
      password: encryptPassword(publicKey, row.password),
      client_id: row.clientId,
      client_secret: row.clientSecret,
      public_key: publicKey,
    });
    return this.toToken(answer.body);
  }

  private async refresh(row: PlatformRow, stale: Token): Promise<Token> {
    const answer = await this.post(row, '/extend/refresh/token', {
      grant_type: 'refresh_token',
      refresh_token: stale.refresh,
      client_id: row.clientId,
      client_secret: row.clientSecret,
    });
    return this.toToken(answer.body);
  }
}

/** ICC wants the password RSA-encrypted (PKCS#1 v1.5) with its public key (base64 DER SPKI), base64. */
export function encryptPassword(publicKeyBase64: string, password: string): string {
  try {
    const key = createPublicKey({ key: Buffer.from(publicKeyBase64, 'base64'), format: 'der', type: 'spki' });
    return publicEncrypt(
      { key, padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(password, 'utf8'),
    ).toString('base64');
  } catch {
    throw platformError(PLATFORM_ICC, 'video.platformError', { reason: 'unreadable public key' });
  }
}
