import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CACHED_ADMIN_PAGES_DEFAULT,
  SUB_APPS,
  pageSettingsSchema,
  subAppPreloadSchema,
} from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { PAGE_SETTINGS_FILE } from './pageSettings.js';

let t: TestApp;
let dist: string;
const INDEX = '<!doctype html><title>CityOps</title><div id="root"></div>';

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'cityops-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The build's compressed copies (compressedCopies), recognisable by their content here.
  await writeFile(join(dist, 'assets', 'index-abc123.js.br'), 'brotli');
  await writeFile(join(dist, 'assets', 'index-abc123.js.gz'), 'gzip');
  // The sub-apps' build, whose shared chunks the shell's origin serves too.
  await mkdir(join(dist, 'subapps', 'assets'), { recursive: true });
  await writeFile(join(dist, 'subapps', 'assets', 'start-def456.js'), 'console.log(2);');
  await writeFile(join(dist, 'subapps', 'assets', 'start-def456.js.br'), 'brotli 2');
  await mkdir(join(dist, 'subapps', '.vite'));
  await writeFile(
    join(dist, 'subapps', '.vite', 'manifest.json'),
    JSON.stringify({
      ...Object.fromEntries(
        SUB_APPS.map((app) => [`${app}/index.html`, { file: `assets/${app}-1.js`, imports: ['_start.js'] }]),
      ),
      '_start.js': { file: 'assets/start-def456.js' },
    }),
  );
  t = await createTestApp({ env: { SHELL_DIST: dist, SUBAPPS_DIR: join(dist, 'subapps') } });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

/** Runs /config.js the way the browser would and answers what it set. */
async function pageSettings(app: TestApp) {
  const answer = await app.call('GET', '/config.js');
  expect(answer.headers['content-type']).toContain('javascript');
  expect(answer.headers['cache-control']).toBe('no-store');
  const window: Record<string, unknown> = {};
  new Function('window', answer.body)(window);
  return pageSettingsSchema.parse(window.__CITYOPS_CONFIG__);
}

describe('the web shell', () => {
  it('serves index.html at / and on any deep link, so a refresh never 404s', async () => {
    for (const path of ['/', '/admin/userManage', '/iotcloud/iot/lamp/plan?x=1', '/login']) {
      const answer = await t.call('GET', path);
      expect(answer.status, path).toBe(200);
      expect(answer.body).toBe(INDEX);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built files, hashed bundles for a year', async () => {
    const bundle = await t.call('GET', '/assets/index-abc123.js');
    expect(bundle.body).toBe('console.log(1);');
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.call('GET', '/favicon.svg')).headers['content-type']).toContain('image/svg+xml');
  });

  it('serves the sub-apps’ shared chunks to their origins, compressed and cached for good', async () => {
    const chunk = await t.call('GET', '/subapps/assets/start-def456.js', {
      headers: { 'accept-encoding': 'gzip, br', origin: 'http://127.0.0.1:10601' },
    });
    expect(chunk.status).toBe(200);
    expect(chunk.headers['content-encoding']).toBe('br');
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.call('GET', '/subapps/assets/missing.js')).status).toBe(404);
  });

  it('names the chunks every sub-app loads first, for the shell to fetch ahead', async () => {
    const answer = await t.call('GET', '/subapps/preload.json');
    expect(answer.status).toBe(200);
    expect(subAppPreloadSchema.parse(JSON.parse(answer.body))).toEqual({
      files: ['/subapps/assets/start-def456.js'],
    });
  });

  it('sends the compressed copy the client takes, with the same long cache', async () => {
    const asFor = (acceptEncoding: string) =>
      t.call('GET', '/assets/index-abc123.js', { headers: { 'accept-encoding': acceptEncoding } });
    const brotli = await asFor('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toBe('brotli');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers.vary).toContain('accept-encoding');
    const gzip = await asFor('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe('gzip');
    const plain = await asFor('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1);');
  });

  it('still answers unknown /api paths with the envelope, not the page', async () => {
    const answer = await t.call('GET', '/api/no/such/page');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      status_code: 10001,
      message: '请求的接口不存在：GET /api/no/such/page',
    });
  });

  it('answers 404 for a missing file and for other methods, not the page', async () => {
    expect((await t.call('GET', '/assets/gone-123.js')).status).toBe(404);
    expect((await t.call('POST', '/admin/userManage', { body: {} })).status).toBe(404);
  });
});

