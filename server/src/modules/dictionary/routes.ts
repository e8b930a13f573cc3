import { authEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { dictionaryItems } from './service.js';

export default async function dictionaryRoutes(app: FastifyInstance) {
  route(app, authEndpoints.dictionary, ({ query }) => dictionaryItems(app.cityops.db, query.dicCode));
}
