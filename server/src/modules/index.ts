import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import areaRoutes from './areas/routes.js';
import authRoutes from './auth/routes.js';
import basemapRoutes from './basemap/routes.js';
import deviceRoutes from './devices/routes.js';
import pointRoutes from './points/routes.js';
import dictionaryRoutes from './dictionary/routes.js';
import iotRoutes from './iot/routes.js';
import firmwareRoutes from './firmware/routes.js';
import editionRoutes from './editions/routes.js';
import licenceRoutes, { licenceGate } from './licence/routes.js';
import logRoutes from './logs/routes.js';
import messageRoutes from './messages/routes.js';
import organizationRoutes from './organizations/routes.js';
import parameterRoutes from './parameters/routes.js';
import placementRoutes from './placement/routes.js';
import projectRoutes from './projects/routes.js';
import pushRoutes from './push/routes.js';
import resourceRoutes from './resources/routes.js';
import roleRoutes from './roles/routes.js';
import siteRoutes from './sites/routes.js';
import { registerShell } from './shell/routes.js';
import systemRoutes from './system/routes.js';
import userRoutes from './users/routes.js';
import videoRoutes from './video/routes.js';
import maintenanceRoutes from './maintenance/routes.js';
import allowlistRoutes from './gateway/routes.js';
import alarmboxRoutes from './alarmbox/routes.js';
import workOrderRoutes from './workorders/routes.js';
import alarmRoutes from './alarms/routes.js';

/** How a module joins the server (app.ts): a new module is one more line in `modules` below. */
export interface ServerModule {
  /** Its routes, registered in a scope of its own so its hooks and error handler stay its own. */
  routes?: FastifyPluginAsync;
  /** Set on the root instance before any module's routes: checks that must see every request. */
  gate?: (app: FastifyInstance) => void;
  /** Set on the root instance after every module's routes: what answers when no route did. */
  fallback?: (app: FastifyInstance) => Promise<void>;
}

/** Every module of the server, registered in this order. */
export const modules: readonly ServerModule[] = [
  { routes: systemRoutes },
  { routes: authRoutes },
  { routes: userRoutes },
  { routes: roleRoutes },
  { routes: resourceRoutes },
  { routes: dictionaryRoutes },
  { routes: organizationRoutes },
  // The licence gate answers 10402 for every other /api call, unknown paths included, while unlicensed.
  { routes: licenceRoutes, gate: licenceGate },
  { routes: projectRoutes },
  { routes: areaRoutes },
  { routes: siteRoutes },
  { routes: messageRoutes },
  { routes: pushRoutes },
  { routes: videoRoutes },
  { routes: deviceRoutes },
  { routes: pointRoutes },
  { routes: iotRoutes },
  // The alarm engine: its lists, handling, repeat pushes and feed (ingestion raises into it).
  { routes: alarmRoutes },
  { routes: placementRoutes },
  // After the device runtime: the upgrade dispatcher listens to it.
  { routes: firmwareRoutes },
  { routes: maintenanceRoutes },
  { routes: workOrderRoutes },
  { routes: allowlistRoutes },
  // After the device runtime: alarm columns ring through it.
  { routes: alarmboxRoutes },
  { routes: logRoutes },
  { routes: editionRoutes },
  { routes: parameterRoutes },
  // The offline map's files (not /api): China's boundaries and DATA_DIR/map's extracts.
  { routes: basemapRoutes },
  // The built shell and the not-found handler of the whole server; keep it last.
  { fallback: registerShell },
];
