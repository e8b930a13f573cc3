import { privateDecrypt, constants } from 'node:crypto';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Activity } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformInfo, PluginRequest, VideoDevice } from '@cityops/contract';
import { FeedbackHost } from '@cityops/ui';
import { discoverPlugin } from './client.js';
import { PluginPlayer, type PluginConnect, type PluginPlayerProps } from './PluginPlayer.js';
import type { TrackedWindow } from './tracker.js';
import {
  FAKE_PRIVATE_KEY,
  FAKE_PUBLIC_KEY,
  nodeSocket,
  startFakePlugin,
  type FakePlugin,
  type FakePluginOptions,
} from './test/fakePlugin.js';

// The plug-in is an outside program: a real websocket server in the test process stands in for it
// (test/fakePlugin.ts), and answers as the test says. The player, its client and its crypto are real.

const cameras = (count: number): VideoDevice[] =>
  Array.from({ length: count }, (_, i) => ({ controlCode: `hik-cam-0${i + 1}`, devName: `摄像机${i + 1}` }));
const platformInfo: PlatformInfo = { appKey: 'key-1', appSecret: 'secret-1', appHost: '127.0.0.1:9443' };

let plugins: FakePlugin[] = [];
const fake = async (options: FakePluginOptions = {}) => {
  const plugin = await startFakePlugin(options);
  plugins.push(plugin);
  return plugin;
};

/** Answers as the real plug-in would, for the methods whose data the page reads. */
const goodAnswers = (request: PluginRequest) => {
  if (request.method === 'getPublicKey') return { code: 0, msg: '', data: { publicKey: FAKE_PUBLIC_KEY } };
  if (request.method === 'window.create') return { code: 0, msg: '', data: { controlId: 'control-1' } };
  if (request.method === 'snapshot') return { code: 0, msg: '', data: { path: '/tmp/snap-1.jpg' } };
  if (request.method === 'record.stop') return { code: 0, msg: '', data: { path: '/tmp/rec-1.mp4' } };
  return undefined;
};

// jsdom lays nothing out: the container gets a rectangle, and animation frames are timers.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 300, y: 50, width: 640, height: 360 }),
  );
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(plugins.map((plugin) => plugin.close()));
  plugins = [];
});

const testWindow = (): TrackedWindow => ({
  screenX: 0,
  screenY: 0,
  devicePixelRatio: 1,
  innerWidth: 1366,
  innerHeight: 768,
  outerWidth: 1366,
  outerHeight: 768,
  requestAnimationFrame: (callback) => window.setTimeout(() => callback(0), 4),
  cancelAnimationFrame: (handle) => window.clearTimeout(handle),
  document: {
    hidden: false,
    elementFromPoint: () => document.querySelector('[data-testid="plugin-container"]'),
  },
});

function setup(props: Partial<PluginPlayerProps> & { plugin?: FakePlugin }) {
  const onNavigate = vi.fn();
  const getPlatformInfo = vi.fn(() => Promise.resolve(platformInfo));
  const launch = vi.fn();
  const connect: PluginConnect = {
    discover: (options) =>
      props.plugin
        ? discoverPlugin({ ...options, socket: nodeSocket, ports: [props.plugin.port] })
        : Promise.resolve(null),
    launch,
    timing: { startRetryMs: 300 },
  };
  const view = render(
    <>
      <FeedbackHost />
      <PluginPlayer
        mode="live"
        devices={[]}
        platform={{ getPlatformInfo }}
        onNavigate={onNavigate}
        html5Path="/iotcloud/iot/videoMonitor/playRealWeb"
        connect={connect}
        win={testWindow()}
        {...props}
      />
    </>,
  );
  return { ...view, onNavigate, getPlatformInfo, launch };
}

/** A live player on the fake plug-in at `plugin`, for tests that render it again with other props. */
const livePlayer = (plugin: FakePlugin, devices: VideoDevice[]) => (
  <PluginPlayer
    mode="live"
    devices={devices}
    platform={{ getPlatformInfo: () => Promise.resolve(platformInfo) }}
    onNavigate={() => undefined}
    html5Path="/iotcloud/iot/videoMonitor/playRealWeb"
    connect={{
      discover: (options) => discoverPlugin({ ...options, socket: nodeSocket, ports: [plugin.port] }),
      launch: () => undefined,
    }}
    win={testWindow()}
  />
);

