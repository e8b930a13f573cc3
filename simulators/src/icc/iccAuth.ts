import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import {
  headerValue,
  INVALID_JSON,
  json,
  type PlatformRequest,
  type PlatformResponse,
} from '../http/platformServer.js';
import { iccErrors, iccFailure } from './iccAnswers.js';
import { RsaPasswordKey } from './rsaPassword.js';

export interface IccCredentials {
  username: string;
  password: string;
  clientId: string;
  clientSecret: string;
}

const tokenRequestSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    username: z.string(),
    password: z.string(),
    client_id: z.string(),
    client_secret: z.string(),
    public_key: z.string().optional(),
  }),
  z.object({ grant_type: z.literal('client_credentials'), client_id: z.string(), client_secret: z.string() }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string(),
    client_id: z.string(),
    client_secret: z.string(),
  }),
]);

const OAUTH = '/evo-apigw/evo-oauth/1.0.0/oauth';

/**
 * ICC's OAuth side: a public key for password encryption, tokens by password, client credentials or refresh,
 * and the bearer check every /evo-apigw/admin/API call goes through.
 */
export class IccAuth {
  private readonly key = new RsaPasswordKey();
  private readonly accessTokens = new Map<string, number>();
  private readonly refreshTokens = new Map<string, number>();

  constructor(
    private readonly credentials: IccCredentials,
    private readonly clock: Clock,
    private readonly tokenTtlMs: number,
  ) {}

  /** Answers the OAuth endpoints; undefined for other paths. */
  handle(request: PlatformRequest): PlatformResponse | undefined {
    if (request.path === `${OAUTH}/public-key` && request.method === 'GET') {
      return json({ success: true, code: '0', errMsg: '', data: { publicKey: this.key.publicKeyBase64 } });
    }
    if (
      (request.path === `${OAUTH}/extend/token` || request.path === `${OAUTH}/extend/refresh/token`) &&
      request.method === 'POST'
    ) {
      return this.token(request.body);
    }
    return undefined;
  }

  /** The error answer when the request carries no valid `Authorization: bearer <token>`. */
  check(request: PlatformRequest): PlatformResponse | undefined {
    const header = headerValue(request.headers, 'authorization') ?? '';
    const match = /^bearer\s+(\S+)$/i.exec(header.trim());
    const expiresAt = match?.[1] ? this.accessTokens.get(match[1]) : undefined;
    if (expiresAt !== undefined && expiresAt > this.clock.now()) return undefined;
    return iccFailure(iccErrors.invalidToken, 'token 无效或已过期', 401);
  }

  private token(body: unknown): PlatformResponse {
    const parsed = tokenRequestSchema.safeParse(body === INVALID_JSON ? undefined : body);
    if (!parsed.success)
      return iccFailure(
        iccErrors.badParameter,
        `参数错误: ${parsed.error.issues[0]?.path.join('.') ?? 'body'}`,
      );
    const request = parsed.data;
    if (
      request.client_id !== this.credentials.clientId ||
      request.client_secret !== this.credentials.clientSecret
    ) {
      return iccFailure(iccErrors.badClient, 'client_id 或 client_secret 错误');
    }
    if (request.grant_type === 'password') {
      const password = this.key.decrypt(request.password);
      if (request.username !== this.credentials.username || password !== this.credentials.password) {
        return iccFailure(iccErrors.badCredentials, '用户名或密码错误');
      }
    }
    if (request.grant_type === 'refresh_token') {
      const expiresAt = this.refreshTokens.get(request.refresh_token);
      if (expiresAt === undefined || expiresAt <= this.clock.now())
        return iccFailure(iccErrors.invalidToken, 'refresh_token 无效或已过期');
      this.refreshTokens.delete(request.refresh_token);
    }
    return this.issue();
  }

  private issue(): PlatformResponse {
    const now = this.clock.now();
    for (const [token, expiresAt] of this.accessTokens) if (expiresAt <= now) this.accessTokens.delete(token);
    const accessToken = randomBytes(24).toString('hex');
    const refreshToken = randomBytes(24).toString('hex');
    this.accessTokens.set(accessToken, now + this.tokenTtlMs);
    this.refreshTokens.set(refreshToken, now + 2 * this.tokenTtlMs);
    return json({
      success: true,
      code: '0',
      errMsg: '',
      data: {
        access_token: accessToken,
        refresh_token: refreshToken,
        token_type: 'bearer',
        expires_in: Math.floor(this.tokenTtlMs / 1000),
        scope: '*',
        userId: '1',
      },
    });
  }
}
