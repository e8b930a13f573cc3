import { useCallback } from 'react';
import {
  ALARM_FEED_PATH,
  alarmFeedServerFrameSchema,
  type AlarmFeedServerFrame,
  type AlarmKind,
} from '@cityops/contract';
import { jsonFrames, type PushState } from '@cityops/client';
import { useListRefresher, usePageSocket } from '@cityops/crud';
import { endpointsOf } from './shared';

const parseFrame = jsonFrames(alarmFeedServerFrameSchema);

export type RaisedFrame = Extract<AlarmFeedServerFrame, { type: 'raised' }>;

/**
 * The alarm feed (`{api}/push/alarms`, contract alarms.ts) for the lists of `kind`. A `raised` or
 * `changed` frame of the kind makes the kind's lists read again (the new alarm appears without a
 * reload; a burst of frames never keeps a read from finishing), and `onRaised` hears each new alarm
 * (the page sounds it). The socket reads the latest handler as each frame arrives, so neither needs
 * to be memoised.
 */
export function useAlarmFeed(kind: AlarmKind, onRaised?: (frame: RaisedFrame) => void): PushState {
  const { page, history } = endpointsOf(kind);
  // Both lists: a new alarm joins the open one; a closed one leaves it for the history.
  const refresh = useListRefresher(page, history);
  const onFrame = useCallback(
    (frame: AlarmFeedServerFrame) => {
      if ((frame.type !== 'raised' && frame.type !== 'changed') || frame.kind !== kind) return;
      refresh();
      if (frame.type === 'raised') onRaised?.(frame);
    },
    [refresh, kind, onRaised],
  );
  return usePageSocket({ path: ALARM_FEED_PATH, parse: parseFrame, onFrame }).state;
}