const requestsOf = (plugin: FakePlugin, method: PluginRequest['method']) =>
  plugin.requests.filter((request) => request.method === method);
const decrypt = (value: string) =>
  privateDecrypt(
    { key: FAKE_PRIVATE_KEY, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(value, 'base64'),
  ).toString();

describe('PluginPlayer without a plug-in', () => {
  it('starts it, shows each of the 3 tries, then says how to get it, the HTML5 page one click away', async () => {
    const { launch, onNavigate } = setup({});
    const wait = await screen.findByRole('status');
    expect(within(wait).getByText('插件未启动，正在尝试启动，请稍候...')).toBeTruthy();
    for (const n of [1, 2, 3])
      expect(await within(wait).findByText(`第 ${n} 次尝试，共 3 次`, {}, { timeout: 5000 })).toBeTruthy();
    expect(
      (await screen.findAllByText('插件启动失败，请检查插件是否安装！', {}, { timeout: 5000 })).length,
    ).toBeGreaterThan(0);
    // Started by its URL scheme once: a browser refuses a second start without a click.
    expect(launch).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('plugin-player').dataset.phase).toBe('absent');
    fireEvent.click(screen.getByRole('button', { name: '改用网页播放' }));
    expect(onNavigate).toHaveBeenCalledWith('/iotcloud/iot/videoMonitor/playRealWeb');
    fireEvent.click(screen.getAllByRole('link', { name: '插件管理' })[0] as HTMLElement);
    expect(onNavigate).toHaveBeenCalledWith('/plug');
    // 启动插件 is a click: the start by URL scheme the browser allows again.
    fireEvent.click(screen.getByRole('button', { name: '启动插件' }));
    expect(launch).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.getByTestId('plugin-player').dataset.phase).toBe('starting'));
    await waitFor(() => expect(screen.getByTestId('plugin-player').dataset.phase).toBe('absent'), {
      timeout: 5000,
    });
    // The click started it; its tries only looked.
    expect(launch).toHaveBeenCalledTimes(2);
  });

  it('offers the web player while it still tries', async () => {
    const { onNavigate } = setup({});
    const wait = await screen.findByRole('status');
    fireEvent.click(within(wait).getByRole('button', { name: '改用网页播放' }));
    expect(onNavigate).toHaveBeenCalledWith('/iotcloud/iot/videoMonitor/playRealWeb');
  });
});

