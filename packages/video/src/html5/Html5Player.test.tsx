import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FeedbackHost } from '@cityops/ui';
import {
  hikPlaybackUrlsRequestSchema,
  hikPreviewUrlsRequestSchema,
  hikTalkUrlsRequestSchema,
  type HikVideoSource,
  type VideoDevice,
} from '../adapters.js';
import { fakeStreams } from '../test/fakes.js';
import { Html5Player } from './Html5Player.js';

const devices: VideoDevice[] = [
  { controlCode: 'cam-1', devName: '东门' },
  { deviceDto: { controlCode: 'cam-2', devName: '西门' } },
];
const now = () => new Date(2026, 10, 22, 10).getTime();

function source(overrides: Partial<HikVideoSource> = {}): HikVideoSource {
  return {
    getPreviewUrls: vi.fn(() =>
      Promise.resolve({ 'cam-1': 'ws://h/live/1.flv', 'cam-2': 'ws://h/live/2.flv' }),
    ),
    getPlaybackUrls: vi.fn(() =>
      Promise.resolve({ 'cam-1': { url: 'ws://h/pb/1.flv' }, 'cam-2': { url: 'ws://h/pb/2.flv' } }),
    ),
    getTalkUrls: vi.fn(() => Promise.resolve({ 'cam-1': 'wss://h/t/1', 'cam-2': 'wss://h/t/2' })),
    ...overrides,
  };
}

