import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRIDGE_VERSION, findRouteByPath, type PermissionItem, type SubApp } from '@cityops/contract';
import { readToken, writeSessionCookies } from '@cityops/client';
import { initI18n } from '@cityops/ui';
import { adminSession, mockApi, ok } from '../../test/api';
import { renderRoutesAt } from '../../test/renderRoutes';
import { useTabs } from '../tabs/tabStore';
import { useFrameStatus } from './frameStatus';
import { FRAME_LAYOUT_POLL_MS } from './frameLayout';

const ORIGIN = { iotcloud: 'http://localhost:10202', omapp: 'http://localhost:10302' } as const;

beforeAll(async () => {
  await initI18n('zh-CN');
});

afterEach(() => {
  useTabs.getState().reset();
  useFrameStatus.setState({ status: {}, attempts: {}, titles: {} });
});

const page = (id: number, path: string, name: string): PermissionItem => ({
  id,
  parentId: 1,
  type: 2,
  code: findRouteByPath(path)?.code ?? '',
  name,
  url: path,
  sortNum: id,
  icon: '',
  level: 2,
});
const user = {
  ...adminSession,
  menus: [
    { ...page(1, '', '物联网平台'), parentId: 0, type: 0, code: 'iotcloud', url: '', level: 1 },
    page(2, '/iotcloud/iot/lamp/plan', '单灯计划'),
    page(3, '/iotcloud/iot/lamp/lightingStuation', '亮灯情况'),
  ],
};

function renderAt(path: string) {
  writeSessionCookies('token-admin', 1);
  mockApi({ '/api/user/queryUserPermissions': () => ok(user) });
  return renderRoutesAt(path);
}

async function frameOf(app: 'iotcloud' | 'omapp') {
  // The first render of a file loads the lazy routes: on a busy machine that takes more than 1 s.
  await vi.waitFor(() => expect(document.querySelector(`div[data-subapp="${app}"] iframe`)).toBeTruthy(), {
    timeout: 10_000,
  });
  const iframe = document.querySelector<HTMLIFrameElement>(`div[data-subapp="${app}"] iframe`);
  const frameWindow = iframe?.contentWindow;
  if (!frameWindow) throw new Error('no frame window');
  const posted = vi.spyOn(frameWindow, 'postMessage').mockImplementation(() => undefined);
  /** The frame posting to the shell. */
  const say = (message: object, origin: string = ORIGIN[app], source: Window = frameWindow) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { source: 'cityops-subapp', version: BRIDGE_VERSION, app: app as SubApp, ...message },
          origin,
          source,
        }),
      );
    });
  const sent = () =>
    posted.mock.calls.map(([message, target]) => ({ message: message as { type: string }, target }));
  return { iframe, say, sent };
}

