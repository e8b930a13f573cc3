import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { showMessage } from '@cityops/ui';
import {
  DEFAULT_FPS,
  POSITION_REFRESH_MS,
  TALK_SAMPLE_RATE,
  type CaptureFormat,
  type RecordFormat,
} from '../constants.js';
import { PlayerError, TALK_RESET_CODES, formatPlayerError, type PlayerErrorCode } from '../errors.js';
import { capturePicture, saveFile } from '../capture/capture.js';
import { captureFileName } from '../recording/fileNames.js';
import { checkPlayList, type PlayItemInput, type PlayListCheck, type PlayMode } from '../playList.js';
import { playbackStreamUrl as defaultPlaybackStreamUrl, type PlaybackStreamUrl } from '../playbackUrl.js';
import { faster, slower } from '../rate.js';
import { defaultSplit } from '../split.js';
import { mpegtsStream, type StreamFactory } from '../stream.js';
import { startTalk, type TalkStarter } from '../talk/talkSession.js';
import { endOfDay, startOfDay } from '../time.js';
import { VideoWindow } from '../media/VideoWindow.js';
import { videoSurface } from '../media/videoSurface.js';
import { useFullScreen } from '../media/useFullScreen.js';
import { startRecording, useRecording, type RecordingStarter } from '../media/useRecording.js';
import { useTalk } from '../media/useTalk.js';
import { Html5Toolbar } from './Html5Toolbar.js';
import { Timeline } from './Timeline.js';
import { initialPlayerState, playbackPosition, playerReducer, type WindowState } from './playerState.js';

export interface Html5PlayerViewProps {
  /** Live view or playback (required: 缺失播放模式参数). */
  mode: PlayMode | undefined;
  /**
   * The windows to play (required: 缺失播放列表参数); keep it the same object between renders. `null`
   * asks for no play at all (no camera chosen yet): the windows stay empty, with no warning.
   */
  playList: readonly PlayItemInput[] | null | undefined;
  /** Shows the microphone; every entry then needs a talk URL. */
  talk?: boolean;
  /** Start every window at once (default); otherwise each waits for play / 开始回放. */
  autoPlay?: boolean;
  /** A window stopped (stop, stop all, or the end of its recording); counts from 0. */
  onPlayOver?(wnd: number): void;
  streamFactory?: StreamFactory;
  talkStarter?: TalkStarter;
  recordingStarter?: RecordingStarter;
  playbackStreamUrl?: PlaybackStreamUrl;
}

const screenWidth = () => (typeof window === 'undefined' ? 1920 : window.innerWidth);

/**
 * The stream URL a window plays now: its live URL, or its playback URL at the session's start (or at
 * `begin`, where the window is now) and rate.
 */
function streamUrlOf(
  window: WindowState | undefined,
  mode: PlayMode,
  playbackUrl: PlaybackStreamUrl,
  begin: number | null = null,
): string | null {
  if (!window?.item || window.playState === 'stopped') return null;
  if (mode === 'live') return window.item.urls.realplay ?? null;
  const base = window.item.urls.playback;
  if (!base || !window.playback) return null;
  const { seekStart, endTime, rate } = window.playback;
  return playbackUrl(base, { begin: begin ?? seekStart, end: endTime, rate });
}

