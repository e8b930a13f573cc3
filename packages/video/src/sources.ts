import { PLATFORM_HIK, videoEndpoints, type HikVideoSource, type IccVideoSource } from '@cityops/contract';
import { isApiError, type HttpClient } from '@cityops/client';
import type { PluginPlatformSource } from './plugin/session.js';

/**
 * The plug-in's platform information (POST /videoMonitor/hik/getPlatFormInfo?appCode): the control
 * shows the server's refusal itself, or 平台信息初始化异常 when the call failed without one.
 */
export function createPluginPlatformSource(http: Pick<HttpClient, 'call'>): PluginPlatformSource {
  return {
    getPlatformInfo: () =>
      http
        .call(videoEndpoints.hikPlatformInfo, { query: { appCode: PLATFORM_HIK }, quiet: true })
        .catch((error: unknown) => {
          const said = isApiError(error) && error.kind === 'status' ? error.message : '';
          throw new Error(said);
        }),
  };
}

/**
 * The players' sources wired to the server's §7 endpoints through a page's HTTP client (the shell's
 * or a sub-app's), so errors, session end and the licence take the platform's usual way.
 */
export function createVideoSources(http: Pick<HttpClient, 'call'>): {
  hik: HikVideoSource;
  icc: IccVideoSource;
} {
  return {
    hik: {
      getPreviewUrls: (body) => http.call(videoEndpoints.hikPreviewUrls, { body }),
      getPlaybackUrls: (body) => http.call(videoEndpoints.hikPlaybackUrls, { body }),
      getTalkUrls: (body) => http.call(videoEndpoints.hikTalkUrls, { body }),
    },
    icc: {
      getPreviewUrls: (body) => http.call(videoEndpoints.iccPreviewUrls, { body }),
      getPlaybackUrls: (body) => http.call(videoEndpoints.iccPlaybackUrls, { body }),
      getTalkUrl: (body) => http.call(videoEndpoints.iccTalkUrl, { body }),
      stopTalk: async (body) => {
        await http.call(videoEndpoints.iccStopTalk, { body });
      },
      ptz: async (body) => {
        await http.call(videoEndpoints.iccPtz, { body });
      },
      getPresetPoints: (query) => http.call(videoEndpoints.iccPresetPoints, { query }),
    },
  };
}
