/** The video players of CityOps: the HTML5 player (hik_isc_huati) and the ICC player (dh_icc_huati). */
export { Html5Player, type Html5PlayerProps } from './html5/Html5Player.js';
export { Html5PlayerView, type Html5PlayerViewProps } from './html5/Html5PlayerView.js';
export { IccPlayer, type IccPlayerProps } from './icc/IccPlayer.js';
// The request and answer shapes (VideoDevice, HikVideoSource, …) are the contract's: import them from
// `@cityops/contract`.
export type { PlayItemInput, PlayMode, PlayUrls } from './playList.js';
export { PlayerError, formatPlayerError, type PlayerErrorCode } from './errors.js';
export { playbackStreamUrl, type PlaybackStreamUrl, type PlaybackPosition } from './playbackUrl.js';
export { mpegtsStream, type StreamFactory, type StreamHandle, type StreamOptions } from './stream.js';
export {
  startTalk,
  TalkError,
  type TalkOptions,
  type TalkSession,
  type TalkStarter,
} from './talk/talkSession.js';
export { startRecording, type RecordingStarter } from './media/useRecording.js';
export { videoDialogTitle } from './videoDialogTitle.js';
export { PLATFORM_HIK, PLATFORM_ICC } from './constants.js';
export { VideoDialog, type VideoDialogProps } from './VideoDialog.js';
export { createVideoSources } from './sources.js';
export { MAX_WINDOWS } from './constants.js';
export { PcmFramer, floatToPcm16, frameBytes } from './talk/pcm.js';
export { PCM_WORKLET_NAME, pcmWorkletUrl } from './talk/worklet.js';
export { createPluginPlatformSource } from './sources.js';
// The desktop plug-in's web control (§7 "Local video plugin").
export {
  PluginPlayer,
  PLUG_PAGE_PATH,
  type PluginConnect,
  type PluginPhase,
  type PluginPlayerProps,
} from './plugin/PluginPlayer.js';
export {
  connectPlugin,
  discoverPlugin,
  PluginRequestError,
  type PluginClient,
  type PluginClientOptions,
  type PluginTiming,
  type SocketFactory,
} from './plugin/client.js';
export { ensurePlugin, launchPluginByScheme, PLUGIN_START_URL, type StartStep } from './plugin/starter.js';
export { PluginControl, type PluginPlatformSource, type Notice } from './plugin/session.js';
export { checkCamList, pluginCamList, pluginWndCount, type CamItem } from './plugin/camList.js';
export { chromeOffset, screenRect, visibleBox, hiddenReason, type HiddenReason } from './plugin/geometry.js';
export { measurePlacement, trackPlacement } from './plugin/tracker.js';
export { encryptForPlugin, importPluginKey } from './plugin/secret.js';
