import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Alert, Button, Flex, Select, Spin, Typography } from 'antd';
import {
  AudioMutedOutlined,
  AudioOutlined,
  BorderOutlined,
  CameraOutlined,
  StopOutlined,
  VideoCameraAddOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FrameLayout, VideoDevice } from '@cityops/contract';
import { showMessage } from '@cityops/ui';
import { Action } from '../html5/Html5Toolbar.js';
import { videoSurface } from '../media/videoSurface.js';
import type { PlayMode } from '../playList.js';
import { discoverPlugin, type PluginClient, type PluginClientOptions } from './client.js';
import { Connection } from './connection.js';
import { ensurePlugin, launchPluginByScheme, type StartStep } from './starter.js';
import {
  ControlFailed,
  PluginControl,
  type ControlState,
  type Notice,
  type PluginPlatformSource,
} from './session.js';
import { measurePlacement, trackPlacement, whenDetached, type TrackedWindow } from './tracker.js';

/** Where /plug is: the shell's page of the plug-in (public). */
export const PLUG_PAGE_PATH = '/plug';

/** How the player finds and starts the plug-in; tests and the browser test may hand in their own. */
export interface PluginConnect {
  discover(options: PluginClientOptions): Promise<PluginClient | null>;
  launch(): void;
  timing?: { startRetries?: number; startRetryMs?: number };
}

const browserConnect: PluginConnect = {
  discover: (options) => discoverPlugin(options),
  launch: () => launchPluginByScheme(),
};

export interface PluginPlayerProps {
  mode: PlayMode;
  /** The cameras to play, one window each (at most 25); keep the same array between renders. */
  devices: readonly VideoDevice[];
  platform: PluginPlatformSource;
  /** Opens a path through the shell: /plug, the HTML5 page. */
  onNavigate(path: string): void;
  /** The HTML5 page of the same mode (playRealWeb / playBackWeb), one click away when there is no plug-in. */
  html5Path: string;
  /** The shell's latest layout of this frame (bridge `layout`); null or absent when not framed. */
  frameLayout?: () => FrameLayout | null;
  /** Overrides of how to find and start the plug-in (a framed page starts it through the shell). */
  connect?: Partial<PluginConnect>;
  now?: () => number;
  /** The window measured for placement; tests hand in their own. */
  win?: TrackedWindow;
}

export type PluginPhase = 'finding' | 'starting' | 'ready' | 'absent' | 'gone';

const NO_CONTROL: ControlState = { controlId: null, wndCount: 1, windows: [], selected: 1, visible: false };
const noSubscribe = () => () => undefined;

/**
 * The hik_isc_huati player through the desktop plug-in (§1, §4.8, §7): finds the plug-in (starting
 * it by its URL scheme when needed), lays its native windows over the container, keeps them in step
 * with the page and hidden while the container is, and destroys them when the page leaves. Without a
 * plug-in it says how to get one, the HTML5 page one click away.
 */
