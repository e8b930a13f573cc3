import {
  API_PREFIX,
  commandEndpoints,
  GATEWAY_CONTROL_PAGE,
  historyExport,
  REALTIME_PAGE,
  SWITCH_PAGE,
  TELEMETRY_PUSH_PATH,
  telemetryEndpoints,
  TYPE_SMART_SWITCH,
  TYPE_WELL_LID,
  TYPE_WELL_LID_BASE,
  TYPE_WELL_LID_REPEATER,
  HISTORY_PAGE,
  WELL_LID_MONITOR_PAGE,
} from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../../http/export.js';
import { route } from '../../http/route.js';
import { peekSession, sessionExpiry } from '../auth/sessions.js';
import { actorOfInput, userOfInput as userOf } from '../logs/audit.js';
import { serveLiveSocket } from './liveSocket.js';
import { IotRuntime, registerRuntime } from './runtime.js';
import * as iot from './service.js';

const SOCKET_PROTOCOL =
  'The live telemetry socket (contract telemetry.ts). The first frame is {"accessToken"} of a live session ' +
  'holding one of the live pages, within 5 s; then {"type":"follow","deviceIds":[…]} (at most 100) and ' +
  '{"type":"ping"} at least every 70 s. The server sends {"type":"ready"|"values"|"status"|"pong",…}; it ' +
  'closes like the message socket (4400, 4401, 4403, 4408, 4429).';

/** The pages whose users may watch live values. */
const LIVE_PAGES = [REALTIME_PAGE, WELL_LID_MONITOR_PAGE, SWITCH_PAGE, GATEWAY_CONTROL_PAGE, HISTORY_PAGE];

const WELL_LID_TYPES = [TYPE_WELL_LID, TYPE_WELL_LID_BASE, TYPE_WELL_LID_REPEATER];

/**
 * The device runtime: the broker (or the external broker's client) starts with
 * the server and closes with it, before the database; telemetry, commands and alarms are read here.
 */
export default async function iotRoutes(app: FastifyInstance) {
  const ctx = app.cityops;
  const runtime = new IotRuntime(ctx, app.log);
  registerRuntime(ctx, runtime);
  await runtime.start();
  app.addHook('preClose', () => runtime.stop());

  const api = telemetryEndpoints;
  route(app, api.live, (input) => iot.livePage(ctx, userOf(input), input.body));
  route(app, api.liveSwitches, (input) => iot.livePage(ctx, userOf(input), input.body, [TYPE_SMART_SWITCH]));
  route(app, api.liveWellLids, (input) => iot.wellLidPage(ctx, userOf(input), input.body, WELL_LID_TYPES));
  route(app, api.history, (input) => iot.history(ctx, runtime, userOf(input), input.body));
  route(app, api.faults, (input) => iot.faults(ctx, userOf(input), input.query.deviceId));
  exportRoute(app, historyExport, (input) => iot.historySheet(ctx, runtime, userOf(input), input.body));

  route(app, commandEndpoints.send, (input) => runtime.commands.send(actorOfInput(input), input.body, false));
  route(app, commandEndpoints.sendGateway, (input) =>
    runtime.commands.send(actorOfInput(input), input.body, true),
  );
  route(app, commandEndpoints.page, (input) => iot.commandPage(ctx, userOf(input), input.body));

  app.get(
    `${API_PREFIX}${TELEMETRY_PUSH_PATH}`,
    { websocket: true, config: { socket: SOCKET_PROTOCOL } },
    (socket) =>
      serveLiveSocket(socket, {
        hub: runtime.live,
        sessionOf: (token) => peekSession(ctx, token),
        expiryOf: (sessionId) => sessionExpiry(ctx, sessionId),
        mayWatch: async (userId) => {
          for (const code of LIVE_PAGES) if (await ctx.access.holds(userId, code)) return true;
          return false;
        },
        visible: (userId, deviceIds) => iot.visibleDevices(ctx, userId, deviceIds),
        now: ctx.now,
        log: app.log,
      }),
  );
}
