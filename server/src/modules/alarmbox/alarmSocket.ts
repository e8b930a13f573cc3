import {
  alarmClientFrameSchema,
  PUSH_CLOSE,
  type AlarmClientFrame,
  type AlarmServerFrame,
} from '@cityops/contract';
import { serveSessionSocket, type SessionSocketDeps, type SocketLike } from '../../http/sessionSocket.js';
import type { AlarmCalls, AlarmPeer } from './service.js';

/**
 * The alarm-result socket (§7, contract alarmbox/calls.ts): the first frame `{devIds, accessToken}`
 * of a holder of an answer page; then the calls ringing or in progress it may see, then every change
 * of them. Signed in and kept as every session socket is (http/sessionSocket.ts).
 */
export function serveAlarmSocket(socket: SocketLike, calls: AlarmCalls, deps: SessionSocketDeps): void {
  serveSessionSocket<AlarmClientFrame, AlarmServerFrame>(socket, deps, (io) => {
    let peer: AlarmPeer | null = null;
    let asked: number[] = [];
    return {
      schema: alarmClientFrameSchema,
      perUser: calls.perUser,
      admit: async (session) =>
        (await calls.mayAnswer(session.userId))
          ? null
          : { code: PUSH_CLOSE.forbidden, reason: 'no alarm page' },
      open: () => null,
      welcome: async (session) => {
        peer = {
          userId: session.userId,
          sessionId: session.id,
          scope: await calls.scope(session.userId),
          devIds: new Set(asked),
          send: (data) => io.send({ status_code: 1, type: 'calls', data }),
          close: io.close,
        };
        calls.peers.add(peer);
        io.send({ status_code: 1, type: 'calls', data: await calls.current(session.userId, asked) });
      },
      isPing: (frame) => 'type' in frame,
      pong: () => io.send({ status_code: 1, type: 'pong', data: [] }),
      frame: () => Promise.resolve(),
      closed: () => {
        if (peer) calls.peers.delete(peer);
      },
      signingIn: (frame: AlarmClientFrame) => {
        if ('devIds' in frame) asked = frame.devIds;
      },
    };
  });
}
