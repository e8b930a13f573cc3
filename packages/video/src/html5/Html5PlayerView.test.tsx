import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FeedbackHost } from '@cityops/ui';
import { PlayerError } from '../errors.js';
import type { PlayItemInput } from '../playList.js';
import { fakeRecorder, fakeStreams, fakeTalk } from '../test/fakes.js';
import { fakeLayout } from '../test/layout.js';
import { typeTime } from '../test/picker.js';
import { Html5PlayerView, type Html5PlayerViewProps } from './Html5PlayerView.js';

const liveList: PlayItemInput[] = [
  { code: 'c1', name: '东门', urls: { realplay: 'ws://h/live/1.flv', talk: 'wss://h/talk/1' } },
  { code: 'c2', name: '西门', urls: { realplay: 'ws://h/live/2.flv', talk: 'wss://h/talk/2' } },
  { code: 'c3', name: '南门', urls: { realplay: 'ws://h/live/3.flv', talk: 'wss://h/talk/3' } },
];

const playbackList: PlayItemInput[] = [
  {
    code: 'c1',
    name: '东门',
    urls: { playback: 'ws://h/playback/1.flv' },
    playback: { startTime: '2026-11-22 08:00:00', endTime: '2026-11-22 18:00:00' },
    segments: [{ beginTime: '2026-11-22 08:00:00', endTime: '2026-11-22 12:00:00' }],
  },
];

function setup(props: Partial<Html5PlayerViewProps> = {}) {
  const streams = fakeStreams();
  const talk = fakeTalk();
  const recorder = fakeRecorder();
  const onPlayOver = vi.fn();
  render(
    <>
      <FeedbackHost />
      <Html5PlayerView
        mode="live"
        playList={liveList}
        streamFactory={streams.factory}
        talkStarter={talk.starter}
        recordingStarter={recorder.starter}
        onPlayOver={onPlayOver}
        {...props}
      />
    </>,
  );
  return { streams, talk, recorder, onPlayOver };
}

const button = (name: string) => screen.getByRole('button', { name });
const windows = () => screen.getAllByRole('gridcell');

