import {
  authEndpoints,
  LICENCE_MANAGE,
  licenceEndpoints,
  licenceManageEndpoints,
  StatusCode,
  systemEndpoints,
  worseReasonsText,
  type LicenceDowngradeRefusal,
} from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { Answer, ApiError, isApiPath } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { actorOf } from '../logs/audit.js';
import { deviceUsage } from './devices.js';
import { LicenceDowngrade } from './state.js';

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

  route(app, licenceEndpoints.status, async () => ({ state: (await ctx.licence.status()).state }));
  route(app, licenceManageEndpoints.detail, () => ctx.licence.status());
  route(app, licenceManageEndpoints.list, () => ctx.licence.list());
  route(app, licenceManageEndpoints.deviceUsage, () => deviceUsage(ctx.db, ctx.licence));
  route(app, licenceManageEndpoints.renewalRequest, () => ctx.licence.renewalRequest());

  // Public (the first registration, and any while no valid licence is in force, needs no session),
  // so it shares the per-address limit of the sign-in calls; the keeper asks for more once a valid
  // licence is in force, which is why the caller's session is looked up here rather than by route().
  route(
    app,
    licenceEndpoints.register,
    async ({ body, request, locale }) => {
      const session = await ctx.access.sessionOf(request);
      const permitted =
        session !== null &&
        !session.mustChangePassword &&
        (await ctx.access.holds(session.userId, LICENCE_MANAGE));
      const replacer = { actor: session && actorOf(session, request), permitted };
      try {
        const registered = await ctx.licence.register(body, replacer);
        // The systems it opens may differ: what everyone holds is read afresh.
        await ctx.access.changed();
        return new Answer(registered, 'licence.registered');
      } catch (error) {
        if (!(error instanceof LicenceDowngrade)) throw error;
        const data: LicenceDowngradeRefusal = { reasons: [...error.reasons] };
        throw new ApiError(
          StatusCode.REJECTED,
          'licence.downgrade',
          { reasons: worseReasonsText(error.reasons, locale) },
          data,
        );
      }
    },
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
