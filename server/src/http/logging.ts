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
];

export const REDACTED = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  ...SECRET_FIELDS.map((field) => `*.*.${field}`),
  'headers["access-token"]',
  '*.headers["access-token"]',
  '*.headers["set-cookie"]',
];

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
    },
    ...(stream ? { stream } : {}),
  };
}
