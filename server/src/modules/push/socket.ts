import {
  MSG_PAGE_CODE,
  NOTIFIER_MAX_MESSAGES,
  PUSH_CLOSE,
  pushClientFrameSchema,
  type PushClientFrame,
  type PushServerFrame,
} from '@cityops/contract';
import type { WebSocket } from 'ws';
import { serveSessionSocket, type SessionSocketDeps } from '../../http/sessionSocket.js';
import type { MessageSource, PushHub, PushPeer } from './hub.js';

/** What a push socket needs from the server. */
export interface PushSocketDeps extends SessionSocketDeps {
  hub: PushHub;
  source: MessageSource;
  holds(userId: number, code: string): Promise<boolean>;
}

/**
 * One browser's push socket (platform-shell.md §7 Messages; the protocol is packages/contract/src/push.ts),
 * signed in and kept as every session socket is (http/sessionSocket.ts): it needs msg_page, and its
 * first frames are the newest unread messages.
 */
export function servePushSocket(socket: WebSocket, deps: PushSocketDeps): void {
  serveSessionSocket<PushClientFrame, PushServerFrame>(socket, deps, (io) => {
    let peer: PushPeer | null = null;
    return {
      schema: pushClientFrameSchema,
      perUser: deps.hub.perUser,
      admit: async (session) =>
        (await deps.holds(session.userId, MSG_PAGE_CODE))
          ? null
          : { code: PUSH_CLOSE.forbidden, reason: 'no msg_page' },
      open: (session) => {
        const self: PushPeer = {
          userId: session.userId,
          sessionId: session.id,
          send: io.send,
          close: io.close,
        };
        deps.hub.add(self);
        peer = self;
        return null;
      },
      welcome: async (session) => {
        const unread = await deps.source.unreadState(session.userId, NOTIFIER_MAX_MESSAGES);
        io.send({ status_code: 1, type: 'messages', fresh: false, ...unread });
      },
      isPing: () => true,
      pong: () => io.send({ status_code: 1, type: 'pong' }),
      frame: () => Promise.resolve(),
      closed: () => {
        if (peer) deps.hub.remove(peer);
      },
    };
  });
}
