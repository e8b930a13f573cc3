import { messageEndpoints, messageTemplateEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { Answer } from '../../http/envelope.js';
import { route, signedIn } from '../../http/route.js';
import { actorOfInput } from '../logs/audit.js';
import { markAllRead, markMessagesRead, messagePage } from './service.js';
import { listTemplates, resetTemplate, updateTemplate } from './templates.js';

/** The message centre (spec §7 Messages) and messageTemplate; route() enforces each permission. */
export default async function messageRoutes(app: FastifyInstance) {
  const ctx = app.cityops;

  route(app, messageEndpoints.pageList, (input) => messagePage(ctx, signedIn(input).userId, input.body));

  route(app, messageEndpoints.recordDeal, async (input) => {
    const result = await markMessagesRead(ctx, signedIn(input).userId, input.body.recordIds);
    return new Answer(result, 'message.marked');
  });

  route(app, messageEndpoints.readAll, async (input) => {
    const result = await markAllRead(ctx, signedIn(input).userId);
    return new Answer(result, 'message.allRead');
  });

  route(app, messageTemplateEndpoints.list, (input) => listTemplates(ctx, input.body?.messageType));

  route(app, messageTemplateEndpoints.update, async (input) => {
    const saved = await updateTemplate(ctx, actorOfInput(input), input.body);
    return new Answer(saved, 'admin.saved');
  });

  route(app, messageTemplateEndpoints.reset, async (input) => {
    const shipped = await resetTemplate(ctx, actorOfInput(input), input.body.eventKind);
    return new Answer(shipped, 'messageTemplate.reset');
  });
}
