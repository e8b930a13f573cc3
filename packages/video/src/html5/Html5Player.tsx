import { useEffect, useRef, useState } from 'react';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceCode, type HikVideoSource, type UrlMap, type VideoDevice } from '../adapters.js';
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
  // While the answers for a changed list of cameras are on the way, the windows of the last list go on
  // playing (the view keeps the ones that stay); only a first list or another mode waits with a spinner.
  const playList = loaded?.mode === mode && loaded.list !== 'failed' ? loaded.list : null;
  // The list on screen, read by the next load without making it depend on it.
  const shownRef = useRef<{ mode: PlayMode; list: readonly PlayItemInput[] } | null>(null);
  useEffect(() => {
    shownRef.current = playList ? { mode, list: playList } : null;
  });
  const failed = loaded?.devices === devices && loaded.mode === mode && loaded.list === 'failed';
  const wantTalk = view.talk === true;

  useEffect(() => {
    let cancelled = false;
    const shown = devices.slice(0, MAX_WINDOWS);
    const codes = shown.map(deviceCode);
    const protocol = pageStreamProtocol(globalThis.location?.protocol ?? 'http:');
    const time = now();
    const shownList = shownRef.current;
    // A camera that stays in its window goes on with its stream (the view keeps it): its address is
    // not asked for again, so a tick asks for one camera, not for all of them.
    const before = mode === 'live' && shownList?.mode === 'live' ? shownList.list : [];
    const kept: UrlMap = {};
    codes.forEach((code, wnd) => {
      const item = before[wnd];
      if (item?.code === code && item.urls?.realplay) kept[code] = item.urls.realplay;
    });
    const ask = codes.filter((code) => !(code in kept));
    const load = async () => {
      if (codes.length === 0) return hikPlayList(mode, shown, {}, time);
      const [preview, playback, talk] = await Promise.all([
        mode === 'live'
          ? ask.length > 0
            ? source
                .getPreviewUrls(hikPreviewRequest(ask, protocol))
                .then((answer) => ({ ...kept, ...answer }))
            : kept
          : undefined,
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
    failed ? (
      <Empty description={t('video.loadFailed')} style={{ paddingTop: 48 }} />
    ) : playList === null ? (
      <Spin spinning style={{ display: 'grid', placeItems: 'center', height: '100%', minHeight: 240 }} />
    ) : (
      <Html5PlayerView mode={mode} playList={playList} {...view} />
    )
  );
}
