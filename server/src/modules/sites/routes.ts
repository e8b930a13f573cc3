import { siteEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { changeRoutes } from '../logs/changeRoutes.js';
import { route } from '../../http/route.js';
import { userOfInput as userOf } from '../logs/audit.js';
import * as sites from './service.js';

/** Site management: the paged list, one site, its changes. */
export default async function siteRoutes(app: FastifyInstance) {
  const ctx = app.cityops;
  const api = siteEndpoints;
  route(app, api.page, ({ body }) => sites.sitePage(ctx, body));
  route(app, api.find, (input) => sites.findSite(ctx, userOf(input), input.params.id));
  changeRoutes(app, api, {
    create: (actor, body) => sites.createSite(ctx, actor, body),
    update: (actor, body) => sites.updateSite(ctx, actor, body),
    delete: (actor, id) => sites.deleteSite(ctx, actor, id),
  });
}
