import { organizationEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { Answer } from '../../http/envelope.js';
import { route, signedIn, type RouteInput } from '../../http/route.js';
import { actorOf } from '../logs/audit.js';
import * as orgs from './service.js';

const actor = (input: Pick<RouteInput<never>, 'session' | 'request'>) =>
  actorOf(signedIn(input), input.request);

/** The organization structure (organization) and the organization select of the user form. */
export default async function organizationRoutes(app: FastifyInstance) {
  const ctx = app.cityops;
  route(app, organizationEndpoints.list, ({ query }) => orgs.orgTree(ctx, query.name));
  route(app, organizationEndpoints.options, () => orgs.orgOptions(ctx));
  route(
    app,
    organizationEndpoints.create,
    async (input) => new Answer(await orgs.createOrg(ctx, actor(input), input.body), 'admin.created'),
  );
  route(
    app,
    organizationEndpoints.update,
    async (input) => new Answer(await orgs.updateOrg(ctx, actor(input), input.body), 'admin.saved'),
  );
  route(app, organizationEndpoints.delete, async (input) => {
    await orgs.deleteOrg(ctx, actor(input), input.body.orgId);
    return new Answer(null, 'admin.deleted');
  });
}
