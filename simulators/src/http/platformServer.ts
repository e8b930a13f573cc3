import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

const MAX_BODY_BYTES = 1_000_000;

/** Marks a body that was sent as JSON but does not parse, so each vendor can answer in its own style. */
export const INVALID_JSON = Symbol('invalid JSON');

export interface PlatformRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  body: unknown;
}

export interface PlatformResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type RequestHandler = (
  request: PlatformRequest,
) => PlatformResponse | undefined | Promise<PlatformResponse | undefined>;
export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

export function json(body: unknown, status = 200, headers?: Record<string, string>): PlatformResponse {
  return { status, body, headers };
}

/**
 * A plain node:http server for one platform: JSON in, JSON out, handlers tried in order, websocket upgrades
 * passed on. A handler that throws answers 500 instead of taking the process down.
 */
export function createPlatformServer(options: {
  handlers: RequestHandler[];
  onUpgrade: UpgradeHandler;
  internalError: () => PlatformResponse;
}): Server {
  const server = createServer((req, res) => {
    void (async () => {
      let response: PlatformResponse;
      try {
        const request = await readRequest(req);
        response = (await firstAnswer(options.handlers, request)) ?? json({ error: 'not found' }, 404);
      } catch (error) {
        response =
          error instanceof BodyTooLarge ? json({ error: 'body too large' }, 413) : options.internalError();
      }
      const text = JSON.stringify(response.body);
      res.writeHead(response.status, {
        'Content-Type': 'application/json;charset=UTF-8',
        'Content-Length': Buffer.byteLength(text),
        ...response.headers,
      });
      res.end(text);
    })();
  });
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => undefined);
    try {
      options.onUpgrade(req, socket, head);
    } catch {
      socket.destroy();
    }
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  return server;
}

async function firstAnswer(handlers: RequestHandler[], request: PlatformRequest) {
  for (const handler of handlers) {
    const response = await handler(request);
    if (response) return response;
  }
  return undefined;
}

class BodyTooLarge extends Error {}

async function readRequest(req: IncomingMessage): Promise<PlatformRequest> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
    chunks.push(buffer);
  }
  const rawBody = Buffer.concat(chunks);
  const url = new URL(req.url ?? '/', 'http://simulator');
  let body: unknown = undefined;
  if (rawBody.length > 0) {
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      body = INVALID_JSON;
    }
  }
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    rawBody,
    body,
  };
}

export async function listen(server: Server, host: string, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : value;
}
