import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { MAP_DATA_PATHS } from '@cityops/contract';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildBasemap } from '../../../scripts/basemap.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { extractsDir } from './routes.js';

/** Shenzhen (plain GeoJSON in the package) and Chongqing (ECharts' compressed form). */
const CITIES = ['guang3_dong1_shen1_zhen4', 'chongqing'];
const EXTRACT = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

const collection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      properties: z.record(z.string(), z.unknown()),
      geometry: z.object({ type: z.string(), coordinates: z.array(z.unknown()) }),
    }),
  ),
});

let t: TestApp;
let basemapDir: string;

beforeAll(async () => {
  basemapDir = await mkdtemp(join(tmpdir(), 'cityops-basemap-'));
  await buildBasemap({ outDir: basemapDir, only: CITIES });
  t = await createTestApp({ env: { BASEMAP_DIR: basemapDir } });
  await writeFile(join(extractsDir(t.app.cityops.config.DATA_DIR), 'city.pmtiles'), EXTRACT);
  await writeFile(join(t.app.cityops.config.DATA_DIR, 'secrets.pmtiles'), 'outside the map folder');
  // In the folder but not an extract: not served either.
  await writeFile(join(extractsDir(t.app.cityops.config.DATA_DIR), 'notes.txt'), 'outside the map folder');
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(basemapDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const points = (value: unknown): number[][] =>
  Array.isArray(value) && typeof value[0] === 'number'
    ? [value as number[]]
    : (value as unknown[]).flatMap(points);

describe("the offline map's China data", () => {
  it("serves every city's outline with its name and bounding box, gzipped and cached", async () => {
    const answer = await get(`${MAP_DATA_PATHS.china}cities.json`, { 'accept-encoding': 'gzip' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe('public, max-age=86400');
    const cities = collection.parse(JSON.parse(gunzipSync(answer.rawPayload).toString('utf8')));
    const names = cities.features.map((feature) => feature.properties.name);
    expect(names.sort()).toEqual(['深圳', '重庆']);
    const shenzhen = cities.features.find((feature) => feature.properties.name === '深圳');
    const [west, south, east, north] = z.array(z.number()).parse(shenzhen?.properties.bbox);
    expect(west).toBeGreaterThan(113.6);
    expect(east).toBeLessThan(114.7);
    expect(south).toBeGreaterThan(22.3);
    expect(north).toBeLessThan(22.9);
  });

  it("serves a city's districts with their names and label points, decoded from either source form", async () => {
    const shenzhen = collection.parse(
      JSON.parse((await get(`${MAP_DATA_PATHS.china}districts/guang3_dong1_shen1_zhen4.json`)).body),
    );
    const labels = shenzhen.features.filter((feature) => feature.properties.label === 1);
    expect(labels.map((feature) => feature.properties.name)).toContain('南山区');
    expect(shenzhen.features.filter((feature) => feature.geometry.type === 'MultiPolygon')).toHaveLength(
      labels.length,
    );
    const chongqing = collection.parse(
      JSON.parse((await get(`${MAP_DATA_PATHS.china}districts/chongqing.json`)).body),
    );
    const wanzhou = chongqing.features.find(
      (feature) => feature.properties.name === '万州区' && feature.properties.label === 0,
    );
    // Decoded, not the compressed text: every corner lies in Chongqing.
    for (const [lng = 0, lat = 0] of points(wanzhou?.geometry.coordinates)) {
      expect(lng).toBeGreaterThan(105);
      expect(lng).toBeLessThan(111);
      expect(lat).toBeGreaterThan(28);
      expect(lat).toBeLessThan(33);
    }
  });

  it("serves China's rivers and lakes: the Yangtze and the Yellow River where they pass cities, the great lakes", async () => {
    const answer = await get(`${MAP_DATA_PATHS.china}water.json`, { 'accept-encoding': 'gzip' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    const water = collection.parse(JSON.parse(gunzipSync(answer.rawPayload).toString('utf8')));
    const of = (kind: string) => {
      const feature = water.features.find((candidate) => candidate.properties.kind === kind);
      return z
        .object({
          type: z.literal('MultiPolygon'),
          coordinates: z.array(z.array(z.array(z.array(z.number())))),
        })
        .parse(feature?.geometry);
    };
    const rivers = of('river');
    const lakes = of('lake');
    // A river is an area here, its banks a few hundred metres apart: a corner of it near the city's reach.
    const riverNear = ([lng, lat]: [number, number]) =>
      points(rivers.coordinates).some(([x = 0, y = 0]) => Math.hypot(x - lng, y - lat) < 0.05);
    expect(riverNear([114.29, 30.58]), '长江 at 武汉').toBe(true);
    expect(riverNear([118.73, 32.08]), '长江 at 南京').toBe(true);
    expect(riverNear([113.68, 34.92]), '黄河 at 郑州').toBe(true);
    for (const [name, point] of [
      ['鄱阳湖', [116.3, 29.1]],
      ['洞庭湖', [112.9, 29.3]],
      ['青海湖', [100.2, 36.9]],
    ] as const)
      expect(booleanPointInPolygon([...point], lakes), name).toBe(true);
    expect(booleanPointInPolygon([114.3, 30.9], lakes), 'dry land north of 武汉').toBe(false);
    // Clipped to China: nothing of the Great Lakes or the Nile.
    const box = points(water.features.map((feature) => feature.geometry.coordinates)).reduce<
      [number, number, number, number]
    >(
      ([west, south, east, north], [lng = 0, lat = 0]) => [
        Math.min(west, lng),
        Math.min(south, lat),
        Math.max(east, lng),
        Math.max(north, lat),
      ],
      [180, 90, -180, -90],
    );
    expect(box[0]).toBeGreaterThan(70);
    expect(box[1]).toBeGreaterThan(15);
    expect(box[2]).toBeLessThan(138);
    expect(box[3]).toBeLessThan(57);
  });

  it('answers 404 for a city it does not have', async () => {
    expect((await get(`${MAP_DATA_PATHS.china}districts/atlantis.json`)).statusCode).toBe(404);
  });
});

describe('offline tile extracts in DATA_DIR/map', () => {
  it('serves a .pmtiles file in pieces (HTTP range requests) with its ETag', async () => {
    const whole = await get(`${MAP_DATA_PATHS.extracts}city.pmtiles`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers.etag).toBeTruthy();
    const piece = await get(`${MAP_DATA_PATHS.extracts}city.pmtiles`, { range: 'bytes=127-254' });
    expect(piece.statusCode).toBe(206);
    expect(piece.headers['content-range']).toBe(`bytes 127-254/${EXTRACT.length}`);
    expect(piece.rawPayload.equals(EXTRACT.subarray(127, 255))).toBe(true);
  });

  it('refuses a way out of the folder and any file that is not an extract', async () => {
    for (const path of [
      '../secrets.pmtiles',
      '..%2fsecrets.pmtiles',
      '%2e%2e/secrets.pmtiles',
      '..%5csecrets.pmtiles',
      '../page-settings.json',
      'city.pmtiles/../../secrets.key',
      'notes.txt',
    ]) {
      const answer = await get(`${MAP_DATA_PATHS.extracts}${path}`);
      expect(answer.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, path).toBeLessThan(500);
      expect(answer.body, path).not.toContain('outside the map folder');
    }
  });
});
