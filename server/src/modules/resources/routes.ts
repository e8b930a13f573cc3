import { resourceEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { Answer } from '../../http/envelope.js';
import { route, signedIn, type RouteInput } from '../../http/route.js';
import { actorOf } from '../logs/audit.js';
import * as resources from './service.js';

const actor = (input: Pick<RouteInput<never>, 'session' | 'request'>) =>
  actorOf(signedIn(input), input.request);

/** The permission tree (authority, §7 Resources). */
export default async function resourceRoutes(app: FastifyInstance) {
  const ctx = app.cityops;

  route(app, resourceEndpoints.listAll, ({ body }) => resources.listAll(ctx, body ?? {}));
  route(app, resourceEndpoints.queryPublicRes, () => resources.publicResources(ctx));
  route(app, resourceEndpoints.getUrlList, () => Promise.resolve(resources.pageUrls()));
  route(
    app,
    resourceEndpoints.insert,
    async (input) =>
      new Answer(await resources.createResource(ctx, actor(input), input.body), 'admin.created'),
    { changesAccess: true },
  );
  route(
    app,
    resourceEndpoints.update,
    async (input) => new Answer(await resources.updateResource(ctx, actor(input), input.body), 'admin.saved'),
    { changesAccess: true },
  );
  route(
    app,
    resourceEndpoints.updatePublicRes,
    async (input) => {
      const rows = await resources.updatePublic(ctx, actor(input), input.body.resourceIds);
      return new Answer(rows, 'resource.publicSaved');
    },
    { changesAccess: true },
  );
  route(
    app,
    resourceEndpoints.delete,
    async (input) => {
      await resources.deleteResource(ctx, actor(input), input.params.id);
      return new Answer(null, 'admin.deleted');
    },
    { changesAccess: true },
  );
}
