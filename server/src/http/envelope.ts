import { pickLocale, StatusCode, text, type Envelope, type Locale, type TextKey } from '@cityops/contract';
import type { FastifyRequest } from 'fastify';

/**
 * A refusal the user should read: answered as the envelope with this status and text, and `data` for
 * the few refusals the contract gives machine-readable detail (null for the rest).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    readonly key: TextKey,
    readonly values: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

/** A handler's result with a success text other than the default. */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly message: TextKey,
  ) {}
}

export const localeOf = (request: FastifyRequest): Locale => pickLocale(request.headers['accept-language']);

export const envelope = <T>(statusCode: number, message: string, data: T): Envelope<T> => ({
  status_code: statusCode,
  message,
  data,
});

export const refusal = (request: FastifyRequest, error: ApiError) =>
  envelope(error.statusCode, text(error.key, localeOf(request), error.values), error.data);

export const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Refuses the request with 10001 and a text the user reads (the rules of a domain's service). */
export const refuse = (key: TextKey, values: Record<string, string | number> = {}): never => {
  throw new ApiError(StatusCode.REJECTED, key, values);
};
