import type { GeoJSONSourceSpecification, StyleSpecification } from 'maplibre-gl';
import { usesAMap, type CoordinateSystem, type MapSettings } from '@cityops/contract';

/** AMap's road pictures, four hosts; drawn in GCJ-02. Used only when a key is set. */
export const AMAP_TILES = [1, 2, 3, 4].map(
  (host) =>
    `https://webrd0${host}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}`,
);

/** The colours of the offline map, light and dark. */
const OFFLINE_COLOURS = {
  light: { water: '#dbe7f0', land: '#f5f4ef', border: '#8a9bb0', grid: '#b9c6d3' },
  dark: { water: '#101820', land: '#1d242c', border: '#5f7185', grid: '#2e3a47' },
} as const;

/** What a provider draws with: its style, and the coordinate system its pictures are in. */
export interface ProviderStyle {
  kind: 'offline' | 'tiles' | 'amap';
  /** A style object, or the address of one (a tile server's vector style). */
  style: StyleSpecification | string;
  system: CoordinateSystem;
}

/** Sources and layers the offline map fills in at run time (the data is loaded after the style). */
export const OFFLINE_SOURCES = {
  land: 'offline-land',
  borders: 'offline-borders',
  grid: 'offline-grid',
} as const;

const emptyGeoJson = (): GeoJSONSourceSpecification => ({
  type: 'geojson',
  data: { type: 'FeatureCollection', features: [] },
});

function offlineStyle(dark: boolean): StyleSpecification {
  const colour = OFFLINE_COLOURS[dark ? 'dark' : 'light'];
  return {
    version: 8,
    sources: {
      [OFFLINE_SOURCES.land]: emptyGeoJson(),
      [OFFLINE_SOURCES.borders]: emptyGeoJson(),
      [OFFLINE_SOURCES.grid]: emptyGeoJson(),
    },
    layers: [
      { id: 'offline-water', type: 'background', paint: { 'background-color': colour.water } },
      {
        id: 'offline-land',
        type: 'fill',
        source: OFFLINE_SOURCES.land,
        paint: { 'fill-color': colour.land },
      },
      {
        id: 'offline-grid',
        type: 'line',
        source: OFFLINE_SOURCES.grid,
        paint: { 'line-color': colour.grid, 'line-width': 1 },
      },
      {
        id: 'offline-borders',
        type: 'line',
        source: OFFLINE_SOURCES.borders,
        paint: { 'line-color': colour.border, 'line-width': 1.2 },
      },
    ],
  };
}

function rasterStyle(tiles: string[], attribution: string): StyleSpecification {
  return {
    version: 8,
    sources: { base: { type: 'raster', tiles, tileSize: 256, attribution } },
    layers: [{ id: 'base', type: 'raster', source: 'base' }],
  };
}

/**
 * The style of the provider the page settings chose. A provider that cannot work as configured (tiles
 * without an address, AMap without a key) falls back to the offline map rather than a blank one.
 */
export function providerStyle(settings: MapSettings, dark: boolean): ProviderStyle {
  if (settings.provider === 'tiles' && settings.tileUrl) {
    const style = /\.json(?:\?.*)?$/i.test(settings.tileUrl)
      ? settings.tileUrl
      : rasterStyle([settings.tileUrl], '');
    return { kind: 'tiles', style, system: settings.tileCoordinates };
  }
  if (usesAMap(settings)) {
    return { kind: 'amap', style: rasterStyle(AMAP_TILES, '© 高德地图 AutoNavi'), system: 'gcj02' };
  }
  return { kind: 'offline', style: offlineStyle(dark), system: 'wgs84' };
}
