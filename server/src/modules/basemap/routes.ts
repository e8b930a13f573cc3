import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { EXTRACT_FILE_PATTERN, MAP_DATA_PATHS } from '@cityops/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where a city drops its offline tile extracts (README "Offline map"). */
export const extractsDir = (dataDir: string) => join(dataDir, 'map');

/**
 * The map's own data, outside /api (plain files, fetched by MapLibre and the pmtiles reader, never in
 * the envelope): the China boundaries built from their data package (gzip copies, cached a day: they
 * change only with a new build), and the `.pmtiles` extracts of DATA_DIR/map, read in pieces by HTTP
 * range requests with their ETag, so a replaced file is noticed. A name that is not an extract's
 * (another file, a folder, a way out of the folder) is not found. Public like the shell's assets:
 * the sign-in page shows no map, but a map's pictures are no secret of a signed-in user either.
 */
export default async function basemapRoutes(app: FastifyInstance) {
  const { config } = app.cityops;
  await app.register(fastifyStatic, {
    root: config.BASEMAP_DIR,
    prefix: MAP_DATA_PATHS.china,
    decorateReply: false,
    suppressWarning: true,
    preCompressed: true,
    index: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=86400');
    },
  });
  const extracts = extractsDir(config.DATA_DIR);
  await mkdir(extracts, { recursive: true });
  await app.register(fastifyStatic, {
    root: extracts,
    prefix: MAP_DATA_PATHS.extracts,
    decorateReply: false,
    suppressWarning: true,
    index: false,
    acceptRanges: true,
    cacheControl: false,
    allowedPath: (path) => EXTRACT_FILE_PATTERN.test(basename(path)) && !path.slice(1).includes('/'),
    setHeaders: (reply) => {
      reply.header('cache-control', 'no-cache');
      reply.header('content-type', 'application/vnd.pmtiles');
    },
  });
}
