import { roleEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { Answer } from '../../http/envelope.js';
import { route, signedIn, type RouteInput } from '../../http/route.js';
import { actorOf } from '../logs/audit.js';
import { BUS_MAX_IDS } from '../push/events.js';
import { roleUserIds } from './repository.js';
import * as roles from './service.js';

const actor = (input: Pick<RouteInput<never>, 'session' | 'request'>) =>
  actorOf(signedIn(input), input.request);

/** Role management (roleManage) and the role select of the user form. */
export default async function roleRoutes(app: FastifyInstance) {
  const ctx = app.cityops;

  route(app, roleEndpoints.page, ({ body }) => roles.listRoles(ctx, body));
  route(app, roleEndpoints.options, () => roles.roleOptions(ctx));
  route(app, roleEndpoints.permissionTree, ({ query }) => roles.permissionTree(ctx, query.roleId));
  route(
    app,
    roleEndpoints.create,
    async (input) => new Answer(await roles.createRole(ctx, actor(input), input.body), 'admin.created'),
  );
  route(
    app,
    roleEndpoints.update,
    async (input) => new Answer(await roles.updateRole(ctx, actor(input), input.body), 'admin.saved'),
  );
  route(
    app,
    roleEndpoints.delete,
    async (input) => {
      await roles.deleteRole(ctx, actor(input), input.body.roleId);
      return new Answer(null, 'admin.deleted');
    },
    // Only a role nobody holds can be deleted: nobody's access changed.
    { changesAccess: () => [] },
  );
  route(
    app,
    roleEndpoints.assignPermission,
    async (input) => {
      const tree = await roles.assignPermissions(
        ctx,
        actor(input),
        input.body.roleId,
        input.body.resourceIds,
      );
      return new Answer(tree, 'role.permissionsAssigned');
    },
    { changesAccess: (input) => roleUserIds(ctx.db, input.body.roleId, BUS_MAX_IDS) },
  );
}
