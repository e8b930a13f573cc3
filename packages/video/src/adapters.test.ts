import { describe, expect, it } from 'vitest';
import { i18n } from '@cityops/ui';
import {
  deviceCode,
  hikPlaybackUrlsAnswerSchema,
  iccPtzRequestSchema,
  videoDeviceSchema,
} from './adapters.js';
import { videoDialogTitle } from './videoDialogTitle.js';

describe('adapter shapes', () => {
  it('read a device by its controlCode or its deviceDto’s', () => {
    expect(deviceCode({ controlCode: 'a' })).toBe('a');
    expect(deviceCode({ deviceDto: { controlCode: 'b' } })).toBe('b');
    expect(deviceCode({})).toBe('');
    expect(
      videoDeviceSchema.safeParse({ controlCode: 'a', deviceDto: { accessWay: 'hik_isc_huati' } }).success,
    ).toBe(true);
  });

  it('keep the pan-tilt speed between 1 and 8', () => {
    const request = { action: 'UP', command: 1, controlCode: 'c', platformCode: 'dh_icc_huati', speed: 4 };
    expect(iccPtzRequestSchema.safeParse(request).success).toBe(true);
    expect(iccPtzRequestSchema.safeParse({ ...request, speed: 9 }).success).toBe(false);
    expect(iccPtzRequestSchema.safeParse({ ...request, action: 'SPIN' }).success).toBe(false);
  });

  it('read a playback answer with its segments', () => {
    const answer = { c: { url: 'ws://x', list: [{ beginTime: '2026-11-22 00:00:00', endTime: 1 }] } };
    expect(hikPlaybackUrlsAnswerSchema.parse(answer)).toEqual(answer);
  });
});

describe('video dialog title (§2.4)', () => {
  const t = (key: 'video.unknownDevice' | 'video.moreDevices', options?: { count: number }) =>
    i18n.t(key, options);

  it('is the given title, else the first device name, else 未知设备', () => {
    expect(videoDialogTitle(t, [{ devName: '东门' }], '录像')).toBe('录像');
    expect(videoDialogTitle(t, [{ devName: '东门' }])).toBe('东门');
    expect(videoDialogTitle(t, [{ deviceDto: { devName: '西门' } }])).toBe('西门');
    expect(videoDialogTitle(t, [{}])).toBe('未知设备');
  });

  it('appends 等N个设备 for more than one device', () => {
    expect(videoDialogTitle(t, [{ devName: '东门' }, {}, {}])).toBe('东门等3个设备');
  });
});
