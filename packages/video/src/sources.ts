import { PLATFORM_HIK, videoEndpoints, type HikVideoSource, type IccVideoSource } from '@cityops/contract';
import { isApiError, type HttpClient } from '@cityops/client';
import type { PluginPlatformSource } from './plugin/session.js';

/**
 * The plug-in's platform information (POST /videoMonitor/hik/getPlatFormInfo?appCode): the control
 * shows the server's refusal itself, or 平台信息初始化异常 when the call failed without one.
 *
 * One call, not two. §7 lists three platform calls: "Platform info (first platform)" with appCode
 * (hik_isc_huati), answering data{appKey, appSecret, appHost}; "App secret" (POST getAppSecret with
 * devType) and "Platform info by code" (POST getPlatFormInfo?appCode), both answers "not shown". The
 * first is this call (appCode is its only payload), and its answer is all the control needs: §3's
 * platform info response and camera parameters, §5's 平台信息初始化失败 (key, secret or host
 * missing) and 设备初始化异常 (init without key and secret) all read these three fields. The spec
 * gives getAppSecret no use of its own, and the server answers it with the same three fields; each
 * answer is a hand-out of the platform's secret (the operation log, at most 10 an hour per user:
 * server/src/modules/video/README.md), so asking both would fetch the secret twice per opened grid
 * and halve the openings before 获取视频平台密钥过于频繁. getAppSecret stays served for callers that
 * name the platform by device type.
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