describe('HTML5 player, live', () => {
  it('plays each entry in its window, split 2x2 for three entries', () => {
    const { streams } = setup();
    expect(windows()).toHaveLength(4);
    expect(streams.live().map((entry) => entry.url)).toEqual(liveList.map((item) => item.urls?.realplay));
    expect(streams.live().every((entry) => entry.live)).toBe(true);
    expect(windows()[0]?.getAttribute('aria-selected')).toBe('true');
  });

  it('warns with §5’s message for an entry without a live URL and plays nothing', async () => {
    const { streams } = setup({ playList: [liveList[0] ?? {}, { urls: {} }] });
    expect(await screen.findByText('第2个缺失预览URL')).toBeTruthy();
    expect(streams.opened).toHaveLength(0);
  });

  it('stays quiet with no play asked for, and warns 缺失播放列表参数 for a play of an empty list', async () => {
    const { streams } = setup({ playList: null });
    expect(windows().every((cell) => cell.getAttribute('data-playing') === 'false')).toBe(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('缺失播放列表参数')).toBeNull();
    expect(streams.opened).toHaveLength(0);

    setup({ playList: [] });
    expect(await screen.findByText('缺失播放列表参数')).toBeTruthy();
  });

  it('warns 缺失播放模式参数 without a mode', async () => {
    setup({ mode: undefined });
    expect(await screen.findByText('缺失播放模式参数')).toBeTruthy();
  });

  it('changes the split on request', () => {
    setup();
    fireEvent.click(screen.getByText('3x3'));
    expect(windows()).toHaveLength(9);
  });

  it('stops the selected window and emits playOver for it', () => {
    const { streams, onPlayOver } = setup();
    fireEvent.click(windows()[1] as HTMLElement);
    fireEvent.click(button('停止'));
    expect(onPlayOver).toHaveBeenCalledWith(1);
    expect(streams.live().map((entry) => entry.url)).toEqual(['ws://h/live/1.flv', 'ws://h/live/3.flv']);
    expect(windows()[1]?.getAttribute('data-playing')).toBe('false');
  });

  it('stops every window on stop all, with the sound muted again and the volume back at 50', async () => {
    const { streams, onPlayOver } = setup();
    fireEvent.click(button('打开声音'));
    expect(button('关闭声音')).toBeTruthy();
    fireEvent.click(button('音量'));
    const slider = await screen.findByRole('slider', { name: '音量' });
    fireEvent.keyDown(slider, { key: 'ArrowUp', keyCode: 38 });
    expect(button('音量').textContent).toBe('51');
    fireEvent.click(button('全部停止'));
    expect(streams.live()).toHaveLength(0);
    expect(onPlayOver.mock.calls.map(([wnd]) => wnd)).toEqual([0, 1, 2]);
    expect(button('打开声音')).toBeTruthy();
    expect(button('音量').textContent).toBe('50');
  });

  it('starts muted and refuses the volume while no window has sound on', async () => {
    setup();
    fireEvent.click(button('音量'));
    const slider = await screen.findByRole('slider', { name: '音量' });
    fireEvent.keyDown(slider, { key: 'ArrowUp', keyCode: 38 });
    expect(await screen.findByText(/窗口1错误码\[0x12f900010\]/)).toBeTruthy();
    expect(button('音量').textContent).toBe('50');
  });

  it('shows a stream error as 窗口N错误码[code] with its reason, and an unknown code alone', async () => {
    const { streams } = setup();
    act(() => streams.opened[1]?.onError(PlayerError.WEBSOCKET_FAILED));
    expect(await screen.findByText('窗口2错误码[0x12f910000]：websocket连接失败')).toBeTruthy();
    expect(windows()[1]?.getAttribute('data-playing')).toBe('false');
    act(() => streams.opened[2]?.onError('0x12f9ffff0' as typeof PlayerError.WEBSOCKET_FAILED));
    expect(await screen.findByText('窗口3错误码[0x12f9ffff0]')).toBeTruthy();
  });

  it('reports 不在播放状态 for a control on a stopped window', async () => {
    setup();
    fireEvent.click(windows()[3] as HTMLElement);
    fireEvent.click(button('打开声音'));
    expect(await screen.findByText('窗口4错误码[0x12f900002]：不在播放状态')).toBeTruthy();
  });

  it('pauses and resumes the selected live window', () => {
    const { streams } = setup();
    fireEvent.click(button('暂停'));
    expect(streams.opened[0]?.paused).toBe(true);
    fireEvent.click(button('播放'));
    expect(streams.opened[0]?.paused).toBe(false);
  });

  it('talks on the selected window and resets the talk when the stream times out', async () => {
    const { streams, talk } = setup({ talk: true });
    fireEvent.click(button('开启对讲'));
    expect(await screen.findByText('开启当前对讲操作成功')).toBeTruthy();
    expect(talk.sessions[0]).toMatchObject({ url: 'wss://h/talk/1', sampleRate: 16000 });
    expect(button('关闭对讲')).toBeTruthy();
    act(() => streams.opened[0]?.onError(PlayerError.BACKEND_TIMEOUT));
    expect(await screen.findByRole('button', { name: '开启对讲' })).toBeTruthy();
    expect(talk.sessions[0]?.stopped).toBe(true);
  });

  it('hides the microphone when talk is not asked for', () => {
    setup();
    expect(screen.queryByRole('button', { name: '开启对讲' })).toBeNull();
  });

  it('records the selected window as PS and says it is saving on stop', async () => {
    const { recorder } = setup();
    fireEvent.click(button('开始录像'));
    fireEvent.click(await screen.findByText('录像（PS）'));
    expect(recorder.started).toEqual([{ format: 'PS', url: 'ws://h/live/1.flv' }]);
    fireEvent.click(button('停止录像'));
    expect(await screen.findByText('停止录像成功，正在保存...')).toBeTruthy();
    expect(recorder.stop).toHaveBeenCalledTimes(1);
  });

  it('cannot capture before the first frame', async () => {
    setup();
    fireEvent.click(button('抓图'));
    fireEvent.click(await screen.findByText('抓图（BMP）'));
    expect(await screen.findByText('窗口1错误码[0x12f930011]：首帧显示之前无法抓图')).toBeTruthy();
  });

  it('has no rate control in live view', () => {
    setup();
    expect(screen.queryByRole('button', { name: '快放' })).toBeNull();
    expect(screen.queryByRole('slider', { name: '回放时间轴' })).toBeNull();
  });
});

