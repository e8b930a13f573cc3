import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ALARM_FEED_PATH,
  alarmFeedServerFrameSchema,
  type AlarmFeedServerFrame,
  type AlarmKind,
} from '@cityops/contract';
import { jsonFrames, type PushState } from '@cityops/client';
import { endpointKey, usePageSocket } from '@cityops/crud';
import { endpointsOf } from './shared';

const parseFrame = jsonFrames(alarmFeedServerFrameSchema);

export type RaisedFrame = Extract<AlarmFeedServerFrame, { type: 'raised' }>;

/**
 * The alarm feed (`{api}/push/alarms`, contract alarms.ts) for the lists of `kind`. A `raised` or
 * `changed` frame of the kind makes the kind's lists read again (the new alarm appears without a
 * reload), and `onRaised` hears each new alarm (the page sounds it). The socket reads the latest
 * handler as each frame arrives, so neither needs to be memoised.
 */
export function useAlarmFeed(kind: AlarmKind, onRaised?: (frame: RaisedFrame) => void): PushState {
  const client = useQueryClient();
  const onFrame = useCallback(
    (frame: AlarmFeedServerFrame) => {
      if ((frame.type !== 'raised' && frame.type !== 'changed') || frame.kind !== kind) return;
      const { page, history } = endpointsOf(kind);
      // Both lists: a new alarm joins the open one; a closed one leaves it for the history.
      void client.invalidateQueries({ queryKey: endpointKey(page) });
      void client.invalidateQueries({ queryKey: endpointKey(history) });
      if (frame.type === 'raised') onRaised?.(frame);
    },
    [client, kind, onRaised],
  );
  return usePageSocket({ path: ALARM_FEED_PATH, parse: parseFrame, onFrame }).state;
}
