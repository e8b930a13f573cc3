import { StatusCode, type Envelope } from '@cityops/contract';

/**
 * How a call failed: the server answered a non-1 status_code (`status`), the answer was not the
 * envelope or not the endpoint's data (`invalid-response`), nothing answered (`network`), the 180 s
 * ran out (`timeout`), or the caller aborted it (`aborted`).
 */
export type ApiErrorKind = 'status' | 'invalid-response' | 'network' | 'timeout' | 'aborted';

/** What a failed call rejects with: the server's envelope when there was one, else status 10500. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly statusCode: number;
  /** The envelope as the server sent it, when there was one. */
  readonly body: Envelope | null;

  constructor(kind: ApiErrorKind, message: string, body: Envelope | null = null) {
    super(message);
    this.kind = kind;
    this.body = body;
    this.statusCode = body?.status_code ?? StatusCode.UNAVAILABLE;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;
