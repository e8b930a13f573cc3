import {
  ALARM_LISTEN_PATH,
  ALARM_RESULT_PATH,
  ALARM_TALK_PATH,
  alarmCallEndpoints,
  alarmCallExport,
  API_PREFIX,
} from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { peekSession, sessionExpiry } from '../auth/sessions.js';
import { runtimeOf } from '../iot/runtime.js';
import { actorOfInput, userOfInput as userOf } from '../logs/audit.js';
import { serveAlarmSocket } from './alarmSocket.js';
import { AlarmCalls, bindCamera, boxMap, boxPage, history, historySheet, yellTargets } from './service.js';
import { exportRoute } from '../../http/export.js';
import { sockjsInfo, SockjsWebSocket } from './sockjs.js';
import { serveTalkSocket } from './talkSocket.js';

const RESULT_PROTOCOL =
  'The alarm-result socket (SockJS, contract alarmbox/calls.ts): the first message is {"accessToken","devIds"} ' +
  'of a session holding an answer page; then {"type":"ping"}. The server sends {"status_code":1,"data":[…]}.';
const TALK_PROTOCOL =
  'An intercom socket (contract alarmbox/calls.ts): the first text frame is {"accessToken","devIds","terminals"}; ' +
  'then binary 8 kHz mono s16le PCM. Closes 4401 (session), 4403 (not your call), 4410 (the call ended).';

const calls = new WeakMap<FastifyInstance['cityops'], AlarmCalls>();

/** The alarm-call module of this app (tests reach its clock-driven sweep through it). */
export function alarmCallsOf(ctx: FastifyInstance['cityops']): AlarmCalls {
  const found = calls.get(ctx);
  if (!found) throw new Error('the alarmbox module is not registered');
  return found;
}

/** One-key alarm calls: the endpoints, the alarm-result socket and the intercom sockets. */
export default async function alarmboxRoutes(app: FastifyInstance) {
  const ctx = app.cityops;
  const service = new AlarmCalls(ctx, runtimeOf(ctx), app.log);
  calls.set(ctx, service);
  await service.start();
  app.addHook('preClose', () => service.stop());

  const api = alarmCallEndpoints;
  route(app, api.updateAlarmPeople, (input) => service.updateAlarmPeople(actorOfInput(input), input.body));
  route(app, api.hangUp, (input) => service.hangUp(actorOfInput(input), input.body.alarmId));
  route(app, api.current, (input) => service.current(userOf(input)));
  route(app, api.boxes, (input) => boxPage(service, userOf(input), input.body));
  route(app, api.boxMap, (input) => boxMap(service, userOf(input), input.query));
  route(app, api.bindCamera, (input) =>
    bindCamera(service, actorOfInput(input), input.body.devId, input.body.cameraCode),
  );
  route(app, api.history, (input) => history(service, userOf(input), input.body));
  route(app, api.yellTargets, (input) =>
    yellTargets(service, userOf(input), input.query.projectId, input.query.keyword),
  );
  exportRoute(app, alarmCallExport, (input) => historySheet(service, userOf(input), input.body));

  const deps = {
    sessionOf: (token: string) => peekSession(ctx, token),
    expiryOf: (sessionId: number) => sessionExpiry(ctx, sessionId),
    now: ctx.now,
    log: app.log,
  };
  const base = `${API_PREFIX}${ALARM_RESULT_PATH}`;
  app.get(`${base}/info`, { config: { socket: RESULT_PROTOCOL } }, async (_request, reply) => {
    await reply.header('cache-control', 'no-store').send(sockjsInfo());
  });
  app.get(
    `${base}/:server/:session/websocket`,
    { websocket: true, config: { socket: RESULT_PROTOCOL } },
    (socket) => serveAlarmSocket(new SockjsWebSocket(socket), service, deps),
  );
  for (const [path, mode] of [
    [ALARM_LISTEN_PATH, 'listen'],
    [ALARM_TALK_PATH, 'talk'],
  ] as const)
    app.get(`${API_PREFIX}${path}`, { websocket: true, config: { socket: TALK_PROTOCOL } }, (socket) =>
      serveTalkSocket(socket, service, deps, mode),
    );
}