describe('the frame container', () => {
  it('welcomes a ready frame with the page, theme, locale and tabs, at its exact origin', async () => {
    renderAt('/iotcloud/iot/lamp/plan');
    const frame = await frameOf('iotcloud');
    expect(frame.iframe?.closest('[data-status]')?.getAttribute('data-status')).toBe('loading');
    await frame.say({ type: 'ready', path: '/iotcloud/iot/lamp/plan' });
    expect(frame.iframe?.closest('[data-status]')?.getAttribute('data-status')).toBe('ready');
    const [welcome] = frame.sent();
    expect(welcome?.target).toBe(ORIGIN.iotcloud);
    expect(welcome?.message).toMatchObject({
      type: 'welcome',
      path: '/iotcloud/iot/lamp/plan',
      userId: user.userId,
      locale: 'zh-CN',
      theme: { mode: 'light' },
      tabs: [
        { code: 'home', path: '/' },
        { path: '/iotcloud/iot/lamp/plan', title: '单灯计划' },
      ],
    });
  });

  it('tells a ready frame where it sits, again when it is hidden, and while it watches when a shell dialog covers it', async () => {
    const router = renderAt('/iotcloud/iot/lamp/plan');
    const frame = await frameOf('iotcloud');
    await frame.say({ type: 'ready', path: '/iotcloud/iot/lamp/plan' });
    const layouts = () =>
      frame
        .sent()
        .map(({ message }) => message)
        .filter((message) => message.type === 'layout');
    expect(layouts()).toEqual([
      expect.objectContaining({
        type: 'layout',
        frame: { left: 0, top: 0, width: 0, height: 0 },
        inner: { width: window.innerWidth, height: window.innerHeight },
        visible: true,
        covered: false,
      }),
    ]);
    // Another page in view: the frame is told it is hidden.
    await act(() => router.navigate('/'));
    await vi.waitFor(() => expect(layouts().at(-1)).toMatchObject({ visible: false }));
    await act(() => router.navigate('/iotcloud/iot/lamp/plan'));
    await vi.waitFor(() => expect(layouts().at(-1)).toMatchObject({ visible: true, covered: false }));
    // A shell dialog's mask over the frames: seen only while the frame watches its layout.
    const mask = document.createElement('div');
    mask.className = 'ant-modal-mask';
    mask.getClientRects = () => [DOMRect.fromRect({ width: 10, height: 10 })] as unknown as DOMRectList;
    const told = layouts().length;
    document.body.append(mask);
    await new Promise((resolve) => setTimeout(resolve, FRAME_LAYOUT_POLL_MS * 3));
    expect(layouts()).toHaveLength(told);
    await frame.say({ type: 'watchLayout', watching: true });
    await vi.waitFor(() => expect(layouts().at(-1)).toMatchObject({ covered: true }));
    mask.remove();
    await vi.waitFor(() => expect(layouts().at(-1)).toMatchObject({ covered: false }));
    // Watching no more: the shell stops looking.
    await frame.say({ type: 'watchLayout', watching: false });
    const afterwards = layouts().length;
    document.body.append(mask);
    await new Promise((resolve) => setTimeout(resolve, FRAME_LAYOUT_POLL_MS * 3));
    expect(layouts()).toHaveLength(afterwards);
    mask.remove();
  });

  it('starts the video plug-in by its URL scheme from the top window when a frame asks', async () => {
    renderAt('/iotcloud/iot/lamp/plan');
    const frame = await frameOf('iotcloud');
    await frame.say({ type: 'ready', path: '/iotcloud/iot/lamp/plan' });
    await frame.say({ type: 'startPlugin' });
    const launcher = document.querySelector('iframe[src="cityops-plugin://start"]');
    expect(launcher?.getAttribute('aria-hidden')).toBe('true');
  });

  it('follows a navigation made inside the frame, and shows the title the frame gives its tab', async () => {
    const router = renderAt('/iotcloud/iot/lamp/plan');
    const frame = await frameOf('iotcloud');
    await frame.say({ type: 'ready', path: '/iotcloud/iot/lamp/plan' });
    await frame.say({
      type: 'navigated',
      path: '/iotcloud/iot/lamp/lightingStuation',
      title: '',
      replace: false,
    });
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/iotcloud/iot/lamp/lightingStuation'),
    );
    // The frame already shows it: the shell does not send it back.
    expect(frame.sent().filter(({ message }) => message.type === 'navigate')).toEqual([]);
    await frame.say({ type: 'title', path: '/iotcloud/iot/lamp/lightingStuation', title: '亮灯情况：东区' });
    expect(await screen.findByRole('tab', { name: '亮灯情况：东区' })).toBeTruthy();
  });

  it('sends the shell’s own navigation to the frame in view', async () => {
    const router = renderAt('/iotcloud/iot/lamp/plan');
    const frame = await frameOf('iotcloud');
    await frame.say({ type: 'ready', path: '/iotcloud/iot/lamp/plan' });
    await act(() => router.navigate('/iotcloud/iot/lamp/lightingStuation'));
    await vi.waitFor(() =>
      expect(frame.sent().map(({ message }) => message)).toContainEqual(
        expect.objectContaining({ type: 'navigate', path: '/iotcloud/iot/lamp/lightingStuation' }),
      ),
    );
  });

  it('ignores a message from another origin or another window', async () => {
    const router = renderAt('/iotcloud/iot/lamp/plan');
    const frame = await frameOf('iotcloud');
    const navigated = {
      type: 'navigated',
      path: '/iotcloud/iot/lamp/lightingStuation',
      title: '',
      replace: false,
    };
    await frame.say(navigated, 'http://evil.example:10202');
    await frame.say(navigated, ORIGIN.iotcloud, window);
    await frame.say({ ...navigated, app: 'omapp' });
    expect(router.state.location.pathname).toBe('/iotcloud/iot/lamp/plan');
  });

  it('opens the one 确定登出 box when a frame reports the session ended', async () => {
    renderAt('/iotcloud/iot/lamp/plan');
    const frame = await frameOf('iotcloud');
    await frame.say({ type: 'sessionEnded', statusCode: 10401 });
    await frame.say({ type: 'sessionEnded', statusCode: 10401 });
    await screen.findByRole('dialog');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog').textContent).toContain('确定登出');
    expect(readToken()).toBeNull();
  });

  it('answers a call when a frame posts answerAlarm, exactly as a notice does', async () => {
    writeSessionCookies('token-admin', 1);
    const receiverUser = {
      ...user,
      menus: [...user.menus, page(4, '/iotcloud/iot/alarmbox/monitorReceiver', '报警接听')],
    };
    const api = mockApi({
      '/api/user/queryUserPermissions': () => ok(receiverUser),
      '/api/onKeyAlarm/real/updateAlarmPeople': () => ({
        status_code: 10404,
        message: 'alarmbox.ended',
        data: null,
      }),
    });
    renderRoutesAt('/iotcloud/iot/lamp/plan');
    const frame = await frameOf('iotcloud');
    await frame.say({ type: 'answerAlarm', devId: 101, alarmId: 5 });
    await vi.waitFor(() =>
      expect(api.sentTo('/api/onKeyAlarm/real/updateAlarmPeople')).toEqual([
        { alarmId: [5], devId: [101], interfaceType: 1 },
      ]),
    );
  });

  it('shows an error with a retry when the frame never says ready, and retries with a new frame', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderAt('/iotcloud/iot/lamp/plan');
      const frame = await frameOf('iotcloud');
      await act(() => vi.advanceTimersByTimeAsync(21_000));
      expect(await screen.findByText('物联网平台没有响应')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: '重试' }));
      await vi.waitFor(() =>
        expect(document.querySelector('div[data-subapp="iotcloud"] iframe')).not.toBe(frame.iframe),
      );
      expect(screen.queryByText('物联网平台没有响应')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
