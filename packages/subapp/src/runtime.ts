import { QueryClient } from '@tanstack/react-query';
import {
  findRouteByPath,
  type Locale,
  type SessionEndedMessage,
  type ShellToFrameMessage,
  type SubApp,
} from '@cityops/contract';
import {
  clearLicenceCookie,
  pathnameOf,
  clearSessionCookies,
  createFrameBridge,
  createHttpClient,
  isBareEscape,
  parseFrameWindowName,
  readToken,
  subAppForPath,
  type FrameBridge,
  type HttpClient,
} from '@cityops/client';
import { changeLocale, currentLocale, showMessage, i18n } from '@cityops/ui';
import { createFrameStore, type FrameStore } from './frameStore.js';

/** The window the runtime lives in; narrowed so tests can hand in jsdom's or a fake. */
export type FrameWindow = Pick<
  Window,
  'addEventListener' | 'removeEventListener' | 'parent' | 'name' | 'location' | 'history'
>;

export interface SubAppRuntime {
  app: SubApp;
  /** Whether the shell frames this page (false when the page is opened on its own). */
  framed: boolean;
  store: FrameStore;
  /** The frame's server state (its own: frames share no memory with the shell), emptied at sign-out. */
  queryClient: QueryClient;
  http: HttpClient;
  /**
   * Shows `path`. A page of this app switches in place and the shell is told, so the frame never adds
   * a history entry of its own; another app's page (or a shell page) is the shell's to open.
   */
  navigate(path: string, options?: { replace?: boolean }): void;
  /** A page's own tab title (e.g. the record it shows), sent to the shell's tab bar. */
  setTitle(path: string, title: string): void;
  /**
   * Asks the shell's alarm receiver to answer call `alarmId` of box `devId`, or to call the idle box
   * when `alarmId` is null (bridge `answerAlarm`). False when the page is not framed (no receiver).
   */
  answerAlarm(devId: number, alarmId: number | null): boolean;
  /**
   * Asks the shell to start the desktop video plug-in by its URL scheme (bridge `startPlugin`); false
   * when the page is not framed (the page then starts it itself).
   */
  startPlugin(): boolean;
  /**
   * Has the shell follow this frame's layout closely (bridge `watchLayout`) until the returned release
   * is called: for a page whose native video windows lie over a container. Counted, so several
   * watchers share one request.
   */
  watchLayout(): () => void;
  dispose(): void;
}

/**
 * No automatic retries (the HTTP client already tells the user when a call fails, and a retry would
 * tell them again) and no refetch on focus, as in the shell.
 */
const createFrameQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

const routeTitle = (path: string, locale: Locale) => {
  const route = findRouteByPath(pathnameOf(path));
  if (!route) return '';
  return locale === 'en-US' ? route.titleEn : route.title;
};

export interface RuntimeOptions {
  app: SubApp;
  window: FrameWindow;
  /** Base service address, from the page settings (/config.js), e.g. `/api`. */
  baseUrl: string;
}

/**
 * Everything a sub-app needs to live in the shell's frame: the state mirrored from the shell, the
 * bridge, and an HTTP client whose session-ended answers go to the shell's one 确定登出 box.
 */
export function createRuntime({ app, window, baseUrl }: RuntimeOptions): SubAppRuntime {
  const { location, history } = window;
  const identity = parseFrameWindowName(window.name, location);
  const framed = identity !== null && identity.app === app && window.parent !== (window as unknown);
  const here = () => `${location.pathname}${location.search}${location.hash}`;
  const store = createFrameStore(app, here());
  const queryClient = createFrameQueryClient();
  let bridge: FrameBridge | null = null;
  /** The pages that watch this frame's layout now (`watchLayout`). */
  let layoutWatchers = 0;

  const showLocally = (path: string) => {
    store.getState().show(path);
    // Replace, never push: the shell's history is the only one; back and forward go through it.
    if (path !== here()) history.replaceState(history.state, '', path);
  };

  const follow = (locale: Locale) => {
    if (locale !== currentLocale()) void changeLocale(locale);
  };

  const onMessage = (message: ShellToFrameMessage) => {
    const state = store.getState();
    switch (message.type) {
      case 'welcome':
      case 'state':
        state.setShared(message);
        follow(message.locale);
        if (message.type === 'welcome') {
          showLocally(message.path);
          // A shell that welcomes again has forgotten what this frame asked of it.
          if (layoutWatchers > 0) bridge?.post({ type: 'watchLayout', watching: true });
        }
        return;
      case 'navigate':
        showLocally(message.path);
        return;
      case 'reload':
        state.reload(message.path);
        return;
      case 'logout':
        state.signOut();
        // Nothing the last user was allowed to read stays behind for the next one.
        queryClient.clear();
        return;
      case 'layout': {
        const { frame, inner, outer, visible, covered } = message;
        state.setLayout({ frame, inner, outer, visible, covered });
        return;
      }
    }
  };

  if (framed && identity) {
    bridge = createFrameBridge({ window, app, shellOrigin: identity.shellOrigin, onMessage });
  }
  // Keys never reach the shell from a frame: a bare Esc is told, for the shell to leave a full-screen page.
  const onKeyDown = (event: KeyboardEvent) => {
    if (isBareEscape(event)) bridge?.post({ type: 'escape' });
  };
  if (bridge) window.addEventListener('keydown', onKeyDown);

  const sessionEnded = (statusCode: number) => {
    const code = statusCode as SessionEndedMessage['statusCode'];
    if (bridge?.post({ type: 'sessionEnded', statusCode: code })) return Promise.resolve(false);
    showMessage('FAIL', i18n.t('contract:session.ended'));
    return Promise.resolve(false);
  };

  const runtime: SubAppRuntime = {
    app,
    framed,
    store,
    queryClient,
    http: createHttpClient({
      baseUrl,
      getToken: readToken,
      getPagePath: () => pathnameOf(store.getState().path),
      getLocale: currentLocale,
      handlers: {
        showMessage,
        clearSession: clearSessionCookies,
        confirmLoggedOut: sessionEnded,
        // Never asked for: the frame answers the box with "stay"; 重新登录 is the shell's to do.
        relogin: () => undefined,
        clearLicenceCookie,
        navigate: (path) => runtime.navigate(path),
      },
    }),
    navigate(path, options = {}) {
      const replace = options.replace ?? false;
      const title = routeTitle(path, store.getState().locale);
      if (subAppForPath(path) === app) showLocally(path);
      else if (!bridge) location.assign(path);
      bridge?.post({ type: 'navigated', path, title, replace });
    },
    setTitle(path, title) {
      bridge?.post({ type: 'title', path, title });
    },
    answerAlarm: (devId, alarmId) => bridge?.post({ type: 'answerAlarm', devId, alarmId }) ?? false,
    startPlugin: () => bridge?.post({ type: 'startPlugin' }) ?? false,
    watchLayout() {
      layoutWatchers += 1;
      if (layoutWatchers === 1) bridge?.post({ type: 'watchLayout', watching: true });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        layoutWatchers -= 1;
        if (layoutWatchers === 0) bridge?.post({ type: 'watchLayout', watching: false });
      };
    },
    dispose: () => {
      window.removeEventListener('keydown', onKeyDown);
      bridge?.dispose();
    },
  };

  bridge?.post({ type: 'ready', path: here() });
  return runtime;
}
