import type * as MapLibreModule from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

export type MapLibre = typeof MapLibreModule;

let loading: Promise<MapLibre> | null = null;

/**
 * MapLibre GL, fetched when a map first shows (it is most of a map page's weight). Its worker runs
 * from a blob: URL made of the worker's code: a worker must be same-origin, and a sub-app's frame
 * gets the shared chunks from the shell's origin.
 */
export function loadMapLibre(): Promise<MapLibre> {
  loading ??= Promise.all([import('maplibre-gl'), fetch(workerUrl).then((response) => response.text())])
    .then(([maplibre, code]) => {
      maplibre.setWorkerUrl(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
      return maplibre;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
