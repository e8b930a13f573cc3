import { allowlistEndpoints as api } from '@cityops/contract';
import type { AppContext } from '../../http/context.js';
import type { FastifyInstance } from 'fastify';
import { Answer } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { actorOfInput, userOfInput as userOf } from '../logs/audit.js';
import { runtimeOf } from '../iot/runtime.js';
import * as allowlist from './service.js';

const syncs = new WeakMap<AppContext, allowlist.AllowlistSync>();

/** The app's allowlist sender (tests wait for its background sends). */
export function allowlistSyncOf(ctx: AppContext): allowlist.AllowlistSync {
  const sync = syncs.get(ctx);
  if (!sync) throw new Error('the gateway module is not registered');
  return sync;
}

/** Gateway allowlists (white); registered after the iot module, whose runtime sends. */
export default async function allowlistRoutes(app: FastifyInstance) {
  const ctx = app.cityops;
  const sync = new allowlist.AllowlistSync(ctx, runtimeOf(ctx), app.log);
  syncs.set(ctx, sync);
  app.addHook('preClose', async () => sync.stop());
  route(app, api.gateways, (input) => allowlist.gatewayPage(ctx, userOf(input), input.body));
  route(app, api.entries, (input) => allowlist.entryPage(ctx, userOf(input), input.body));
  route(
    app,
    api.add,
    async (input) =>
      new Answer(await allowlist.addEntries(ctx, sync, actorOfInput(input), input.body), 'admin.created'),
  );
  route(
    app,
    api.delete,
    async (input) =>
      new Answer(await allowlist.deleteEntries(ctx, sync, actorOfInput(input), input.body), 'admin.deleted'),
  );
  route(
    app,
    api.sync,
    async (input) =>
      new Answer(
        await allowlist.syncNow(ctx, sync, actorOfInput(input), input.body.gatewayId),
        'allowlist.synced',
      ),
  );
}
