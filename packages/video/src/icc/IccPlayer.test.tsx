import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FeedbackHost } from '@cityops/ui';
import {
  iccPreviewUrlsRequestSchema,
  type IccPlaybackUrlsRequest,
  type IccPreviewUrlsRequest,
  type IccVideoSource,
  type VideoDevice,
} from '../adapters.js';
import { fakeRecorder, fakeStreams, fakeTalk } from '../test/fakes.js';
import { typeTime } from '../test/picker.js';
import { IccPlayer, type IccPlayerProps } from './IccPlayer.js';

const cameras = (n: number): VideoDevice[] =>
  Array.from({ length: n }, (_, i) => ({ controlCode: `cam-${i + 1}`, devName: `摄像机${i + 1}` }));
const urlsFor = (codes: string[]) => Object.fromEntries(codes.map((code) => [code, `ws://icc/${code}.flv`]));

function iccSource(overrides: Partial<IccVideoSource> = {}): IccVideoSource {
  return {
    getPreviewUrls: vi.fn((request: IccPreviewUrlsRequest) => Promise.resolve(urlsFor(request.controlCodes))),
    getPlaybackUrls: vi.fn((request: IccPlaybackUrlsRequest) =>
      Promise.resolve(urlsFor(request.param.map((entry) => entry.controlCode))),
    ),
    getTalkUrl: vi.fn(() => Promise.resolve({ 'cam-1': 'ws://outer/talk|ws://inner/talk' })),
    stopTalk: vi.fn(() => Promise.resolve()),
    ptz: vi.fn(() => Promise.resolve()),
    getPresetPoints: vi.fn(() => Promise.resolve([{ presetPointCode: 2, presetPointName: '大门' }])),
    ...overrides,
  };
}

function setup(props: Partial<IccPlayerProps> = {}) {
  const streams = fakeStreams();
  const talk = fakeTalk();
  const source = props.source ?? iccSource();
  const recorder = fakeRecorder().starter;
  const now = () => new Date(2026, 10, 22, 10).getTime();
  // A fresh client per player, as each frame has its own.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = (more: Partial<IccPlayerProps>) => (
    <QueryClientProvider client={client}>
      <FeedbackHost />
      <IccPlayer
        mode="live"
        devices={cameras(5)}
        streamFactory={streams.factory}
        talkStarter={talk.starter}
        recordingStarter={recorder}
        now={now}
        {...props}
        {...more}
        source={source}
      />
    </QueryClientProvider>
  );
  const view = render(tree({}));
  return { streams, talk, source, rerender: (more: Partial<IccPlayerProps>) => view.rerender(tree(more)) };
}

// getByRole computes the accessible name of every element: far too slow over 25 preset rows in jsdom.
const button = (name: string) => screen.getByLabelText(name, { selector: 'button' });
const flush = () => act(() => Promise.resolve());

