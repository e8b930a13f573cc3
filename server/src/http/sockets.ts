import type { Server, ServerOptions } from 'node:http';
import type { FastifyRequest } from 'fastify';

/*
 * Socket limits of every HTTP server of ours (the API and the sub-app hosts): no connection,
 * half-sent request or idle keep-alive holds a server (or its shutdown) for long. The browser waits
 * 180 s for an answer (spec §9), so a request being worked on is never cut before that; sending a
 * request, even the largest body, takes nowhere near as long.
 */
export const SOCKET_LIMITS = {
  /** A socket with no traffic either way for this long is closed (longer than the browser waits). */
  connectionTimeout: 190_000,
  /** An idle keep-alive connection is closed after this (longer than proxies' 5 s pools). */
  keepAliveTimeout: 30_000,
  /** The whole request, headers and body, must have arrived by then. */
  requestTimeout: 120_000,
  /** The request line and headers must have arrived by then. */
  headersTimeout: 20_000,
  /** How often Node looks for requests over these limits (its default is 30 s). */
  connectionsCheckingInterval: 2_000,
  /** Request line and headers together (Node's default, stated); more is refused with 431. */
  maxHeaderSize: 16 * 1024,
} as const;

/** What of SOCKET_LIMITS Node takes when a server is created. */
export const SERVER_OPTIONS: ServerOptions = {
  requestTimeout: SOCKET_LIMITS.requestTimeout,
  headersTimeout: SOCKET_LIMITS.headersTimeout,
  connectionsCheckingInterval: SOCKET_LIMITS.connectionsCheckingInterval,
  maxHeaderSize: SOCKET_LIMITS.maxHeaderSize,
};

/** A server created with SERVER_OPTIONS gets the rest of SOCKET_LIMITS. */
export function limitSockets(server: Server) {
  server.keepAliveTimeout = SOCKET_LIMITS.keepAliveTimeout;
  server.setTimeout(SOCKET_LIMITS.connectionTimeout);
  return server;
}

/** How often idle connections are looked for while a server drains. */
const SWEEP_MS = 100;

/**
 * Ends a closing HTTP server's connections within `graceMs` (call it beside `server.close()`, which
 * only stops new ones): idle keep-alive connections close at once, and each one as soon as its
 * request is answered; whatever is still open when the grace runs out (a request under way, a
 * half-sent request, a silent socket) is destroyed.
 */
export function drainConnections(server: Server, graceMs: number) {
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
  const cut = setTimeout(() => {
    clearInterval(sweep);
    server.closeAllConnections();
  }, graceMs);
  const done = () => {
    clearInterval(sweep);
    clearTimeout(cut);
  };
  server.once('close', done);
  // Neither timer keeps the process alive on its own.
  sweep.unref();
  cut.unref();
}

/**
 * The websocket plugin's handler of a socket's errors. What ws's frame parser refuses (a frame over
 * the size limit, a bad opcode, invalid UTF-8: codes WS_ERR_*) is the client breaking the protocol,
 * whoever it is and before any sign-in: ws has already closed the socket with the matching code
 * (1009, 1002, 1007), so it is logged as a refusal, without a stack, at the level of other refusals.
 * Anything else is ours and logged as an error.
 */
export function answerSocketError(
  error: Error & { code?: unknown },
  socket: { terminate(): void },
  request: FastifyRequest,
) {
  if (typeof error.code === 'string' && error.code.startsWith('WS_ERR_')) {
    request.log.info({ code: error.code, reason: error.message }, 'socket refused');
  } else request.log.error({ err: error }, 'socket failed');
  socket.terminate();
}
