import { defineTexts } from '@cityops/ui';

/** Texts of the map and the location picker (platform-shell.md §2, §5). */
export const mapTexts = defineTexts(
  'map',
  {
    label: '地图',
    loading: '地图加载中…',
    failed: '地图无法显示：此浏览器不支持 WebGL，或地图资源加载失败。经纬度仍可直接输入。',
    offlineBadge: '离线底图（国界与经纬网）：未配置在线地图或瓦片服务时的后备',
    longitude: '经度',
    latitude: '纬度',
    longitudePlaceholder: '-180~180',
    latitudePlaceholder: '-90~90',
    fullScreen: '全屏选点',
    fullScreenTitle: '地图选点',
    ok: '确定',
    close: '关闭',
    dragHint: '拖动标记或点击地图设置位置',
    marker: '位置标记',
    address: '地址：{{address}}',
    devices: '{{count}} 台设备',
  },
  {
    label: 'Map',
    loading: 'Loading the map…',
    failed:
      'The map cannot be shown: this browser lacks WebGL, or the map resources failed to load. Coordinates can still be typed.',
    offlineBadge:
      'Offline base map (borders and graticule): the fallback when no online map or tile server is set',
    longitude: 'Longitude',
    latitude: 'Latitude',
    longitudePlaceholder: '-180~180',
    latitudePlaceholder: '-90~90',
    fullScreen: 'Full screen',
    fullScreenTitle: 'Pick a location',
    ok: 'OK',
    close: 'Close',
    dragHint: 'Drag the marker or click the map to set the location',
    marker: 'Location marker',
    address: 'Address: {{address}}',
    devices: '{{count}} devices',
  },
);
