import { useCallback, useEffect, useMemo, useState } from 'react';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PLATFORM_HIK,
  PLUGIN_MAX_WINDOWS,
  VIDEO_CODES_MAX,
  type CameraEntry,
  type VideoDevice,
  type VideoPlatform,
} from '@cityops/contract';
import { useRuntime, type SubAppPageProps } from '@cityops/subapp';
import {
  Html5Player,
  IccPlayer,
  MAX_WINDOWS,
  PluginPlayer,
  VideoDialog,
  createPluginPlatformSource,
  createVideoSources,
  launchPluginByScheme,
} from '@cityops/video';
import { CameraTree, camerasByCode } from './CameraTree';
import { useCameraTree } from './queries';

export interface VideoPageOptions {
  platform: VideoPlatform;
  mode: 'live' | 'playback';
  /** The ICC control page: live view with the pan-tilt panel, talk instead of sound. */
  talkMode?: boolean;
  /** hik_isc_huati through the desktop plug-in; `html5Path` is the HTML5 page of the same mode. */
  plugin?: { html5Path: string };
}

const NO_DEVICES: VideoDevice[] = [];

/** A camera of the tree as the players' device entry (§3); none for an unknown code. */
function deviceOf(camera: CameraEntry | undefined): VideoDevice[] {
  if (!camera) return [];
  const { lng, lat, ...place } = camera.deviceDto;
  // A device entry leaves out coordinates a camera has none of.
  return [{ ...camera, deviceDto: { ...place, lng: lng ?? undefined, lat: lat ?? undefined } }];
}

/**
 * A video page of iotcloud: the user's cameras of one platform beside that platform's
 * player; ticking cameras plays them.
 */
export function VideoPage({
  route,
  platform,
  mode,
  talkMode = false,
  plugin,
}: SubAppPageProps & VideoPageOptions) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { http, store } = runtime;
  const sources = useMemo(() => createVideoSources(http), [http]);
  const pluginPlatform = useMemo(() => createPluginPlatformSource(http), [http]);
  const frameLayout = useCallback(() => store.getState().layout, [store]);
  // The plug-in's native windows follow the page closely: the shell watches this frame's layout meanwhile.
  useEffect(() => (plugin ? runtime.watchLayout() : undefined), [plugin, runtime]);
  // The shell's top window hands the plug-in's URL scheme to the system; alone, the page does.
  const pluginConnect = useMemo(
    () => ({ launch: () => void (runtime.startPlugin() || launchPluginByScheme()) }),
    [runtime],
  );
  const cameraTree = useCameraTree(platform);
  const tree = cameraTree.data ?? null;
  const [chosen, setChosen] = useState<string[]>([]);
  const max = plugin ? PLUGIN_MAX_WINDOWS : platform === PLATFORM_HIK ? MAX_WINDOWS : VIDEO_CODES_MAX;

  const cameras = useMemo(() => camerasByCode(tree), [tree]);
  const devices = useMemo(() => chosen.flatMap((code) => deviceOf(cameras.get(code))), [cameras, chosen]);
  // Round-robin goes through every camera of the tree, the operator's choice first.
  const roundRobinDevices = useMemo(() => {
    const rest = [...cameras.keys()].filter((code) => !chosen.includes(code));
    return [...chosen, ...rest].flatMap((code) => deviceOf(cameras.get(code)));
  }, [cameras, chosen]);
  // The camera double-clicked in the tree, played in the video dialog (one array per opening).
  const [dialogDevices, setDialogDevices] = useState<VideoDevice[] | null>(null);

  const title = i18n.language === 'en-US' ? route.titleEn : route.title;
  return (
    <div style={{ display: 'flex', gap: 12, padding: 12, height: '100%', boxSizing: 'border-box' }}>
      <Card size="small" style={{ width: 280, flexShrink: 0 }} styles={{ body: { height: '100%' } }}>
        <Typography.Title level={1} style={{ fontSize: 16, marginTop: 0 }}>
          {title}
        </Typography.Title>
        <nav aria-label={t('video.page.cameras')} style={{ height: 'calc(100% - 40px)' }}>
          <CameraTree
            tree={tree}
            failed={cameraTree.isError}
            platform={platform}
            max={max}
            chosen={chosen}
            onChoose={setChosen}
            onOpen={(code) => {
              const device = deviceOf(cameras.get(code));
              if (device.length > 0) setDialogDevices(device);
            }}
          />
        </nav>
      </Card>
      <section aria-label={t('video.page.player')} style={{ flex: 1, minWidth: 0 }}>
        {plugin ? (
          <PluginPlayer
            mode={mode}
            devices={devices}
            platform={pluginPlatform}
            html5Path={plugin.html5Path}
            onNavigate={(path) => runtime.navigate(path)}
            frameLayout={frameLayout}
            connect={pluginConnect}
          />
        ) : platform === PLATFORM_HIK ? (
          // Live view has the microphone of §2.5's toolbar; talk goes to the selected window's camera.
          <Html5Player mode={mode} devices={devices} source={sources.hik} talk={mode === 'live'} />
        ) : (
          <IccPlayer
            mode={mode}
            devices={devices}
            source={sources.icc}
            talkMode={talkMode}
            roundRobinDevices={roundRobinDevices}
          />
        )}
      </section>
      <VideoDialog
        open={dialogDevices !== null}
        onClose={() => setDialogDevices(null)}
        devices={dialogDevices ?? NO_DEVICES}
        mode={mode}
        hikSource={sources.hik}
        iccSource={sources.icc}
      />
    </div>
  );
}
