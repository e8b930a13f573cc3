import { useCallback, useEffect, useRef, useState } from 'react';
import { PlayerError, type PlayerErrorCode } from '../errors.js';
import { TalkError, type TalkSession, type TalkStarter } from '../talk/talkSession.js';

/**
 * Talk of a player (§4.2): off → on when the session starts, off on stop; one window at a time.
 * `onError` hears why a start failed or a running talk ended.
 */
export function useTalk(starter: TalkStarter, onError: (wnd: number, code: PlayerErrorCode) => void) {
  const [talkWindow, setTalkWindow] = useState<number | null>(null);
  const session = useRef<TalkSession | null>(null);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });

  const stop = useCallback(() => {
    session.current?.stop();
    session.current = null;
    setTalkWindow(null);
  }, []);

  const start = useCallback(
    async (wnd: number, url: string, sampleRate: number): Promise<boolean> => {
      stop();
      try {
        session.current = await starter({
          url,
          sampleRate,
          onError: (code) => {
            session.current = null;
            setTalkWindow(null);
            onErrorRef.current(wnd, code);
          },
        });
        setTalkWindow(wnd);
        return true;
      } catch (error) {
        onErrorRef.current(wnd, error instanceof TalkError ? error.code : PlayerError.AUDIO_CAPTURE_FAILED);
        return false;
      }
    },
    [starter, stop],
  );

  // Leaving the page ends the talk.
  useEffect(() => () => session.current?.stop(), []);

  return { talkWindow, start, stop };
}
