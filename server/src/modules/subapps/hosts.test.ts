import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUB_APP_PORTS } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, startSubAppHosts, type SubAppHosts } from './hosts.js';

let appsDir: string;
let hosts: SubAppHosts;
const port = SUB_APP_PORTS.llapp.ip;

beforeAll(async () => {
  appsDir = await mkdtemp(join(tmpdir(), 'cityops-apps-'));
  const assets = join(appsDir, 'llapp', 'dist', 'assets');
  await mkdir(assets, { recursive: true });
  await writeFile(join(appsDir, 'llapp', 'dist', 'index.html'), '<!doctype html><title>llapp</title>');
  await writeFile(join(appsDir, 'llapp', 'dist', 'index.html.gz'), 'gzip index');
  await writeFile(join(assets, 'page-abc.js'), 'console.log(1);');
  // The build's compressed copies (compressedCopies), recognisable by their content here.
  await writeFile(join(assets, 'page-abc.js.br'), 'brotli');
  await writeFile(join(assets, 'page-abc.js.gz'), 'gzip');
  const quiet = { info: () => {}, warn: () => {} };
  hosts = await startSubAppHosts({
    apps: ['llapp'],
    host: '127.0.0.1',
    appsDir,
    apiOrigin: 'http://127.0.0.1:9',
    shellPort: 8080,
    log: quiet,
  });
});
afterAll(async () => {
  await hosts.close();
  await rm(appsDir, { recursive: true, force: true });
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
  it('send the compressed copy the client takes, brotli first, with the long cache', async () => {
    const brotli = await get('/llapp/assets/page-abc.js', 'gzip, deflate, br');
    expect(brotli).toMatchObject({
      body: 'brotli',
      headers: {
        'content-encoding': 'br',
        vary: 'Accept-Encoding',
        'cache-control': 'public, max-age=31536000, immutable',
      },
    });
    expect(brotli.headers['content-type']).toContain('javascript');
    expect((await get('/llapp/assets/page-abc.js', 'gzip')).body).toBe('gzip');
    expect((await get('/llapp/assets/page-abc.js', 'br;q=0, gzip')).body).toBe('gzip');
    const plain = await get('/llapp/assets/page-abc.js');
    expect(plain.body).toBe('console.log(1);');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('sends the page compressed too, keeping its own headers', async () => {
    const page = await get('/llapp/some/page', 'gzip');
    expect(page.body).toBe('gzip index');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-security-policy']).toContain('frame-ancestors');
    expect(page.headers['cache-control']).toBe('no-cache');
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
