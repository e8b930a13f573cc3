import { StatusCode, text } from '@cityops/contract';
import { performance } from 'node:perf_hooks';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelope, isApiPath, localeOf } from './envelope.js';

export interface OverloadLimits {
  /** API requests being worked on at once; past it, new ones are answered 503 at once. 0: no limit. */
  maxInFlight: number;
  /** Event-loop delay past which every request is answered 503 at once. 0: not watched. */
  maxEventLoopDelayMs: number;
  /**
   * Event-loop utilization (0-1) the server keeps to by turning away a share of new API requests
   * (see LoadShedder). 0: not watched.
   */
  targetUtilization: number;
}

/** How the loop was used over the last interval (0-1); Node's own measure unless a test gives one. */
export type UtilizationSampler = () => number;

function loopUtilization(): UtilizationSampler {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}

/** How often the shedder samples the loop, and how strongly it reacts to each sample. */
const SHED_SAMPLE_MS = 100;
const SHED_GAIN = 1;
/** Never everything: some requests always get through, so the share can be seen to be too high. */
const SHED_MAX_SHARE = 0.95;
/** Samples in a row over the target before any request is turned away: a burst is not overload. */
const SHED_SUSTAINED = 3;

/**
 * Keeps the event loop just below saturation by answering a share of new API requests 503 at once.
 * Requests the server cannot keep up with otherwise wait unseen before it reads them (in the
 * kernel, behind one another: with the embedded database every query runs on this one thread), so
 * neither the in-flight count nor the event-loop delay sees the queue grow. The share rises while
 * the loop is busier than the target and falls while it is less (an integral controller: the share
 * settles where the load the server accepts is just what it can carry), so throughput holds at
 * capacity and accepted requests are answered quickly instead of everyone waiting seconds. It starts
 * only after SHED_SUSTAINED busy samples in a row: a page's burst of calls is not overload.
 */
export class LoadShedder {
  private share = 0;
  private over = 0;

  constructor(
    private readonly target: number,
    private readonly utilization: UtilizationSampler = loopUtilization(),
    private readonly random: () => number = Math.random,
  ) {}

  /** Takes one sample of the loop and adjusts the share turned away. */
  sample(): void {
    const error = this.utilization() - this.target;
    this.over = error > 0 ? this.over + 1 : 0;
    if (error > 0 && this.over < SHED_SUSTAINED && this.share === 0) return;
    this.share = Math.min(SHED_MAX_SHARE, Math.max(0, this.share + SHED_GAIN * error));
  }

  /** The share of new API requests currently turned away (0-1). */
  get shedding(): number {
    return this.share;
  }

  /** Whether to turn this request away. */
  turnAway(): boolean {
    return this.share > 0 && this.random() < this.share;
  }
}

const isWebSocketUpgrade = (upgrade: string | undefined) => upgrade?.toLowerCase() === 'websocket';

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
 * API requests at once, with the event loop behind by more than `maxEventLoopDelayMs`, or as the
 * share the LoadShedder turns away while the loop is saturated, a request is answered 503 with the
 * envelope and Retry-After straight away, before any work; and a request
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
  const shedder = limits.targetUtilization > 0 ? new LoadShedder(limits.targetUtilization) : null;
  if (shedder) {
    const timer = setInterval(() => shedder.sample(), SHED_SAMPLE_MS).unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (!isApiPath(path) || UNCOUNTED.has(path)) return;
    if (shedder?.turnAway()) return answerBusy(request, reply);
    // A WebSocket stays open for as long as its page does: it is a connection, not work under way,
    // and counting it would let a few hundred open pages turn every call away.
    if (limits.maxInFlight <= 0 || isWebSocketUpgrade(request.headers.upgrade)) return;
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
