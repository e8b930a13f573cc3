import {
  auditorEndpoints,
  cycleEndpoints,
  postEndpoints,
  projectEndpoints,
  projectManageEndpoints,
} from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { Answer } from '../../http/envelope.js';
import { route, signedIn } from '../../http/route.js';
import { actorOfInput as actor, userOfInput as userOf } from '../logs/audit.js';
import { changeRoutes } from '../logs/changeRoutes.js';
import * as plan from './planService.js';
import * as projects from './service.js';
import { defaultProject, setDefaultProject, userProjectList } from './service.js';

/**
 * The signed-in user's projects and default-load project (spec §3, §7 Projects and Users), and the
 * project page: projects, their plan, posts and auditors.
 */
export default async function projectRoutes(app: FastifyInstance) {
  const ctx = app.cityops;

  route(app, projectEndpoints.listByUser, (input) => userProjectList(ctx.db, signedIn(input).userId));

  route(app, projectEndpoints.findDefault, (input) => defaultProject(ctx, signedIn(input).userId));

  route(app, projectEndpoints.setDefault, async (input) => {
    const saved = await setDefaultProject(ctx, signedIn(input).userId, input.query.projectId);
    return new Answer(saved, 'project.saved');
  });

  const manage = projectManageEndpoints;
  route(app, manage.page, ({ body }) => projects.projectPage(ctx, body));
  route(app, manage.find, (input) => projects.findProject(ctx, userOf(input), input.params.id));
  changeRoutes(app, manage, {
    create: (actor, body) => projects.createProject(ctx, actor, body),
    update: (actor, body) => projects.updateProject(ctx, actor, body),
    delete: (actor, id) => projects.deleteProject(ctx, actor, id),
  });
  route(
    app,
    manage.updateLocation,
    async (input) =>
      new Answer(await projects.updateLocation(ctx, actor(input), input.body), 'project.locationSaved'),
  );

  const cycles = cycleEndpoints;
  route(app, cycles.projectNames, (input) => projects.visibleProjectNames(ctx, userOf(input)));
  route(app, cycles.list, (input) => plan.cycleList(ctx, userOf(input), input.query.projectId));
  route(app, cycles.segmentStates, async ({ locale }) => plan.segmentStates(locale));
  route(app, cycles.find, (input) => plan.findCycle(ctx, userOf(input), input.params.id));
  route(app, cycles.findSegment, (input) => plan.findSegment(ctx, userOf(input), input.params.id));
  route(
    app,
    cycles.insertCycle,
    async (input) => new Answer(await plan.insertCycle(ctx, actor(input), input.body), 'admin.created'),
  );
  route(
    app,
    cycles.updateCycle,
    async (input) => new Answer(await plan.updateCycle(ctx, actor(input), input.body), 'admin.saved'),
  );
  route(app, cycles.deleteCycle, async (input) => {
    await plan.deleteCycle(ctx, actor(input), input.params.id);
    return new Answer(null, 'admin.deleted');
  });
  route(
    app,
    cycles.insertSegment,
    async (input) => new Answer(await plan.insertSegment(ctx, actor(input), input.body), 'admin.created'),
  );
  route(
    app,
    cycles.updateSegment,
    async (input) => new Answer(await plan.updateSegment(ctx, actor(input), input.body), 'admin.saved'),
  );
  route(app, cycles.deleteSegment, async (input) => {
    await plan.deleteSegment(ctx, actor(input), input.params.id);
    return new Answer(null, 'admin.deleted');
  });

  route(app, postEndpoints.tree, (input) => plan.postTree(ctx, userOf(input), input.query.projectId));
  route(app, postEndpoints.users, (input) => plan.projectUsers(ctx, userOf(input), input.query.projectId));

  route(app, auditorEndpoints.find, (input) => plan.auditors(ctx, userOf(input), input.params.id));
  route(
    app,
    auditorEndpoints.save,
    async (input) =>
      new Answer(await plan.saveAuditors(ctx, actor(input), input.body), 'project.auditorsSaved'),
  );
}
