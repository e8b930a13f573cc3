import type { Endpoint } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { actorOfInput, type Actor } from './audit.js';
import { Answer } from '../../http/envelope.js';
import { route } from '../../http/route.js';

type IdParams = z.ZodType<{ id: number }>;
type DeleteEndpoint = Endpoint<z.ZodType, z.ZodType, z.ZodNull, IdParams>;

/**
 * The changes of an administration page's records: the form's insert and update and the delete by id,
 * each by the signed-in user, answered 新增成功 / 保存成功 / 删除成功.
 */
export function changeRoutes<C extends Endpoint, U extends Endpoint>(
  app: FastifyInstance,
  endpoints: { create: C; update: U; delete: DeleteEndpoint },
  handlers: {
    create: (actor: Actor, body: z.output<C['body']>) => Promise<z.input<C['data']>>;
    update: (actor: Actor, body: z.output<U['body']>) => Promise<z.input<U['data']>>;
    delete: (actor: Actor, id: number) => Promise<unknown>;
  },
) {
  route(
    app,
    endpoints.create,
    async (input) => new Answer(await handlers.create(actorOfInput(input), input.body), 'admin.created'),
  );
  route(
    app,
    endpoints.update,
    async (input) => new Answer(await handlers.update(actorOfInput(input), input.body), 'admin.saved'),
  );
  route(app, endpoints.delete, async (input) => {
    await handlers.delete(actorOfInput(input), input.params.id);
    return new Answer(null, 'admin.deleted');
  });
}
