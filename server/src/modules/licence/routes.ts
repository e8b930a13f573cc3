import { authEndpoints, licenceEndpoints, StatusCode, systemEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { Answer, ApiError, isApiPath } from '../../http/envelope.js';
import { route } from '../../http/route.js';

/**
 * What answers without a valid licence: the licence calls, the health check, and what signing in and
 * out takes, so a user can still sign in and reach /license.
 */
export const UNLICENSED_PATHS: ReadonlySet<string> = new Set(
  [
    licenceEndpoints.status,
    licenceEndpoints.register,
    systemEndpoints.health,
    authEndpoints.login,
    authEndpoints.cipherLogin,
    authEndpoints.publicKey,
    authEndpoints.captcha,
    authEndpoints.logout,
  ].map((endpoint) => `/api${endpoint.path}`),
);

/** Licence status and registration, and the gate: 10402 for every other /api call while unlicensed. */
export default async function licenceRoutes(app: FastifyInstance) {
  const ctx = app.cityops;

  route(app, licenceEndpoints.status, () => ctx.licence.status());

  // Public, so it shares the per-address limit of the sign-in calls.
  route(
    app,
    licenceEndpoints.register,
    async ({ body }) => new Answer(await ctx.licence.register(body), 'licence.registered'),
    { rateLimited: true },
  );
}

/** The gate, on the root instance so it covers every route, unknown /api paths included. */
export function licenceGate(app: FastifyInstance) {
  const ctx = app.cityops;
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url)) return;
    const path = request.routeOptions.url;
    if (path !== undefined && UNLICENSED_PATHS.has(path)) return;
    if (!(await ctx.licence.isValid())) throw new ApiError(StatusCode.LICENCE, 'licence.invalid');
  });
}
