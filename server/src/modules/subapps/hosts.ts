import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import {
  createServer,
  request as forward,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { extname, join, normalize, sep } from 'node:path';
import { MAP_DATA_PREFIX, SUB_APP_PORTS, SUBAPP_ASSETS_PATH, type SubApp } from '@cityops/contract';
import { drainConnections, limitSockets, SERVER_OPTIONS } from '../../http/sockets.js';
import { shellOrigins, subAppPolicy } from '../../http/csp.js';

export interface HostLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface SubAppHostOptions {
  apps: readonly SubApp[];
  /** Address to listen on, as the API server's HOST. */
  host: string;
  /**
   * The sub-apps' build (subAppsBuildConfig): `<distDir>/<app>/index.html` for each app and
   * `<distDir>/assets/` for the chunks they share.
   */
  distDir: string;
  /** The API server that `/api/*` and `/config.js` are forwarded to, e.g. `http://127.0.0.1:8080`. */
  apiOrigin: string;
  /** The shell's port (PORT): only the shell on this port of the same host may frame a sub-app. */
  shellPort: number;
  /** Further origins the shell is served from (SHELL_ORIGINS), e.g. behind a TLS proxy. */
  shellOrigins?: readonly string[];
  /**
   * The origin whose SUBAPP_ASSETS_PATH the pages load their chunks from (SUBAPP_ASSET_ORIGIN): one
   * origin for all six apps, so the browser caches a shared chunk once. `self` loads them from the
   * sub-app's own port. Unset: the shell's public origin (the first of SHELL_ORIGINS), else the shell's
   * port on the host the page was asked for.
   */
  assetOrigin?: string;
  /**
   * Whether the licence in force opens the app: a page of an app it does not open is not served
   * (403). Unset: every app is served (a process that only hosts the sub-apps for another server).
   */
  licensed?: (app: SubApp) => Promise<boolean>;
  /** Where a page may load scripts from beyond its origins (the map provider's, when configured). */
  scriptSources?: () => Promise<readonly string[]>;
  log: HostLogger;
}

export interface SubAppHosts {
  /** Every listener, two per app (its IP-mode and domain-mode ports). */
  listening: { app: SubApp; port: number }[];
  /** Stops listening; requests under way have `graceMs` to finish before their connections are cut. */
  close(graceMs?: number): Promise<void>;
}

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/**
 * The shared chunks: immutable (their names carry their hash), and readable by the other sub-apps'
 * origins, which load them as module scripts (CORS mode).
 */
export const ASSET_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'public, max-age=31536000, immutable',
  'access-control-allow-origin': '*',
};

/** Headers that belong to one connection and are never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
]);

const NOT_BUILT =
  'This CityOps sub-application is not built yet. Run `make start` (or `make build`) and reload.\n' +
  '此子应用尚未构建，请运行 make start 后刷新页面。\n';

const NOT_LICENSED =
  'The licence in force does not include this system. An administrator can register one that does.\n' +
  '当前许可证未包含此系统，请管理员注册包含该系统的许可证。\n';

/** A host name as a browser sends it: a DNS name or IPv4, or a bracketed IPv6 literal. */
const HOSTNAME = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/i;

function hostnameOf(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  const name = hostHeader.startsWith('[')
    ? hostHeader.slice(0, hostHeader.indexOf(']') + 1)
    : hostHeader.split(':')[0];
  return name && HOSTNAME.test(name) ? name : null;
}

function plain(reply: ServerResponse, status: number, body: string) {
  reply.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'x-content-type-options': 'nosniff',
  });
  reply.end(body);
}

function forwardedHeaders(request: IncomingMessage): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers))
    if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
  const client = request.socket.remoteAddress ?? '';
  const previous = request.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = previous ? `${String(previous)}, ${client}` : client;
  headers['x-forwarded-host'] = request.headers.host ?? '';
  headers['x-forwarded-proto'] = 'http';
  return headers;
}

/**
 * `/api/*` and `/config.js` go to the API server (WebSocket handshakes too, see tunnel), so a sub-app
 * calls the same relative addresses as the shell: no cross-origin requests, no CORS, and the session
 * cookie (shared across ports) just works.
 */
function proxy(request: IncomingMessage, reply: ServerResponse, apiOrigin: string, log: HostLogger) {
  const target = new URL(request.url ?? '/', apiOrigin);
  const upstream = forward(
    target,
    { method: request.method, headers: forwardedHeaders(request) },
    (answer) => {
      const headers: IncomingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers))
        if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
      reply.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(reply);
    },
  );
  upstream.on('error', (error) => {
    log.warn({ err: error.message, url: target.pathname }, 'sub-app host: the API server did not answer');
    if (!reply.headersSent) plain(reply, 502, 'The CityOps API server is not answering.\n');
    else reply.destroy();
  });
  request.pipe(upstream);
}

