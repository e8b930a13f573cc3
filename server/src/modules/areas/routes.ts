import { areaEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { changeRoutes } from '../logs/changeRoutes.js';
import { Answer } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { actorOfInput as actor, userOfInput as userOf } from '../logs/audit.js';
import * as areas from './service.js';

/** Area management: the tree of each project, its changes, the users given areas. */
export default async function areaRoutes(app: FastifyInstance) {
  const ctx = app.cityops;
  const api = areaEndpoints;
  route(app, api.tree, (input) => areas.areaTree(ctx, userOf(input), input.query.projectId));
  route(app, api.find, (input) => areas.findArea(ctx, userOf(input), input.params.id));
  changeRoutes(app, api, {
    create: (actor, body) => areas.createArea(ctx, actor, body),
    update: (actor, body) => areas.updateArea(ctx, actor, body),
    delete: (actor, id) => areas.deleteArea(ctx, actor, id),
  });
  route(app, api.users, (input) => areas.areaUsers(ctx, userOf(input), input.params.id));
  route(app, api.candidates, (input) => areas.areaCandidates(ctx, userOf(input), input.params.id));
  route(
    app,
    api.assignUsers,
    async (input) => new Answer(await areas.assignUsers(ctx, actor(input), input.body), 'area.usersSaved'),
  );
}
