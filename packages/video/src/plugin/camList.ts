import { PLUGIN_MAX_WINDOWS, deviceCode, type VideoDevice } from '@cityops/contract';
import { defaultPlaybackTimes, type PlayMode } from '../playList.js';

/** One window's play item as the plug-in takes it (§7): the fields of realmonitor and playback. */
export interface CamItem {
  cameraIndexCode: string;
  /** Epoch seconds; playback only. */
  startTimeStamp?: number;
  endTimeStamp?: number;
  playTimeStamp?: number;
  /** 0 the platform's storage, 1 the device's. */
  recordLocation: 0 | 1;
  transMode: 1;
  gpuMode: 0;
  wndId: number;
  streamMode: 0;
}

/** The grid by camera count (§9): the square of the rounded-up square root, at most 25 windows. */
export function pluginWndCount(cameras: number): number {
  const side = Math.ceil(Math.sqrt(Math.max(1, cameras)));
  return Math.min(PLUGIN_MAX_WINDOWS, side * side);
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The devices' play items, one window each in order (at most 25); playback from the devices' range. */
export function pluginCamList(mode: PlayMode, devices: readonly VideoDevice[], now: number): CamItem[] {
  return devices.slice(0, PLUGIN_MAX_WINDOWS).map((device, index) => {
    const item: CamItem = {
      cameraIndexCode: deviceCode(device),
      recordLocation: String(device.recordLocation ?? 0) === '1' ? 1 : 0,
      transMode: 1,
      gpuMode: 0,
      wndId: index + 1,
      streamMode: 0,
    };
    if (mode === 'live') return item;
    const { startTime, endTime } = defaultPlaybackTimes(device.startTime, device.endTime, now);
    return {
      ...item,
      startTimeStamp: seconds(startTime),
      endTimeStamp: seconds(endTime),
      playTimeStamp: seconds(startTime),
    };
  });
}

export type CamListProblem = {
  key: 'video.plugin.missingCamera' | 'video.plugin.missingStart' | 'video.plugin.missingEnd';
  /** 1-based, as the texts say 第N个. */
  n: number;
};

const present = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/**
 * §5's checks of the plug-in's play list, in order: every entry a camera code (第N个缺失监控的编号);
 * in playback also its range (第N个缺失录像查询开始时间戳, 第N个缺失录像查询结束时间戳).
 */
export function checkCamList(mode: PlayMode, list: readonly Partial<CamItem>[]): CamListProblem | null {
  for (const [index, item] of list.entries()) {
    const n = index + 1;
    if (!item.cameraIndexCode) return { key: 'video.plugin.missingCamera', n };
    if (mode !== 'playback') continue;
    if (!present(item.startTimeStamp)) return { key: 'video.plugin.missingStart', n };
    if (!present(item.endTimeStamp)) return { key: 'video.plugin.missingEnd', n };
  }
  return null;
}
