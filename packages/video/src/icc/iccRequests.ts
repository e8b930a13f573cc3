import {
  deviceCode,
  type IccPlaybackUrlsRequest,
  type IccPreviewUrlsRequest,
  type IccTalkUrlRequest,
  type UrlMap,
  type VideoDevice,
} from '../adapters.js';
import { PLATFORM_ICC } from '../constants.js';
import { defaultPlaybackTimes } from '../playList.js';
import { toIsoLocal } from '../time.js';

/** The stream kind the platform is asked for (§7); the server hands back a ws-flv URL for it. */
const STREAM_KIND = 'rtsp';

/** Sub-stream (2) from four devices up, main stream (1) below (§7): small windows need less. */
export const iccStreamType = (count: number): 1 | 2 => (count >= 4 ? 2 : 1);

/** `windows`: how many windows the grid shows, which picks the stream (asking for some of them). */
export function iccPreviewRequest(codes: string[], windows = codes.length): IccPreviewUrlsRequest {
  return {
    controlCodes: codes,
    dataType: '1',
    platformCode: PLATFORM_ICC,
    streamType: iccStreamType(windows),
    type: STREAM_KIND,
  };
}

/** One entry per device; `startTimes` overrides a device's start (the playback start picker). */
export function iccPlaybackRequest(
  devices: readonly VideoDevice[],
  now: number,
  startTimes: ReadonlyMap<string, number> = new Map(),
): IccPlaybackUrlsRequest {
  return {
    param: devices.map((device) => {
      const code = deviceCode(device);
      const times = defaultPlaybackTimes(device.startTime, device.endTime, now);
      return {
        controlCode: code,
        startTime: toIsoLocal(startTimes.get(code) ?? times.startTime),
        endTime: toIsoLocal(times.endTime),
        // Record location 0 is the platform's storage (source 3), anything else the device's (2).
        recordSource: String(device.recordLocation ?? 0) === '0' ? 3 : 2,
      };
    }),
    platformCode: PLATFORM_ICC,
    recordType: 1,
    streamType: iccStreamType(devices.length),
    type: STREAM_KIND,
  };
}

export function iccTalkRequest(code: string): IccTalkUrlRequest {
  return {
    controlCodes: [code],
    talkType: 1,
    audioBit: 16,
    audioType: 1,
    sampleRate: 16000,
    platformCode: PLATFORM_ICC,
    type: STREAM_KIND,
  };
}

/** The talk path: the second part of the platform's `"outer|inner"` answer; null when unreadable. */
export function talkPath(answer: UrlMap, code: string): string | null {
  const value = answer[code];
  const path = value?.split('|')[1]?.trim();
  return path ? path : null;
}
