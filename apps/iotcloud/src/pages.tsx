import { findRouteByPath, PLATFORM_HIK, PLATFORM_ICC } from '@cityops/contract';
import { registryPages } from './registryPages';
import type { SubAppPageProps, SubAppPages } from '@cityops/subapp';
import { lazy } from 'react';
import type { VideoPageOptions } from './video/VideoPage';
import type * as LivePages from './live/pages';

/** The video pages' code (players, camera tree, mpegts.js) loads when one is first opened. */
const VideoPage = lazy(() => import('./video/VideoPage').then((module) => ({ default: module.VideoPage })));

/** The live device pages (issue 15 §6): one chunk for the six of them, with ECharts for the history. */
const live = <Name extends keyof typeof LivePages>(name: Name) =>
  lazy(() => import('./live/pages').then((module) => ({ default: module[name] })));

const codeOf = (path: string) => {
  const route = findRouteByPath(path);
  if (!route) throw new Error(`no route ${path}`);
  return route.code;
};

const video = (options: VideoPageOptions) =>
  function Video(props: SubAppPageProps) {
    return <VideoPage {...props} {...options} />;
  };

/**
 * The pages of /iotcloud that are connected, by route code. Every other route of /iotcloud in the
 * contract's route table is declared too and shows that it is not connected yet.
 *
 * The video monitor pages play the hik_isc_huati cameras in our HTML5 player (the desktop plug-in
 * variants and the web variants alike: we ship no plug-in); the Uniview pages play the dh_icc_huati
 * cameras in the ICC player, the control page with talk.
 */
export const pages: SubAppPages = {
  // The registry and the thing model (issue 15 §2, §3).
  ...registryPages,
  [codeOf('/iotcloud/iot/videoMonitor/playReal')]: video({ platform: PLATFORM_HIK, mode: 'live' }),
  [codeOf('/iotcloud/iot/videoMonitor/playBack')]: video({ platform: PLATFORM_HIK, mode: 'playback' }),
  [codeOf('/iotcloud/iot/videoMonitor/playRealWeb')]: video({ platform: PLATFORM_HIK, mode: 'live' }),
  [codeOf('/iotcloud/iot/videoMonitor/playBackWeb')]: video({ platform: PLATFORM_HIK, mode: 'playback' }),
  [codeOf('/iotcloud/iot/videoUniview/playReal')]: video({ platform: PLATFORM_ICC, mode: 'live' }),
  [codeOf('/iotcloud/iot/videoUniview/playBack')]: video({ platform: PLATFORM_ICC, mode: 'playback' }),
  [codeOf('/iotcloud/iot/videoUniview/control')]: video({
    platform: PLATFORM_ICC,
    mode: 'live',
    talkMode: true,
  }),
  // The live device pages (issue 15 §6).
  [codeOf('/iotcloud/iot/envMonitor/realtimeReport')]: live('RealtimePage'),
  [codeOf('/iotcloud/iot/envMonitor/historyRecord')]: live('HistoryPage'),
  [codeOf('/iotcloud/iot/wellLid/abnormalMonitor')]: live('WellLidMonitorPage'),
  [codeOf('/iotcloud/iot/wellLid/alarmRecord')]: live('WellLidAlarmPage'),
  [codeOf('/iotcloud/iot/lamp/alarmRecord')]: live('LampAlarmPage'),
  [codeOf('/iotcloud/iot/lamp/loopAlarm')]: live('LoopAlarmPage'),
  [codeOf('/iotcloud/smartSwitch/smartSwitchControl')]: live('SwitchControlPage'),
  [codeOf('/iotcloud/iot/gateway/manualControl')]: live('GatewayControlPage'),
  // Where devices are (issue 15 §3): 位置管理 and 区域管理.
  [codeOf('/iotcloud/iot/assetMorror/locationManagement')]: lazy(() =>
    import('./placement/LocationPage').then((module) => ({ default: module.LocationPage })),
  ),
  [codeOf('/iotcloud/iot/assetMorror/areaManage')]: lazy(() =>
    import('./placement/AreaDevicesPage').then((module) => ({ default: module.AreaDevicesPage })),
  ),
  // 固件升级 (issue 15 §3): firmware and upgrade jobs.
  [codeOf('/iotcloud/iot/assetMorror/upgrade')]: lazy(() =>
    import('./firmware/UpgradePage').then((module) => ({ default: module.UpgradePage })),
  ),
  // 设备维护 (issue 15 §3) and 网关白名单 (§6).
  [codeOf('/iotcloud/iot/assetMorror/equipmentMaintenance')]: lazy(() =>
    import('./maintenance/MaintenancePage').then((module) => ({ default: module.MaintenancePage })),
  ),
  [codeOf('/iotcloud/iot/gateway/white')]: lazy(() =>
    import('./gateway/AllowlistPage').then((module) => ({ default: module.AllowlistPage })),
  ),
  // Installation points and their import (issue 15 §3).
  [codeOf('/iotcloud/iot/assetMorror/pointManagement')]: lazy(() =>
    import('./points/PointManagementPage').then((module) => ({ default: module.PointManagementPage })),
  ),
  [codeOf('/iotcloud/iot/assetMorror/batchImportPoint')]: lazy(() =>
    import('./points/BatchImportPointPage').then((module) => ({ default: module.BatchImportPointPage })),
  ),
  // 报警监控, 报警监控（旧版） and 报警历史 (issue 14 §4): one chunk for the three alarm-box pages.
  [codeOf('/iotcloud/iot/alarmbox/monitor')]: lazy(() =>
    import('./alarmbox/routes').then((module) => ({ default: module.MonitorRoute })),
  ),
  [codeOf('/iotcloud/iot/alarmbox/monitorOld')]: lazy(() =>
    import('./alarmbox/routes').then((module) => ({ default: module.MonitorOldRoute })),
  ),
  [codeOf('/iotcloud/iot/alarmbox/history')]: lazy(() =>
    import('./alarmbox/routes').then((module) => ({ default: module.HistoryRoute })),
  ),
  // 报警接听 and 远程喊话 (issue 14).
  [codeOf('/iotcloud/iot/alarmbox/monitorReceiver')]: lazy(() =>
    import('./alarmbox/MonitorReceiverPage').then((module) => ({ default: module.MonitorReceiverPage })),
  ),
  [codeOf('/iotcloud/iot/broadcast/yelling')]: lazy(() =>
    import('./alarmbox/YellingPage').then((module) => ({ default: module.YellingPage })),
  ),
};
