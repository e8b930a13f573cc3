import { findRouteByPath, PLATFORM_HIK, PLATFORM_ICC } from '@cityops/contract';
import { registryPages } from './registryPages';
import type { SubAppPageProps, SubAppPages } from '@cityops/subapp';
import { lazyPage } from '@cityops/ui';
import type { VideoPageOptions } from './video/VideoPage';
import type * as LivePages from './live/pages';

/** The video pages' code (players, camera tree, mpegts.js) loads when one is first opened. */
const VideoPage = lazyPage(() => import('./video/VideoPage'), 'VideoPage');

/** The live device pages: one chunk for the six of them, with ECharts for the history. */
const live = <Name extends keyof typeof LivePages>(name: Name) =>
  lazyPage(() => import('./live/pages'), name);

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
 * The video monitor pages play the hik_isc_huati cameras through the desktop plug-in (playReal,
 * playBack; plugin/) or in our HTML5 player (playRealWeb, playBackWeb); the Uniview pages play the
 * dh_icc_huati cameras in the ICC player, the control page with talk.
 */
export const pages: SubAppPages = {
  // The registry and the thing model.
  ...registryPages,
  [codeOf('/iotcloud/iot/videoMonitor/playReal')]: video({
    platform: PLATFORM_HIK,
    mode: 'live',
    plugin: { html5Path: '/iotcloud/iot/videoMonitor/playRealWeb' },
  }),
  [codeOf('/iotcloud/iot/videoMonitor/playBack')]: video({
    platform: PLATFORM_HIK,
    mode: 'playback',
    plugin: { html5Path: '/iotcloud/iot/videoMonitor/playBackWeb' },
  }),
  [codeOf('/iotcloud/iot/videoMonitor/playRealWeb')]: video({ platform: PLATFORM_HIK, mode: 'live' }),
  [codeOf('/iotcloud/iot/videoMonitor/playBackWeb')]: video({ platform: PLATFORM_HIK, mode: 'playback' }),
  [codeOf('/iotcloud/iot/videoUniview/playReal')]: video({ platform: PLATFORM_ICC, mode: 'live' }),
  [codeOf('/iotcloud/iot/videoUniview/playBack')]: video({ platform: PLATFORM_ICC, mode: 'playback' }),
  [codeOf('/iotcloud/iot/videoUniview/control')]: video({
    platform: PLATFORM_ICC,
    mode: 'live',
    talkMode: true,
  }),
  // The live device pages.
  [codeOf('/iotcloud/iot/envMonitor/realtimeReport')]: live('RealtimePage'),
  [codeOf('/iotcloud/iot/envMonitor/historyRecord')]: live('HistoryPage'),
  [codeOf('/iotcloud/iot/wellLid/abnormalMonitor')]: live('WellLidMonitorPage'),
  [codeOf('/iotcloud/iot/wellLid/alarmRecord')]: live('WellLidAlarmPage'),
  [codeOf('/iotcloud/iot/lamp/alarmRecord')]: live('LampAlarmPage'),
  [codeOf('/iotcloud/iot/lamp/loopAlarm')]: live('LoopAlarmPage'),
  [codeOf('/iotcloud/smartSwitch/smartSwitchControl')]: live('SwitchControlPage'),
  [codeOf('/iotcloud/iot/gateway/manualControl')]: live('GatewayControlPage'),
  // Where devices are: 位置管理 and 区域管理.
  [codeOf('/iotcloud/iot/assetMorror/locationManagement')]: lazyPage(
    () => import('./placement/LocationPage'),
    'LocationPage',
  ),
  [codeOf('/iotcloud/iot/assetMorror/areaManage')]: lazyPage(
    () => import('./placement/AreaDevicesPage'),
    'AreaDevicesPage',
  ),
  // 固件升级: firmware and upgrade jobs.
  [codeOf('/iotcloud/iot/assetMorror/upgrade')]: lazyPage(
    () => import('./firmware/UpgradePage'),
    'UpgradePage',
  ),
  // 设备维护 and 网关白名单.
  [codeOf('/iotcloud/iot/assetMorror/equipmentMaintenance')]: lazyPage(
    () => import('./maintenance/MaintenancePage'),
    'MaintenancePage',
  ),
  [codeOf('/iotcloud/iot/gateway/white')]: lazyPage(() => import('./gateway/AllowlistPage'), 'AllowlistPage'),
  // Installation points and their import.
  [codeOf('/iotcloud/iot/assetMorror/pointManagement')]: lazyPage(
    () => import('./points/PointManagementPage'),
    'PointManagementPage',
  ),
  [codeOf('/iotcloud/iot/assetMorror/batchImportPoint')]: lazyPage(
    () => import('./points/BatchImportPointPage'),
    'BatchImportPointPage',
  ),
  // 报警监控, 报警监控（旧版） and 报警历史: one chunk for the three alarm-box pages.
  [codeOf('/iotcloud/iot/alarmbox/monitor')]: lazyPage(() => import('./alarmbox/routes'), 'MonitorRoute'),
  [codeOf('/iotcloud/iot/alarmbox/monitorOld')]: lazyPage(
    () => import('./alarmbox/routes'),
    'MonitorOldRoute',
  ),
  [codeOf('/iotcloud/iot/alarmbox/history')]: lazyPage(() => import('./alarmbox/routes'), 'HistoryRoute'),
  // 报警接听 and 远程喊话.
  [codeOf('/iotcloud/iot/alarmbox/monitorReceiver')]: lazyPage(
    () => import('./alarmbox/MonitorReceiverPage'),
    'MonitorReceiverPage',
  ),
  [codeOf('/iotcloud/iot/broadcast/yelling')]: lazyPage(
    () => import('./alarmbox/YellingPage'),
    'YellingPage',
  ),
};
