import { authEndpoints, checkPassword, onlineSessionEndpoints, StatusCode } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/envelope.js';
import { route, signedIn } from '../../http/route.js';
import { actorOf } from '../logs/audit.js';
import { Answer } from '../../http/envelope.js';
import { issueCaptcha, redeemCaptcha } from './captcha.js';
import { kickSession, onlineSessions } from './online.js';
import { decryptPassword } from './keys.js';
import { signIn, signOut } from './service.js';
import { tokenOf } from './sessions.js';
import { issueTicket, signInByTicket } from './tickets.js';

/** Sign-in (by password, or by one-time ticket in a POST body or GET nopass/token), sign-out, captcha, the login public key and session keep-alive. */
export default async function authRoutes(app: FastifyInstance) {
  const ctx = app.cityops;

  // The plain sign-in never asks for a captcha: the spec's login screen shows none (verCode and
  // verKey are "unused in the visible flow"); guessing is limited by the locks (lockout.ts) and the
  // per-address rate limit. The cipher-text sign-in below always takes one.
  route(app, authEndpoints.login, ({ body, request }) => signIn(ctx, request, body.userName, body.password), {
    rateLimited: true,
  });

  route(
    app,
    authEndpoints.cipherLogin,
    async ({ body, request }) => {
      if (!(await redeemCaptcha(ctx, body.verKey, body.verCode))) {
        throw new ApiError(StatusCode.REJECTED, 'captcha.invalid');
      }
      const password = decryptPassword(ctx.loginKeys, body.password);
      if (password === null) throw new ApiError(StatusCode.REJECTED, 'cipher.invalid');
      const broken = checkPassword(password);
      if (broken) throw new ApiError(StatusCode.REJECTED, broken);
      return signIn(ctx, request, body.userName, password);
    },
    { rateLimited: true },
  );

  route(
    app,
    authEndpoints.issueTicket,
    (input) => issueTicket(ctx, input.request, signedIn(input), input.body?.purpose),
    { rateLimited: true },
  );

  route(app, authEndpoints.ticketLogin, ({ body, request }) => signInByTicket(ctx, request, body.ticket), {
    rateLimited: true,
  });

  // What /userlogin calls. The query schema has refused an unsafe redirect before the ticket is
  // touched; the ticket is then spent exactly as by the POST above (the redirect is the page's to follow).
  route(app, authEndpoints.nopassToken, ({ query, request }) => signInByTicket(ctx, request, query.ticket), {
    rateLimited: true,
  });

  route(app, authEndpoints.publicKey, async () => ({ publicKey: ctx.loginKeys.publicKey }));

  route(app, authEndpoints.captcha, () => issueCaptcha(ctx), { rateLimited: true });

  route(app, authEndpoints.logout, async ({ request }) => {
    await signOut(ctx, request, tokenOf(request));
    return null;
  });

  // The session was slid forward by route() on the way in; this only reports the new expiry.
  route(app, authEndpoints.postpone, async (input) => ({
    expiresAt: signedIn(input).expiresAt.toISOString(),
  }));

  route(app, onlineSessionEndpoints.page, (input) =>
    onlineSessions(ctx, actorOf(signedIn(input), input.request), input.body),
  );
  route(app, onlineSessionEndpoints.kick, async (input) => {
    await kickSession(ctx, actorOf(signedIn(input), input.request), input.body.sessionId);
    return new Answer(null, 'session.kicked');
  });
}
