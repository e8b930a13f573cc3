import { useEffect, useRef, useState } from 'react';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceCode, type HikVideoSource, type UrlMap, type VideoDevice } from '../adapters.js';
import { MAX_WINDOWS } from '../constants.js';
import { devicesWithoutAddress, hasAddress, warnNoAddress } from '../noAddress.js';
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
    /** Whether every window of the list has a talk address (the microphone is offered). */
    talk?: boolean;
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
      if (codes.length === 0) return { list: [], talk: false, missing: {} };
      const [preview, playback, talk] = await Promise.all([
        mode === 'live'
          ? ask.length > 0
            ? source
                .getPreviewUrls(hikPreviewRequest(ask, protocol))
                .then((answer) => ({ ...kept, ...answer }))
            : kept
          : undefined,
        mode === 'playback' ? source.getPlaybackUrls(hikPlaybackRequest(shown, protocol, time)) : undefined,
        // Talk is the microphone beside the pictures: a failed answer loses the microphone, not the pictures.
        wantTalk && source.getTalkUrls
          ? source.getTalkUrls(hikTalkRequest(codes)).catch(() => ({}) as UrlMap)
          : undefined,
      ]);
      // §5: a camera the server gave no address for is named in a warning and left out; the others play.
      const streams: UrlMap =
        mode === 'live'
          ? (preview ?? {})
          : Object.fromEntries(Object.entries(playback ?? {}).map(([code, answer]) => [code, answer.url]));
      const streamed = shown.filter((device) => hasAddress(device, streams));
      // A camera without a talk address still plays; the microphone is offered only when every window has one.
      const noTalk = wantTalk ? devicesWithoutAddress(streamed, talk ?? {}) : [];
      const talkReady = wantTalk && noTalk.length === 0;
      return {
        list: hikPlayList(mode, streamed, { preview, playback, talk: talkReady ? talk : undefined }, time),
        talk: talkReady,
        missing: { [mode]: devicesWithoutAddress(shown, streams), talk: noTalk },
      };
    };
    load().then(
      ({ list, talk, missing }) => {
        if (cancelled) return;
        warnNoAddress(t, missing);
        setLoaded({ devices, mode, list, talk });
      },
      () => {
        // The HTTP client has shown the server's reason (e.g. 监控点…离线); a second message would hide it.
        if (!cancelled) setLoaded({ devices, mode, list: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [mode, devices, source, wantTalk, now, t]);

  // No camera chosen is no play asked for: empty windows, and no 缺失播放列表参数.
  const list = devices.length === 0 ? [] : playList;
  return failed ? (
    <Empty description={t('video.loadFailed')} style={{ paddingTop: 48 }} />
  ) : list === null ? (
    // The view checks a list as soon as it has one: it waits for the answers so as not to warn 缺失播放列表参数.
    <Spin spinning style={{ display: 'grid', placeItems: 'center', height: '100%', minHeight: 240 }} />
  ) : (
    // Nothing left to play (every camera was named in the warning) leaves the windows empty too.
    <Html5PlayerView
      mode={mode}
      playList={list.length > 0 ? list : null}
      {...view}
      talk={wantTalk && loaded?.talk === true}
    />
  );
}
