import { useEffect, useState } from 'react';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceCode, type HikVideoSource, type VideoDevice } from '../adapters.js';
import { MAX_WINDOWS } from '../constants.js';
import type { PlayItemInput, PlayMode } from '../playList.js';
import { Html5PlayerView, type Html5PlayerViewProps } from './Html5PlayerView.js';
import {
  hikPlayList,
  hikPlaybackRequest,
  hikPreviewRequest,
  hikTalkRequest,
  pageStreamProtocol,
} from './hikRequests.js';

export interface Html5PlayerProps extends Omit<Html5PlayerViewProps, 'mode' | 'playList'> {
  mode: PlayMode;
  /** The cameras to play (§3 device entries); at most 16 are shown. Keep the same array between renders. */
  devices: readonly VideoDevice[];
  /** Where the URLs come from (the §7 endpoints, wired by the page). */
  source: HikVideoSource;
  /** The clock for the default playback window; tests pass a fixed one. */
  now?: () => number;
}

/**
 * The hik_isc_huati player: asks `source` for the devices' live, playback (and talk) URLs, then plays
 * them in the HTML5 multi-window player.
 */
export function Html5Player({ mode, devices, source, now = Date.now, ...view }: Html5PlayerProps) {
  const { t } = useTranslation('ui');
  // The list with what it was loaded for: a list of other devices or another mode is not ready yet.
  const [loaded, setLoaded] = useState<{
    devices: readonly VideoDevice[];
    mode: PlayMode;
    list: readonly PlayItemInput[] | 'failed';
  } | null>(null);
  const playList = loaded?.devices === devices && loaded.mode === mode ? loaded.list : null;
  const wantTalk = view.talk === true;

  useEffect(() => {
    let cancelled = false;
    const shown = devices.slice(0, MAX_WINDOWS);
    const codes = shown.map(deviceCode);
    const protocol = pageStreamProtocol(globalThis.location?.protocol ?? 'http:');
    const time = now();
    const load = async () => {
      if (codes.length === 0) return hikPlayList(mode, shown, {}, time);
      const [preview, playback, talk] = await Promise.all([
        mode === 'live' ? source.getPreviewUrls(hikPreviewRequest(codes, protocol)) : undefined,
        mode === 'playback' ? source.getPlaybackUrls(hikPlaybackRequest(shown, protocol, time)) : undefined,
        wantTalk && source.getTalkUrls ? source.getTalkUrls(hikTalkRequest(codes)) : undefined,
      ]);
      return hikPlayList(mode, shown, { preview, playback, talk }, time);
    };
    load().then(
      (list) => !cancelled && setLoaded({ devices, mode, list }),
      () => {
        // The HTTP client has shown the server's reason (e.g. 监控点…离线); a second message would hide it.
        if (!cancelled) setLoaded({ devices, mode, list: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [mode, devices, source, wantTalk, now, t]);

  return (
    // The view checks the list as soon as it has one: it waits for the answers so as not to warn 缺失播放列表参数.
    playList === 'failed' ? (
      <Empty description={t('video.loadFailed')} style={{ paddingTop: 48 }} />
    ) : playList === null ? (
      <Spin spinning style={{ display: 'grid', placeItems: 'center', height: '100%', minHeight: 240 }} />
    ) : (
      <Html5PlayerView mode={mode} playList={playList} {...view} />
    )
  );
}