describe('ICC player, live', () => {
  it('plays the devices in the square grid of ceil(sqrt(n)), on the sub-stream from four up', async () => {
    const { streams, source } = setup();
    await flush();
    expect(screen.getAllByRole('gridcell')).toHaveLength(9);
    expect(
      iccPreviewUrlsRequestSchema.parse(vi.mocked(source.getPreviewUrls).mock.calls[0]?.[0]).streamType,
    ).toBe(2);
    expect(streams.live()).toHaveLength(5);
  });

  it('goes on with the streams of the cameras that stay when one more is ticked', async () => {
    let asked = 0;
    const source = iccSource({
      getPreviewUrls: vi.fn((request: IccPreviewUrlsRequest) => {
        asked += 1;
        return Promise.resolve(
          Object.fromEntries(request.controlCodes.map((code) => [code, `ws://icc/${code}.flv?ask=${asked}`])),
        );
      }),
    });
    const { streams, rerender } = setup({ source });
    await flush();
    const five = streams.live().map((entry) => entry.url);
    expect(five).toHaveLength(5);

    rerender({ devices: cameras(6) });
    await flush();
    // The five keep their sockets; only the sixth opens one, with the new answer's address.
    expect(streams.live().map((entry) => entry.url)).toEqual([...five, 'ws://icc/cam-6.flv?ask=2']);
    expect(streams.opened).toHaveLength(6);
    // Only the new camera's address was asked for, on the sub-stream of a six-window grid.
    expect(vi.mocked(source.getPreviewUrls).mock.calls[1]?.[0]).toMatchObject({
      controlCodes: ['cam-6'],
      streamType: 2,
    });

    // Down to three windows the main stream replaces the sub-stream: every window starts again.
    rerender({ devices: cameras(3) });
    await flush();
    expect(streams.live().map((entry) => entry.url)).toEqual(
      ['cam-1', 'cam-2', 'cam-3'].map((code) => `ws://icc/${code}.flv?ask=3`),
    );
  });

  it('warns about devices without an address', async () => {
    setup({
      source: iccSource({ getPreviewUrls: () => Promise.resolve(urlsFor(['cam-1', 'cam-2'])) }),
      devices: cameras(3),
    });
    expect(await screen.findByText('设备[cam-3]，无预览地址，无法预览。')).toBeTruthy();
  });

  it('moves while a direction is pressed and stops on release, at speed 4', async () => {
    const { source } = setup();
    await flush();
    fireEvent.mouseDown(button('上'));
    fireEvent.mouseUp(button('上'));
    expect(vi.mocked(source.ptz).mock.calls.map(([request]) => request)).toEqual([
      { action: 'UP', command: 1, controlCode: 'cam-1', platformCode: 'dh_icc_huati', speed: 4 },
      { action: 'UP', command: 0, controlCode: 'cam-1', platformCode: 'dh_icc_huati', speed: 4 },
    ]);
  });

  it('zooms while pressed, and the stop button stops the last direction', async () => {
    const { source } = setup();
    await flush();
    fireEvent.mouseDown(button('变倍+'));
    fireEvent.mouseLeave(button('变倍+'));
    fireEvent.mouseDown(button('左下'));
    fireEvent.click(button('停止转动'));
    expect(vi.mocked(source.ptz).mock.calls.map(([request]) => [request.action, request.command])).toEqual([
      ['ZOOM_IN', 1],
      ['ZOOM_IN', 0],
      ['LEFT_DOWN', 1],
      ['LEFT_DOWN', 0],
    ]);
  });

  it('asks for a playing window before a pan-tilt command', async () => {
    const { source } = setup({ devices: cameras(2) });
    await flush();
    fireEvent.click(screen.getAllByRole('gridcell')[3] as HTMLElement);
    fireEvent.mouseDown(button('右'));
    expect(await screen.findByText('请先选中一个正在播放的窗体')).toBeTruthy();
    expect(source.ptz).not.toHaveBeenCalled();
  });

  it('lists 25 presets named 初始位置N, and reloads them after setting one', async () => {
    const { source } = setup();
    const list = await screen.findByRole('region', { name: '预置点' });
    expect(await within(list).findByText('大门')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    const row = within(list).getByRole('listitem', { name: '初始位置3' });
    fireEvent.click(within(row).getByLabelText('设置预置点', { selector: 'button' }));
    fireEvent.change(within(row).getByLabelText('预置点名称'), { target: { value: '路口' } });
    fireEvent.click(within(row).getByLabelText('设置预置点', { selector: 'button' }));
    await flush();
    expect(vi.mocked(source.ptz).mock.calls.at(-1)?.[0]).toMatchObject({
      action: 'ADD_POINT',
      command: 1,
      presetPointCode: '3',
      presetPointName: '路口',
    });
    await vi.waitFor(() => expect(source.getPresetPoints).toHaveBeenCalledTimes(2));
    expect(vi.mocked(source.getPresetPoints).mock.calls[0]?.[0]).toEqual({
      controlCode: 'cam-1',
      platformCode: 'dh_icc_huati',
    });
  });

  it('goes to and deletes a set preset', async () => {
    const { source } = setup();
    const list = await screen.findByRole('region', { name: '预置点' });
    const row = await within(list).findByRole('listitem', { name: '大门' });
    fireEvent.click(within(row).getByLabelText('调用预置点', { selector: 'button' }));
    fireEvent.click(within(row).getByLabelText('删除预置点', { selector: 'button' }));
    await flush();
    expect(
      vi.mocked(source.ptz).mock.calls.map(([request]) => [request.action, request.presetPointCode]),
    ).toEqual([
      ['PRESET_POINT', '2'],
      ['DEL_POINT', '2'],
    ]);
  });

  it('collapses and expands the panel', async () => {
    setup();
    await flush();
    fireEvent.click(button('收起'));
    expect(screen.queryByRole('tab', { name: '云台控制' })).toBeNull();
    fireEvent.click(button('展开'));
    expect(screen.getByRole('tab', { name: '云台控制' })).toBeTruthy();
  });

  it('has the sound toggle in live view and the talk toggle in talk mode', async () => {
    setup();
    await flush();
    expect(button('打开声音')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '开启对讲' })).toBeNull();
  });
});

