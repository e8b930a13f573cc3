import { describe, expect, it } from 'vitest';
import { initI18n, i18n } from '@cityops/ui';
import { checkCamList, pluginCamList, pluginWndCount } from './camList.js';

const camera = (code: string, extra = {}) => ({ controlCode: code, devName: code, ...extra });

describe("the plug-in's play list (§5, §7)", () => {
  it('fits the grid to the camera count, up to 25', () => {
    expect([0, 1, 2, 4, 5, 9, 10, 16, 17, 25, 30].map(pluginWndCount)).toEqual([
      1, 1, 4, 4, 9, 9, 16, 16, 25, 25, 25,
    ]);
  });

  it('builds one live item per camera with the fixed fields', () => {
    expect(pluginCamList('live', [camera('a'), camera('b', { recordLocation: 1 })], 0)).toEqual([
      { cameraIndexCode: 'a', recordLocation: 0, transMode: 1, gpuMode: 0, wndId: 1, streamMode: 0 },
      { cameraIndexCode: 'b', recordLocation: 1, transMode: 1, gpuMode: 0, wndId: 2, streamMode: 0 },
    ]);
  });

  it('gives playback items their range in epoch seconds, playing from its start', () => {
    const start = new Date(2026, 0, 5, 8, 0, 0).getTime();
    const end = new Date(2026, 0, 5, 9, 30, 0).getTime();
    const [item] = pluginCamList('playback', [camera('a', { startTime: start, endTime: end })], 0);
    expect(item).toMatchObject({
      startTimeStamp: start / 1000,
      endTimeStamp: end / 1000,
      playTimeStamp: start / 1000,
      recordLocation: 0,
    });
  });

  it('checks every entry in order with the texts of §5', async () => {
    await initI18n('zh-CN');
    const say = (problem: ReturnType<typeof checkCamList>) =>
      problem && i18n.t(`ui:${problem.key}`, { n: problem.n });
    expect(checkCamList('live', [{ cameraIndexCode: 'a' }, { cameraIndexCode: '' }])).toEqual({
      key: 'video.plugin.missingCamera',
      n: 2,
    });
    expect(say(checkCamList('live', [{ cameraIndexCode: 'a' }, {}]))).toBe('第2个缺失监控的编号');
    expect(say(checkCamList('playback', [{ cameraIndexCode: 'a', endTimeStamp: 2 }]))).toBe(
      '第1个缺失录像查询开始时间戳',
    );
    expect(
      say(
        checkCamList('playback', [
          { cameraIndexCode: 'a', startTimeStamp: 1, endTimeStamp: 2 },
          { cameraIndexCode: 'b', startTimeStamp: 1 },
        ]),
      ),
    ).toBe('第2个缺失录像查询结束时间戳');
    // Live needs no range.
    expect(checkCamList('live', [{ cameraIndexCode: 'a' }])).toBeNull();
    expect(checkCamList('playback', pluginCamList('playback', [camera('a')], Date.now()))).toBeNull();
  });
});