describe('HTML5 player with its source', () => {
  it('asks for the live URLs with §7’s payload and plays them', async () => {
    const streams = fakeStreams();
    const hik = source();
    render(
      <Html5Player mode="live" devices={devices} source={hik} streamFactory={streams.factory} now={now} />,
    );
    expect(await screen.findByRole('gridcell', { name: '东门' })).toBeTruthy();
    const request = vi.mocked(hik.getPreviewUrls).mock.calls[0]?.[0];
    expect(hikPreviewUrlsRequestSchema.parse(request)).toEqual({
      cameraIndexCodes: ['cam-1', 'cam-2'],
      expand: 'transcode=0',
      platformCode: 'hik_isc_huati',
      protocol: 'ws',
      streamType: 0,
      streamform: 'ps',
      transmode: 1,
    });
    expect(streams.live().map((entry) => entry.url)).toEqual(['ws://h/live/1.flv', 'ws://h/live/2.flv']);
    expect(hik.getPlaybackUrls).not.toHaveBeenCalled();
    expect(hik.getTalkUrls).not.toHaveBeenCalled();
  });

  it('goes on with the streams of the cameras that stay when one more is ticked', async () => {
    const streams = fakeStreams();
    let asked = 0;
    const hik = source({
      getPreviewUrls: vi.fn((request: { cameraIndexCodes: string[] }) => {
        asked += 1;
        return Promise.resolve(
          Object.fromEntries(
            request.cameraIndexCodes.map((code) => [code, `ws://h/live/${code}.flv?ask=${asked}`]),
          ),
        );
      }),
    });
    const three = [...devices, { controlCode: 'cam-3', devName: '南门' }];
    const view = render(
      <Html5Player mode="live" devices={devices} source={hik} streamFactory={streams.factory} now={now} />,
    );
    expect(await screen.findByRole('gridcell', { name: '西门' })).toBeTruthy();
    const two = streams.live().map((entry) => entry.url);

    view.rerender(
      <Html5Player mode="live" devices={three} source={hik} streamFactory={streams.factory} now={now} />,
    );
    // The windows stay on screen while the addresses are asked for, and the two keep their sockets.
    expect(screen.getByRole('gridcell', { name: '东门' })).toBeTruthy();
    expect(await screen.findByRole('gridcell', { name: '南门' })).toBeTruthy();
    expect(streams.live().map((entry) => entry.url)).toEqual([...two, 'ws://h/live/cam-3.flv?ask=2']);
    expect(streams.opened).toHaveLength(3);
    // Only the new camera's address was asked for.
    expect(vi.mocked(hik.getPreviewUrls).mock.calls[1]?.[0].cameraIndexCodes).toEqual(['cam-3']);

    // In playback every window opens its own session again.
    view.rerender(
      <Html5Player
        mode="playback"
        devices={devices}
        source={hik}
        streamFactory={streams.factory}
        now={now}
      />,
    );
    await waitFor(() =>
      expect(streams.live().map((entry) => [entry.url, entry.live])).toEqual([
        [expect.stringContaining('ws://h/pb/1.flv'), false],
        [expect.stringContaining('ws://h/pb/2.flv'), false],
      ]),
    );
  });

  it('asks for talk URLs too when talk is on', async () => {
    const hik = source();
    render(
      <Html5Player
        mode="live"
        talk
        devices={devices}
        source={hik}
        streamFactory={fakeStreams().factory}
        now={now}
      />,
    );
    expect(await screen.findByRole('button', { name: '开启对讲' })).toBeTruthy();
    const request = hikTalkUrlsRequestSchema.parse(vi.mocked(hik.getTalkUrls ?? vi.fn()).mock.calls[0]?.[0]);
    expect(request.map((entry) => [entry.cameraIndexCode, entry.protocol])).toEqual([
      ['cam-1', 'wss'],
      ['cam-2', 'wss'],
    ]);
  });

  it('asks for playback over the last 24 hours when devices give no times', async () => {
    const hik = source();
    render(
      <Html5Player
        mode="playback"
        devices={devices}
        source={hik}
        streamFactory={fakeStreams().factory}
        now={now}
      />,
    );
    expect(await screen.findByRole('slider', { name: '回放时间轴' })).toBeTruthy();
    const request = hikPlaybackUrlsRequestSchema.parse(vi.mocked(hik.getPlaybackUrls).mock.calls[0]?.[0]);
    expect(request.needReturnClipInfo).toBe(true);
    expect(
      request.param.map((entry) => [
        entry.cameraIndexCode,
        Date.parse(entry.beginTime),
        Date.parse(entry.endTime),
      ]),
    ).toEqual([
      ['cam-1', new Date(2026, 10, 21, 10).getTime(), now()],
      ['cam-2', new Date(2026, 10, 21, 10).getTime(), now()],
    ]);
  });

  it('greets with empty windows and no warning while no camera is chosen', async () => {
    const hik = source();
    const streams = fakeStreams();
    render(
      <>
        <FeedbackHost />
        <Html5Player mode="live" devices={[]} source={hik} streamFactory={streams.factory} now={now} />
      </>,
    );
    expect(await screen.findByRole('gridcell', { name: '窗口1' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('缺失播放列表参数')).toBeNull();
    expect(hik.getPreviewUrls).not.toHaveBeenCalled();
    expect(streams.opened).toHaveLength(0);
  });

  const withoutAddress = [
    {
      mode: 'live',
      talk: false,
      answers: { getPreviewUrls: () => Promise.resolve({ 'cam-1': 'ws://h/live/1.flv' }) },
      text: '设备[cam-2]，无预览地址，无法预览。',
      plays: ['ws://h/live/1.flv'],
    },
    {
      mode: 'playback',
      talk: false,
      answers: { getPlaybackUrls: () => Promise.resolve({ 'cam-1': { url: 'ws://h/pb/1.flv' } }) },
      text: '设备[cam-2]，无回放地址，无法回放。',
      plays: ['ws://h/pb/1.flv'],
    },
    {
      mode: 'live',
      talk: true,
      answers: { getTalkUrls: () => Promise.resolve({ 'cam-1': 'wss://h/t/1' }) },
      text: '设备[cam-2]，无对讲地址，无法对讲。',
      // A camera without a talk address still plays: only the microphone is not offered.
      plays: ['ws://h/live/1.flv', 'ws://h/live/2.flv'],
    },
  ] as const;
  for (const { mode, talk, answers, text, plays } of withoutAddress)
    it(`names a device the server gave no ${talk ? 'talk' : mode} address for, and plays what it can`, async () => {
      const streams = fakeStreams();
      render(
        <>
          <FeedbackHost />
          <Html5Player
            mode={mode}
            talk={talk}
            devices={devices}
            source={source(answers)}
            streamFactory={streams.factory}
            now={now}
          />
        </>,
      );
      expect(await screen.findByText(text)).toBeTruthy();
      expect(await screen.findByRole('gridcell', { name: '东门' })).toBeTruthy();
      await waitFor(() => expect(streams.live().map((entry) => entry.url.split('?')[0])).toEqual(plays));
      expect(screen.queryByText(/第\d+个缺失/)).toBeNull();
      if (talk) expect(screen.queryByRole('button', { name: '开启对讲' })).toBeNull();
    });

  it('keeps the pictures when the talk addresses cannot be had, without the microphone', async () => {
    const streams = fakeStreams();
    render(
      <>
        <FeedbackHost />
        <Html5Player
          mode="live"
          talk
          devices={devices}
          source={source({ getTalkUrls: () => Promise.reject(new Error('talk refused')) })}
          streamFactory={streams.factory}
          now={now}
        />
      </>,
    );
    await waitFor(() => expect(streams.live()).toHaveLength(2));
    expect(await screen.findByText('设备[cam-1,cam-2]，无对讲地址，无法对讲。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '开启对讲' })).toBeNull();
  });

  it('names every device when none has an address, and warns of nothing else', async () => {
    const streams = fakeStreams();
    render(
      <>
        <FeedbackHost />
        <Html5Player
          mode="live"
          devices={devices}
          source={source({ getPreviewUrls: () => Promise.resolve({}) })}
          streamFactory={streams.factory}
          now={now}
        />
      </>,
    );
    expect(await screen.findByText('设备[cam-1,cam-2]，无预览地址，无法预览。')).toBeTruthy();
    expect(screen.queryByText('缺失播放列表参数')).toBeNull();
    expect(streams.opened).toHaveLength(0);
  });

  it('says so when the URLs cannot be had', async () => {
    const hik = source({ getPreviewUrls: () => Promise.reject(new Error('offline')) });
    render(
      <Html5Player
        mode="live"
        devices={devices}
        source={hik}
        streamFactory={fakeStreams().factory}
        now={now}
      />,
    );
    expect((await screen.findAllByText('获取播放地址失败，请稍后重试')).length).toBeGreaterThan(0);
  });
});
