import type {
  ExpressionSpecification,
  GeoJSONSourceSpecification,
  StyleSpecification,
  SymbolLayerSpecification,
} from 'maplibre-gl';
import {
  MAP_DATA_PATHS,
  usesAMap,
  usesExtract,
  type CoordinateSystem,
  type MapSettings,
} from '@cityops/contract';

/** AMap's road pictures, four hosts; drawn in GCJ-02. Used only when a key is set. */
export const AMAP_TILES = [1, 2, 3, 4].map(
  (host) =>
    `https://webrd0${host}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}`,
);

/** The colours of the offline map, light and dark. */
const OFFLINE_COLOURS = {
  light: {
    water: '#c9dcec',
    river: '#9dbfdd',
    land: '#f5f4ef',
    border: '#8a9bb0',
    grid: '#b9c6d3',
    city: '#9aa8b8',
    district: '#b8c2cc',
    text: '#3d4b5c',
    halo: '#ffffff',
  },
  dark: {
    water: '#101820',
    river: '#27425c',
    land: '#1d242c',
    border: '#5f7185',
    grid: '#2e3a47',
    city: '#56667a',
    district: '#3b4755',
    text: '#c5cfda',
    halo: '#101820',
  },
} as const;

/** Zoom levels of the offline map's China: city outlines and names first, districts closer in. */
export const CHINA_ZOOM = { rivers: 4, cities: 5, cityNames: 6, districts: 8, districtNames: 9 } as const;

/**
 * Labels are drawn with the browser's own fonts (MapLibre draws every glyph locally when the style
 * names no glyph server): nothing is fetched, and Chinese names show in the system's CJK font.
 */
const LABEL_FONT = ['sans-serif'];

/** The layers whose names `data-places` reports (the basemap's labels). */
export const PLACE_LAYER_PREFIX = 'place-';

/** What a provider draws with: its style, and the coordinate system its pictures are in. */
export interface ProviderStyle {
  kind: 'offline' | 'extract' | 'tiles' | 'amap';
  /**
   * A style object, or the address of one (a tile server's vector style). An extract's style depends
   * on what the file holds, read when the map is made (`extractStyle`); until then the offline map's.
   */
  style: StyleSpecification | string;
  system: CoordinateSystem;
  /** The extract's address (the `extract` kind). */
  extractUrl?: string;
}

/** Sources and layers the offline map fills in at run time (the data is loaded after the style). */
export const OFFLINE_SOURCES = {
  land: 'offline-land',
  borders: 'offline-borders',
  grid: 'offline-grid',
  cities: 'offline-cities',
  districts: 'offline-districts',
  water: 'offline-china-water',
} as const;

/** The credit the water's licence asks for (the same words in every language: a name). */
export const WATER_ATTRIBUTION = '© OpenStreetMap contributors';

const emptyGeoJson = (): GeoJSONSourceSpecification => ({
  type: 'geojson',
  data: { type: 'FeatureCollection', features: [] },
});

const isLabel: ExpressionSpecification = ['==', ['get', 'label'], 1];
const isOutline: ExpressionSpecification = ['!=', ['get', 'label'], 1];
const isRiver: ExpressionSpecification = ['==', ['get', 'kind'], 'river'];
const isLake: ExpressionSpecification = ['==', ['get', 'kind'], 'lake'];

function label(
  id: string,
  source: string,
  minzoom: number,
  colour: (typeof OFFLINE_COLOURS)['light' | 'dark'],
  size: number,
): SymbolLayerSpecification {
  return {
    id: `${PLACE_LAYER_PREFIX}${id}`,
    type: 'symbol',
    source,
    minzoom,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': LABEL_FONT,
      'text-size': size,
      'text-max-width': 8,
    },
    paint: { 'text-color': colour.text, 'text-halo-color': colour.halo, 'text-halo-width': 1.5 },
  };
}

/**
 * The offline map: sea as the background, the world's land and borders (Natural Earth 1:110m), and
 * China's cities and districts (their outlines are the coast where it matters, at city zoom, where
 * 1:110m land would cover bays and estuaries: the world's land fades out there), with its rivers and
 * lakes over the land and under the boundaries. A river is an area a few hundred metres wide, less
 * than a pixel until zoom 9 or so: its outline in a deeper blue is what shows it, from zoom 4 where
 * the country fills the view (below that, thousands of reaches would be a blur).
 */
