import { logEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { Answer } from '../../http/envelope.js';
import { route, signedIn } from '../../http/route.js';
import { actorOf } from './audit.js';
import * as logs from './service.js';

/**
 * logManage: reading the sign-in and operation logs, and their retention. Append-only: apart from the
 * retention setting nothing here writes, and no route edits or deletes a log row.
 */
export default async function logRoutes(app: FastifyInstance) {
  const ctx = app.cityops;

  route(app, logEndpoints.signInPage, ({ body }) => logs.signInLogs(ctx, body));
  route(app, logEndpoints.operationPage, ({ body }) => logs.operationLogs(ctx, body));
  route(app, logEndpoints.operationDetail, ({ body }) => logs.operationLogDetail(ctx, body.id));
  route(app, logEndpoints.retention, () => logs.retention(ctx));
  route(app, logEndpoints.saveRetention, async (input) => {
    const actor = actorOf(signedIn(input), input.request);
    return new Answer(await logs.saveRetention(ctx, actor, input.body.days), 'log.retentionSaved');
  });
}