export function PluginPlayer(props: PluginPlayerProps) {
  const { mode, devices, platform, onNavigate, html5Path, frameLayout, now } = props;
  const { t } = useTranslation('ui');
  const connectionRef = useRef<Connection>(null);
  const [phase, setPhase] = useState<PluginPhase>('finding');
  const [attempt, setAttempt] = useState(0);
  /** The start try under way (§4.8), shown while waiting: try n of 3. */
  const [startTry, setStartTry] = useState<{ attempt: number; of: number } | null>(null);
  /** 启动插件 was clicked: it started the plug-in itself, so the tries that follow only look. */
  const startedByClick = useRef(false);
  const [control, setControl] = useState<PluginControl | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const connect = { ...browserConnect, ...props.connect };
  const win = props.win ?? window;
  const state = useSyncExternalStore(
    control?.subscribe ?? noSubscribe,
    control?.snapshotState ?? (() => NO_CONTROL),
  );

  const notify = (notice: Notice) => {
    if ('text' in notice) showMessage(notice.level, notice.text);
    else showMessage(notice.level, t(notice.key, notice.values ?? {}));
  };
  const notifyRef = useRef(notify);
  useEffect(() => {
    notifyRef.current = notify;
  });

  // Find the plug-in (starting it when needed); once per connection, kept while the page is hidden.
  useEffect(() => {
    const element = containerRef.current;
    connectionRef.current ??= new Connection();
    const connection = connectionRef.current;
    connection.unwatch();
    if (!connection.client && !connection.finding) {
      connection.finding = true;
      const onStep = (step: StartStep) => {
        if (step.step === 'starting') {
          setPhase('starting');
          setStartTry({ attempt: step.attempt, of: step.of });
          showMessage('TIPS', t('video.plugin.starting'));
        }
        if (step.step === 'failed') {
          setPhase('absent');
          showMessage('FAIL', t('video.plugin.startFailed'));
        }
      };
      const options: PluginClientOptions = {
        onEvent: (event) => connection.control?.onEvent(event),
        onGone: () => {
          connection.client = null;
          connection.control = null;
          setControl(null);
          setPhase('gone');
          if (!connection.abort.signal.aborted)
            notifyRef.current({ level: 'FAIL', key: 'video.plugin.callFailed' });
        },
      };
      const launch = startedByClick.current ? () => undefined : connect.launch;
      startedByClick.current = false;
      void ensurePlugin({
        discover: () => connect.discover(options),
        launch,
        onStep,
        timing: connect.timing,
        signal: connection.abort.signal,
      }).then((client) => {
        connection.finding = false;
        if (connection.abort.signal.aborted) {
          client?.close();
          return;
        }
        if (!client) return;
        connection.client = client;
        setPhase('ready');
      });
    }
    return () => {
      // A kept-alive page being hidden keeps its element in the document; a page that leaves does not.
      // The hidden page's tab may be closed later: it leaves then.
      if (element?.isConnected) connection.unwatch = whenDetached(element, () => connection.leave());
      else connection.leave();
    };
    // A new attempt (重新连接插件) looks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  // Play the chosen cameras: the grid is created (and initialised) with the first of them. What is
  // chosen, not the list's identity, starts it (a render may bring a new list of the same cameras).
  const opening = useRef<Promise<void> | null>(null);
  // Only the latest choice is played: ticking four cameras in a row plays the grid once or twice,
  // not four times over (each play stops and restarts every window of the grid).
  const latestChoice = useRef(0);
  const chosen = JSON.stringify(devices);
  useEffect(() => {
    const connection = connectionRef.current;
    const client = connection?.client;
    const element = containerRef.current;
    if (phase !== 'ready' || !connection || !client || !element) return;
    latestChoice.current += 1;
    const choice = latestChoice.current;
    const run = async () => {
      await opening.current;
      if (choice !== latestChoice.current) return;
      if (!connection.control) {
        if (devices.length === 0) return;
        const { rect } = measurePlacement(element, win, frameLayout?.() ?? null);
        const fresh = new PluginControl({
          client,
          platform,
          notify: (notice) => notifyRef.current(notice),
          now,
        });
        connection.control = fresh;
        try {
          await fresh.open(rect ?? { left: 0, top: 0, width: 1, height: 1 }, devices.length);
        } catch (error) {
          fresh.destroy();
          connection.control = null;
          if (!(error instanceof ControlFailed)) throw error;
          return;
        }
        setControl(fresh);
      }
      await connection.control.play(mode, devices).catch((error: unknown) => {
        if (!(error instanceof ControlFailed)) throw error;
      });
    };
    const next = run();
    opening.current = next.catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase, mode, chosen]);

  // Keep the grid over the container, hidden while the container is.
  useEffect(() => {
    const element = containerRef.current;
    if (!control || !element) return;
    const stop = trackPlacement({
      container: element,
      win,
      layout: () => frameLayout?.() ?? null,
      place: (rect, resized) => void control.place(rect, resized),
      setVisible: (visible) => void control.setVisible(visible),
    });
    return () => {
      stop();
      if (element.isConnected) void control.setVisible(false);
    };
  }, [control, win, frameLayout]);

  const selected = state.windows.find((entry) => entry.wndId === state.selected);
  const act = (action: () => Promise<unknown>) => () => {
    void action().catch((error: unknown) => {
      if (!(error instanceof ControlFailed)) throw error;
    });
  };
  const retry = () => {
    if (connectionRef.current) connectionRef.current.abort = new AbortController();
    setPhase('finding');
    setAttempt((value) => value + 1);
  };

  const toPlug = (
    <Typography.Link
      href={PLUG_PAGE_PATH}
      onClick={(event) => {
        event.preventDefault();
        onNavigate(PLUG_PAGE_PATH);
      }}
    >
      {t('video.plugin.manage')}
    </Typography.Link>
  );

  return (
    <div
      data-testid="plugin-player"
      data-phase={phase}
      style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 240 }}
    >
      <Flex
        role="toolbar"
        aria-label={t('video.plugin.toolbar')}
        wrap
        align="center"
        gap={4}
        style={{ padding: '4px 8px' }}
      >
        <Select
          size="small"
          aria-label={t('video.plugin.windowSelect')}
          style={{ width: 110 }}
          value={state.selected}
          disabled={!control}
          onChange={(wndId: number) => control?.select(wndId)}
          options={Array.from({ length: state.wndCount }, (_, index) => ({
            value: index + 1,
            label: t('video.plugin.window', { n: index + 1 }),
          }))}
        />
        <Action
          label={t('video.plugin.stop')}
          icon={<StopOutlined />}
          onClick={act(() => control?.stopSelected() ?? Promise.resolve())}
        />
        <Action
          label={t('video.plugin.stopAll')}
          icon={<BorderOutlined />}
          onClick={act(() => control?.stopAll() ?? Promise.resolve())}
        />
        <Action
          label={t('video.plugin.snapshot')}
          icon={<CameraOutlined />}
          onClick={act(() => control?.snapshot() ?? Promise.resolve())}
        />
        <Action
          label={selected?.recording ? t('video.plugin.recordStop') : t('video.plugin.recordStart')}
          icon={selected?.recording ? <VideoCameraOutlined /> : <VideoCameraAddOutlined />}
          active={selected?.recording}
          onClick={act(() => control?.toggleRecord() ?? Promise.resolve())}
        />
        <Action
          label={selected?.talking ? t('video.plugin.talkStop') : t('video.plugin.talkStart')}
          icon={selected?.talking ? <AudioOutlined /> : <AudioMutedOutlined />}
          active={selected?.talking}
          onClick={act(() => control?.toggleTalk() ?? Promise.resolve())}
        />
        <span style={{ flex: 1 }} />
        {toPlug}
      </Flex>
      <div
        ref={containerRef}
        data-testid="plugin-container"
        role="region"
        aria-label={t('video.plugin.container')}
        style={{ flex: 1, minHeight: 0, position: 'relative', background: videoSurface.colorBgLayout }}
      >
        {(phase === 'finding' || phase === 'starting') && (
          // Drawn on the picture area's black in either theme, so in its (dark) colours: a spinner's
          // own tip took the page's colours and a light text shadow, hard to read on black.
          <Flex
            vertical
            align="center"
            justify="center"
            gap={12}
            role="status"
            data-testid="plugin-wait"
            style={{ height: '100%', padding: 16, textAlign: 'center' }}
          >
            <Spin />
            <Typography.Text style={{ color: videoSurface.colorText, fontSize: 16 }}>
              {t(phase === 'starting' ? 'video.plugin.starting' : 'video.plugin.finding')}
            </Typography.Text>
            {phase === 'starting' && startTry && (
              <Typography.Text style={{ color: videoSurface.colorTextSecondary }}>
                {t('video.plugin.attempt', { n: startTry.attempt, of: startTry.of })}
              </Typography.Text>
            )}
            {/* No need to wait for the tries to end to watch on the web player. */}
            <Button
              type="link"
              onClick={() => onNavigate(html5Path)}
              style={{ color: videoSurface.colorLink }}
            >
              {t('video.plugin.useHtml5')}
            </Button>
          </Flex>
        )}
        {phase === 'ready' && devices.length === 0 && !state.windows.length && (
          <Flex align="center" justify="center" style={{ height: '100%' }}>
            <Typography.Text style={{ color: videoSurface.colorTextSecondary }}>
              {t('video.plugin.chooseCameras')}
            </Typography.Text>
          </Flex>
        )}
        {(phase === 'absent' || phase === 'gone') && (
          <Flex align="center" justify="center" style={{ height: '100%', padding: 16 }}>
            <Alert
              role="alert"
              type="warning"
              style={{ maxWidth: 560 }}
              title={phase === 'absent' ? t('video.plugin.startFailed') : t('video.plugin.callFailed')}
              description={
                <Flex vertical gap={8}>
                  <span>
                    {phase === 'absent' ? t('video.plugin.absentText') : t('video.plugin.goneText')}
                  </span>
                  <Flex gap={8} wrap align="center">
                    <Button type="primary" onClick={() => onNavigate(html5Path)}>
                      {t('video.plugin.useHtml5')}
                    </Button>
                    <Button
                      onClick={() => {
                        // A click is the user gesture a browser wants before it hands a URL scheme on
                        // a second time; the tries that follow then only look.
                        connect.launch();
                        startedByClick.current = true;
                        retry();
                      }}
                    >
                      {t('video.plugin.start')}
                    </Button>
                    <Button onClick={retry}>{t('video.plugin.retry')}</Button>
                    {toPlug}
                  </Flex>
                </Flex>
              }
            />
          </Flex>
        )}
      </div>
    </div>
  );
}
