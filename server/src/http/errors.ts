import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { pickLocale, StatusCode, text, type TextKey } from '@cityops/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, envelope, isApiPath, refusal } from './envelope.js';

/**
 * Fastify's own errors (bad JSON, too large, …), by their FST_ code. A database or driver error also
 * has a string code (its SQLSTATE) and may carry a status: it is ours, never the user's mistake.
 */
const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && String((error as Partial<FastifyError>).code).startsWith('FST_');

/** What the user is told: their own mistakes as 10001, anything of ours as 10500 服务不可用. */
function asRefusal(error: unknown, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (isFastifyError(error)) {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return new ApiError(StatusCode.REJECTED, 'request.tooLarge');
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return new ApiError(StatusCode.REJECTED, 'request.invalidBody');
  }
  request.log.error({ err: error }, 'request failed');
  return new ApiError(StatusCode.UNAVAILABLE, 'service.unavailable');
}

/**
 * Every failure under /api is the envelope with HTTP 200 (spec §8: the client reads status_code);
 * elsewhere a short plain-text page. Never a stack trace.
 */
export function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (isApiPath(request.url)) {
    return reply
      .code(200)
      .type('application/json; charset=utf-8')
      .send(refusal(request, asRefusal(error, request)));
  }
  const status = isFastifyError(error) && error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, 'request failed');
  return reply
    .code(status)
    .type('text/plain; charset=utf-8')
    .send(status === 500 ? 'Service unavailable' : 'Bad request');
}

export function answerUnknownApi(request: FastifyRequest, reply: FastifyReply) {
  const path = (request.url.split('?')[0] ?? '').slice(0, 200);
  const error = new ApiError(StatusCode.REJECTED, 'request.notFound', { method: request.method, path });
  return reply.code(200).send(refusal(request, error));
}

/** What the HTTP parser refuses, as the HTTP status and the text of the envelope. */
function clientRefusal(code: string | undefined): [number, TextKey] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'request.headersTooLarge'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'request.timeout'];
  return [400, 'request.invalidBody'];
}

/**
 * Fastify's clientErrorHandler: a request Node's HTTP parser refuses before any route sees it (a URL
 * or headers over maxHeaderSize, a malformed request line, headers or body too slow to arrive) gets
 * a minimal HTTP answer with the envelope, then the connection closes.
 */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key] = clientRefusal(error.code);
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) {
    // The language of the envelope: the Accept-Language among the bytes received, if any.
    const language = /\r\naccept-language:[ \t]*([^\r\n]{0,200})/i.exec(
      Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '',
    )?.[1];
    const body = JSON.stringify(envelope(StatusCode.REJECTED, text(key, pickLocale(language)), null));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
