import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerAlarmMessageSchema, BRIDGE_VERSION } from '@cityops/contract';
import { clearSessionCookies, writeSessionCookies } from '@cityops/client';
import { initI18n, i18n } from '@cityops/ui';
import { permissionsQuery } from './queries.js';
import { createRuntime } from './runtime.js';
import { lightTheme } from './frameStore.js';
import { SHELL_ORIGIN, testWindow } from './test/frameWindow.js';

const fromShell = { source: 'cityops-shell', version: BRIDGE_VERSION, app: 'iotcloud' } as const;
const welcome = (path: string) => ({
  ...fromShell,
  type: 'welcome',
  path,
  userId: 1,
  locale: 'zh-CN',
  theme: lightTheme,
  tabs: [
    { code: 'home', path: '/', title: '首页' },
    { code: 'plan', path: '/iotcloud/iot/lamp/plan', title: '单灯计划' },
    { code: 'playReal', path: '/iotcloud/iot/videoMonitor/playReal', title: '实时预览' },
    { code: 'alarmList', path: '/omapp/assets/alarmManagement/alarmList', title: '告警列表' },
  ],
});
const envelope = (status_code: number, data: unknown = null) =>
  new Response(JSON.stringify({ status_code, message: '', data }), {
    headers: { 'content-type': 'application/json' },
  });

beforeAll(async () => {
  await initI18n('zh-CN');
});