/** An HTTP/1.1 answer's head, written straight onto a socket (an upgrade has no ServerResponse). */
function answerHead(status: number, reason: string, headers: readonly (readonly [string, string])[]): string {
  const lines = [`HTTP/1.1 ${status} ${reason}`, ...headers.map(([name, value]) => `${name}: ${value}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

const pairsOf = (raw: readonly string[]) =>
  raw.flatMap((name, i) => (i % 2 === 0 ? [[name, raw[i + 1] ?? ''] as const] : []));

function refuseUpgrade(socket: Duplex, status: number, reason: string) {
  socket.end(
    answerHead(status, reason, [
      ['connection', 'close'],
      ['content-length', '0'],
    ]),
  );
}

/**
 * A WebSocket handshake to `/api/*` is handed to the API server as one and, once it answers 101, the
 * two connections are joined both ways. A page's SockJS socket (the alarm calls') needs this: SockJS
 * asks `{url}/info` with an XHR first, so it opens on the page's own origin, where that XHR is not
 * cross-origin. `open` holds the joined connections, for closing.
 */
function tunnel(
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  options: SubAppHostOptions,
  open: Set<Duplex>,
) {
  socket.on('error', () => socket.destroy());
  const pathname = (request.url ?? '/').split('?', 1)[0] ?? '/';
  if (!pathname.startsWith('/api/')) return refuseUpgrade(socket, 404, 'Not Found');
  const upstream = forward(new URL(request.url ?? '/', options.apiOrigin), {
    method: request.method,
    headers: { ...forwardedHeaders(request), connection: 'Upgrade', upgrade: request.headers.upgrade },
  });
  upstream.on('upgrade', (answer, api, apiHead) => {
    socket.write(answerHead(101, 'Switching Protocols', pairsOf(answer.rawHeaders)));
    if (apiHead.length > 0) socket.write(apiHead);
    if (head.length > 0) api.write(head);
    open.add(socket);
    const close = () => {
      open.delete(socket);
      api.destroy();
      socket.destroy();
    };
    api.on('error', close).on('close', close);
    socket.on('close', close);
    api.pipe(socket).pipe(api);
  });
  // The API refused the handshake (no such socket, a bad request): its answer goes back, then the end.
  upstream.on('response', (answer) => {
    const headers = pairsOf(answer.rawHeaders).filter(
      ([name]) => !HOP_BY_HOP.has(name.toLowerCase()) && !/^(content-length|transfer-encoding)$/i.test(name),
    );
    socket.write(
      answerHead(answer.statusCode ?? 502, answer.statusMessage ?? '', [...headers, ['connection', 'close']]),
    );
    answer.pipe(socket);
  });
  upstream.on('error', (error) => {
    options.log.warn({ err: error.message, url: pathname }, 'sub-app host: the API server did not answer');
    refuseUpgrade(socket, 502, 'Bad Gateway');
  });
  upstream.end();
}

/** A file of the build, never outside it; null when there is none. */
async function fileIn(dist: string, relative: string): Promise<string | null> {
  const file = normalize(join(dist, relative));
  if (file !== dist && !file.startsWith(dist + sep)) return null;
  const found = await stat(file).catch(() => null);
  return found?.isFile() ? file : null;
}

/** The build's compressed copies of a file (see compressedCopies), the better first. */
const COPIES = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The content codings an Accept-Encoding header allows (`q=0` refuses one; `*` allows any). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const allowed = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const refused = params.some((param) => /^q=0(?:\.0{0,3})?$/.test(param));
    if (name && !refused) allowed.add(name);
  }
  return allowed;
}

/** Which compressed copies exist beside a file: `.br`, `.gz` or neither. */
async function copiesOf(file: string): Promise<ReadonlySet<string>> {
  const present = new Set<string>();
  for (const copy of COPIES)
    if ((await stat(file + copy.suffix).catch(() => null))?.isFile()) present.add(copy.encoding);
  return present;
}

/**
 * A shared chunk of the build, as its compressed copy when the client takes one and the build made
 * one. `known` remembers each chunk's copies (a hashed name never changes content), so a chunk costs
 * its stats only on its first request, whichever port it comes through.
 */
async function sendAsset(
  request: IncomingMessage,
  reply: ServerResponse,
  file: string,
  known: Map<string, ReadonlySet<string>>,
) {
  const allowed = acceptedEncodings(request.headers['accept-encoding']);
  let present = known.get(file);
  if (!present) {
    present = await copiesOf(file);
    known.set(file, present);
  }
  const copy = COPIES.find(
    ({ encoding }) => present.has(encoding) && (allowed.has(encoding) || allowed.has('*')),
  );
  const sent = copy ? file + copy.suffix : file;
  reply.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    vary: 'Accept-Encoding',
    ...(copy ? { 'content-encoding': copy.encoding } : {}),
    ...ASSET_HEADERS,
  });
  if (request.method === 'HEAD') return reply.end();
  createReadStream(sent)
    .on('error', () => reply.destroy())
    .pipe(reply);
}

/** Where a page of the app on `hostname` loads its chunks from (see SubAppHostOptions.assetOrigin). */
export function assetOriginFor(hostname: string, options: SubAppHostOptions): string | null {
  if (options.assetOrigin === 'self') return null;
  if (options.assetOrigin) return options.assetOrigin;
  return options.shellOrigins?.[0] ?? shellOrigins(hostname, options.shellPort, [])[0] ?? null;
}

