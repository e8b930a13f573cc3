import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { Flex, Typography } from 'antd';
import type { TalkOpenFrame } from '@cityops/contract';
import { createPlayback, openBrowserMicrophone } from './audio.js';
import {
  createIntercom,
  intercomBaseUrl,
  intercomStatusKey,
  type IntercomDeps,
  type IntercomState,
} from './intercom.js';
import { clock } from './pcm.js';
import { useAlarmTexts } from './texts.js';

const browserDeps = (): IntercomDeps => ({
  WebSocket: globalThis.WebSocket as unknown as IntercomDeps['WebSocket'],
  openMicrophone: openBrowserMicrophone,
});

/**
 * The sockets and microphone every intercom below uses instead of the browser's (tests provide fakes);
 * none: the browser's.
 */
export const IntercomDepsContext = createContext<IntercomDeps | null>(null);

export interface IntercomPanelProps {
  alarmboxUrl: string;
  hello: TalkOpenFrame;
  /** True for 远程喊话: talk only, no listening. */
  yelling?: boolean;
  /**
   * A call's answer (epoch ms): the timer shows the time since, whatever the sockets do. Without it
   * (远程喊话) the timer counts the time connected.
   */
  since?: number;
}

/**
 * The intercom under the call dialog's camera (and 远程喊话's): the state line in §8's words, the timer
 * (hh:mm:ss from a call's answer, or for 远程喊话 from connection), and for tests `data-intercom-state`, `data-sent-frames` and
 * `data-heard-hz` (the dominant frequency of the last second played).
 */
export function IntercomPanel({ alarmboxUrl, hello, yelling = false, since }: IntercomPanelProps) {
  const t = useAlarmTexts();
  const deps = useContext(IntercomDepsContext);
  const [state, setState] = useState<IntercomState | null>(null);
  const [heardHz, setHeardHz] = useState(0);
  const [seconds, setSeconds] = useState(0);
  const helloKey = JSON.stringify(hello);
  // Read by the sockets' effect without restarting them when a call's answer time arrives.
  const countConnected = useRef(since === undefined);
  useEffect(() => {
    countConnected.current = since === undefined;
  }, [since]);

  useEffect(() => {
    const playback = yelling ? null : createPlayback();
    const intercom = createIntercom({
      baseWsUrl: intercomBaseUrl(alarmboxUrl, window.location),
      hello: JSON.parse(helloKey) as TalkOpenFrame,
      listen: !yelling,
      deps: deps ?? browserDeps(),
      onAudio: (frame) => playback?.play(frame),
      onChange: setState,
    });
    const sampler = window.setInterval(() => {
      if (playback) setHeardHz(playback.heardHz());
      if (countConnected.current && intercom.state.connected) setSeconds((value) => value + 1);
    }, 1000);
    return () => {
      window.clearInterval(sampler);
      intercom.stop();
      playback?.close();
    };
  }, [alarmboxUrl, helloKey, yelling, deps]);

  // A call's time is read from the clock each second (a tab in the background skips ticks).
  useEffect(() => {
    if (since === undefined) return;
    const show = () => setSeconds(Math.max(0, Math.floor((Date.now() - since) / 1000)));
    show();
    const ticker = window.setInterval(show, 1000);
    return () => window.clearInterval(ticker);
  }, [since]);

  const status = state ? intercomStatusKey(state, yelling) : 'micConnecting';
  const bad =
    status === 'micMissing' || status === 'listenFailed' || status === 'talkFailed' || status === 'notLinked';
  return (
    <Flex
      align="center"
      justify="space-between"
      gap={12}
      data-intercom=""
      data-intercom-state={state?.connected ? 'connected' : status}
      data-sent-frames={state?.sentFrames ?? 0}
      data-heard-hz={heardHz}
    >
      <Typography.Text type={bad ? 'danger' : state?.connected ? 'success' : 'secondary'}>
        {t(status)}
      </Typography.Text>
      <Typography.Text code data-intercom-timer="">
        {clock(seconds)}
      </Typography.Text>
    </Flex>
  );
}
