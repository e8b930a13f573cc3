import type { GeoJSONSource, Map as MapLibreMap, MapLayerMouseEvent, MapMouseEvent } from 'maplibre-gl';
import { MAP_POLYGON_STROKE, type LngLat } from '@cityops/contract';
import type { Projection } from './coords';

const SOURCE = 'edit-polygon';
const VERTICES = 'edit-vertices';
const COLOUR = '#f5222d';

export interface PolygonEditor {
  /** Shows these points (stored coordinates) as the outline being edited. */
  setPoints(points: readonly LngLat[]): void;
  /** While active, a click adds a corner, a corner dragged moves, a corner right-clicked goes. */
  setActive(active: boolean): void;
  readonly active: boolean;
}

function outline(points: readonly LngLat[], projection: Projection) {
  const ring = points.map((point) => {
    const { lng, lat } = projection.toDisplay(point);
    return [lng, lat];
  });
  const closed = ring.length >= 3 ? [...ring, ...ring.slice(0, 1)] : ring;
  return {
    type: 'FeatureCollection' as const,
    features: [
      ...(ring.length >= 3
        ? [
            {
              type: 'Feature' as const,
              properties: {},
              geometry: { type: 'Polygon' as const, coordinates: [closed] },
            },
          ]
        : []),
      ...(ring.length === 2
        ? [
            {
              type: 'Feature' as const,
              properties: {},
              geometry: { type: 'LineString' as const, coordinates: ring },
            },
          ]
        : []),
      ...ring.map((coordinates, index) => ({
        type: 'Feature' as const,
        properties: { index },
        geometry: { type: 'Point' as const, coordinates },
      })),
    ],
  };
}

/**
 * Drawing and editing one polygon on a map (an area's or a project's outline, §9: stroke 3, opacity
 * 0.9). The points live with the caller; the editor shows them and reports each change through
 * `onChange` in stored coordinates.
 */
export function attachPolygonEditor(
  map: MapLibreMap,
  projection: Projection,
  onChange: (points: LngLat[]) => void,
): PolygonEditor {
  let points: LngLat[] = [];
  let active = false;
  let dragging: number | null = null;

  map.addSource(SOURCE, { type: 'geojson', data: outline([], projection) });
  map.addLayer({
    id: 'edit-polygon-fill',
    type: 'fill',
    source: SOURCE,
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': COLOUR, 'fill-opacity': 0.1 },
  });
  map.addLayer({
    id: 'edit-polygon-line',
    type: 'line',
    source: SOURCE,
    filter: ['!=', ['geometry-type'], 'Point'],
    paint: {
      'line-color': COLOUR,
      'line-width': MAP_POLYGON_STROKE.width,
      'line-opacity': MAP_POLYGON_STROKE.opacity,
    },
  });
  map.addLayer({
    id: VERTICES,
    type: 'circle',
    source: SOURCE,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': 6,
      'circle-color': '#ffffff',
      'circle-stroke-color': COLOUR,
      'circle-stroke-width': 2,
    },
  });

  const show = () => map.getSource<GeoJSONSource>(SOURCE)?.setData(outline(points, projection));
  const stored = (event: MapMouseEvent) => projection.fromDisplay(event.lngLat);
  const vertexAt = (event: MapMouseEvent): number | null => {
    const [hit] = map.queryRenderedFeatures(event.point, { layers: [VERTICES] });
    const index = hit?.properties.index as unknown;
    return typeof index === 'number' ? index : null;
  };

  map.on('mousedown', VERTICES, (event: MapLayerMouseEvent) => {
    if (!active || event.originalEvent.button !== 0) return;
    event.preventDefault();
    dragging = vertexAt(event);
    map.getCanvas().style.cursor = 'grabbing';
  });
  map.on('mousemove', (event) => {
    if (dragging === null) return;
    points = points.map((point, index) => (index === dragging ? stored(event) : point));
    show();
  });
  map.on('mouseup', () => {
    if (dragging === null) return;
    dragging = null;
    map.getCanvas().style.cursor = active ? 'crosshair' : '';
    onChange(points);
  });
  map.on('click', (event) => {
    if (!active || vertexAt(event) !== null) return;
    points = [...points, stored(event)];
    show();
    onChange(points);
  });
  map.on('contextmenu', VERTICES, (event: MapLayerMouseEvent) => {
    const index = vertexAt(event);
    if (!active || index === null) return;
    points = points.filter((_, at) => at !== index);
    show();
    onChange(points);
  });

  return {
    setPoints(next) {
      points = [...next];
      show();
    },
    get active() {
      return active;
    },
    setActive(next) {
      active = next;
      map.getCanvas().style.cursor = next ? 'crosshair' : '';
    },
  };
}