/** The HTML5 multi-window player of hik_isc_huati (§2.5) over a ready play list. */
export function Html5PlayerView(props: Html5PlayerViewProps) {
  const { mode, playList, talk = false, autoPlay = true, onPlayOver } = props;
  const streamFactory = props.streamFactory ?? mpegtsStream;
  const playbackUrl = props.playbackStreamUrl ?? defaultPlaybackStreamUrl;
  const { t } = useTranslation('ui');
  const { token } = theme.useToken();
  const [state, dispatch] = useReducer(
    playerReducer,
    initialPlayerState(mode ?? 'live', defaultSplit(screenWidth())),
  );
  const root = useRef<HTMLDivElement>(null);
  const videos = useRef(new Map<number, HTMLVideoElement>());
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });
  const [position, setPosition] = useState<number | null>(null);
  const fullScreen = useFullScreen(root);
  // The day the timeline shows while no window has a playback window.
  const [today] = useState(() => startOfDay(Date.now()));

  const report = useCallback(
    (wnd: number, code: PlayerErrorCode) =>
      showMessage(
        'FAIL',
        formatPlayerError((key, o) => t(key as 'video.windowError', o), wnd, code),
      ),
    [t],
  );
  const talkControl = useTalk(props.talkStarter ?? startTalk, report);
  const recordingControl = useRecording(props.recordingStarter ?? startRecording, report);

  // Before paint: the windows of a new list open their streams in the same frame as the list arrives.
  useLayoutEffect(() => {
    const check: PlayListCheck =
      playList === null ? { ok: true, items: [] } : checkPlayList(mode, playList, { talk });
    if (!check.ok)
      showMessage('WARN', t(check.problem.key, 'n' in check.problem ? { n: check.problem.n } : {}));
    dispatch({
      type: 'load',
      mode: mode ?? 'live',
      items: check.ok ? check.items : [],
      screenWidth: screenWidth(),
      autoPlay,
    });
  }, [mode, playList, talk, autoPlay, t]);

  const { selected } = state;
  const current = state.windows[selected];
  const registerVideo = useCallback((wnd: number, video: HTMLVideoElement | null) => {
    if (video) videos.current.set(wnd, video);
    else videos.current.delete(wnd);
  }, []);
  const positionOf = useCallback((window: WindowState | undefined, wnd: number) => {
    if (!window?.playback || window.playState === 'stopped') return null;
    return playbackPosition(window.playback, videos.current.get(wnd)?.currentTime ?? 0);
  }, []);

  // §9: the position refreshes every second.
  useEffect(() => {
    if (state.mode !== 'playback') return;
    const refresh = () =>
      setPosition(positionOf(stateRef.current.windows[stateRef.current.selected], stateRef.current.selected));
    refresh();
    const timer = setInterval(refresh, POSITION_REFRESH_MS);
    return () => clearInterval(timer);
  }, [state.mode, selected, current?.session, current?.playState, positionOf]);

  const stopWindow = (wnd: number) => {
    if (talkControl.talkWindow === wnd) talkControl.stop();
    if (recordingControl.recording?.wnd === wnd) recordingControl.stop();
    if (state.windows[wnd]?.playState !== 'stopped') onPlayOver?.(wnd);
    dispatch({ type: 'stop', wnd });
  };
  const stopAll = () => {
    talkControl.stop();
    recordingControl.stop();
    state.windows.forEach((window, wnd) => {
      if (window.playState !== 'stopped') onPlayOver?.(wnd);
    });
    dispatch({ type: 'stopAll' });
  };
  const onStreamError = useCallback(
    (wnd: number, code: PlayerErrorCode) => {
      report(wnd, code);
      if (TALK_RESET_CODES.has(code)) talkControl.stop();
      dispatch({ type: 'stop', wnd });
    },
    [report, talkControl],
  );

  /** The selected window when it plays; otherwise reports why not and gives null. */
  const playing = (playbackOnly = false) => {
    if (playbackOnly && state.mode !== 'playback') return (report(selected, PlayerError.PLAYBACK_ONLY), null);
    if (!current || current.playState === 'stopped') return (report(selected, PlayerError.NOT_PLAYING), null);
    return current;
  };

  const playPause = () => {
    if (!current?.item) return report(selected, PlayerError.NOT_PLAYING);
    if (current.playState === 'stopped') dispatch({ type: 'play', wnd: selected });
    else if (current.playState === 'paused') dispatch({ type: 'resume', wnd: selected });
    else if (current.frameStep) report(selected, PlayerError.PAUSE_IN_FRAME_STEP);
    else dispatch({ type: 'pause', wnd: selected });
  };
  const changeRate = (direction: 'slow' | 'fast') => {
    const window = playing(true);
    if (!window?.playback) return;
    const rate = direction === 'fast' ? faster(window.playback.rate) : slower(window.playback.rate);
    if (rate === null)
      return report(selected, direction === 'fast' ? PlayerError.MAX_SPEED : PlayerError.MIN_SPEED);
    dispatch({
      type: 'rate',
      wnd: selected,
      rate,
      position: positionOf(window, selected) ?? window.playback.seekStart,
    });
  };
  const frameForward = () => {
    const window = playing(true);
    if (!window?.playback) return;
    const video = videos.current.get(selected);
    if (window.frameStep && window.playback.rate === 1 && video) video.currentTime += 1 / DEFAULT_FPS;
    else
      dispatch({
        type: 'frameStep',
        wnd: selected,
        position: positionOf(window, selected) ?? window.playback.seekStart,
      });
  };
  const seek = (time: number) => {
    if (!current?.playback || current.playState === 'stopped')
      return showMessage('WARN', t('video.playbackFirst'));
    dispatch({ type: 'seek', wnd: selected, time });
    showMessage('SUCCESS', t('video.locateSuccess'));
  };
  const locate = (time: number) => {
    if (!current?.playback) return;
    if (current.playState === 'stopped') dispatch({ type: 'seek', wnd: selected, time });
    else seek(time);
  };
  const capture = (format: CaptureFormat) => {
    const video = playing() && videos.current.get(selected);
    if (!video) return;
    capturePicture(video, format)
      .then((blob) => saveFile(blob, captureFileName(format, Date.now())))
      .catch((error: unknown) =>
        report(
          selected,
          error instanceof Error ? (error.message as PlayerErrorCode) : PlayerError.NO_FIRST_FRAME,
        ),
      );
  };
  const record = (format: RecordFormat) => {
    const video = playing() && videos.current.get(selected);
    // PS records from a socket of its own: in playback it opens where the window is, not where its session began.
    const url = streamUrlOf(current, state.mode, playbackUrl, positionOf(current, selected));
    if (video && url) recordingControl.start(selected, format, video, url);
  };
  const toggleTalk = () => {
    if (talkControl.talkWindow !== null) {
      talkControl.stop();
      return showMessage('SUCCESS', t('video.talkOff'));
    }
    const window = playing();
    const url = window?.item?.urls.talk;
    if (!url) return;
    void talkControl
      .start(selected, url, TALK_SAMPLE_RATE)
      .then((ok) => ok && showMessage('SUCCESS', t('video.talkOn')));
  };
  const toggleSound = () => {
    if (!state.muted) return dispatch({ type: 'sound', on: false });
    if (playing()) dispatch({ type: 'sound', on: true });
  };
  const changeVolume = (volume: number) => {
    if (state.soundWindow === null) return report(selected, PlayerError.NO_AUDIO_WINDOW);
    dispatch({ type: 'volume', volume });
  };

  const cells = state.split * state.split;
  const range = current?.playback ?? current?.item?.playback ?? null;
  return (
    <div
      ref={root}
      style={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        minHeight: 240,
        background: videoSurface.colorBgLayout,
      }}
    >
      <div
        role="grid"
        style={{
          flex: 1,
          display: 'grid',
          gridTemplateColumns: `repeat(${state.split}, 1fr)`,
          gridTemplateRows: `repeat(${state.split}, 1fr)`,
          minHeight: 0,
        }}
      >
        {Array.from({ length: cells }, (_, wnd) => {
          const window = state.windows[wnd];
          return (
            <VideoWindow
              key={wnd}
              index={wnd}
              url={streamUrlOf(window, state.mode, playbackUrl)}
              session={window?.session ?? 0}
              live={state.mode === 'live'}
              paused={window?.playState === 'paused'}
              muted={state.muted || state.soundWindow !== wnd}
              volume={state.volume}
              selected={wnd === selected}
              label={window?.item?.name || t('video.window', { n: wnd + 1 })}
              emptyText={t('video.noVideo')}
              streamFactory={streamFactory}
              onSelect={(index) => dispatch({ type: 'select', wnd: index })}
              onError={onStreamError}
              onEnded={stopWindow}
              registerVideo={registerVideo}
            />
          );
        })}
      </div>
      {state.mode === 'playback' && (
        <Timeline
          dayStart={range ? startOfDay(range.startTime) : today}
          position={position}
          segments={current?.item?.segments ?? []}
          onPick={seek}
        />
      )}
      <div style={{ background: token.colorBgContainer }}>
        <Html5Toolbar
          mode={state.mode}
          split={state.split}
          onSplit={(split) => dispatch({ type: 'split', split })}
          soundOn={!state.muted}
          onSound={toggleSound}
          volume={state.volume}
          onVolume={changeVolume}
          onCapture={capture}
          talkOn={talk ? talkControl.talkWindow !== null : null}
          onTalk={toggleTalk}
          recording={recordingControl.recording?.format ?? null}
          onRecord={record}
          onRecordStop={() => recordingControl.stop(selected)}
          rate={current?.playback?.rate ?? null}
          onSlow={() => changeRate('slow')}
          onFast={() => changeRate('fast')}
          onStop={() => stopWindow(selected)}
          onStopAll={stopAll}
          playState={current?.playState ?? 'stopped'}
          onPlayPause={playPause}
          locate={
            range
              ? {
                  value: position ?? range.seekStart,
                  min: startOfDay(range.startTime),
                  max: endOfDay(range.startTime),
                }
              : null
          }
          onLocate={locate}
          onFrameForward={frameForward}
          fullScreen={fullScreen.full}
          onFullScreen={fullScreen.toggle}
        />
      </div>
    </div>
  );
}
