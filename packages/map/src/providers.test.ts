import { describe, expect, it } from 'vitest';
import { mapSettingsSchema } from '@cityops/contract';
import type { StyleSpecification } from 'maplibre-gl';
import { vectorLayers } from './extract';
import { citiesInView, type ChinaCity } from './offlineData';
import { CHINA_ZOOM, OFFLINE_SOURCES, PLACE_LAYER_PREFIX, providerStyle } from './providers';

const settings = (value: object) => mapSettingsSchema.parse(value);

describe('map providers from the page settings', () => {
  it('is the offline map by default, in WGS-84, with no address to fetch', () => {
    const chosen = providerStyle(settings({}), false);
    expect(chosen.kind).toBe('offline');
    expect(chosen.system).toBe('wgs84');
    expect(JSON.stringify(chosen.style)).not.toMatch(/https?:/);
  });

  it("draws China's cities, then districts closer in, with their names in the browser's own fonts", () => {
    const { style } = providerStyle(settings({}), false) as { style: StyleSpecification };
    // No glyph server: MapLibre draws every label locally, and nothing is fetched from anywhere.
    expect(style.glyphs).toBeUndefined();
    const layer = (id: string) => style.layers.find((candidate) => candidate.id === id);
    expect(layer('china-city-lines')).toMatchObject({
      source: OFFLINE_SOURCES.cities,
      minzoom: CHINA_ZOOM.cities,
    });
    expect(layer('china-district-lines')).toMatchObject({
      source: OFFLINE_SOURCES.districts,
      minzoom: CHINA_ZOOM.districts,
    });
    expect(layer(`${PLACE_LAYER_PREFIX}district`)).toMatchObject({
      type: 'symbol',
      minzoom: CHINA_ZOOM.districtNames,
      layout: { 'text-field': ['get', 'name'] },
    });
    // The coarse world land fades where the districts draw the coast.
    expect(layer('offline-land')).toMatchObject({ paint: { 'fill-opacity': expect.any(Array) } });
  });

  it('draws rivers and lakes in blue over the land and under the boundaries, light and dark', () => {
    for (const dark of [false, true]) {
      const { style } = providerStyle(settings({}), dark) as { style: StyleSpecification };
      const ids = style.layers.map((layer) => layer.id);
      const layer = (id: string) => style.layers.find((candidate) => candidate.id === id);
      const background = layer('offline-water');
      const sea = background?.type === 'background' ? background.paint?.['background-color'] : undefined;
      // Credited as its licence (ODbL) asks, in the map's attribution.
      expect(style.sources[OFFLINE_SOURCES.water]).toMatchObject({
        type: 'geojson',
        attribution: '© OpenStreetMap contributors',
      });
      expect(layer('china-lakes')).toMatchObject({
        type: 'fill',
        source: OFFLINE_SOURCES.water,
        filter: ['==', ['get', 'kind'], 'lake'],
        paint: { 'fill-color': sea },
      });
      expect(layer('china-rivers')).toMatchObject({
        type: 'line',
        source: OFFLINE_SOURCES.water,
        filter: ['==', ['get', 'kind'], 'river'],
        minzoom: CHINA_ZOOM.rivers,
      });
      const river = layer('china-rivers');
      const riverColour = river?.type === 'line' ? river.paint?.['line-color'] : undefined;
      // Blue: more blue than red in either theme.
      const [red = 0, , blue = 0] = (String(riverColour).match(/[\da-f]{2}/giu) ?? []).map((hex) =>
        parseInt(hex, 16),
      );
      expect(blue, String(dark)).toBeGreaterThan(red + 40);
      for (const water of ['china-lakes', 'china-river-areas', 'china-rivers']) {
        expect(ids.indexOf(water), water).toBeGreaterThan(ids.indexOf('china-district-land'));
        expect(ids.indexOf(water), water).toBeLessThan(ids.indexOf('china-district-lines'));
        expect(ids.indexOf(water), water).toBeLessThan(ids.indexOf('china-city-lines'));
      }
    }
  });

  it('reads an extract from DATA_DIR/map on this origin; without a valid file name, the offline map', () => {
    const chosen = providerStyle(settings({ provider: 'extract', extractFile: 'shenzhen.pmtiles' }), false);
    expect(chosen).toMatchObject({ kind: 'extract', system: 'wgs84' });
    expect(chosen.extractUrl).toBe(`${window.location.origin}/map-data/extracts/shenzhen.pmtiles`);
    expect(providerStyle(settings({ provider: 'extract' }), false).kind).toBe('offline');
    expect(
      providerStyle(settings({ provider: 'extract', extractFile: '../pglite.pmtiles' }), false).kind,
    ).toBe('offline');
    expect(providerStyle(settings({ provider: 'extract', extractFile: 'tiles.mbtiles' }), false).kind).toBe(
      'offline',
    );
  });

  it("draws any extract's vector layers: water blue, roads as roads, every name a label", () => {
    const layers = vectorLayers('extract', ['water', 'roads', 'places'], false);
    const byId = new Map(layers.map((layer) => [layer.id, layer]));
    expect(byId.get('extract-fill-water')).toMatchObject({ paint: { 'fill-color': '#c9dcec' } });
    expect(byId.get('extract-line-roads')).toMatchObject({ paint: { 'line-color': '#ffffff' } });
    expect(byId.get(`${PLACE_LAYER_PREFIX}extract-places`)).toMatchObject({
      type: 'symbol',
      'source-layer': 'places',
      filter: ['has', 'name'],
    });
  });

  it('loads the districts of the cities the view meets, nearest first', () => {
    const city = (id: string, bbox: ChinaCity['bbox']): ChinaCity => ({ id, name: id, bbox });
    const all = [
      city('far', [100, 30, 101, 31]),
      city('edge', [114.2, 22.4, 114.6, 22.9]),
      city('here', [113.7, 22.4, 114.1, 22.9]),
    ];
    const view = { west: 113.9, south: 22.5, east: 114.25, north: 22.6 };
    expect(citiesInView(all, view).map((found) => found.id)).toEqual(['here', 'edge']);
  });

  it('draws an XYZ template as raster tiles in the system the settings name', () => {
    const chosen = providerStyle(
      settings({
        provider: 'tiles',
        tileUrl: 'http://10.0.0.5/tiles/{z}/{x}/{y}.png',
        tileCoordinates: 'gcj02',
      }),
      false,
    );
    expect(chosen).toMatchObject({ kind: 'tiles', system: 'gcj02' });
    expect(JSON.stringify(chosen.style)).toContain('http://10.0.0.5/tiles/{z}/{x}/{y}.png');
  });

  it('takes a .json address as a vector style', () => {
    const chosen = providerStyle(
      settings({ provider: 'tiles', tileUrl: 'http://gis.local/style.json' }),
      true,
    );
    expect(chosen.style).toBe('http://gis.local/style.json');
  });

  it('uses AMap in GCJ-02 only with a key; without one, or tiles without an address, the offline map', () => {
    expect(providerStyle(settings({ provider: 'amap', amapKey: 'k' }), false)).toMatchObject({
      kind: 'amap',
      system: 'gcj02',
    });
    expect(providerStyle(settings({ provider: 'amap' }), false).kind).toBe('offline');
    expect(providerStyle(settings({ provider: 'tiles' }), false).kind).toBe('offline');
  });
});