describe('/config.js', () => {
  it('sets the demo defaults: copyright and a registration number', async () => {
    expect(await pageSettings(t)).toMatchObject({
      baseUrl: '/api',
      copyright: '© 2026 CityOps',
      registrationNumber: '粤ICP备00000000号',
      maxTabs: 12,
      cachedAdminPages: CACHED_ADMIN_PAGES_DEFAULT,
    });
    expect((await pageSettings(t)).cachedAdminPages).not.toContain('areaManage');
  });

  it('names the admin pages kept in tabs as page-settings.json lists them, changed without a restart', async () => {
    const file = join(t.config.DATA_DIR, PAGE_SETTINGS_FILE);
    await writeFile(file, JSON.stringify({ cachedAdminPages: ['roleManage', 'areaManage'] }));
    expect((await pageSettings(t)).cachedAdminPages).toEqual(['roleManage', 'areaManage']);
    await writeFile(file, JSON.stringify({ cachedAdminPages: [] }));
    expect((await pageSettings(t)).cachedAdminPages).toEqual([]);
    // A misspelt page costs this setting only: it takes its default, the others stay as written.
    await writeFile(file, JSON.stringify({ platformTitle: '城市运维', cachedAdminPages: ['usermanage'] }));
    expect(await pageSettings(t)).toMatchObject({
      platformTitle: '城市运维',
      cachedAdminPages: CACHED_ADMIN_PAGES_DEFAULT,
    });
    await rm(file);
    expect((await pageSettings(t)).cachedAdminPages).toEqual(CACHED_ADMIN_PAGES_DEFAULT);
  });

  it('takes page-settings.json from DATA_DIR at once, and keeps a hostile title inert', async () => {
    const title = '</script><script>alert(1)</script>';
    await writeFile(
      join(t.config.DATA_DIR, PAGE_SETTINGS_FILE),
      JSON.stringify({ platformTitle: title, maxTabs: 20 }),
    );
    const answer = await t.call('GET', '/config.js');
    expect(answer.body).not.toContain('</script>');
    expect(await pageSettings(t)).toMatchObject({
      platformTitle: title,
      maxTabs: 20,
      copyright: '© 2026 CityOps',
    });
  });

  it('lets pages load AMap’s script only while AMap is the map provider with a key', async () => {
    const file = join(t.config.DATA_DIR, PAGE_SETTINGS_FILE);
    const scriptSrc = async (path: string) =>
      String((await t.call('GET', path)).headers['content-security-policy'])
        .split('; ')
        .find((directive) => directive.startsWith('script-src '));
    expect(await scriptSrc('/admin/project')).toBe("script-src 'self' blob:");
    await writeFile(file, JSON.stringify({ map: { provider: 'amap', amapKey: '' } }));
    expect(await scriptSrc('/admin/project')).toBe("script-src 'self' blob:");
    await writeFile(file, JSON.stringify({ map: { provider: 'amap', amapKey: 'KEY-1' } }));
    expect(await scriptSrc('/admin/project')).toBe(
      "script-src 'self' blob: https://webapi.amap.com https://*.amap.com",
    );
    // The API and the scripts never carry it (only a page runs scripts).
    expect(await scriptSrc('/assets/index-abc123.js')).toBe("script-src 'self' blob:");
    await writeFile(
      file,
      JSON.stringify({ map: { provider: 'tiles', tileUrl: 'http://10.0.0.5/{z}/{x}/{y}.png' } }),
    );
    expect(await scriptSrc('/admin/project')).toBe("script-src 'self' blob:");
    await rm(file);
  });

  it('falls back to the defaults when the file is broken, and per setting when one does not match', async () => {
    const file = join(t.config.DATA_DIR, PAGE_SETTINGS_FILE);
    await writeFile(file, '{ not json');
    expect((await pageSettings(t)).maxTabs).toBe(12);
    await writeFile(file, JSON.stringify({ maxTabs: 'many', copyright: 42, forwardUrl: '/center' }));
    // Each setting that does not match takes its default alone (the demo's copyright line here).
    expect(await pageSettings(t)).toMatchObject({
      maxTabs: 12,
      copyright: '© 2026 CityOps',
      forwardUrl: '/center',
    });
    await rm(file);
  });
});

describe('without a built shell', () => {
  it('answers a short note instead of crashing, and the API still works', async () => {
    const bare = await createTestApp();
    try {
      const page = await bare.call('GET', '/admin/userManage');
      expect(page.status).toBe(503);
      expect(page.headers['content-type']).toContain('text/plain');
      expect(page.body).toContain('not built');
      expect((await bare.call('GET', '/api/health')).json.status_code).toBe(1);
    } finally {
      await bare.close();
    }
  });
});
