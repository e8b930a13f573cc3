import { authEndpoints, dictionaryEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { Answer } from '../../http/envelope.js';
import { route, signedIn, type RouteInput } from '../../http/route.js';
import { actorOf } from '../logs/audit.js';
import * as dictionaries from './service.js';

const actor = (input: Pick<RouteInput<never>, 'session' | 'request'>) =>
  actorOf(signedIn(input), input.request);

/** Dictionary look-ups for every signed-in user, and the data dictionary page (dictionary). */
export default async function dictionaryRoutes(app: FastifyInstance) {
  const ctx = app.cityops;
  route(app, authEndpoints.dictionary, ({ query }) => dictionaries.dictionaryItems(ctx.db, query.dicCode));
  route(app, dictionaryEndpoints.all, ({ query }) => dictionaries.allDictionaries(ctx.db, query.version));

  route(app, dictionaryEndpoints.typePage, ({ body }) => dictionaries.listTypes(ctx, body));
  route(
    app,
    dictionaryEndpoints.typeCreate,
    async (input) =>
      new Answer(await dictionaries.createType(ctx, actor(input), input.body), 'admin.created'),
  );
  route(
    app,
    dictionaryEndpoints.typeUpdate,
    async (input) => new Answer(await dictionaries.updateType(ctx, actor(input), input.body), 'admin.saved'),
  );
  route(app, dictionaryEndpoints.typeDelete, async (input) => {
    await dictionaries.deleteType(ctx, actor(input), input.body.code);
    return new Answer(null, 'admin.deleted');
  });

  route(app, dictionaryEndpoints.itemPage, ({ body }) => dictionaries.listItems(ctx, body));
  route(
    app,
    dictionaryEndpoints.itemCreate,
    async (input) =>
      new Answer(await dictionaries.createItem(ctx, actor(input), input.body), 'admin.created'),
  );
  route(
    app,
    dictionaryEndpoints.itemUpdate,
    async (input) => new Answer(await dictionaries.updateItem(ctx, actor(input), input.body), 'admin.saved'),
  );
  route(app, dictionaryEndpoints.itemDelete, async (input) => {
    await dictionaries.deleteItem(ctx, actor(input), input.body.itemId);
    return new Answer(null, 'admin.deleted');
  });
  route(app, dictionaryEndpoints.itemDeleteMany, async (input) => {
    await dictionaries.deleteItems(ctx, actor(input), input.body.itemIds);
    return new Answer(null, 'admin.deleted');
  });
}
