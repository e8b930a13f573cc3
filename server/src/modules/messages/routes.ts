import { messageEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { Answer } from '../../http/envelope.js';
import { route, signedIn } from '../../http/route.js';
import { markRead, messagePage } from './service.js';

/** The message centre (spec §7 Messages); route() enforces the msg_page permission. */
export default async function messageRoutes(app: FastifyInstance) {
  const ctx = app.cityops;

  route(app, messageEndpoints.pageList, (input) => messagePage(ctx, signedIn(input).userId, input.body));

  route(app, messageEndpoints.recordDeal, async (input) => {
    const result = await markRead(ctx, signedIn(input).userId, input.body.recordIds);
    return new Answer(result, 'message.marked');
  });
}
