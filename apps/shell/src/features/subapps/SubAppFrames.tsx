import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  SUB_APPS,
  SYSTEM_NAMES,
  type BridgeTab,
  type BridgeTheme,
  type FrameLayout,
  type FrameToShellMessage,
  type Locale,
  type SubApp,
} from '@cityops/contract';
import {
  createShellBridge,
  frameWindowName,
  launchPluginByScheme,
  localName,
  pathnameOf,
  subAppForPath,
  subAppOrigin,
  type ShellBridge,
} from '@cityops/client';
import { useAlarmReceiver } from '@cityops/alarmcall';
import { http } from '../../app/http';
import { useSessionUser } from '../auth/queries';
import { onSignedOut } from '../auth/session';
import { useRefreshStore } from '../header-actions/refresh';
import { useTabs } from '../tabs/tabStore';
import { FRAME_BOOT_GRACE_MS, FRAME_READY_TIMEOUT_MS, useFrameStatus } from './frameStatus';
import { FRAME_LAYOUT_POLL_MS, measureFrameLayout, sameLayout, shellDialogOpen } from './frameLayout';
import { useStableNavigate } from '../../app/navigation';

export interface SubAppFramesProps {
  /** The sub-apps that keep a frame (those with an open tab, and the one in view). */
  apps: readonly SubApp[];
  /** The shell's current path with its query; the frame of its app is the one shown. */
  path: string;
  tabs: readonly BridgeTab[];
  theme: BridgeTheme;
  locale: Locale;
  /** A bare Esc in a frame (keys never cross into the shell), with no dialog of the shell open. */
  onEscape?: () => void;
}

const appName = (app: SubApp, locale: string) =>
  localName({ name: SYSTEM_NAMES[app].zh, titleEn: SYSTEM_NAMES[app].en }, locale);

interface FrameProps {
  app: SubApp;
  /** The page to open the frame on: the shell's path when it is this app's, else its first tab. */
  initialPath: () => string;
  visible: boolean;
  register(app: SubApp, frame: HTMLIFrameElement | null): void;
}

/**
 * One sub-app's iframe. Its address is set once, when it is created: later navigation goes through
 * the bridge, because changing `src` would reload the app and add a history entry. While another page
 * is in view it is hidden, never detached or moved, so it keeps every page it holds.
 */
function SubAppFrame({ app, initialPath, visible, register }: FrameProps) {
  const { t, i18n } = useTranslation();
  const [src] = useState(() => `${subAppOrigin(app, window.location)}${initialPath()}`);
  const [name] = useState(() => frameWindowName(app, window.location.origin));
  const status = useFrameStatus((state) => state.status[app] ?? 'loading');
  const setStatus = useFrameStatus((state) => state.set);
  const retry = useFrameStatus((state) => state.retry);
  const graceTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const failUnlessReady = useCallback(() => {
    if (useFrameStatus.getState().status[app] !== 'ready') setStatus(app, 'failed');
  }, [app, setStatus]);

  useEffect(() => {
    setStatus(app, 'loading');
    const timer = setTimeout(failUnlessReady, FRAME_READY_TIMEOUT_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(graceTimer.current);
    };
  }, [app, setStatus, failUnlessReady]);

  /**
   * The document in the frame has loaded: the sub-app's own page, or the browser's error page when
   * nothing answers on its port. A refused connection is told apart at once by probing the port; a
   * page that loads but never says `ready` (not built, a script error) fails after a short grace.
   */
  const onLoad = () => {
    if (useFrameStatus.getState().status[app] === 'ready') return;
    fetch(`${subAppOrigin(app, window.location)}/${app}/`, { mode: 'no-cors', cache: 'no-store' }).then(
      () => {
        clearTimeout(graceTimer.current);
        graceTimer.current = setTimeout(failUnlessReady, FRAME_BOOT_GRACE_MS);
      },
      () => failUnlessReady(),
    );
  };

  const name_ = appName(app, i18n.language);
  return (
    <div
      data-subapp={app}
      data-status={status}
      aria-hidden={!visible}
      style={{
        position: 'absolute',
        inset: 0,
        visibility: visible ? 'visible' : 'hidden',
        pointerEvents: visible ? 'auto' : 'none',
      }}
    >
      <iframe
        ref={(element) => {
          register(app, element);
          return () => register(app, null);
        }}
        name={name}
        src={src}
        title={name_}
        onLoad={onLoad}
        allow="fullscreen; microphone; camera; autoplay; clipboard-write"
        style={{ border: 0, width: '100%', height: '100%', display: 'block' }}
      />
      {visible && status === 'loading' && (
        <div
          style={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            pointerEvents: 'none',
          }}
        >
          <Spin tip={t('subApp.loading', { name: name_ })}>
            <div style={{ width: 200, height: 80 }} />
          </Spin>
        </div>
      )}
      {visible && status === 'failed' && (
        <div role="alert" style={{ position: 'absolute', inset: 0, background: 'var(--cityops-page-bg)' }}>
          <Result
            status="error"
            title={t('subApp.failedTitle', { name: name_ })}
            subTitle={t('subApp.failedText', { origin: subAppOrigin(app, window.location) })}
            extra={
              <Button type="primary" onClick={() => retry(app)}>
                {t('subApp.retry')}
              </Button>
            }
          />
        </div>
      )}
    </div>
  );
}

