import type { FastifyServerOptions } from 'fastify';

type LoggerConfig = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
/** Where log lines go; tests pass one to read them. */
export interface LogStream {
  write(line: string): void;
}

/**
 * Log options. Logs are for operators and may be shipped anywhere, so they never carry a password,
 * token, captcha answer or cookie: requests are logged as method, path (no query) and address only,
 * and any field with one of those names is censored wherever it appears.
 */
const SECRET_FIELDS = [
  'password',
  'oldPassword',
  'confirmPass',
  'token',
  'verCode',
  'cookie',
  'authorization',
  'appSecret',
  'clientSecret',
  'secret',
  'params',
];

export const REDACTED = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  ...SECRET_FIELDS.map((field) => `*.*.${field}`),
  'headers["access-token"]',
  '*.headers["access-token"]',
  '*.headers["set-cookie"]',
];

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

const STACK_FRAME = /^\s+at /;
const MAX_CAUSES = 3;

/** The part of a database message before its first value, e.g. `invalid input syntax for type integer`. */
const withoutValues = (message: string) => message.split(/:\s/, 1)[0]?.slice(0, 200) ?? '';

/**
 * An error as a log may show it. A failed query carries its bound values (a platform secret, a
 * password hash) in its message, its `params` and its cause's `detail`; the log keeps the SQL with
 * its placeholders, the database's error code and the message up to the first value, and the stack
 * frames without the message. Other errors keep their type, message and stack, nothing else.
 */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: typeof error === 'string' ? error.slice(0, 500) : '', stack: '' };
  const frames = (error.stack ?? '').split('\n').filter((line) => STACK_FRAME.test(line));
  const record = error as Error & { query?: unknown; params?: unknown; code?: unknown; cause?: unknown };
  const failedQuery = typeof record.query === 'string' && Array.isArray(record.params);
  const fromDatabase = typeof record.code === 'string' && /^[0-9A-Z]{5}$/.test(record.code);
  const logged: LoggedError = {
    type: error.name,
    message: fromDatabase ? withoutValues(error.message) : failedQuery ? 'Failed query' : error.message,
    ...(failedQuery && !fromDatabase ? { query: String(record.query).slice(0, 2000) } : {}),
    ...(typeof record.code === 'string' ? { code: record.code } : {}),
    stack: frames.join('\n'),
  };
  if (record.cause !== undefined && depth < MAX_CAUSES) logged.cause = errorForLog(record.cause, depth + 1);
  return logged;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
}

export function loggerOptions(level: string, stream?: LogStream): LoggerConfig {
  return {
    level,
    redact: { paths: REDACTED, censor: '[redacted]' },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        path: request.url?.split('?')[0],
        ip: request.ip,
      }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
      err: errorForLog,
    },
    ...(stream ? { stream } : {}),
  };
}
