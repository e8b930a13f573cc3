import { z } from 'zod';

/** status_code values and their meaning (platform-shell.md §8). */
export const StatusCode = {
  SUCCESS: 1,
  /** Rejected; the message is shown to the user. */
  REJECTED: 10001,
  SESSION_ENDED_10002: 10002,
  SESSION_ENDED_10008: 10008,
  SESSION_ENDED: 10401,
  LICENCE: 10402,
  /** No permission / service unavailable. */
  UNAVAILABLE: 10500,
} as const;
export type StatusCode = (typeof StatusCode)[keyof typeof StatusCode];

export const SESSION_ENDED_CODES: readonly number[] = [
  StatusCode.SESSION_ENDED,
  StatusCode.SESSION_ENDED_10008,
  StatusCode.SESSION_ENDED_10002,
];

/** Every answer of the API, for every path, is this envelope. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    status_code: z.number().int(),
    message: z.string(),
    data,
  });

export const anyEnvelopeSchema = envelopeSchema(z.unknown());
export type Envelope<T = unknown> = { status_code: number; message: string; data: T };
