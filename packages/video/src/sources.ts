import { videoEndpoints, type HikVideoSource, type IccVideoSource } from '@cityops/contract';
import type { HttpClient } from '@cityops/client';

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