afterEach(() => {
  document.body.replaceChildren();
  clearSessionCookies();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the sub-app runtime', () => {
  it('says ready with its path, then shows what the shell welcomes it with, by replacing its URL', () => {
    const frame = testWindow('iotcloud', '/iotcloud/iot/lamp/plan');
    const runtime = createRuntime({ app: 'iotcloud', window: frame.window, baseUrl: '/api' });
    expect(runtime.framed).toBe(true);
    expect(frame.posted()).toEqual([
      {
        source: 'cityops-subapp',
        version: BRIDGE_VERSION,
        app: 'iotcloud',
        type: 'ready',
        path: '/iotcloud/iot/lamp/plan',
      },
    ]);
    frame.deliver(welcome('/iotcloud/iot/videoMonitor/playReal?camera=hik-cam-01'));
    const state = runtime.store.getState();
    expect(state.path).toBe('/iotcloud/iot/videoMonitor/playReal?camera=hik-cam-01');
    // Only this app's tabs are its business.
    expect(state.tabs.map((tab) => tab.code)).toEqual(['plan', 'playReal']);
    expect(frame.history.replaceState).toHaveBeenCalledWith(
      null,
      '',
      '/iotcloud/iot/videoMonitor/playReal?camera=hik-cam-01',
    );
    expect(frame.history.pushState).not.toHaveBeenCalled();
  });

  it('follows navigate, state, reload and logout from the shell, forgetting every cached answer at logout', async () => {
    const frame = testWindow('iotcloud', '/iotcloud/iot/lamp/plan');
    const runtime = createRuntime({ app: 'iotcloud', window: frame.window, baseUrl: '/api' });
    frame.deliver(welcome('/iotcloud/iot/lamp/plan'));
    frame.deliver({
      ...fromShell,
      type: 'navigate',
      path: '/iotcloud/iot/videoMonitor/playReal',
      replace: true,
    });
    expect(runtime.store.getState().path).toBe('/iotcloud/iot/videoMonitor/playReal');

    const dark = { mode: 'dark', palette: { '--cityops-page-bg': '#000000' } } as const;
    frame.deliver({ ...fromShell, type: 'state', locale: 'en-US', theme: dark, tabs: [] });
    expect(runtime.store.getState().theme).toEqual(dark);
    await vi.waitFor(() => expect(i18n.language).toBe('en-US'));
    await i18n.changeLanguage('zh-CN');

    frame.deliver({ ...fromShell, type: 'reload', path: '/iotcloud/iot/videoMonitor/playReal' });
    expect(runtime.store.getState().generations).toEqual({ '/iotcloud/iot/videoMonitor/playReal': 1 });

    runtime.queryClient.setQueryData(['session', 'frame-token'], { userId: 2 });
    frame.deliver({ ...fromShell, type: 'logout' });
    expect(runtime.store.getState().signedOut).toBe(true);
    expect(runtime.store.getState().tabs).toEqual([]);
    expect(runtime.queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('keeps where the shell shows the frame (layout), for the video plug-in to place its windows', () => {
    const frame = testWindow('iotcloud', '/iotcloud/iot/videoMonitor/playReal');
    const runtime = createRuntime({ app: 'iotcloud', window: frame.window, baseUrl: '/api' });
    expect(runtime.store.getState().layout).toBeNull();
    const layout = {
      frame: { left: 200, top: 96, width: 1166, height: 672 },
      inner: { width: 1366, height: 768 },
      outer: { width: 1366, height: 853 },
      visible: true,
      covered: false,
    };
    frame.deliver({ ...fromShell, type: 'layout', ...layout });
    expect(runtime.store.getState().layout).toEqual(layout);
    frame.deliver({ ...fromShell, type: 'layout', ...layout, visible: false, covered: true });
    expect(runtime.store.getState().layout).toMatchObject({ visible: false, covered: true });
    // A malformed one changes nothing.
    frame.deliver({ ...fromShell, type: 'layout', ...layout, frame: { left: 'x' } });
    expect(runtime.store.getState().layout).toMatchObject({ visible: false });
  });

  it('asks the shell to start the video plug-in, and says so only when framed', () => {
    const frame = testWindow('iotcloud', '/iotcloud/iot/videoMonitor/playReal');
    const runtime = createRuntime({ app: 'iotcloud', window: frame.window, baseUrl: '/api' });
    expect(runtime.startPlugin()).toBe(true);
    expect(frame.posted().at(-1)).toEqual({
      source: 'cityops-subapp',
      version: BRIDGE_VERSION,
      app: 'iotcloud',
      type: 'startPlugin',
    });
    const alone = testWindow('iotcloud', '/iotcloud/iot/videoMonitor/playReal', { framed: false });
    expect(createRuntime({ app: 'iotcloud', window: alone.window, baseUrl: '/api' }).startPlugin()).toBe(
      false,
    );
  });

  it('tells the shell of a bare Esc, which never reaches it from a frame, until disposed', () => {
    const frame = testWindow('iotcloud', '/iotcloud/iot/alarmbox/monitorReceiver');
    const runtime = createRuntime({ app: 'iotcloud', window: frame.window, baseUrl: '/api' });
    const escapes = () => frame.posted().filter((message) => message.type === 'escape');
    frame.press({ key: 'Escape' });
    expect(escapes()).toEqual([
      { source: 'cityops-subapp', version: BRIDGE_VERSION, app: 'iotcloud', type: 'escape' },
    ]);
    frame.press({ key: 'Escape', ctrlKey: true });
    frame.press({ key: 'Enter' });
    expect(escapes()).toHaveLength(1);
    runtime.dispose();
    frame.press({ key: 'Escape' });
    expect(escapes()).toHaveLength(1);
  });

  it('asks the shell to watch its layout while any page wants it, once, and again after a new welcome', () => {
    const frame = testWindow('iotcloud', '/iotcloud/iot/videoMonitor/playReal');
    const runtime = createRuntime({ app: 'iotcloud', window: frame.window, baseUrl: '/api' });
    const asked = () =>
      frame
        .posted()
        .filter((message) => message.type === 'watchLayout')
        .map((message) => message.watching);
    const first = runtime.watchLayout();
    const second = runtime.watchLayout();
    expect(asked()).toEqual([true]);
    first();
    first();
    expect(asked()).toEqual([true]);
    frame.deliver(welcome('/iotcloud/iot/videoMonitor/playReal'));
    expect(asked()).toEqual([true, true]);
    second();
    expect(asked()).toEqual([true, true, false]);
    frame.deliver(welcome('/iotcloud/iot/videoMonitor/playReal'));
    expect(asked()).toEqual([true, true, false]);
  });

  it('ignores messages from another origin, another window, for another app, or malformed', () => {
    const frame = testWindow('iotcloud', '/iotcloud/iot/lamp/plan');
    const runtime = createRuntime({ app: 'iotcloud', window: frame.window, baseUrl: '/api' });
    const navigate = {
      ...fromShell,
      type: 'navigate',
      path: '/iotcloud/iot/videoMonitor/playReal',
      replace: true,
    };
    frame.deliver(navigate, 'http://evil.example:8080');
    frame.deliver(navigate, SHELL_ORIGIN, null);
    frame.deliver({ ...navigate, app: 'omapp' });
    frame.deliver({ ...navigate, path: '//evil.example/x' });
    frame.deliver('navigate');
    expect(runtime.store.getState().path).toBe('/iotcloud/iot/lamp/plan');
  });

  it('moves within its app in place and tells the shell; another app is the shell to open', () => {
    const frame = testWindow('iotcloud', '/iotcloud/iot/lamp/plan');
    const runtime = createRuntime({ app: 'iotcloud', window: frame.window, baseUrl: '/api' });
    runtime.navigate('/iotcloud/iot/videoMonitor/playBack');
    expect(runtime.store.getState().path).toBe('/iotcloud/iot/videoMonitor/playBack');
    expect(frame.history.pushState).not.toHaveBeenCalled();
    runtime.navigate('/omapp/assets/alarmManagement/alarmList', { replace: true });
    expect(runtime.store.getState().path).toBe('/iotcloud/iot/videoMonitor/playBack');
    expect(frame.posted().slice(1)).toMatchObject([
      { type: 'navigated', path: '/iotcloud/iot/videoMonitor/playBack', title: '录像回放', replace: false },
      {
        type: 'navigated',
        path: '/omapp/assets/alarmManagement/alarmList',
        title: '告警列表',
        replace: true,
      },
    ]);
    runtime.setTitle('/iotcloud/iot/videoMonitor/playBack', '回放：人民路口');
    expect(frame.posted().at(-1)).toMatchObject({ type: 'title', title: '回放：人民路口' });
  });

  it('hands a session-ended answer to the shell, once, and stays on the page', async () => {
    writeSessionCookies('frame-token', 1);
    const fetchMock = vi.fn(async () => envelope(10401));
    vi.stubGlobal('fetch', fetchMock);
    const frame = testWindow('iotcloud', '/iotcloud/iot/lamp/plan');
    const runtime = createRuntime({ app: 'iotcloud', window: frame.window, baseUrl: '/api' });
    await expect(
      runtime.queryClient.fetchQuery(permissionsQuery(runtime.http, 'frame-token')),
    ).rejects.toThrow();
    expect(frame.posted().filter((message) => message.type === 'sessionEnded')).toEqual([
      {
        source: 'cityops-subapp',
        version: BRIDGE_VERSION,
        app: 'iotcloud',
        type: 'sessionEnded',
        statusCode: 10401,
      },
    ]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^\/api\/user\/queryUserPermissions/);
    expect(new Headers(init.headers).get('Access-Token')).toBe('frame-token');
  });

  it("asks the shell's alarm receiver to answer a call or call a box, with a valid bridge message", () => {
    const frame = testWindow('iotcloud', '/iotcloud/iot/alarmbox/monitor');
    const runtime = createRuntime({ app: 'iotcloud', window: frame.window, baseUrl: '/api' });
    expect(runtime.answerAlarm(7, 31)).toBe(true);
    expect(runtime.answerAlarm(8, null)).toBe(true);
    const asked = frame.posted().filter((message) => message.type === 'answerAlarm');
    expect(asked).toEqual([
      {
        source: 'cityops-subapp',
        version: BRIDGE_VERSION,
        app: 'iotcloud',
        type: 'answerAlarm',
        devId: 7,
        alarmId: 31,
      },
      {
        source: 'cityops-subapp',
        version: BRIDGE_VERSION,
        app: 'iotcloud',
        type: 'answerAlarm',
        devId: 8,
        alarmId: null,
      },
    ]);
    for (const message of asked) expect(answerAlarmMessageSchema.safeParse(message).success).toBe(true);
    const alone = testWindow('iotcloud', '/iotcloud/iot/alarmbox/monitor', { framed: false });
    expect(createRuntime({ app: 'iotcloud', window: alone.window, baseUrl: '/api' }).answerAlarm(7, 31)).toBe(
      false,
    );
  });

  it('is not framed without a CityOps frame name, or with one for another host', () => {
    const alone = testWindow('iotcloud', '/iotcloud/iot/lamp/plan', { framed: false });
    expect(createRuntime({ app: 'iotcloud', window: alone.window, baseUrl: '/api' }).framed).toBe(false);
    const foreign = testWindow('iotcloud', '/iotcloud/iot/lamp/plan', {
      name: 'cityops-frame|iotcloud|http://evil.example:8080',
    });
    const runtime = createRuntime({ app: 'iotcloud', window: foreign.window, baseUrl: '/api' });
    expect(runtime.framed).toBe(false);
    expect(foreign.posted()).toEqual([]);
  });
});
