import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  TELEMETRY_PUSH_PATH,
  telemetryServerFrameSchema,
  type Endpoint,
  type LiveDevice,
  type Page,
} from '@cityops/contract';
import { jsonFrames, type PushState } from '@cityops/client';
import { endpointKey, useFollowingSocket } from '@cityops/crud';
import { applyFrame, type DeviceFrame } from './liveCache';

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
 * it follows `deviceIds` (again whenever they change and after each reconnect), and writes each
 * `values` / `status` frame into the cached pages of `list`, so the rows update in place without
 * polling. The socket itself (token, back-off, following, closing with the page) is the kit's
 * `useFollowingSocket`.
 */
export function useLiveDevices(list: Endpoint, deviceIds: readonly number[]): LiveDevices {
  const client = useQueryClient();
  const [flashes, setFlashes] = useState<Flashes>({});
  const apply = useCallback(
    (frame: DeviceFrame) => {
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
    },
    [client, list],
  );
  const { state } = useFollowingSocket({
    path: TELEMETRY_PUSH_PATH,
    parse: parseFrame,
    deviceIds,
    onFrame: (frame) => {
      if (frame.type === 'values' || frame.type === 'status') apply(frame);
    },
  });
  return { state, flashes };
}
