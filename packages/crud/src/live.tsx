import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge } from 'antd';
import {
  createSocketClient,
  pushUrl,
  readPageSettings,
  readToken,
  socketPage,
  type PushClient,
  type PushState,
} from '@cityops/client';
import { FOLLOW_DEVICES_MAX, type FollowFrame } from '@cityops/contract';
import { crudTexts } from './texts.js';

export interface PageSocketOptions<Frame extends { type: string }> {
  /** The push path on the API (`/push/telemetry`, `/push/alarms`, ...). */
  path: string;
  /** The server's frames: a frame of the protocol, or null for anything else (`jsonFrames(schema)`). */
  parse(data: unknown): Frame | null;
  /** Each frame; read at the moment it arrives, so it need not be memoised. */
  onFrame(frame: Frame, send: (frame: object) => boolean): void;
}

export interface PageSocket {
  state: PushState;
  /** Sends a frame while the socket is open (answers whether it was sent). */
  send(frame: object): boolean;
}

/**
 * A page's live socket on the API (`{api}{path}`, through the shell's origin inside its frame):
 * signed in with the session token, reopened with back-off when it drops, closed when the page
 * unmounts (a page hidden in a background tab is unmounted by the sub-app's keep-alive, and reopens
 * when it shows again). One socket per mounted page; `path` changing opens a new one.
 */
export function usePageSocket<Frame extends { type: string }>({
  path,
  parse,
  onFrame,
}: PageSocketOptions<Frame>): PageSocket {
  const [state, setState] = useState<PushState>('idle');
  const socket = useRef<PushClient | null>(null);
  const handlers = useRef({ parse, onFrame });
  useEffect(() => {
    handlers.current = { parse, onFrame };
  }, [parse, onFrame]);
  const send = useCallback((frame: object) => socket.current?.send(frame) ?? false, []);

  useEffect(() => {
    const live = createSocketClient<Frame>({
      url: pushUrl(readPageSettings().baseUrl, socketPage(), path),
      getToken: readToken,
      parse: (data) => handlers.current.parse(data),
      openDelayMs: 0,
      onState: setState,
      onFrame: (frame) => handlers.current.onFrame(frame, send),
    });
    socket.current = live;
    live.start();
    return () => {
      live.stop();
      socket.current = null;
    };
  }, [path, send]);

  return { state, send };
}

export interface FollowingSocketOptions<Frame extends { type: string }> extends PageSocketOptions<Frame> {
  /** The devices on the page (the first FOLLOW_DEVICES_MAX, each once, are followed). */
  deviceIds: readonly number[];
}

/**
 * A page socket that follows the devices on the page (contract `followFrameSchema`): it names them after
 * each `ready` (the token accepted, first or after a reconnect) and again whenever they change, so the
 * server tells it of those devices only. `onFrame` hears every frame, `ready` included.
 */
export function useFollowingSocket<Frame extends { type: string }>({
  deviceIds,
  onFrame,
  ...options
}: FollowingSocketOptions<Frame>): PageSocket {
  // The devices as a key that changes only when they do (not when their rows' values do).
  const followKey = useMemo(
    () => [...new Set(deviceIds)].slice(0, FOLLOW_DEVICES_MAX).join(','),
    [deviceIds],
  );
  const follow = useRef<number[]>([]);
  const socket = usePageSocket<Frame>({
    ...options,
    onFrame: (frame, send) => {
      if (frame.type === 'ready') send({ type: 'follow', deviceIds: follow.current } satisfies FollowFrame);
      onFrame(frame, send);
    },
  });
  const { send } = socket;
  useEffect(() => {
    follow.current = followKey === '' ? [] : followKey.split(',').map(Number);
    send({ type: 'follow', deviceIds: follow.current } satisfies FollowFrame);
  }, [followKey, send]);
  return socket;
}

const BADGES: Record<PushState, 'success' | 'processing' | 'warning' | 'default'> = {
  idle: 'processing',
  connecting: 'processing',
  open: 'success',
  down: 'warning',
  stopped: 'default',
};

/** A live socket's state, shown discreetly beside a page's tools (`data-live` says it to tests). */
export function LiveBadge({ state }: { state: PushState }) {
  const t = crudTexts.useTexts();
  return (
    <span data-live={state} role="status">
      <Badge status={BADGES[state]} text={t(`live.${state === 'idle' ? 'connecting' : state}`)} />
    </span>
  );
}