describe('HTML5 player, playback', () => {
  it('plays from the start at 1x with the playback window in the URL', () => {
    const { streams } = setup({ mode: 'playback', playList: playbackList });
    expect(windows()).toHaveLength(1);
    const url = new URL(streams.live()[0]?.url ?? '');
    expect(url.searchParams.get('rate')).toBe('1');
    expect(Number(url.searchParams.get('start'))).toBe(new Date(2026, 10, 22, 8).getTime());
    expect(Number(url.searchParams.get('end'))).toBe(new Date(2026, 10, 22, 18).getTime());
    expect(streams.live()[0]?.live).toBe(false);
    expect(screen.getAllByTestId('timeline-segment')).toHaveLength(1);
  });

  it('labels its timeline for the width the timeline has: half hours on a wide one, every 2nd hour on a narrow one', () => {
    const layout = fakeLayout(1920);
    setup({ mode: 'playback', playList: playbackList });
    const timeline = screen.getByRole('slider', { name: '回放时间轴' });
    expect(within(timeline).getByText('00:30')).toBeTruthy();
    expect(within(timeline).getAllByText(/^\d\d:\d\d$/)).toHaveLength(49);
    layout.resize(1200);
    expect(within(timeline).queryByText('00:30')).toBeNull();
    expect(within(timeline).queryByText('01:00')).toBeNull();
    expect(within(timeline).getAllByText(/^\d\d:\d\d$/)).toHaveLength(13);
  });

  it('steps the rate up to 8x, then reports the maximum', async () => {
    const { streams } = setup({ mode: 'playback', playList: playbackList });
    for (let i = 0; i < 3; i += 1) fireEvent.click(button('快放'));
    expect(screen.getByLabelText('倍速').textContent).toBe('8x');
    expect(new URL(streams.live()[0]?.url ?? '').searchParams.get('rate')).toBe('8');
    fireEvent.click(button('快放'));
    expect(await screen.findByText('窗口1错误码[0x12f910021]：已是最大倍速')).toBeTruthy();
  });

  it('steps the rate down to 1/8x, then reports the minimum', async () => {
    setup({ mode: 'playback', playList: playbackList });
    for (let i = 0; i < 3; i += 1) fireEvent.click(button('慢放'));
    expect(screen.getByLabelText('倍速').textContent).toBe('1/8x');
    fireEvent.click(button('慢放'));
    expect(await screen.findByText('窗口1错误码[0x12f910022]：已是最小倍速')).toBeTruthy();
  });

  it('single-frame forward pauses and puts the rate back to 1x', () => {
    const { streams } = setup({ mode: 'playback', playList: playbackList });
    fireEvent.click(button('快放'));
    fireEvent.click(button('单帧前进'));
    expect(screen.getByLabelText('倍速').textContent).toBe('1x');
    const current = streams.live()[0];
    expect(new URL(current?.url ?? '').searchParams.get('rate')).toBe('1');
    expect(current?.paused).toBe(true);
    expect(button('恢复回放')).toBeTruthy();
  });

  it('pauses and resumes playback', () => {
    const { streams } = setup({ mode: 'playback', playList: playbackList });
    fireEvent.click(button('暂停回放'));
    expect(streams.live()[0]?.paused).toBe(true);
    fireEvent.click(button('恢复回放'));
    expect(streams.live()[0]?.paused).toBe(false);
  });

  it('asks to start playback before a timeline click, then seeks on one', async () => {
    const { streams } = setup({ mode: 'playback', playList: playbackList, autoPlay: false });
    const timeline = screen.getByRole('slider', { name: '回放时间轴' });
    fireEvent.click(timeline);
    expect(await screen.findByText('请先开始回放')).toBeTruthy();
    expect(streams.opened).toHaveLength(0);
    fireEvent.click(button('开始回放'));
    expect(streams.live()).toHaveLength(1);
    // jsdom has no layout: the click lands at 00:00, before the window, so the seek goes to its start.
    fireEvent.click(timeline);
    expect(await screen.findByText('回放定位操作成功，请稍后...')).toBeTruthy();
    expect(streams.live()).toHaveLength(1);
    expect(Number(new URL(streams.live()[0]?.url ?? '').searchParams.get('start'))).toBe(
      new Date(2026, 10, 22, 8).getTime(),
    );
  });

  it('locates a time of the start day only', () => {
    const { streams } = setup({ mode: 'playback', playList: playbackList });
    const picker = screen.getByLabelText('定位时间') as HTMLInputElement;
    expect(picker.value).toBe('2026-11-22 08:00:00');
    // A time of another day is not taken; one of the start day is.
    typeTime(picker, '2026-11-23 09:30:00');
    expect(streams.live()[0]?.url).not.toContain(String(new Date(2026, 10, 23, 9, 30).getTime()));
    typeTime(picker, '2026-11-22 09:30:00');
    expect(Number(new URL(streams.live()[0]?.url ?? '').searchParams.get('start'))).toBe(
      new Date(2026, 10, 22, 9, 30).getTime(),
    );
  });

  it('stops the window at the end of its recording and emits playOver', () => {
    const { streams, onPlayOver } = setup({ mode: 'playback', playList: playbackList });
    act(() => streams.opened[0]?.onEnded?.());
    expect(onPlayOver).toHaveBeenCalledWith(0);
    expect(streams.live()).toHaveLength(0);
  });

  it('records PS in playback from where the window is, not from where its session began', async () => {
    const { streams, recorder } = setup({ mode: 'playback', playList: playbackList });
    const video = windows()[0]?.querySelector('video');
    if (!video) throw new Error('no video');
    Object.defineProperty(video, 'currentTime', { configurable: true, value: 600 });
    fireEvent.click(button('开始录像'));
    fireEvent.click(await screen.findByText('录像（PS）'));
    const recorded = new URL(recorder.started[0]?.url ?? '');
    const played = new URL(streams.live()[0]?.url ?? '');
    expect(recorded.pathname).toBe(played.pathname);
    expect(Number(recorded.searchParams.get('start'))).toBe(new Date(2026, 10, 22, 8, 10).getTime());
    expect(recorded.searchParams.get('end')).toBe(played.searchParams.get('end'));
  });

  it('refreshes the position marker every second', () => {
    vi.useFakeTimers();
    setup({ mode: 'playback', playList: playbackList });
    const video = within(windows()[0] as HTMLElement).getByText(
      (_, element) => element?.tagName === 'VIDEO',
      {
        ignore: false,
      },
    ) as HTMLVideoElement;
    Object.defineProperty(video, 'currentTime', { configurable: true, value: 3_600 });
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId('timeline-position').getAttribute('title')).toBe('09:00:00');
  });
});
