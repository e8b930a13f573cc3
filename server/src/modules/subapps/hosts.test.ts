import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUB_APP_PORTS } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { acceptedEncodings, assetOriginFor, startSubAppHosts, type SubAppHosts } from './hosts.js';

let distDir: string;
let hosts: SubAppHosts;
/** The API server the hosts forward to: a WebSocket echo at /api/echo, 404 for anything else. */
let api: Server;
/** What the API server heard as the client's address on each echo socket. */
const forwardedFor: string[] = [];
/** Whether the licence in force opens llapp (the hosts ask on every page). */
let licensed = true;
const port = SUB_APP_PORTS.llapp.ip;
const quiet = { info: () => {}, warn: () => {} };
const PAGE =
  '<!doctype html><title>llapp</title>' +
  '<script type="module" crossorigin src="/subapps/assets/llapp-abc.js"></script>';

beforeAll(async () => {
  // The layout of the sub-apps' one build (subAppsBuildConfig): a page per app, the chunks shared.
  distDir = await mkdtemp(join(tmpdir(), 'cityops-subapps-'));
  const assets = join(distDir, 'assets');
  await mkdir(assets, { recursive: true });
  await mkdir(join(distDir, 'llapp'));
  await writeFile(join(distDir, 'llapp', 'index.html'), PAGE);
  await writeFile(join(assets, 'page-abc.js'), 'console.log(1);');
  // The build's compressed copies (compressedCopies), recognisable by their content here.
  await writeFile(join(assets, 'page-abc.js.br'), 'brotli');
  await writeFile(join(assets, 'page-abc.js.gz'), 'gzip');
  const sockets = new WebSocketServer({ noServer: true });
  api = createServer((_request, reply) => reply.writeHead(404).end('no such page'));
  api.on('upgrade', (upgrade, socket, head) => {
    if (upgrade.url !== '/api/echo') return socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n');
    forwardedFor.push(String(upgrade.headers['x-forwarded-for']));
    sockets.handleUpgrade(upgrade, socket, head, (echo) =>
      echo.on('message', (data, isBinary) => echo.send(data, { binary: isBinary })),
    );
  });
  await new Promise<void>((ready) => api.listen(0, '127.0.0.1', ready));
  hosts = await startSubAppHosts({
    apps: ['llapp'],
    host: '127.0.0.1',
    distDir,
    apiOrigin: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    shellPort: 8080,
    licensed: (app) => Promise.resolve(app === 'llapp' && licensed),
    log: quiet,
  });
});
afterAll(async () => {
  await hosts.close();
  api.closeAllConnections();
  await new Promise((closed) => api.close(closed));
  await rm(distDir, { recursive: true, force: true });
});