/** The app's page with its chunks named on the asset origin (the build names them by path only). */
async function pageHtml(index: string, assetOrigin: string | null): Promise<string> {
  const html = await readFile(index, 'utf8');
  return assetOrigin
    ? html.replaceAll(`"${SUBAPP_ASSETS_PATH}`, `"${assetOrigin}${SUBAPP_ASSETS_PATH}`)
    : html;
}

function handler(app: SubApp, options: SubAppHostOptions, assetCopies: Map<string, ReadonlySet<string>>) {
  const prefix = `/${app}/`;
  const assetsDir = normalize(join(options.distDir, 'assets'));
  const pageDir = normalize(join(options.distDir, app));
  return (request: IncomingMessage, reply: ServerResponse) => {
    const url = request.url ?? '/';
    const pathname = url.split('?', 1)[0] ?? '/';
    // The map's files too (MAP_DATA_PATHS): a frame's map reads them on its own origin.
    if (pathname.startsWith('/api/') || pathname === '/config.js' || pathname.startsWith(MAP_DATA_PREFIX))
      return proxy(request, reply, options.apiOrigin, options.log);
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return plain(reply, 405, 'Method not allowed\n');
    if (pathname === '/' || pathname === `/${app}`) {
      reply.writeHead(302, { location: prefix });
      return reply.end();
    }
    const isAsset = pathname.startsWith(SUBAPP_ASSETS_PATH);
    if (!isAsset && !pathname.startsWith(prefix)) return plain(reply, 404, 'Not found\n');
    let relative: string;
    try {
      relative = decodeURIComponent(pathname.slice((isAsset ? SUBAPP_ASSETS_PATH : prefix).length));
    } catch {
      return plain(reply, 400, 'Bad request\n');
    }
    const hostname = hostnameOf(request.headers.host);
    if (!hostname) return plain(reply, 400, 'Bad request\n');

    void (async () => {
      // The chunks, shared by the six apps: hashed, so cached for good, and loadable from any origin.
      if (isAsset) {
        const file = await fileIn(assetsDir, relative);
        if (!file) return plain(reply, 404, 'Not found\n');
        return sendAsset(request, reply, file, assetCopies);
      }
      // A last segment with an extension asks for a file of the app; there are none besides its page.
      if (/\.[A-Za-z0-9]+$/.test(relative)) return plain(reply, 404, 'Not found\n');
      if (options.licensed && !(await options.licensed(app))) return plain(reply, 403, NOT_LICENSED);
      const index = await fileIn(pageDir, 'index.html');
      if (!index) return plain(reply, 503, NOT_BUILT);
      const assetOrigin = assetOriginFor(hostname, options);
      const body = await pageHtml(index, assetOrigin);
      reply.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
        // Only the shell frames a sub-app: its port on the same host, or its configured origins.
        'content-security-policy': subAppPolicy(
          shellOrigins(hostname, options.shellPort, options.shellOrigins ?? []),
          assetOrigin,
          (await options.scriptSources?.()) ?? [],
        ),
        'referrer-policy': 'same-origin',
      });
      reply.end(request.method === 'HEAD' ? undefined : body);
    })().catch(() => {
      if (!reply.headersSent) plain(reply, 500, 'Internal error\n');
    });
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Serves each sub-app's build on both of its ports (video-talk-alarm-header.md §2.1): the IP-mode
 * port and the domain-mode port, the same content on each. A port already in use stops the start with
 * a clear error naming it.
 */
export async function startSubAppHosts(options: SubAppHostOptions): Promise<SubAppHosts> {
  const servers: Server[] = [];
  const listening: SubAppHosts['listening'] = [];
  // The chunks are shared by every app and port: their compressed copies are looked up once for all.
  const assetCopies = new Map<string, ReadonlySet<string>>();
  const tunnels = new Set<Duplex>();
  const close = (graceMs = 0) => {
    // A joined WebSocket has no request to finish: the API closes its end; what is left goes after the grace.
    setTimeout(() => tunnels.forEach((socket) => socket.destroy()), graceMs).unref();
    return Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            drainConnections(server, graceMs);
          }),
      ),
    ).then(() => undefined);
  };
  try {
    for (const app of options.apps) {
      for (const port of [SUB_APP_PORTS[app].ip, SUB_APP_PORTS[app].domain]) {
        const server = limitSockets(createServer(SERVER_OPTIONS, handler(app, options, assetCopies)));
        server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) =>
          tunnel(request, socket, head, options, tunnels),
        );
        servers.push(server);
        await listen(server, port, options.host).catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          throw new Error(`sub-app ${app} cannot listen on ${options.host}:${port}: ${reason}`);
        });
        listening.push({ app, port });
      }
    }
  } catch (error) {
    await close();
    throw error;
  }
  options.log.info({ listening }, 'sub-apps are served');
  return { listening, close };
}
