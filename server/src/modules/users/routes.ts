import { authEndpoints, tableSettingsEndpoints, userEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { Answer } from '../../http/envelope.js';
import { route, signedIn, type RouteInput } from '../../http/route.js';
import { actorOf } from '../logs/audit.js';
import { changePassword, userPermissions } from './account.js';
import * as users from './service.js';
import { readTableSettings, resetTableSettings, saveTableSettings } from './tableSettings.js';

const actor = (input: Pick<RouteInput<never>, 'session' | 'request'>) =>
  actorOf(signedIn(input), input.request);

/** The signed-in user's own account, and user management (userManage). */
export default async function userRoutes(app: FastifyInstance) {
  const ctx = app.cityops;

  route(app, authEndpoints.userPermissions, (input) => userPermissions(ctx, signedIn(input).userId));

  route(
    app,
    authEndpoints.updatePassword,
    async (input) => {
      await changePassword(ctx, input.request, signedIn(input).userId, input.body);
      return new Answer(null, 'password.changed');
    },
    // Guessing the current password from a stolen session is a sign-in attack too.
    { rateLimited: true },
  );

  route(app, tableSettingsEndpoints.get, (input) =>
    readTableSettings(ctx, signedIn(input).userId, input.query.tableKey),
  );
  route(app, tableSettingsEndpoints.save, async (input) => {
    const saved = await saveTableSettings(ctx, signedIn(input).userId, input.body);
    return new Answer(saved, 'table.saved');
  });
  route(app, tableSettingsEndpoints.reset, async (input) => {
    await resetTableSettings(ctx, signedIn(input).userId, input.body.tableKey);
    return null;
  });

  route(app, userEndpoints.page, ({ body }) => users.listUsers(ctx, body));
  route(app, userEndpoints.info, ({ body }) => users.userInfo(ctx, body.userId));
  route(
    app,
    userEndpoints.create,
    async (input) => new Answer(await users.createUser(ctx, actor(input), input.body), 'admin.created'),
  );
  route(
    app,
    userEndpoints.update,
    async (input) => new Answer(await users.updateUser(ctx, actor(input), input.body), 'admin.saved'),
  );
  route(app, userEndpoints.assignRole, async (input) => {
    const row = await users.assignRoles(ctx, actor(input), input.body.userId, input.body.roleIds);
    return new Answer(row, 'user.rolesAssigned');
  });
  route(app, userEndpoints.alterState, async (input) => {
    const row = await users.alterState(ctx, actor(input), input.body.userId, input.body.status);
    return new Answer(row, 'user.stateChanged');
  });
  route(app, userEndpoints.resetPassword, async (input) => {
    await users.resetPassword(ctx, actor(input), input.body.userId, input.body.password);
    return new Answer(null, 'user.passwordReset');
  });
  route(app, userEndpoints.delete, async (input) => {
    await users.deleteUser(ctx, actor(input), input.query.userId);
    return new Answer(null, 'admin.deleted');
  });
}
