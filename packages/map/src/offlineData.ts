import { feature, mesh } from 'topojson-client';
import type { FeatureCollection, MultiLineString } from 'geojson';
import { z } from 'zod';
import { MAP_DATA_PATHS } from '@cityops/contract';
import type { Bounds } from './graticule';
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

const cityProperties = z.object({
  id: z.string().regex(/^[\w]+$/u),
  name: z.string(),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type ChinaCity = z.infer<typeof cityProperties>;
const collectionShape = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.object({ type: z.literal('Feature'), properties: z.record(z.string(), z.unknown()) })),
});
const citiesShape = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.object({ properties: cityProperties })),
});

async function fetchCollection(path: string): Promise<FeatureCollection> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`offline map data ${path}: HTTP ${response.status}`);
  const body: unknown = await response.json();
  // The shape is checked; the geometries are MapLibre's to read.
  collectionShape.parse(body);
  return body as FeatureCollection;
}

let cities: Promise<{ data: FeatureCollection; cities: ChinaCity[] }> | null = null;

/**
 * China's cities (outlines, names and bounding boxes: one file, ~300 kB gzipped), from the server's
 * build of its data package (server/scripts/basemap.ts); once per page.
 */
export function loadChinaCities() {
  cities ??= fetchCollection(`${MAP_DATA_PATHS.china}cities.json`)
    .then((data) => ({ data, cities: citiesShape.parse(data).features.map((feature) => feature.properties) }))
    .catch((error: unknown) => {
      cities = null;
      throw error;
    });
  return cities;
}

let water: Promise<FeatureCollection> | null = null;

/** China's rivers and lakes (one file, ~145 kB gzipped), from the same build; once per page. */
export function loadChinaWater() {
  water ??= fetchCollection(`${MAP_DATA_PATHS.china}water.json`).catch((error: unknown) => {
    water = null;
    throw error;
  });
  return water;
}

const districts = new Map<string, Promise<FeatureCollection>>();

/** One city's districts (outlines and label points with their names), fetched when first in view. */
export function loadDistricts(city: string): Promise<FeatureCollection> {
  const known = districts.get(city);
  if (known) return known;
  const loading = fetchCollection(`${MAP_DATA_PATHS.china}districts/${encodeURIComponent(city)}.json`);
  districts.set(city, loading);
  loading.catch(() => districts.delete(city));
  return loading;
}

/** The cities whose bounding boxes meet the view's (west, south, east, north), nearest first. */
export function citiesInView(all: readonly ChinaCity[], view: Bounds): ChinaCity[] {
  const centre = [(view.west + view.east) / 2, (view.south + view.north) / 2] as const;
  const distance = ({ bbox: [w, s, e, n] }: ChinaCity) =>
    Math.hypot((w + e) / 2 - centre[0], (s + n) / 2 - centre[1]);
  return all
    .filter(
      ({ bbox: [w, s, e, n] }) => w <= view.east && e >= view.west && s <= view.north && n >= view.south,
    )
    .sort((a, b) => distance(a) - distance(b));
}
