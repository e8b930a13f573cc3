/**
 * The page `map.ts` measures: the product's CityMap, full window, on the offline map, with N device
 * markers (`?markers=30000`) spread over a city (deterministic), clustered as the product clusters
 * them. It reports on `window.__mapBench` when the markers are drawn, and pans on request.
 */
import { createRoot } from 'react-dom/client';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { initI18n } from '@cityops/ui';
import { mapSettingsSchema, type MapDeviceMarker } from '@cityops/contract';
import { CityMap } from '@cityops/map';

interface Bench {
  markersDrawn?: number;
  mapReady?: number;
  pan?(ms: number, zoom: number): Promise<number[]>;
}
declare global {
  interface Window {
    __mapBench: Bench;
  }
}
const bench: Bench = (window.__mapBench = {});
const params = new URLSearchParams(location.search);
const count = Number(params.get('markers') ?? 30_000);

// A park-and-miller sequence: the same markers on every run.
let seed = 42;
const next = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
const markers: MapDeviceMarker[] = Array.from({ length: count }, (_, id) => ({
  id,
  lng: 113.75 + next() * 0.5,
  lat: 22.45 + next() * 0.35,
  deviceType: '0101',
  checked: id % 50 === 0,
}));
const settings = mapSettingsSchema.parse({ center: { lng: 114.0, lat: 22.62 }, zoom: 11 });

function ready(map: MapLibreMap) {
  bench.mapReady = performance.now();
  // `?hide=a,b`: layers hidden, to measure what is left (MapLibre's floor).
  const hidden = (params.get('hide') ?? '').split(',').filter(Boolean);
  for (const layer of hidden) map.setLayoutProperty(layer, 'visibility', 'none');
  const drawn = () => {
    const shown = hidden.length > 0 || map.querySourceFeatures('devices').length > 0;
    if (map.isSourceLoaded('devices') && map.loaded() && shown) {
      bench.markersDrawn = performance.now();
      return;
    }
    requestAnimationFrame(drawn);
  };
  requestAnimationFrame(drawn);
  bench.pan = (ms, zoom) =>
    new Promise((resolve) => {
      map.jumpTo({ center: [114.0, 22.62], zoom });
      map.once('idle', () => {
        const frames: number[] = [];
        const start = performance.now();
        let last = start;
        let step = 0;
        const tick = (now: number) => {
          frames.push(now - last);
          last = now;
          step += 1;
          // Back and forth, so the view stays over the markers.
          const direction = Math.floor(step / 60) % 2 === 0 ? 1 : -1;
          map.panBy([12 * direction, 6 * direction], { duration: 0 });
          if (now - start < ms) requestAnimationFrame(tick);
          else resolve(frames.slice(1));
        };
        requestAnimationFrame(tick);
      });
    });
}

void initI18n('zh-CN').then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  createRoot(root).render(
    <CityMap
      settings={settings}
      markers={markers}
      onMapReady={ready}
      style={{ height: '100vh', borderRadius: 0 }}
    />,
  );
});
