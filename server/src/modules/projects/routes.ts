import { projectEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { Answer } from '../../http/envelope.js';
import { route, signedIn } from '../../http/route.js';
import { defaultProject, setDefaultProject, userProjectList } from './service.js';

/** The signed-in user's projects and default-load project (spec §3, §7 Projects and Users). */
export default async function projectRoutes(app: FastifyInstance) {
  const ctx = app.cityops;

  route(app, projectEndpoints.listByUser, (input) => userProjectList(ctx.db, signedIn(input).userId));

  route(app, projectEndpoints.findDefault, (input) => defaultProject(ctx, signedIn(input).userId));

  route(app, projectEndpoints.setDefault, async (input) => {
    const saved = await setDefaultProject(ctx, signedIn(input).userId, input.query.projectId);
    return new Answer(saved, 'project.saved');
  });
}
