import { feature, mesh } from 'topojson-client';
import type { FeatureCollection, MultiLineString } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-110m.json?url';

/** The offline map's data: land and the borders between countries (Natural Earth 1:110m, world-atlas: 108 kB, 1:50m was 756 kB and slowed every first map by ~1 s). */
export interface OfflineData {
  land: FeatureCollection;
  borders: MultiLineString;
}

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

let loading: Promise<OfflineData> | null = null;

/** Fetched from the product's own assets once per page, when a map first shows; never from the internet. */
export function loadOfflineData(): Promise<OfflineData> {
  loading ??= fetch(countriesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`offline map data: HTTP ${response.status}`);
      return response.json() as Promise<Countries>;
    })
    .then((topology) => ({
      land: feature(topology, topology.objects.land),
      borders: mesh(topology, topology.objects.countries, (a, b) => a !== b),
    }))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