describe('PluginPlayer with the plug-in', () => {
  it('creates the grid with the encrypted secret and plays the cameras; leaving destroys it', async () => {
    const plugin = await fake({ answer: goodAnswers });
    const view = setup({ plugin, devices: cameras(4) });
    await waitFor(() => expect(requestsOf(plugin, 'realmonitor')).toHaveLength(1));
    expect(plugin.methods().slice(0, 5)).toEqual(['hello', 'getPublicKey', 'window.create', 'init', 'stop']);
    expect(requestsOf(plugin, 'window.create')[0]?.params).toEqual({
      rect: { left: 300, top: 50, width: 640, height: 360 },
      wndCount: 4,
    });
    const init = requestsOf(plugin, 'init')[0]?.params as Record<string, unknown>;
    expect(init).toMatchObject({
      controlId: 'control-1',
      appKey: 'key-1',
      host: '127.0.0.1:9443',
      https: false,
    });
    expect(decrypt(String(init.appSecret))).toBe('secret-1');
    expect(decrypt(String(init.timeSecret))).toBe(String(init.time));
    const play = requestsOf(plugin, 'realmonitor')[0]?.params as { camList: unknown[] };
    expect(play.camList).toHaveLength(4);
    expect(play.camList[3]).toEqual({
      cameraIndexCode: 'hik-cam-04',
      recordLocation: 0,
      transMode: 1,
      gpuMode: 0,
      wndId: 4,
      streamMode: 0,
    });
    expect(screen.getByTestId('plugin-player').dataset.phase).toBe('ready');

    fireEvent.click(screen.getByRole('button', { name: '抓图' }));
    expect(await screen.findByText('抓图已保存到 /tmp/snap-1.jpg')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '开始本地录像' }));
    fireEvent.click(await screen.findByRole('button', { name: '停止本地录像' }));
    expect(await screen.findByText('本地录像已存到 /tmp/rec-1.mp4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '开启对讲' }));
    expect(await screen.findByText('开启当前对讲操作成功')).toBeTruthy();
    expect(requestsOf(plugin, 'talk')[0]?.params).toEqual({ controlId: 'control-1', wndId: 1, on: true });
    // The second window, stopped alone.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '选择窗口' }));
    fireEvent.click(await screen.findByTitle('窗口2'));
    fireEvent.click(screen.getByRole('button', { name: '停止' }));
    await waitFor(() =>
      expect(requestsOf(plugin, 'stop').at(-1)?.params).toEqual({ controlId: 'control-1', wndId: 2 }),
    );

    view.unmount();
    await waitFor(() => expect(requestsOf(plugin, 'window.destroy')).toHaveLength(1));
  });

  it('plays only the latest choice when cameras are ticked in a row', async () => {
    const plugin = await fake({ answer: goodAnswers });
    const player = (count: number) => livePlayer(plugin, cameras(count));
    const view = render(player(1));
    await waitFor(() => expect(requestsOf(plugin, 'realmonitor')).toHaveLength(1));
    // Three more ticks before the plug-in has answered any of them.
    view.rerender(player(2));
    view.rerender(player(3));
    view.rerender(player(4));
    // The second play is the fourth choice: the second and third were never played.
    await waitFor(() => expect(requestsOf(plugin, 'realmonitor')).toHaveLength(2));
    const latest = requestsOf(plugin, 'realmonitor')[1]?.params as { camList: unknown[] };
    expect(latest.camList).toHaveLength(4);
    view.unmount();
  });

  it('hides the grid while its kept-alive page is hidden, shows it again after, and keeps the connection and the playing', async () => {
    const plugin = await fake({ answer: goodAnswers });
    const player = (mode: 'visible' | 'hidden') => (
      // A new list of the same cameras at every render, as a page coming back renders it.
      <Activity mode={mode}>{livePlayer(plugin, cameras(2))}</Activity>
    );
    const view = render(player('visible'));
    await waitFor(() => expect(requestsOf(plugin, 'realmonitor')).toHaveLength(1));
    view.rerender(player('hidden'));
    await waitFor(() => expect(requestsOf(plugin, 'window.hide')).toHaveLength(1));
    view.rerender(player('visible'));
    await waitFor(() => expect(requestsOf(plugin, 'window.show')).toHaveLength(1));
    // The same cameras keep playing: no stop and no second realmonitor (each would blank every window).
    expect(requestsOf(plugin, 'stop')).toHaveLength(1);
    expect(requestsOf(plugin, 'realmonitor')).toHaveLength(1);
    expect(requestsOf(plugin, 'window.destroy')).toHaveLength(0);
    expect(requestsOf(plugin, 'hello')).toHaveLength(1);
    expect(requestsOf(plugin, 'window.create')).toHaveLength(1);
    view.unmount();
    await waitFor(() => expect(requestsOf(plugin, 'window.destroy')).toHaveLength(1));
  });

  it('destroys the grid when the kept-alive page is closed while hidden', async () => {
    const plugin = await fake({ answer: goodAnswers });
    const view = render(<Activity mode="visible">{livePlayer(plugin, cameras(2))}</Activity>);
    await waitFor(() => expect(requestsOf(plugin, 'realmonitor')).toHaveLength(1));
    view.rerender(<Activity mode="hidden">{livePlayer(plugin, cameras(2))}</Activity>);
    await waitFor(() => expect(requestsOf(plugin, 'window.hide')).toHaveLength(1));
    // Its tab closes: React runs no cleanup for a hidden page, yet its windows must not stay behind.
    view.unmount();
    await waitFor(() => expect(requestsOf(plugin, 'window.destroy')).toHaveLength(1));
  });

  it('shows a refusal’s msg, and the spec’s text when a refusal says nothing', async () => {
    const plugin = await fake({
      answer: (request) =>
        request.method === 'window.create' ? { code: 5, msg: '本机无法创建窗口' } : goodAnswers(request),
    });
    setup({ plugin, devices: cameras(1) });
    expect(await screen.findByText('本机无法创建窗口')).toBeTruthy();
    expect(requestsOf(plugin, 'init')).toHaveLength(0);
  });

  it.each([
    ['init', { code: 4, msg: '' }, '初始化URL异常'],
    ['init', { code: 3, msg: '' }, '设备初始化失败'],
    ['getPublicKey', { code: 1, msg: '' }, '获取公钥失败…'],
    ['realmonitor', { code: 4, msg: '' }, '播放初始化失败…'],
  ] as const)('%s answered %o shows %s', async (method, answer, text) => {
    const plugin = await fake({
      answer: (request) => (request.method === method ? answer : goodAnswers(request)),
    });
    setup({ plugin, devices: cameras(1) });
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('says 平台信息初始化失败 without key, secret or host, and 平台信息初始化异常 when the call fails without a word', async () => {
    const plugin = await fake({ answer: goodAnswers });
    const first = setup({ plugin, devices: cameras(1) });
    first.getPlatformInfo.mockResolvedValue({ ...platformInfo, appHost: '' });
    expect(await screen.findByText('平台信息初始化失败')).toBeTruthy();
    expect(requestsOf(plugin, 'window.create')).toHaveLength(0);
    first.unmount();

    const second = setup({
      plugin,
      devices: cameras(1),
      platform: { getPlatformInfo: () => Promise.reject(new Error('')) },
    });
    expect(await screen.findByText('平台信息初始化异常')).toBeTruthy();
    second.unmount();
  });

  it('plays back each camera over its range, in epoch seconds', async () => {
    const plugin = await fake({ answer: goodAnswers });
    const start = new Date(2026, 10, 22, 8, 0, 0).getTime();
    const end = new Date(2026, 10, 22, 12, 0, 0).getTime();
    setup({
      plugin,
      mode: 'playback',
      devices: [{ controlCode: 'hik-cam-06', startTime: start, endTime: end, recordLocation: 1 }],
    });
    await waitFor(() => expect(requestsOf(plugin, 'playback')).toHaveLength(1));
    expect(requestsOf(plugin, 'realmonitor')).toHaveLength(0);
    expect(requestsOf(plugin, 'playback')[0]?.params).toEqual({
      controlId: 'control-1',
      camList: [
        {
          cameraIndexCode: 'hik-cam-06',
          startTimeStamp: start / 1000,
          endTimeStamp: end / 1000,
          playTimeStamp: start / 1000,
          recordLocation: 1,
          transMode: 1,
          gpuMode: 0,
          wndId: 1,
          streamMode: 0,
        },
      ],
    });
  });

  it('checks the play list first (第N个缺失监控的编号)', async () => {
    const plugin = await fake({ answer: goodAnswers });
    setup({ plugin, devices: [...cameras(1), { devName: '无编号' }] });
    expect(await screen.findByText('第2个缺失监控的编号')).toBeTruthy();
    expect(requestsOf(plugin, 'realmonitor')).toHaveLength(0);
  });

  it('says 调起视频插件失败 when the plug-in goes away, with the way back', async () => {
    const plugin = await fake({ answer: goodAnswers });
    setup({ plugin, devices: cameras(1) });
    await waitFor(() => expect(requestsOf(plugin, 'realmonitor')).toHaveLength(1));
    for (const socket of plugin.sockets) socket.close();
    expect((await screen.findAllByText('调起视频插件失败')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('plugin-player').dataset.phase).toBe('gone');
    expect(screen.getByRole('button', { name: '重新连接插件' })).toBeTruthy();
  });
});
