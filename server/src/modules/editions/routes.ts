import { editionDownload, editionEndpoints, editionPackage } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { fileRoute } from '../../http/download.js';
import { Answer } from '../../http/envelope.js';
import { route, signedIn, type RouteInput } from '../../http/route.js';
import { clearPartialUploads, uploadRoute } from '../../http/upload.js';
import { actorOf } from '../logs/audit.js';
import * as editions from './service.js';

const actor = (input: Pick<RouteInput<never>, 'session' | 'request'>) =>
  actorOf(signedIn(input), input.request);

/** The version service (editionService), and the public calls clients make to update themselves. */
export default async function editionRoutes(app: FastifyInstance) {
  const ctx = app.cityops;
  const directory = editions.packagesDir(ctx);
  // Uploads a stop cut short; none can be under way before the routes exist.
  await clearPartialUploads(directory);

  route(app, editionEndpoints.page, ({ body }) => editions.editionPage(ctx, body));
  await uploadRoute(app, editionEndpoints.publish, {
    directory,
    check: ({ body }) => editions.checkVersionFree(ctx.db, body),
    store: async (input, file) =>
      new Answer(await editions.publishEdition(ctx, actor(input), input.body, file), 'edition.published'),
  });
  route(
    app,
    editionEndpoints.update,
    async (input) => new Answer(await editions.updateEdition(ctx, actor(input), input.body), 'admin.saved'),
  );
  route(app, editionEndpoints.delete, async (input) => {
    await editions.deleteEdition(ctx, actor(input), input.params.id, input.request.log);
    return new Answer(null, 'admin.deleted');
  });
  route(app, editionEndpoints.latest, ({ query }) =>
    editions.latestEdition(ctx, query.platform, query.current),
  );
  fileRoute(
    app,
    editionDownload,
    ({ params }) => editions.packageFile(ctx, params.id, false),
    'edition.fileMissing',
  );
  fileRoute(
    app,
    editionPackage,
    ({ params }) => editions.packageFile(ctx, params.id, true),
    'edition.fileMissing',
  );
}
