/**
 * The map with 30,000 device markers: the product's CityMap on the offline map in Chromium,
 * markers clustered as the product clusters them. Prints, over 5 page loads, the time from navigation
 * to the map ready and to the markers drawn, and the frame time while panning continuously at a
 * city-wide zoom (clusters) and a street zoom (single markers); then the same with every layer hidden,
 * MapLibre's own floor on this machine. Asserts nothing.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { openBrowser } from '../e2e/src/browser.js';

const MARKERS = Number(process.env.MAP_MARKERS ?? 30_000);
const RUNS = 5;
const PAN_MS = 4_000;
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN;
const f0 = (value: number) => value.toFixed(0);
const f1 = (value: number) => value.toFixed(1);
const range = (values: number[]) =>
  `median ${f0(quantile(values, 0.5))} ms (${f0(Math.min(...values))}-${f0(Math.max(...values))})`;

const out = await mkdtemp(join(tmpdir(), 'cityops-map-bench-'));
await build({
  root: resolve(import.meta.dirname, 'map-page'),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: out, emptyOutDir: true, chunkSizeWarningLimit: 5_000 },
});

const server: Server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  const file = join(out, path === '/' ? 'index.html' : path);
  readFile(file)
    .then((body) => {
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    })
    .catch(() => {
      response.writeHead(404);
      response.end();
    });
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const address = server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;

interface Bench {
  markersDrawn?: number;
  mapReady?: number;
  pan(ms: number, zoom: number): Promise<number[]>;
}
declare const window: { __mapBench: Bench };

/** Every layer CityMap draws: hiding them all leaves MapLibre's own cost per frame on this machine. */
const ALL_LAYERS = [
  'offline-water',
  'offline-land',
  'offline-borders',
  'offline-grid',
  'device-clusters',
  'device-points',
  'area-fill',
  'area-line',
];
const SCENARIOS = [
  { name: `${MARKERS.toLocaleString('en')} device markers`, markers: MARKERS, hide: [] as string[] },
  { name: '100 device markers (what the markers cost)', markers: 100, hide: [] as string[] },
  { name: 'floor: MapLibre drawing nothing', markers: 1, hide: ALL_LAYERS },
];
const ZOOMS = [
  ['zoom 11 (clusters)', 11],
  ['zoom 15 (single markers)', 15],
] as const;

console.log(`\nCityMap on the offline map, Chromium 1366x768 (software WebGL), ${RUNS} loads each`);
for (const scenario of SCENARIOS) {
  const ready: number[] = [];
  const drawn: number[] = [];
  const frames: Record<string, number[]> = {};
  for (let run = 0; run < RUNS; run++) {
    const browser = await openBrowser({ viewport: { width: 1366, height: 768 } });
    try {
      const { page } = browser;
      await page.goto(`${url}?markers=${scenario.markers}&hide=${scenario.hide.join(',')}`);
      await page.waitForFunction(() => window.__mapBench.markersDrawn !== undefined, undefined, {
        timeout: 60_000,
      });
      const times = await page.evaluate(() => ({
        ready: window.__mapBench.mapReady ?? NaN,
        drawn: window.__mapBench.markersDrawn ?? NaN,
      }));
      ready.push(times.ready);
      drawn.push(times.drawn);
      if (run === 0) {
        for (const [name, zoom] of ZOOMS) {
          frames[name] = await page.evaluate(([ms, z]) => window.__mapBench.pan(ms, z), [
            PAN_MS,
            zoom,
          ] as const);
        }
      }
    } finally {
      await browser.close();
    }
  }
  console.log(`  ${scenario.name}`);
  console.log(`    navigation -> map ready:      ${range(ready)}`);
  console.log(`    navigation -> markers drawn:  ${range(drawn)}`);
  for (const [name, values] of Object.entries(frames)) {
    const fps = 1000 / quantile(values, 0.5);
    console.log(
      `    panning, ${name}: frame median ${f1(quantile(values, 0.5))} ms, p95 ${f1(quantile(values, 0.95))} ms (${f1(fps)} fps, ${values.length} frames)`,
    );
  }
}
server.close();
await rm(out, { recursive: true, force: true });
