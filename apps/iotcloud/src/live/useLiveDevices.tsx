import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  TELEMETRY_FOLLOW_MAX,
  TELEMETRY_PUSH_PATH,
  telemetryServerFrameSchema,
  type Endpoint,
  type LiveDevice,
  type Page,
  type TelemetryClientFrame,
} from '@cityops/contract';
import {
  createSocketClient,
  jsonFrames,
  pushUrl,
  readPageSettings,
  readToken,
  socketPage,
  type PushState,
} from '@cityops/client';
import { endpointKey } from '@cityops/crud';
import { applyFrame, type DeviceFrame } from './liveCache';
import { liveTexts } from './texts';

const parseFrame = jsonFrames(telemetryServerFrameSchema);

/** How long a value changed by push stays highlighted. */
export const FLASH_MS = 1_500;

/** The properties changed by push in the last FLASH_MS (`deviceId:identifier` → epoch ms of the change). */
export type Flashes = Readonly<Record<string, number>>;
export const flashKey = (deviceId: number, identifier: string) => `${deviceId}:${identifier}`;

export interface LiveDevices {
  state: PushState;
  flashes: Flashes;
}

/**
 * The live socket (`{api}/push/telemetry`, contract devices/telemetry.ts) for the devices on screen:
 * it signs in with the session token, follows `deviceIds` (again whenever they change and after each
 * reconnect), and writes each `values` / `status` frame into the cached pages of `list`, so the
 * rows update in place without polling. A page hidden in a background tab closes its socket.
 */
export function useLiveDevices(list: Endpoint, deviceIds: readonly number[]): LiveDevices {
  const client = useQueryClient();
  const [state, setState] = useState<PushState>('idle');
  const [flashes, setFlashes] = useState<Flashes>({});
  // The devices to follow, as a key that changes only when they do (not when their values do).
  const followKey = useMemo(
    () => [...new Set(deviceIds)].slice(0, TELEMETRY_FOLLOW_MAX).join(','),
    [deviceIds],
  );
  const follow = useRef<number[]>([]);
  const socket = useRef<ReturnType<typeof createSocketClient> | null>(null);

  useEffect(() => {
    const sendFollow = () =>
      socket.current?.send({ type: 'follow', deviceIds: follow.current } satisfies TelemetryClientFrame);
    const apply = (frame: DeviceFrame) => {
      const changed = new Set<string>();
      client.setQueriesData<Page<LiveDevice>>({ queryKey: endpointKey(list) }, (page) => {
        if (!page) return page;
        const applied = applyFrame(page, frame);
        for (const identifier of applied.changed) changed.add(identifier);
        return applied.page;
      });
      if (changed.size === 0) return;
      const now = Date.now();
      const keys = [...changed].map((identifier) => flashKey(frame.deviceId, identifier));
      setFlashes((previous) => ({ ...previous, ...Object.fromEntries(keys.map((key) => [key, now])) }));
      // The highlight ends after FLASH_MS, unless a newer change restarted it.
      setTimeout(
        () =>
          setFlashes((previous) =>
            Object.fromEntries(
              Object.entries(previous).filter(([key, at]) => !(keys.includes(key) && at === now)),
            ),
          ),
        FLASH_MS,
      );
    };
    const live = createSocketClient({
      url: pushUrl(readPageSettings().baseUrl, socketPage(), TELEMETRY_PUSH_PATH),
      getToken: readToken,
      parse: parseFrame,
      openDelayMs: 0,
      onState: setState,
      onFrame: (frame) => {
        // `ready`: the token was accepted (first or after a reconnect): say what is on screen.
        if (frame.type === 'ready') sendFollow();
        else if (frame.type === 'values' || frame.type === 'status') apply(frame);
      },
    });
    socket.current = live;
    live.start();
    return () => {
      live.stop();
      socket.current = null;
    };
  }, [client, list]);

  useEffect(() => {
    follow.current = followKey === '' ? [] : followKey.split(',').map(Number);
    socket.current?.send({ type: 'follow', deviceIds: follow.current } satisfies TelemetryClientFrame);
  }, [followKey]);

  return { state, flashes };
}

const BADGES: Record<PushState, 'success' | 'processing' | 'warning' | 'default'> = {
  idle: 'processing',
  connecting: 'processing',
  open: 'success',
  down: 'warning',
  stopped: 'default',
};

/** The socket's state, shown discreetly beside a page's tools. */
export function LiveBadge({ state }: { state: PushState }) {
  const t = liveTexts.useTexts();
  const text = t(`socket.${state === 'idle' ? 'connecting' : state}`);
  return (
    <span data-live={state} role="status">
      <Badge status={BADGES[state]} text={text} />
    </span>
  );
}
