import { describe, expect, it } from 'vitest';
import {
  iccPtzRequestSchema,
  iccRecordSource,
  iccStreamType,
  iccTalkPath,
  parseVideoTime,
  playbackPosition,
  playbackStreamUrl,
  videoText,
} from './video.js';

describe('playback stream URLs', () => {
  const url = 'ws://127.0.0.1:10801/playback/hik-cam-01.flv?token=abc&start=1000&end=9000&rate=1';

  it('move the start and change the rate, keeping the token and the end', () => {
    const moved = playbackStreamUrl(url, { start: 5000, rate: 4 });
    expect(new URL(moved).searchParams.get('token')).toBe('abc');
    expect(playbackPosition(moved)).toEqual({ start: 5000, end: 9000, rate: 4 });
  });

  it('keep the rate within 1/8x..8x', () => {
    expect(playbackPosition(playbackStreamUrl(url, { start: 1000, rate: 16 })).rate).toBe(8);
    expect(playbackPosition(playbackStreamUrl(url, { start: 1000, rate: 0.01 })).rate).toBe(0.125);
  });
});

describe('video times', () => {
  it('read ISO 8601 with a zone and the pages’ format as China time', () => {
    expect(parseVideoTime('2026-11-22T08:00:00.000+08:00')).toBe(Date.parse('2026-11-22T00:00:00Z'));
    expect(parseVideoTime('2026-11-22 08:00:00')).toBe(Date.parse('2026-11-22T00:00:00Z'));
    expect(parseVideoTime('2026-11-22T08:00:00')).toBeNull();
    expect(parseVideoTime('yesterday')).toBeNull();
  });
});

describe('ICC rules (§7)', () => {
  it('ask the sub-stream from four devices up', () => {
    expect([1, 3, 4, 9].map(iccStreamType)).toEqual([1, 1, 2, 2]);
  });

  it('ask the platform’s recordings for record location 0, the device’s otherwise', () => {
    expect([0, '0', undefined, 1, '1'].map(iccRecordSource)).toEqual([3, 3, 3, 2, 2]);
  });

  it('talk on the second part of the pipe-separated address', () => {
    expect(iccTalkPath('rtsp://outer|ws://inner/talk')).toBe('ws://inner/talk');
    expect(iccTalkPath('ws://only')).toBeNull();
  });

  it('need a preset 1..25 for the preset actions', () => {
    const base = { command: 1, controlCode: 'c', platformCode: 'dh_icc_huati', speed: 4 };
    expect(
      iccPtzRequestSchema.safeParse({ ...base, action: 'PRESET_POINT', presetPointCode: '25' }).success,
    ).toBe(true);
    expect(
      iccPtzRequestSchema.safeParse({ ...base, action: 'PRESET_POINT', presetPointCode: 26 }).success,
    ).toBe(false);
    expect(iccPtzRequestSchema.safeParse({ ...base, action: 'DEL_POINT' }).success).toBe(false);
    expect(iccPtzRequestSchema.safeParse({ ...base, action: 'UP' }).success).toBe(true);
  });
});

describe('video texts', () => {
  it('fill their placeholders', () => {
    expect(videoText('video.cameraOffline', 'zh-CN', { code: 'hik-cam-01' })).toBe('监控点hik-cam-01离线');
    expect(videoText('video.cameraOffline', 'en-US', { code: 'x' })).toBe('Camera x is offline');
  });
});
