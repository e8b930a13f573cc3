import { parameterEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { Answer } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { actorOfInput } from '../logs/audit.js';
import { listParameters, saveParameters } from './service.js';

/** parameterManage: the system parameters (the video platforms' settings are the video module's). */
export default async function parameterRoutes(app: FastifyInstance) {
  const ctx = app.cityops;
  route(app, parameterEndpoints.list, ({ request }) => listParameters(ctx, request.log));
  route(
    app,
    parameterEndpoints.update,
    async (input) =>
      new Answer(
        await saveParameters(ctx, actorOfInput(input), input.body, input.request.log),
        'admin.saved',
      ),
  );
}
