import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { PMTiles, Protocol, TileType } from 'pmtiles';
import { z } from 'zod';
import type { MapLibre } from './maplibre';
import { PLACE_LAYER_PREFIX } from './providers';

/**
 * A city's own offline tile extract: one `.pmtiles` file in DATA_DIR/map, read by MapLibre
 * through the pmtiles protocol in pieces (HTTP range requests to the server's static files), with no
 * tile server. What the file holds decides the style: raster pictures are drawn as they are; vector
 * tiles (any schema: OpenMapTiles, Protomaps, a city's own) are drawn layer by layer from the names
 * the file's metadata lists, water blue, roads light, every `name` a label.
 */

let protocol: Protocol | null = null;

/** The protocol is MapLibre-wide: added once per page. */
function pmtilesProtocol(maplibre: MapLibre): Protocol {
  if (!protocol) {
    protocol = new Protocol();
    maplibre.addProtocol('pmtiles', protocol.tile);
  }
  return protocol;
}

const metadataSchema = z.object({
  vector_layers: z.array(z.object({ id: z.string().min(1) })).min(1),
  attribution: z.string().optional(),
});

const COLOURS = {
  light: {
    background: '#f5f4ef',
    water: '#c9dcec',
    green: '#dcebd2',
    building: '#e2ddd5',
    road: '#ffffff',
    line: '#a9b4c0',
    text: '#3d4b5c',
    halo: '#ffffff',
  },
  dark: {
    background: '#1d242c',
    water: '#101820',
    green: '#1f2d24',
    building: '#2a3038',
    road: '#3b4655',
    line: '#56667a',
    text: '#c5cfda',
    halo: '#101820',
  },
} as const;
type Colours = (typeof COLOURS)['light' | 'dark'];

const WATER = /water|ocean|sea|lake|river|waterway/i;
const GREEN = /park|green|wood|forest|grass|landcover|landuse|natural/i;
const ROADS = /road|street|transport|highway|rail/i;
const BOUNDARIES = /boundar|admin/i;

function fillColour(layer: string, colour: Colours) {
  if (WATER.test(layer)) return colour.water;
  if (GREEN.test(layer)) return colour.green;
  if (/building/i.test(layer)) return colour.building;
  return colour.background;
}

function lineColour(layer: string, colour: Colours) {
  if (WATER.test(layer)) return colour.water;
  if (ROADS.test(layer)) return colour.road;
  return colour.line;
}

/** Every vector layer as fills, lines and labels, by the kind of geometry each feature has. */
export function vectorLayers(source: string, layers: readonly string[], dark: boolean): LayerSpecification[] {
  const colour = COLOURS[dark ? 'dark' : 'light'];
  const fills = layers.map((layer): LayerSpecification => ({
    id: `extract-fill-${layer}`,
    type: 'fill',
    source,
    'source-layer': layer,
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': fillColour(layer, colour) },
  }));
  const lines = layers.map((layer): LayerSpecification => ({
    id: `extract-line-${layer}`,
    type: 'line',
    source,
    'source-layer': layer,
    filter: ['==', ['geometry-type'], 'LineString'],
    paint: {
      'line-color': lineColour(layer, colour),
      'line-width': ROADS.test(layer) ? ['interpolate', ['linear'], ['zoom'], 10, 1, 16, 6] : 1,
      ...(BOUNDARIES.test(layer) ? { 'line-dasharray': [3, 2] } : {}),
    },
  }));
  const labels = layers.map((layer): LayerSpecification => ({
    id: `${PLACE_LAYER_PREFIX}extract-${layer}`,
    type: 'symbol',
    source,
    'source-layer': layer,
    filter: ['has', 'name'],
    layout: {
      'text-field': ['coalesce', ['get', 'name:zh'], ['get', 'name']],
      'text-font': ['sans-serif'],
      'text-size': 12,
      'symbol-placement': 'point',
    },
    paint: { 'text-color': colour.text, 'text-halo-color': colour.halo, 'text-halo-width': 1.5 },
  }));
  return [
    { id: 'extract-background', type: 'background', paint: { 'background-color': colour.background } },
    ...fills,
    ...lines,
    ...labels,
  ];
}

const RASTER = new Set([TileType.Png, TileType.Jpeg, TileType.Webp, TileType.Avif]);

/** The style for the extract at `url`: read from its header (and, for vector tiles, its metadata). */
export async function extractStyle(
  maplibre: MapLibre,
  url: string,
  dark: boolean,
): Promise<StyleSpecification> {
  const archive = new PMTiles(url);
  pmtilesProtocol(maplibre).add(archive);
  const header = await archive.getHeader();
  const source = 'extract';
  const bounds: [number, number, number, number] = [
    header.minLon,
    header.minLat,
    header.maxLon,
    header.maxLat,
  ];
  const common = { url: `pmtiles://${url}`, minzoom: header.minZoom, maxzoom: header.maxZoom, bounds };
  if (header.tileType === TileType.Mvt) {
    const metadata = metadataSchema.parse(await archive.getMetadata());
    return {
      version: 8,
      sources: { [source]: { type: 'vector', ...common, attribution: metadata.attribution ?? '' } },
      layers: vectorLayers(
        source,
        metadata.vector_layers.map((layer) => layer.id),
        dark,
      ),
    };
  }
  if (RASTER.has(header.tileType))
    return {
      version: 8,
      sources: { [source]: { type: 'raster', ...common, tileSize: 256 } },
      layers: [{ id: 'extract-raster', type: 'raster', source }],
    };
  throw new Error(`the extract holds tiles of a kind the map cannot draw (type ${header.tileType})`);
}
