import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Flex, Tabs, Tooltip, theme } from 'antd';
import {
  AudioMutedOutlined,
  AudioOutlined,
  CameraOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MutedOutlined,
  SoundOutlined,
  VideoCameraAddOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '@cityops/ui';
import {
  deviceCode,
  type IccVideoSource,
  type PtzAction,
  type UrlMap,
  type VideoDevice,
} from '../adapters.js';
import { DEFAULT_VOLUME, PLATFORM_ICC, PTZ_SPEED_DEFAULT, TALK_SAMPLE_RATE } from '../constants.js';
import { PlayerError, TALK_RESET_CODES, formatPlayerError, type PlayerErrorCode } from '../errors.js';
import { capturePicture, saveFile } from '../capture/capture.js';
import { VideoWindow } from '../media/VideoWindow.js';
import { videoSurface } from '../media/videoSurface.js';
import { useFullScreen } from '../media/useFullScreen.js';
import { canRecord, startRecording, useRecording, type RecordingStarter } from '../media/useRecording.js';
import { useTalk } from '../media/useTalk.js';
import { defaultPlaybackTimes } from '../playList.js';
import type { PresetPoint } from '../presets.js';
import { captureFileName } from '../recording/fileNames.js';
import { iccGridSide } from '../split.js';
import { mpegtsStream, type StreamFactory } from '../stream.js';
import { startTalk, type TalkStarter } from '../talk/talkSession.js';
import { PlaybackTimePicker } from '../PlaybackTimePicker.js';
import { devicesWithoutAddress, warnNoAddress } from '../noAddress.js';
import {
  iccPlaybackRequest,
  iccPreviewRequest,
  iccStreamType,
  iccTalkRequest,
  talkPath,
} from './iccRequests.js';
import { PresetList } from './PresetList.js';
import { PtzControls } from './PtzControls.js';
import { RoundRobinForm } from './RoundRobinForm.js';
import { useRoundRobin } from './useRoundRobin.js';

export interface IccPlayerProps {
  mode: 'live' | 'playback';
  /** The cameras to play (§3 device entries). Keep the same array between renders. */
  devices: readonly VideoDevice[];
  source: IccVideoSource;
  /** Talk mode: the footer's toggle is talk instead of sound. */
  talkMode?: boolean;
  /** What round-robin walks through; the played devices by default. */
  roundRobinDevices?: readonly VideoDevice[];
  /** An outside counter: any change stops a running round-robin. */
  roundRobinStop?: number;
  onPlayOver?(wnd: number): void;
  streamFactory?: StreamFactory;
  talkStarter?: TalkStarter;
  recordingStarter?: RecordingStarter;
  now?: () => number;
}

function FooterAction(props: { label: string; icon: ReactNode; onClick(): void; active?: boolean }) {
  return (
    <Tooltip title={props.label}>
      <Button
        type={props.active ? 'primary' : 'text'}
        aria-label={props.label}
        icon={props.icon}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

/** The dh_icc_huati player (§2.6): a square grid of windows with the pan-tilt and round-robin panel. */
export function IccPlayer(props: IccPlayerProps) {
  const { mode, devices, source, talkMode = false, now = Date.now } = props;
  const streamFactory = props.streamFactory ?? mpegtsStream;
  const { t } = useTranslation('ui');
  const { token } = theme.useToken();
  const root = useRef<HTMLDivElement>(null);
  const fullScreen = useFullScreen(root);
  const videos = useRef(new Map<number, HTMLVideoElement>());
  const [batch, setBatch] = useState<readonly VideoDevice[] | null>(null);
  const active = batch ?? devices;
  const [urls, setUrls] = useState<{ for: readonly VideoDevice[]; map: UrlMap } | null>(null);
  const [startTimes, setStartTimes] = useState<ReadonlyMap<string, number>>(new Map());
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  // The latest of both, read by the next address request without making it depend on them.
  const failedRef = useRef(failed);
  const urlsRef = useRef(urls);
  useEffect(() => {
    failedRef.current = failed;
    urlsRef.current = urls;
  });
  const [selected, setSelected] = useState(0);
  const [soundWindow, setSoundWindow] = useState<number | null>(null);
  const [panelOpen, setPanelOpen] = useState(true);
  const [speed, setSpeed] = useState(PTZ_SPEED_DEFAULT);
  const lastDirection = useRef<PtzAction>('UP');

  const report = useCallback(
    (wnd: number, code: PlayerErrorCode) =>
      showMessage(
        'FAIL',
        formatPlayerError((key, o) => t(key as 'video.windowError', o), wnd, code),
      ),
    [t],
  );
  const talk = useTalk(props.talkStarter ?? startTalk, report);
  const recording = useRecording(props.recordingStarter ?? startRecording, report);
  const roundRobin = useRoundRobin<VideoDevice>({
    onBatch: (next) => {
      setBatch(next);
      setSelected(0);
    },
    onFullScreen: fullScreen.enter,
    stopSignal: props.roundRobinStop,
  });

  // Addresses of the devices in view; asked again when they or a playback start time change (§7).
  useEffect(() => {
    let cancelled = false;
    const codes = active.map(deviceCode).filter(Boolean);
    // Live windows that keep their camera keep their address: only the others are asked for.
    const kept =
      mode === 'live' && urlsRef.current ? stillPlaying(urlsRef.current, active, failedRef.current) : {};
    const wanted = codes.filter((code) => !(code in kept));
    const ask: Promise<UrlMap> =
      codes.length === 0
        ? Promise.resolve({})
        : mode === 'live'
          ? wanted.length === 0
            ? Promise.resolve({})
            : source.getPreviewUrls(iccPreviewRequest(wanted, active.length))
          : source.getPlaybackUrls(iccPlaybackRequest(active, now(), startTimes));
    ask.then(
      (answer) => {
        if (cancelled) return;
        const map = { ...answer, ...kept };
        warnNoAddress(t, { [mode]: devicesWithoutAddress(active, map) });
        setFailed(new Set());
        setUrls({ for: active, map });
      },
      // The HTTP client has shown the server's reason (e.g. 监控点…离线); a second message would hide it.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [active, mode, source, startTimes, now, t]);

  const side = iccGridSide(active.length);
  // While new addresses are on the way, a window whose camera stays goes on with the one it has.
  const map =
    urls?.for === active ? urls.map : urls && mode === 'live' ? stillPlaying(urls, active, failed) : {};
  const urlOf = (wnd: number) => {
    const device = active[wnd];
    return device && !failed.has(wnd) ? (map[deviceCode(device)] ?? null) : null;
  };
  const selectedDevice = active[selected];
  const selectedCode = selectedDevice ? deviceCode(selectedDevice) : '';
  const selectedPlaying = urlOf(selected) !== null;

  const registerVideo = useCallback((wnd: number, video: HTMLVideoElement | null) => {
    if (video) videos.current.set(wnd, video);
    else videos.current.delete(wnd);
  }, []);
  const onStreamError = useCallback(
    (wnd: number, code: PlayerErrorCode) => {
      report(wnd, code);
      if (TALK_RESET_CODES.has(code)) talk.stop();
      setFailed((current) => new Set(current).add(wnd));
    },
    [report, talk],
  );
  const onEnded = useCallback(
    (wnd: number) => {
      setFailed((current) => new Set(current).add(wnd));
      props.onPlayOver?.(wnd);
    },
    [props],
  );

  const needPlaying = () => {
    if (selectedPlaying && selectedCode) return true;
    showMessage('WARN', t('video.selectPlayingWindow'));
    return false;
  };
  const ptz = (request: {
    action: PtzAction;
    command: 0 | 1;
    presetPointCode?: string;
    presetPointName?: string;
  }) =>
    source
      .ptz({ ...request, controlCode: selectedCode, platformCode: PLATFORM_ICC, speed })
      .catch(() => showMessage('FAIL'));
  const sendMove = (action: PtzAction, command: 0 | 1) => {
    if (command === 1 && !needPlaying()) return;
    if (!selectedCode) return;
    if (command === 1) lastDirection.current = action;
    void ptz({ action, command });
  };
  const sendPreset = async (action: 'ADD_POINT' | 'DEL_POINT' | 'PRESET_POINT', point: PresetPoint) => {
    if (!needPlaying()) return;
    await ptz({
      action,
      command: 1,
      presetPointCode: String(point.presetPointCode),
      presetPointName: point.presetPointName,
    });
  };

  const screenshot = () => {
    const video = needPlaying() && videos.current.get(selected);
    if (!video) return;
    capturePicture(video, 'JPEG')
      .then((blob) => saveFile(blob, captureFileName('JPEG', Date.now())))
      .catch(() => report(selected, PlayerError.NO_FIRST_FRAME));
  };
  const toggleRecording = () => {
    if (recording.recording) return recording.stop(recording.recording.wnd);
    const url = urlOf(selected);
    const video = needPlaying() && videos.current.get(selected);
    // MP4 where the browser records it, else PS from the stream itself.
    if (video && url) recording.start(selected, canRecord('MP4') ? 'MP4' : 'PS', video, url, true);
  };
  const toggleTalk = async () => {
    if (talk.talkWindow !== null) {
      const code = deviceCode(active[talk.talkWindow] ?? {});
      talk.stop();
      if (code)
        void source.stopTalk?.({ controlCodes: [code], platformCode: PLATFORM_ICC }).catch(() => undefined);
      showMessage('SUCCESS', t('video.talkOff'));
      return;
    }
    if (!needPlaying() || !source.getTalkUrl) return;
    const answer = await source.getTalkUrl(iccTalkRequest(selectedCode)).catch(() => null);
    if (answer === null) return showMessage('WARN', t('video.talkAddressFailed'));
    // No address for the camera at all is §5's 无对讲地址; one that cannot be read, 对讲地址获取失败.
    if (!answer[selectedCode]) return warnNoAddress(t, { talk: [selectedCode] });
    const path = talkPath(answer, selectedCode);
    if (!path) return showMessage('WARN', t('video.talkAddressFailed'));
    if (await talk.start(selected, path, TALK_SAMPLE_RATE)) showMessage('SUCCESS', t('video.talkOn'));
  };
  const toggleSound = () => {
    if (soundWindow !== null) return setSoundWindow(null);
    if (needPlaying()) setSoundWindow(selected);
  };
  const startRoundRobin = (form: Parameters<typeof roundRobin.start>[2]) => {
    const all = props.roundRobinDevices ?? devices;
    if (all.length === 0) return showMessage('WARN', t('video.roundRobin.noDevices'));
    roundRobin.start(all, side * side, form);
  };

  const playbackTimes = useMemo(
    () =>
      selectedDevice ? defaultPlaybackTimes(selectedDevice.startTime, selectedDevice.endTime, now()) : null,
    [selectedDevice, now],
  );
  const changeStart = (time: number) => {
    if (!playbackTimes || !selectedCode) return;
    if (time > playbackTimes.endTime) return showMessage('WARN', t('video.startAfterEnd'));
    setStartTimes((current) => new Map(current).set(selectedCode, time));
  };

  const live = mode === 'live';
  const roundRobinAvailable = (props.roundRobinDevices ?? devices).length > 0;

  return (
    <div
      ref={root}
      style={{ display: 'flex', height: '100%', minHeight: 240, background: videoSurface.colorBgLayout }}
    >
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <div
          role="grid"
          style={{
            flex: 1,
            display: 'grid',
            gridTemplateColumns: `repeat(${side}, 1fr)`,
            gridTemplateRows: `repeat(${side}, 1fr)`,
            minHeight: 0,
          }}
        >
          {Array.from({ length: side * side }, (_, wnd) => (
            <VideoWindow
              key={wnd}
              index={wnd}
              url={urlOf(wnd)}
              session={0}
              live={live}
              paused={false}
              muted={soundWindow !== wnd}
              volume={DEFAULT_VOLUME}
              selected={wnd === selected}
              label={
                active[wnd]?.devName ?? active[wnd]?.deviceDto?.devName ?? t('video.window', { n: wnd + 1 })
              }
              emptyText={t('video.noVideo')}
              streamFactory={streamFactory}
              onSelect={setSelected}
              onError={onStreamError}
              onEnded={onEnded}
              registerVideo={registerVideo}
            />
          ))}
        </div>
        <Flex align="center" gap={4} style={{ padding: '4px 8px', background: token.colorBgContainer }}>
          {!live && playbackTimes && (
            <PlaybackTimePicker
              label={t('video.playbackStartTime')}
              width={210}
              value={startTimes.get(selectedCode) ?? playbackTimes.startTime}
              onPick={changeStart}
            />
          )}
          {live && (
            <>
              <FooterAction label={t('video.screenshot')} icon={<CameraOutlined />} onClick={screenshot} />
              <FooterAction
                label={recording.recording ? t('video.localRecordStop') : t('video.localRecordStart')}
                icon={recording.recording ? <VideoCameraOutlined /> : <VideoCameraAddOutlined />}
                onClick={toggleRecording}
                active={recording.recording !== null}
              />
              {talkMode ? (
                <FooterAction
                  label={talk.talkWindow !== null ? t('video.talkStop') : t('video.talkStart')}
                  icon={talk.talkWindow !== null ? <AudioOutlined /> : <AudioMutedOutlined />}
                  onClick={() => void toggleTalk()}
                  active={talk.talkWindow !== null}
                />
              ) : (
                <FooterAction
                  label={soundWindow !== null ? t('video.soundOff') : t('video.soundOn')}
                  icon={soundWindow !== null ? <SoundOutlined /> : <MutedOutlined />}
                  onClick={toggleSound}
                  active={soundWindow !== null}
                />
              )}
              <span style={{ flex: 1 }} />
              <FooterAction
                label={panelOpen ? t('video.panelCollapse') : t('video.panelExpand')}
                icon={panelOpen ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={() => setPanelOpen((open) => !open)}
              />
            </>
          )}
        </Flex>
      </div>
      {live && panelOpen && (
        <aside
          aria-label={t('video.ptzTab')}
          style={{
            width: 280,
            padding: '0 12px 12px',
            background: token.colorBgContainer,
            overflow: 'auto',
          }}
        >
          <Tabs
            items={[
              {
                key: 'ptz',
                label: t('video.ptzTab'),
                children: (
                  <Flex vertical gap={12}>
                    <PtzControls
                      speed={speed}
                      onSpeed={setSpeed}
                      send={sendMove}
                      onStop={() => sendMove(lastDirection.current, 0)}
                    />
                    <PresetList
                      controlCode={selectedPlaying ? selectedCode : null}
                      source={source}
                      sendPreset={sendPreset}
                    />
                  </Flex>
                ),
              },
              {
                key: 'roundRobin',
                label: t('video.roundRobinTab'),
                disabled: !roundRobinAvailable,
                children: (
                  <RoundRobinForm
                    running={roundRobin.running}
                    onStart={startRoundRobin}
                    onStop={roundRobin.stop}
                  />
                ),
              },
            ]}
          />
        </aside>
      )}
    </div>
  );
}

/**
 * The live addresses of `before` that windows of `active` go on playing: the same camera in the same
 * window, not failed, on the same stream (main or sub, which the number of windows decides). A new
 * answer holds fresh addresses for them too, but switching would restart a stream that is running:
 * ticking a sixth camera must not restart the five already shown.
 */
function stillPlaying(
  before: { for: readonly VideoDevice[]; map: UrlMap },
  active: readonly VideoDevice[],
  failed: ReadonlySet<number>,
): UrlMap {
  const kept: UrlMap = {};
  if (iccStreamType(before.for.length) !== iccStreamType(active.length)) return kept;
  active.forEach((device, wnd) => {
    const code = deviceCode(device);
    const previous = before.for[wnd];
    const url = before.map[code];
    if (url && previous && deviceCode(previous) === code && !failed.has(wnd)) kept[code] = url;
  });
  return kept;
}
