import { authEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { Answer } from '../../http/envelope.js';
import { route, signedIn } from '../../http/route.js';
import { changePassword, userPermissions } from './service.js';

/** The signed-in user's own account: permissions and password. */
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
}