/** A GET as it crosses the wire: the body undecoded. */
function get(path: string, acceptEncoding?: string) {
  return new Promise<{ headers: Record<string, unknown>; body: string }>((done, failed) => {
    const outgoing = request(
      { host: '127.0.0.1', port, path, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (incoming) => {
        let body = '';
        incoming.setEncoding('latin1');
        incoming.on('data', (chunk: string) => (body += chunk));
        incoming.on('end', () => done({ headers: incoming.headers, body }));
      },
    );
    outgoing.on('error', failed);
    outgoing.end();
  });
}

describe('the sub-app ports', () => {
  it('send the shared chunks as the compressed copy the client takes, brotli first, cached for good and readable by the other apps', async () => {
    const brotli = await get('/subapps/assets/page-abc.js', 'gzip, deflate, br');
    expect(brotli).toMatchObject({
      body: 'brotli',
      headers: {
        'content-encoding': 'br',
        vary: 'Accept-Encoding',
        'cache-control': 'public, max-age=31536000, immutable',
        'access-control-allow-origin': '*',
      },
    });
    expect(brotli.headers['content-type']).toContain('javascript');
    expect((await get('/subapps/assets/page-abc.js', 'gzip')).body).toBe('gzip');
    expect((await get('/subapps/assets/page-abc.js', 'br;q=0, gzip')).body).toBe('gzip');
    const plain = await get('/subapps/assets/page-abc.js');
    expect(plain.body).toBe('console.log(1);');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('name the chunks on the shell’s origin in the page, and let the page load them from there', async () => {
    const page = await get('/llapp/some/page');
    expect(page.body).toContain('src="http://127.0.0.1:8080/subapps/assets/llapp-abc.js"');
    expect(page.headers['content-security-policy']).toContain(
      "script-src 'self' http://127.0.0.1:8080 blob:",
    );
    expect(page.headers['content-security-policy']).toContain('frame-ancestors http://127.0.0.1:8080');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serve no page of an app the licence does not open, and serve it again once it does', async () => {
    licensed = false;
    try {
      const refused = await get('/llapp/some/page');
      expect(refused.body).toContain('The licence in force does not include this system');
      expect(refused.body).not.toContain('<script');
      // The shared chunks still serve the apps the licence opens.
      expect((await get('/subapps/assets/page-abc.js')).body).toBe('console.log(1);');
    } finally {
      licensed = true;
    }
    expect((await get('/llapp/some/page')).body).toContain('<title>llapp</title>');
  });

  it('answer 404 for a file that is not a shared chunk, and never one outside the build', async () => {
    expect((await get('/llapp/index.html')).body).toBe('Not found\n');
    expect((await get('/subapps/assets/missing.js')).body).toBe('Not found\n');
    expect((await get('/subapps/assets/..%2Fllapp%2Findex.html')).body).toBe('Not found\n');
  });
});

/** Opens a WebSocket on the sub-app port: its first message back, or the refusal's status. */
function echoThrough(path: string, message: string) {
  return new Promise<{ echoed: string } | { status: number }>((done, failed) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
    socket.on('open', () => socket.send(message));
    socket.on('message', (data: Buffer) => {
      done({ echoed: data.toString('utf8') });
      socket.close();
    });
    socket.on('unexpected-response', (_request, answer) => {
      done({ status: answer.statusCode ?? 0 });
      answer.resume();
    });
    socket.on('error', failed);
  });
}

describe('WebSockets through the sub-app ports', () => {
  it('are joined to the API server’s, which hears who the client is', async () => {
    expect(await echoThrough('/api/echo', '{"devIds":[]}')).toEqual({ echoed: '{"devIds":[]}' });
    expect(forwardedFor.at(-1)).toBe('127.0.0.1');
  });

  it('are refused outside /api, and with the API’s own answer when it refuses them', async () => {
    expect(await echoThrough('/llapp/echo', 'x')).toEqual({ status: 404 });
    expect(await echoThrough('/api/none', 'x')).toEqual({ status: 404 });
  });
});

describe('where the pages load their chunks from', () => {
  const options = { apps: [], host: '', distDir: '', apiOrigin: '', shellPort: 8080, log: quiet } as const;
  it('is the shell’s public origin when one is configured, else its port on the page’s host', () => {
    expect(assetOriginFor('10.0.0.5', options)).toBe('http://10.0.0.5:8080');
    expect(assetOriginFor('city.example', { ...options, shellOrigins: ['https://ops.city.example'] })).toBe(
      'https://ops.city.example',
    );
  });
  it('is the configured origin, or the sub-app’s own with `self`', () => {
    expect(assetOriginFor('10.0.0.5', { ...options, assetOrigin: 'https://static.city.example' })).toBe(
      'https://static.city.example',
    );
    expect(assetOriginFor('10.0.0.5', { ...options, assetOrigin: 'self' })).toBeNull();
  });
});

describe('Accept-Encoding', () => {
  it('reads the codings a client allows, refusing those with q=0', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5, identity')]).toEqual(['gzip', 'identity']);
    expect([...acceptedEncodings('BR ; Q=0.000, *')]).toEqual(['*']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });
});
