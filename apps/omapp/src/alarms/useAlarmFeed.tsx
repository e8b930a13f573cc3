import { useEffect, useRef, useState } from 'react';
import { Badge } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  ALARM_FEED_PATH,
  alarmFeedServerFrameSchema,
  type AlarmFeedServerFrame,
  type AlarmKind,
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
import { endpointsOf } from './shared';
import { alarmTexts } from './texts';

const parseFrame = jsonFrames(alarmFeedServerFrameSchema);

export type RaisedFrame = Extract<AlarmFeedServerFrame, { type: 'raised' }>;

/**
 * The alarm feed (`{api}/push/alarms`, contract alarms.ts) for the lists of `kind`: signed in with
 * the session token, reopened with back-off when it drops. A `raised` or `changed` frame of the kind
 * makes the kind's lists read again (the new alarm appears without a reload), and `onRaised` hears each new
 * alarm (the page sounds it). The page hidden in a background tab is unmounted by the sub-app's
 * keep-alive (Activity), which closes the socket; it reopens when the tab shows again.
 */
export function useAlarmFeed(kind: AlarmKind, onRaised?: (frame: RaisedFrame) => void): PushState {
  const client = useQueryClient();
  const [state, setState] = useState<PushState>('idle');
  const raised = useRef(onRaised);
  useEffect(() => {
    raised.current = onRaised;
  }, [onRaised]);

  useEffect(() => {
    const { page, history } = endpointsOf(kind);
    const feed = createSocketClient({
      url: pushUrl(readPageSettings().baseUrl, socketPage(), ALARM_FEED_PATH),
      getToken: readToken,
      parse: parseFrame,
      openDelayMs: 0,
      onState: setState,
      onFrame: (frame) => {
        if ((frame.type !== 'raised' && frame.type !== 'changed') || frame.kind !== kind) return;
        // Both lists: a new alarm joins the open one; a closed one leaves it for the history.
        void client.invalidateQueries({ queryKey: endpointKey(page) });
        void client.invalidateQueries({ queryKey: endpointKey(history) });
        if (frame.type === 'raised') raised.current?.(frame);
      },
    });
    feed.start();
    return () => feed.stop();
  }, [client, kind]);

  return state;
}

const BADGES: Record<PushState, 'success' | 'processing' | 'warning' | 'default'> = {
  idle: 'processing',
  connecting: 'processing',
  open: 'success',
  down: 'warning',
  stopped: 'default',
};

/** The feed's state, shown discreetly beside the list's tools. */
export function FeedBadge({ state }: { state: PushState }) {
  const t = alarmTexts.useTexts();
  const text = t(`socket.${state === 'idle' ? 'connecting' : state}`);
  return (
    <span data-live={state} role="status">
      <Badge status={BADGES[state]} text={text} />
    </span>
  );
}
