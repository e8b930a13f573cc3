import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import {
  PAGE_SETTINGS_GLOBAL,
  SUBAPP_ASSETS_PATH,
  SUBAPP_PRELOAD_PATH,
  buildManifestSchema,
  subAppPreload,
  type SubAppPreload,
} from '@cityops/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from '../../http/envelope.js';
import { answerUnknownApi } from '../../http/errors.js';
import { ASSET_HEADERS } from '../subapps/hosts.js';
import { pageSettingsInForce } from '../parameters/pageSettings.js';
import { scriptJson } from './pageSettings.js';

const NOT_BUILT =
  'The CityOps web shell is not built yet. Run `make start` (or `npm run build -w @cityops/shell`) and reload.\n' +
  'CityOps 前端尚未构建，请运行 make start 后刷新页面。\n';

/** A path whose last segment has an extension asks for a file, never for a page of the app. */
const asksForFile = (path: string) => /\.[A-Za-z0-9]+$/.test(path.split('/').pop() ?? '');

/**
 * The built shell at /, with the single-page fallback (any other GET outside /api answers index.html
 * so a refresh on a deep link works), and /config.js with the runtime page settings. Registered on the
 * root instance because it owns the not-found handler for the whole server.
 */
export async function registerShell(app: FastifyInstance) {
  const { config } = app.cityops;
  const dist = config.SHELL_DIST;

  const built = existsSync(join(dist, 'index.html'));
  if (!built) app.log.warn({ dist }, 'the web shell is not built; pages answer a short note until it is');
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    suppressWarning: true,
    cacheControl: false,
    // The build writes .br and .gz copies of its text files; the client's Accept-Encoding picks one.
    preCompressed: true,
    // Hashed bundles never change; index.html must be revalidated so a new build is picked up.
    setHeaders: (reply, file) => {
      reply.header(
        'cache-control',
        file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  // The six sub-apps' shared chunks: the sub-app pages on their own ports load them from here, one
  // origin, so the browser keeps one copy for all six frames (SUBAPP_ASSET_ORIGIN).
  await app.register(fastifyStatic, {
    root: join(config.SUBAPPS_DIR, 'assets'),
    prefix: SUBAPP_ASSETS_PATH,
    decorateReply: false,
    suppressWarning: true,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (reply) => {
      for (const [name, value] of Object.entries(ASSET_HEADERS)) reply.header(name, value);
    },
  });

  // Which of those chunks every sub-app needs first; the shell fetches them ahead while idle. Read from
  // the build's manifest, again only when a new build replaced it.
  let preload: { mtimeMs: number; answer: SubAppPreload } | null = null;
  const manifestFile = join(config.SUBAPPS_DIR, '.vite', 'manifest.json');
  app.get(SUBAPP_PRELOAD_PATH, async (request, reply) => {
    let answer: SubAppPreload = { files: [] };
    try {
      const { mtimeMs } = await stat(manifestFile);
      if (preload?.mtimeMs !== mtimeMs) {
        const manifest = buildManifestSchema.parse(JSON.parse(await readFile(manifestFile, 'utf8')));
        // The frames load the chunks from SUBAPP_ASSET_ORIGIN when set; `self` shares none.
        const origin = config.SUBAPP_ASSET_ORIGIN;
        preload = {
          mtimeMs,
          answer: origin === 'self' ? { files: [] } : subAppPreload(manifest, origin ?? ''),
        };
      }
      answer = preload.answer;
    } catch (error) {
      // Not built (or a broken build): nothing to fetch ahead; the frames say so when opened.
      request.log.debug({ err: error }, 'no sub-app build manifest to preload from');
    }
    return reply.header('cache-control', 'no-cache').send(answer);
  });

  app.get('/config.js', async (request, reply) => {
    const settings = await pageSettingsInForce(app.cityops, request.log);
    return reply
      .header('cache-control', 'no-store')
      .type('application/javascript; charset=utf-8')
      .send(`window.${PAGE_SETTINGS_GLOBAL} = ${scriptJson(settings)};\n`);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) return answerUnknownApi(request, reply);
    const path = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || asksForFile(path)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    }
    if (!existsSync(join(dist, 'index.html'))) {
      return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
