import { API_PREFIX, PUSH_PATH } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { peekSession, sessionExpiry } from '../auth/sessions.js';
import { deliveriesOf, unreadCounts, unreadState } from '../messages/delivery.js';
import { listenBus } from './events.js';
import { PushHub, type MessageSource } from './hub.js';
import { servePushSocket } from './socket.js';

const PROTOCOL =
  'The message push socket (the push protocol of the contract). The first frame is {"accessToken"} of a live ' +
  'session holding msg_page, within 5 s; then {"type":"ping"} at least every 70 s. The server sends ' +
  '{"status_code":1,"type":"messages"|"count"|"pong"|"changed",…}; it closes with 4400 (not the protocol), ' +
  '4401 (no or ended session), 4403 (no msg_page), 4408 (no token, or silent), 4429 (flooding).';

/**
 * The message push socket (platform-shell.md §7 Messages) and this instance's share of the event bus:
 * every NOTIFY on EVENTS_CHANNEL, from any instance, is delivered to the sockets held here.
 */
export default async function pushRoutes(app: FastifyInstance) {
  const ctx = app.cityops;
  const source: MessageSource = {
    deliveriesOf: (eventId, userIds) => deliveriesOf(ctx.db, eventId, userIds),
    unreadState: (userId, limit) => unreadState(ctx.db, userId, limit),
    unreadCounts: (userIds) => unreadCounts(ctx.db, userIds),
  };
  const hub = new PushHub({ source, forgetAccess: () => ctx.access.forget(), log: app.log });

  const stop = await listenBus(ctx.listen, {
    onEvent: (event) => void hub.handle(event),
    onReconnect: () => void hub.resync(),
    onForeign: () => app.log.warn('push: an event that is not ours was ignored'),
  });
  app.addHook('preClose', async () => {
    hub.closeAll(1001, 'server shutting down');
    await stop();
  });

  app.get(`${API_PREFIX}${PUSH_PATH}`, { websocket: true, config: { socket: PROTOCOL } }, (socket) =>
    servePushSocket(socket, {
      hub,
      source,
      sessionOf: (token) => peekSession(ctx, token),
      expiryOf: (sessionId) => sessionExpiry(ctx, sessionId),
      holds: (userId, code) => ctx.access.holds(userId, code),
      now: ctx.now,
      log: app.log,
    }),
  );
}