/**
 * The frame container (platform-shell.md §2, video-talk-alarm-header.md §2.1): one iframe per sub-app,
 * created on its first visit and removed when its last tab closes, and the shell's end of the bridge.
 */
export function SubAppFrames({ apps, path, tabs, theme, locale, onEscape }: SubAppFramesProps) {
  const navigate = useStableNavigate();
  const windows = useRef(new Map<SubApp, Window>());
  const elements = useRef(new Map<SubApp, HTMLIFrameElement>());
  /** The last layout each frame was told; a frame that says `ready` again is told afresh. */
  const layouts = useRef(new Map<SubApp, FrameLayout>());
  /** The frames that asked for their layout to be followed closely (`watchLayout`). */
  const [watching, setWatching] = useState<ReadonlySet<SubApp>>(() => new Set());
  /** The path each frame shows, as far as the shell knows; a navigation it already shows is not sent. */
  const framePaths = useRef(new Map<SubApp, string>());
  const bridge = useRef<ShellBridge | null>(null);
  const attempts = useFrameStatus((state) => state.attempts);
  const setStatus = useFrameStatus((state) => state.set);
  const setTitle = useFrameStatus((state) => state.setTitle);
  const forget = useFrameStatus((state) => state.forget);
  const userId = useSessionUser()?.userId ?? null;
  const visibleApp = subAppForPath(path);
  const alarmReceiver = useAlarmReceiver();

  const isReady = (app: SubApp) => useFrameStatus.getState().status[app] === 'ready';

  /**
   * Tells each ready frame where it sits, whether it is in view and whether a shell dialog covers it
   * (bridge `layout`), when that changed: the video plug-in's native windows follow the page with it.
   */
  const postLayouts = useEffectEvent(() => {
    const covered = shellDialogOpen(document);
    for (const [app, element] of elements.current) {
      if (!isReady(app)) continue;
      const layout = measureFrameLayout(element, window, visibleApp === app, covered);
      if (sameLayout(layouts.current.get(app), layout)) continue;
      layouts.current.set(app, layout);
      bridge.current?.post(app, { type: 'layout', ...layout });
    }
  });

  const watchLayouts = useCallback((app: SubApp, watch: boolean) => {
    setWatching((now) => {
      if (now.has(app) === watch) return now;
      const next = new Set(now);
      if (watch) next.add(app);
      else next.delete(app);
      return next;
    });
  }, []);

  // Several times a second while a frame on show watches its layout, and not at all otherwise (a frame
  // that left no longer counts; a new one starts unwatched at its `ready`).
  const watched = apps.some((app) => watching.has(app));
  useEffect(() => {
    if (!watched) return;
    postLayouts();
    const timer = setInterval(() => postLayouts(), FRAME_LAYOUT_POLL_MS);
    return () => clearInterval(timer);
  }, [watched]);

  useEffect(() => {
    const onResize = () => postLayouts();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  useEffect(() => {
    postLayouts();
  }, [visibleApp]);

  const onMessage = useEffectEvent((message: FrameToShellMessage) => {
    const { app } = message;
    switch (message.type) {
      case 'ready': {
        setStatus(app, 'ready');
        layouts.current.delete(app);
        watchLayouts(app, false);
        const target =
          visibleApp === app
            ? path
            : (framePaths.current.get(app) ??
              (subAppForPath(message.path) === app ? message.path : `/${app}/`));
        framePaths.current.set(app, target);
        bridge.current?.post(app, { type: 'welcome', path: target, userId, locale, theme, tabs: [...tabs] });
        postLayouts();
        return;
      }
      case 'navigated':
        if (subAppForPath(message.path) === app) framePaths.current.set(app, message.path);
        if (message.path !== path) void navigate(message.path, { replace: message.replace });
        return;
      case 'title':
        setTitle(pathnameOf(message.path), message.title);
        return;
      case 'sessionEnded':
        http.sessionEnded(message.statusCode);
        return;
      case 'answerAlarm':
        // Exactly as a notice's answer button (refused with 当前正在接听 while a call is active).
        alarmReceiver?.answer(message.devId, message.alarmId);
        return;
      case 'startPlugin':
        // The one fixed address (cityops-plugin://start), from the top window.
        launchPluginByScheme();
        return;
      case 'watchLayout':
        watchLayouts(app, message.watching);
        return;
      case 'escape':
        if (!shellDialogOpen(document)) onEscape?.();
        return;
    }
  });

  useEffect(() => {
    const shellBridge = createShellBridge({
      window,
      location: window.location,
      frames: (app) => windows.current.get(app),
      onMessage,
    });
    bridge.current = shellBridge;
    return () => {
      shellBridge.dispose();
      bridge.current = null;
    };
  }, []);

  // Back, forward, a menu click or a tab switch: the frame of the page in view follows the shell's URL.
  useEffect(() => {
    if (!visibleApp || !isReady(visibleApp) || framePaths.current.get(visibleApp) === path) return;
    framePaths.current.set(visibleApp, path);
    bridge.current?.post(visibleApp, { type: 'navigate', path, replace: true });
  }, [visibleApp, path]);

  // Theme, locale and the open tabs reach every frame whenever one of them changes.
  useEffect(() => {
    for (const app of apps)
      if (isReady(app)) bridge.current?.post(app, { type: 'state', locale, theme, tabs: [...tabs] });
  }, [apps, locale, theme, tabs]);

  // The header's refresh of a sub-app page remounts that page inside its frame.
  useEffect(
    () =>
      useRefreshStore.subscribe((state, previous) => {
        for (const [code, generation] of Object.entries(state.generations)) {
          if (previous.generations[code] === generation) continue;
          const tab = useTabs.getState().tabs.find((open) => open.code === code);
          const app = tab ? subAppForPath(tab.path) : null;
          if (tab && app && isReady(app)) bridge.current?.post(app, { type: 'reload', path: tab.path });
        }
      }),
    [],
  );

  // Signing out: every frame drops its pages and cached answers before the layout removes it.
  useEffect(
    () =>
      onSignedOut(() => {
        for (const app of SUB_APPS)
          if (windows.current.has(app)) bridge.current?.post(app, { type: 'logout' });
      }),
    [],
  );

  // A frame that leaves (its last tab closed) starts afresh next time.
  const shown = new Set(apps);
  useEffect(() => {
    for (const app of SUB_APPS)
      if (!apps.includes(app) && useFrameStatus.getState().status[app] !== undefined) {
        framePaths.current.delete(app);
        forget(app);
      }
  }, [apps, forget]);

  const register = useCallback((app: SubApp, frame: HTMLIFrameElement | null) => {
    const frameWindow = frame?.contentWindow;
    if (frame && frameWindow) {
      windows.current.set(app, frameWindow);
      elements.current.set(app, frame);
    } else {
      windows.current.delete(app);
      elements.current.delete(app);
      layouts.current.delete(app);
    }
  }, []);

  // In the fixed order of SUB_APPS, so a new frame never moves (and so never reloads) another one.
  return (
    <>
      {SUB_APPS.filter((app) => shown.has(app)).map((app) => (
        <SubAppFrame
          key={`${app}#${attempts[app] ?? 0}`}
          app={app}
          initialPath={() =>
            visibleApp === app
              ? path
              : (tabs.find((tab) => subAppForPath(tab.path) === app)?.path ?? `/${app}/`)
          }
          visible={visibleApp === app}
          register={register}
        />
      ))}
    </>
  );
}
