import {
  deviceCode,
  type HikPlaybackUrlsAnswer,
  type HikPlaybackUrlsRequest,
  type HikPreviewUrlsRequest,
  type HikTalkUrlsRequest,
  type StreamProtocol,
  type UrlMap,
  type VideoDevice,
} from '../adapters.js';
import { MAX_WINDOWS, PLATFORM_HIK } from '../constants.js';
import { defaultPlaybackTimes, type PlayItemInput, type PlayMode } from '../playList.js';
import { toIsoLocal } from '../time.js';

/** ws on an http page, wss on an https one (§7): a secure page may not open a plain socket. */
export function pageStreamProtocol(pageProtocol: string): StreamProtocol {
  return pageProtocol === 'https:' ? 'wss' : 'ws';
}

const TRANSCODE = 'transcode=0';
const STREAM_FORM = 'ps';

/** POST /security/camera/previewurls for the devices' codes. */
export function hikPreviewRequest(codes: string[], protocol: StreamProtocol): HikPreviewUrlsRequest {
  return {
    cameraIndexCodes: codes,
    expand: TRANSCODE,
    platformCode: PLATFORM_HIK,
    protocol,
    streamType: 0,
    streamform: STREAM_FORM,
    transmode: 1,
  };
}

/** POST /security/camera/playbackurls: one entry per device with its (defaulted) window. */
export function hikPlaybackRequest(
  devices: readonly VideoDevice[],
  protocol: StreamProtocol,
  now: number,
): HikPlaybackUrlsRequest {
  return {
    expand: TRANSCODE,
    lockType: 0,
    needReturnClipInfo: true,
    param: devices.map((device) => {
      const { startTime, endTime } = defaultPlaybackTimes(device.startTime, device.endTime, now);
      return {
        beginTime: toIsoLocal(startTime),
        cameraIndexCode: deviceCode(device),
        endTime: toIsoLocal(endTime),
        recordLocation: device.recordLocation ?? 0,
      };
    }),
    platformCode: PLATFORM_HIK,
    protocol,
    streamform: STREAM_FORM,
    transmode: 1,
    uuid: '',
  };
}

/** POST /security/camera/talkurls: talk always goes over wss (§7). */
export function hikTalkRequest(codes: string[]): HikTalkUrlsRequest {
  return codes.map((cameraIndexCode) => ({
    cameraIndexCode,
    eurlExpand: '',
    expand: TRANSCODE,
    platformCode: PLATFORM_HIK,
    protocol: 'wss',
    transmode: 1,
  }));
}

/** The HTML5 player's play list from the devices and the URL answers; missing URLs stay missing for §5's checks. */
export function hikPlayList(
  mode: PlayMode,
  devices: readonly VideoDevice[],
  answers: { preview?: UrlMap; playback?: HikPlaybackUrlsAnswer; talk?: UrlMap },
  now: number,
): PlayItemInput[] {
  return devices.slice(0, MAX_WINDOWS).map((device) => {
    const code = deviceCode(device);
    const playback = answers.playback?.[code];
    return {
      code,
      name: device.devName ?? device.deviceDto?.devName ?? '',
      urls: { realplay: answers.preview?.[code], playback: playback?.url, talk: answers.talk?.[code] },
      playback: mode === 'playback' ? defaultPlaybackTimes(device.startTime, device.endTime, now) : undefined,
      segments: playback?.list ?? [],
    };
  });
}
