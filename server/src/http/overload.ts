import { StatusCode, text } from '@cityops/contract';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelope, isApiPath, localeOf } from './envelope.js';

export interface OverloadLimits {
  /** API requests being worked on at once; past it, new ones are answered 503 at once. 0: no limit. */
  maxInFlight: number;
  /** Event-loop delay past which every request is answered 503 at once. 0: not watched. */
  maxEventLoopDelayMs: number;
}

/** Paths that stay outside the in-flight count: the liveness probe must answer while busy. */
const UNCOUNTED = new Set(['/api/health']);
const RETRY_AFTER_SECONDS = '2';

/**
 * Whether the client of a request has gone (closed its connection) while it waited. The connection,
 * not the request stream: a request's stream is destroyed as soon as its body has been read.
 */
export const clientGone = (request: FastifyRequest) => request.raw.socket.destroyed;

function answerBusy(request: FastifyRequest, reply: FastifyReply) {
  const body = envelope(StatusCode.UNAVAILABLE, text('service.busy', localeOf(request)), null);
  return reply
    .code(503)
    .header('retry-after', RETRY_AFTER_SECONDS)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(isApiPath(request.url) ? body : body.message);
}

/**
 * Degrading instead of collapsing under more load than the server can carry: beyond `maxInFlight`
 * API requests at once, or with the event loop behind by more than `maxEventLoopDelayMs`, a request
 * is answered 503 with the envelope and Retry-After straight away, before any work; and a request
 * whose client gave up while it waited is dropped before its handler runs (route.ts checks again
 * after the session lookup). Clients see a quick "busy" instead of a slow answer nobody waits for.
 */
export async function protectFromOverload(app: FastifyInstance, limits: OverloadLimits) {
  if (limits.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      pressureHandler: (request, reply) => {
        void answerBusy(request, reply);
      },
    });
  }
  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (limits.maxInFlight <= 0 || !isApiPath(path) || UNCOUNTED.has(path)) return;
    if (inFlight >= limits.maxInFlight) return answerBusy(request, reply);
    inFlight += 1;
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
  });
  app.addHook('preHandler', async (request, reply) => {
    if (clientGone(request)) return reply.hijack();
  });
}
