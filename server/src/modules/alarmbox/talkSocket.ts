import {
  ALARM_PAGES,
  ALARM_TALK_CLOSE,
  PUSH_AUTH_TIMEOUT_MS,
  PUSH_CLOSE,
  TALK_MAX_FRAME_BYTES,
  talkOpenFrameSchema,
  YELL_MAX_BOXES,
  type TalkServerFrame,
} from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { SessionInfo } from '../../http/context.js';
import * as repo from './repository.js';
import type { AlarmCalls, TalkPeer } from './service.js';
import { parseUntrustedJson } from '../../http/untrustedJson.js';

/**
 * The intercom sockets (§7, §8 "Intercom"; contract alarmbox/calls.ts): the first text frame
 * `{accessToken, devIds, terminals}`, then binary 8 kHz s16le PCM. `listen` hands the box's `voice`
 * to the answerer of its call; `talk` hands the answerer's frames to the box's `speaker`, or, without a
 * call, a holder of 远程喊话 (`yelling`) shouts to up to YELL_MAX_BOXES idle online boxes.
 */

/** 50 frames a second are the audio; a little more is allowed for jitter. */
export const TALK_FLOOD_FRAMES = 75;
const TALK_FLOOD_WINDOW_MS = 1_000;
const OPEN = 1;

export interface TalkDeps {
  sessionOf(token: string): Promise<SessionInfo | null>;
  log: FastifyBaseLogger;
}

export function serveTalkSocket(
  socket: WebSocket,
  calls: AlarmCalls,
  deps: TalkDeps,
  mode: 'listen' | 'talk',
) {
  let state: 'waiting' | 'checking' | 'open' | 'closed' = 'waiting';
  let peer: TalkPeer | null = null;
  let yellKeys: string[] = [];
  let windowStart = Date.now();
  let frames = 0;

  const send = (frame: TalkServerFrame) => {
    if (socket.readyState === OPEN) socket.send(JSON.stringify(frame));
  };
  const close = (code: number, reason: string) => {
    if (state === 'closed') return;
    state = 'closed';
    clearTimeout(authTimer);
    if (peer) {
      calls
        .removeTalker(peer)
        .catch((error: unknown) => deps.log.error({ err: error }, 'alarmbox: an intercom left unrecorded'));
      if (mode === 'listen') for (const key of peer.deviceKeys) calls.runtime.wantVoice(key, false);
    }
    for (const key of yellKeys) void calls.commandBox(key, { action: 'yellEnd' });
    if (socket.readyState === OPEN) socket.close(code, reason);
    else socket.terminate();
  };
  const authTimer = setTimeout(() => close(PUSH_CLOSE.timeout, 'no token'), PUSH_AUTH_TIMEOUT_MS);

  async function open(text: string) {
    let parsed;
    try {
      parsed = talkOpenFrameSchema.safeParse(parseUntrustedJson(text));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) return close(PUSH_CLOSE.badFrame, 'not a frame of this protocol');
    const { accessToken, devIds, terminals } = parsed.data;
    const session = await deps.sessionOf(accessToken);
    if (state !== 'checking') return;
    if (!session || session.mustChangePassword) return close(PUSH_CLOSE.unauthorized, 'session not valid');
    const boxes = await repo.boxesByIds(calls.ctx.db, devIds);
    const scope = await calls.scope(session.userId);
    const named = terminals
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const refused =
      boxes.length !== new Set(devIds).size ||
      boxes.some((box) => scope !== null && !scope.includes(box.projectId)) ||
      named.some((code) => !boxes.some((box) => box.controlCode === code));
    if (refused) return close(ALARM_TALK_CLOSE.forbidden, 'not a box of yours');
    // The answerer's call at the box (one box).
    const answering = await repo.answeringCallOf(calls.ctx.db, session.userId);
    const [first] = boxes;
    let callId: number | null = null;
    if (answering && boxes.length === 1 && first && answering.deviceId === first.id) callId = answering.id;
    else if (
      mode === 'talk' &&
      boxes.length <= YELL_MAX_BOXES &&
      (await calls.ctx.access.holds(session.userId, ALARM_PAGES.yelling))
    ) {
      for (const box of boxes)
        if (!calls.online(box) || (await repo.openCallOf(calls.ctx.db, box.id)))
          return close(ALARM_TALK_CLOSE.forbidden, 'box busy or offline');
    } else return close(ALARM_TALK_CLOSE.forbidden, 'not your call');
    if (state !== 'checking') return;
    clearTimeout(authTimer);
    const keys = boxes.map((box) => box.deviceKey);
    peer = {
      callId,
      sessionId: session.id,
      deviceKeys: keys,
      send,
      close,
      ...(mode === 'listen'
        ? {
            voice: (payload: Buffer) => {
              if (socket.readyState === OPEN) socket.send(payload, { binary: true });
            },
          }
        : {}),
    };
    await calls.addTalker(peer);
    if (mode === 'listen') for (const key of keys) calls.runtime.wantVoice(key, true);
    if (callId === null) {
      yellKeys = keys;
      for (const key of keys) await calls.commandBox(key, { action: 'yell' });
    }
    state = 'open';
    send({ type: 'ready', devIds: boxes.map((box) => box.id) });
  }

  socket.on('message', (data: RawData, isBinary: boolean) => {
    if (state === 'closed') return;
    const now = Date.now();
    if (now - windowStart >= TALK_FLOOD_WINDOW_MS) {
      windowStart = now;
      frames = 0;
    }
    frames += 1;
    if (frames > TALK_FLOOD_FRAMES) return close(PUSH_CLOSE.flood, 'too many frames');
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (buffer.length > TALK_MAX_FRAME_BYTES) return close(PUSH_CLOSE.flood, 'frame too large');
    if (state === 'waiting') {
      if (isBinary) return close(PUSH_CLOSE.badFrame, 'token first');
      state = 'checking';
      open(buffer.toString('utf8')).catch((error: unknown) => {
        deps.log.error({ err: error }, 'alarmbox: an intercom socket failed');
        close(1011, 'server error');
      });
      return;
    }
    if (state !== 'open' || !peer) return;
    // Text frames after the first are pings; binary frames are audio.
    if (!isBinary || mode !== 'talk') return;
    for (const key of peer.deviceKeys) calls.runtime.publishSpeaker(key, buffer);
  });
  socket.on('close', () => close(1000, 'closed'));
  socket.on('error', () => close(1011, 'socket error'));
}
