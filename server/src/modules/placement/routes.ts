import { placementEndpoints } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { actorOfInput as actorOf, userOfInput as userOf } from '../logs/audit.js';
import * as placement from './service.js';

/** Where devices are: locationManagement and iot_assetMorror_areaManage. */
export default async function placementRoutes(app: FastifyInstance) {
  const ctx = app.cityops;
  const api = placementEndpoints;
  route(app, api.map, (input) => placement.placementMap(ctx, userOf(input), input.body));
  route(app, api.unlocated, (input) => placement.unlocatedPage(ctx, userOf(input), input.body));
  route(app, api.locate, (input) => placement.locateDevices(ctx, actorOf(input), input.body));
  route(app, api.clear, (input) => placement.clearLocations(ctx, actorOf(input), input.body.ids));
  route(app, api.areaCounts, (input) => placement.areaCountTree(ctx, userOf(input), input.query.projectId));
  route(app, api.areaDevices, (input) => placement.areaDevicesPage(ctx, userOf(input), input.body));
  route(app, api.move, (input) => placement.moveDevices(ctx, actorOf(input), input.body));
}
