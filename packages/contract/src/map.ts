import { z } from 'zod';

/**
 * Maps (platform-shell.md §2 "Map location picker", §3 "Map device marker", §7 "Maps", §9).
 *
 * One coordinate system is stored: WGS-84 (what GPS and most device reports give). A provider whose
 * pictures are drawn in another system (AMap, and some intranet tile servers, in GCJ-02) gets every
 * coordinate converted where it is drawn, and back where the user moves something.
 */
export const STORED_COORDINATES = 'wgs84';
export const COORDINATE_SYSTEMS = ['wgs84', 'gcj02'] as const;
export type CoordinateSystem = (typeof COORDINATE_SYSTEMS)[number];

/** §9: zoom 4-20, default 14. */
export const MAP_ZOOM = { min: 4, max: 20, default: 14 } as const;
/** §9: a dragged marker writes coordinates with up to 5 decimals. */
export const MAP_MARKER_DECIMALS = 5;
/** §9: polygons are drawn with stroke width 3 and opacity 0.9. */
export const MAP_POLYGON_STROKE = { width: 3, opacity: 0.9 } as const;
/** §5: a device selection holds at most 30 000 devices; the map stays usable with that many markers. */
export const MAP_MARKERS_MAX = 30_000;

/** §3: the kinds of area a map draws. */
export const MAP_AREA_TYPES = ['project', 'areadir', 'areanode'] as const;
export type MapAreaType = (typeof MAP_AREA_TYPES)[number];

/**
 * Where the map's pictures come from, chosen in the page settings without a rebuild:
 * - `offline`: shipped with the product, no network needed (China's cities and districts with their
 *   names, land and sea, country borders and a graticule);
 * - `extract`: the city's own offline tile extract, a `.pmtiles` file dropped in DATA_DIR/map and read
 *   by the browser in pieces (HTTP range requests), with no tile server (`extractFile` names it);
 * - `tiles`: a tile server of the city's network, `tileUrl` an XYZ template of raster tiles
 *   (`…/{z}/{x}/{y}.png`) or the address of a MapLibre style of vector tiles (ending in `.json`);
 * - `amap`: AMap (高德) pictures, with its JS API loaded with `amapKey` for reverse geocoding.
 */
export const MAP_PROVIDERS = ['offline', 'extract', 'tiles', 'amap'] as const;
export type MapProvider = (typeof MAP_PROVIDERS)[number];

/** A point placed on the map (a marker, a polygon's corner): within range, any decimals. */
export const lngLatSchema = z
  .object({
    lng: z.number().min(-180, 'longitude.format').max(180, 'longitude.format'),
    lat: z.number().min(-90, 'latitude.format').max(90, 'latitude.format'),
  })
  .strict();
export type LngLat = z.infer<typeof lngLatSchema>;

/** The default centre when a page has nothing to show: Shenzhen's Nanshan district. */
export const MAP_DEFAULT_CENTER: LngLat = { lng: 113.93041, lat: 22.53332 };

export const mapSettingsSchema = z.object({
  provider: z.enum(MAP_PROVIDERS).default('offline'),
  tileUrl: z.string().trim().max(2000).default(''),
  /** The system the tile server's pictures are drawn in. */
  tileCoordinates: z.enum(COORDINATE_SYSTEMS).default('wgs84'),
  /** The `.pmtiles` file in DATA_DIR/map the `extract` provider draws ('' when none is chosen). */
  extractFile: z.string().trim().max(200).default(''),
  amapKey: z.string().trim().max(200).default(''),
  /** AMap's security code that goes with a key issued after 2021 (`_AMapSecurityConfig`). */
  amapSecurityCode: z.string().trim().max(200).default(''),
  center: lngLatSchema.default(MAP_DEFAULT_CENTER),
  zoom: z.number().min(MAP_ZOOM.min).max(MAP_ZOOM.max).default(MAP_ZOOM.default),
});
export type MapSettings = z.infer<typeof mapSettingsSchema>;

/**
 * Where the server serves map data, on the shell's port and (forwarded) on every sub-app's port:
 * `china` the shipped boundaries (built from a data package, see server/scripts/basemap.ts) and
 * `extracts` the files of DATA_DIR/map, with range requests.
 */
export const MAP_DATA_PREFIX = '/map-data/';
export const MAP_DATA_PATHS = {
  china: `${MAP_DATA_PREFIX}china/`,
  extracts: `${MAP_DATA_PREFIX}extracts/`,
} as const;

/** An extract's file name: letters, digits, `.`, `_` and `-`, ending in `.pmtiles` (never a path). */
export const EXTRACT_FILE_PATTERN = /^[\w-][\w.-]{0,119}\.pmtiles$/u;

/** Whether the settings draw an extract: it needs its file (without one the map stays offline). */
export const usesExtract = (settings: Pick<MapSettings, 'provider' | 'extractFile'>) =>
  settings.provider === 'extract' && EXTRACT_FILE_PATTERN.test(settings.extractFile);

/** Whether the settings make AMap the provider: it needs its key (without one the map stays offline). */
export const usesAMap = (settings: Pick<MapSettings, 'provider' | 'amapKey'>) =>
  settings.provider === 'amap' && settings.amapKey !== '';

/** §3 "Map device marker": one device on the map. */
export interface MapDeviceMarker {
  id: string | number;
  lng: number;
  lat: number;
  deviceType?: string;
  deviceTypeClass?: string;
  /** The text label shown beside the marker. */
  text?: string;
  checked?: boolean;
  /** The marker's colour (a CSS colour, e.g. by online state); the map's blue when not given. */
  color?: string;
  /** Degrees clockwise. */
  rotation?: number;
}

/** An area outline on the map (a project's boundary, an area directory or node). */
export interface MapArea {
  id: string | number;
  type: MapAreaType;
  name: string;
  polygon: readonly LngLat[];
}