export function offlineStyle(dark: boolean): StyleSpecification {
  const colour = OFFLINE_COLOURS[dark ? 'dark' : 'light'];
  return {
    version: 8,
    sources: {
      [OFFLINE_SOURCES.land]: emptyGeoJson(),
      [OFFLINE_SOURCES.borders]: emptyGeoJson(),
      [OFFLINE_SOURCES.grid]: emptyGeoJson(),
      [OFFLINE_SOURCES.cities]: emptyGeoJson(),
      [OFFLINE_SOURCES.districts]: emptyGeoJson(),
      // The rivers and lakes are OpenStreetMap-derived (ODbL): the map credits them wherever it shows them.
      [OFFLINE_SOURCES.water]: { ...emptyGeoJson(), attribution: WATER_ATTRIBUTION },
    },
    layers: [
      { id: 'offline-water', type: 'background', paint: { 'background-color': colour.water } },
      {
        id: 'offline-land',
        type: 'fill',
        source: OFFLINE_SOURCES.land,
        paint: {
          'fill-color': colour.land,
          'fill-opacity': ['interpolate', ['linear'], ['zoom'], 5, 1, 8, 0.35],
        },
      },
      {
        id: 'china-land',
        type: 'fill',
        source: OFFLINE_SOURCES.cities,
        minzoom: CHINA_ZOOM.cities,
        paint: { 'fill-color': colour.land },
      },
      {
        id: 'china-district-land',
        type: 'fill',
        source: OFFLINE_SOURCES.districts,
        filter: isOutline,
        minzoom: CHINA_ZOOM.districts,
        paint: { 'fill-color': colour.land },
      },
      {
        id: 'china-lakes',
        type: 'fill',
        source: OFFLINE_SOURCES.water,
        filter: isLake,
        paint: { 'fill-color': colour.water, 'fill-outline-color': colour.river },
      },
      {
        id: 'china-river-areas',
        type: 'fill',
        source: OFFLINE_SOURCES.water,
        filter: isRiver,
        minzoom: CHINA_ZOOM.rivers,
        paint: { 'fill-color': colour.water },
      },
      {
        id: 'china-rivers',
        type: 'line',
        source: OFFLINE_SOURCES.water,
        filter: isRiver,
        minzoom: CHINA_ZOOM.rivers,
        paint: { 'line-color': colour.river, 'line-width': 1 },
      },
      {
        id: 'offline-grid',
        type: 'line',
        source: OFFLINE_SOURCES.grid,
        paint: { 'line-color': colour.grid, 'line-width': 1 },
      },
      {
        id: 'china-district-lines',
        type: 'line',
        source: OFFLINE_SOURCES.districts,
        filter: isOutline,
        minzoom: CHINA_ZOOM.districts,
        paint: { 'line-color': colour.district, 'line-width': 1, 'line-dasharray': [3, 2] },
      },
      {
        id: 'china-city-lines',
        type: 'line',
        source: OFFLINE_SOURCES.cities,
        minzoom: CHINA_ZOOM.cities,
        paint: { 'line-color': colour.city, 'line-width': 1.2 },
      },
      {
        id: 'offline-borders',
        type: 'line',
        source: OFFLINE_SOURCES.borders,
        paint: { 'line-color': colour.border, 'line-width': 1.2 },
      },
      {
        ...label('city', OFFLINE_SOURCES.cities, CHINA_ZOOM.cityNames, colour, 13),
        maxzoom: CHINA_ZOOM.districtNames,
      },
      {
        ...label('district', OFFLINE_SOURCES.districts, CHINA_ZOOM.districtNames, colour, 12),
        filter: isLabel,
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
 * without an address, an extract without a file, AMap without a key) falls back to the offline map
 * rather than a blank one.
 */
export function providerStyle(settings: MapSettings, dark: boolean): ProviderStyle {
  if (settings.provider === 'tiles' && settings.tileUrl) {
    const style = /\.json(?:\?.*)?$/i.test(settings.tileUrl)
      ? settings.tileUrl
      : rasterStyle([settings.tileUrl], '');
    return { kind: 'tiles', style, system: settings.tileCoordinates };
  }
  if (usesExtract(settings)) {
    const path = `${MAP_DATA_PATHS.extracts}${encodeURIComponent(settings.extractFile)}`;
    return {
      kind: 'extract',
      style: offlineStyle(dark),
      system: 'wgs84',
      extractUrl: new URL(path, globalThis.location?.href ?? 'http://localhost/').href,
    };
  }
  if (usesAMap(settings)) {
    return { kind: 'amap', style: rasterStyle(AMAP_TILES, '© 高德地图 AutoNavi'), system: 'gcj02' };
  }
  return { kind: 'offline', style: offlineStyle(dark), system: 'wgs84' };
}