describe('ICC player, talk', () => {
  it('talks on the inner path of the answer', async () => {
    const { talk, source } = setup({ talkMode: true });
    await flush();
    fireEvent.click(button('开启对讲'));
    expect(await screen.findByText('开启当前对讲操作成功')).toBeTruthy();
    expect(talk.sessions[0]).toMatchObject({ url: 'ws://inner/talk', sampleRate: 16000 });
    expect(vi.mocked(source.getTalkUrl ?? vi.fn()).mock.calls[0]?.[0]).toMatchObject({
      controlCodes: ['cam-1'],
      talkType: 1,
      audioBit: 16,
      sampleRate: 16000,
    });
    fireEvent.click(button('关闭对讲'));
    expect(await screen.findByText('关闭当前对讲操作成功')).toBeTruthy();
    expect(source.stopTalk).toHaveBeenCalledWith({ controlCodes: ['cam-1'], platformCode: 'dh_icc_huati' });
  });

  it('names the camera the platform gave no talk address for', async () => {
    setup({ talkMode: true, source: iccSource({ getTalkUrl: () => Promise.resolve({}) }) });
    await flush();
    fireEvent.click(button('开启对讲'));
    expect(await screen.findByText('设备[cam-1]，无对讲地址，无法对讲。')).toBeTruthy();
  });

  it('says so when the talk address cannot be read', async () => {
    setup({
      talkMode: true,
      source: iccSource({ getTalkUrl: () => Promise.resolve({ 'cam-1': 'ws://outer-only' }) }),
    });
    await flush();
    fireEvent.click(button('开启对讲'));
    expect(await screen.findByText('对讲地址获取失败，请重试。')).toBeTruthy();
  });
});

describe('ICC player, round-robin', () => {
  it('is disabled without devices', async () => {
    setup({ devices: [] });
    await flush();
    expect(screen.getByRole('tab', { name: '轮播设置' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('checks the interval and resets it to the unit minimum on a unit change', async () => {
    setup();
    await flush();
    fireEvent.click(screen.getByRole('tab', { name: '轮播设置' }));
    const interval = await screen.findByRole('spinbutton', { name: '轮播间隔' });
    expect((interval as HTMLInputElement).value).toBe('10');
    fireEvent.change(interval, { target: { value: '5' } });
    fireEvent.click(screen.getByText('开始轮播'));
    expect(await screen.findByText('范围为10-999秒')).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('时间单位'));
    fireEvent.click(await screen.findByTitle('分'));
    expect((interval as HTMLInputElement).value).toBe('1');
  });

  it('plays the next N devices each tick and starts again when exhausted', async () => {
    vi.useFakeTimers();
    const all = cameras(6);
    const { streams } = setup({ devices: cameras(4), roundRobinDevices: all });
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(screen.getByRole('tab', { name: '轮播设置' }));
    fireEvent.click(screen.getByText('开始轮播'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const playing = () => streams.live().map((entry) => entry.url);
    expect(playing()).toEqual(['cam-1', 'cam-2', 'cam-3', 'cam-4'].map((code) => `ws://icc/${code}.flv`));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(playing()).toEqual(['ws://icc/cam-5.flv', 'ws://icc/cam-6.flv']);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(playing()).toEqual(['cam-1', 'cam-2', 'cam-3', 'cam-4'].map((code) => `ws://icc/${code}.flv`));
    fireEvent.click(screen.getByText('停止轮播'));
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(playing()).toHaveLength(4);
  });
});

describe('ICC player, playback', () => {
  it('has no pan-tilt panel', async () => {
    setup({ mode: 'playback' });
    await flush();
    expect(screen.queryByRole('tab', { name: '云台控制' })).toBeNull();
  });

  it('warns about devices without a playback address', async () => {
    setup({
      mode: 'playback',
      devices: cameras(3),
      source: iccSource({ getPlaybackUrls: () => Promise.resolve(urlsFor(['cam-2'])) }),
    });
    expect(await screen.findByText('设备[cam-1,cam-3]，无回放地址，无法回放。')).toBeTruthy();
  });

  it('refuses a start after the end and asks again for a new start', async () => {
    const device = { controlCode: 'cam-1', startTime: '2026-11-22 08:00:00', endTime: '2026-11-22 09:00:00' };
    const { source } = setup({ mode: 'playback', devices: [device] });
    await flush();
    const picker = screen.getByLabelText('回放开始时间');
    typeTime(picker, '2026-11-22 10:00:00');
    expect(await screen.findByText('开始时间不得大于结束时间')).toBeTruthy();
    expect(source.getPlaybackUrls).toHaveBeenCalledTimes(1);
    typeTime(picker, '2026-11-22 08:30:00');
    await vi.waitFor(() => expect(source.getPlaybackUrls).toHaveBeenCalledTimes(2));
    const request = vi.mocked(source.getPlaybackUrls).mock.calls[1]?.[0];
    expect(Date.parse(request?.param[0]?.startTime ?? '')).toBe(new Date(2026, 10, 22, 8, 30).getTime());
  });
});
