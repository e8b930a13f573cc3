import type { FeatureCollection, LineString } from 'geojson';

/** Spacings the graticule picks from, in degrees, coarse to fine. */
const STEPS = [30, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002];
const FINEST = 0.001;
/** About this many lines across the view. */
const LINES_ACROSS = 8;

export interface GraticuleLine {
  value: number;
  kind: 'lng' | 'lat';
}

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The spacing that puts about eight lines across a view this many degrees wide. */
export function graticuleStep(widthDegrees: number): number {
  return STEPS.find((step) => widthDegrees / step >= LINES_ACROSS) ?? FINEST;
}

/** The multiples of `step` from `from` to `to`, computed from whole indices so no error piles up. */
function multiples(from: number, to: number, step: number): number[] {
  const first = Math.ceil(from / step - 1e-9);
  const last = Math.floor(to / step + 1e-9);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) =>
    Number(((first + i) * step).toFixed(6)),
  );
}

/**
 * Meridians and parallels covering `bounds` (one view's worth of margin around it, so a pan does not
 * show the edge before the next update), spaced to suit the view's width. Each line says its value.
 */
export function graticule(
  bounds: Bounds,
): FeatureCollection<LineString, { value: number; kind: 'lng' | 'lat' }> {
  const width = Math.min(360, bounds.east - bounds.west);
  const height = Math.min(180, bounds.north - bounds.south);
  const step = graticuleStep(Math.max(width, height));
  const west = Math.max(-180, bounds.west - width);
  const east = Math.min(180, bounds.east + width);
  const south = Math.max(-85, bounds.south - height);
  const north = Math.min(85, bounds.north + height);
  const line = (value: number, kind: 'lng' | 'lat', from: number[], to: number[]) => ({
    type: 'Feature' as const,
    properties: { value, kind },
    geometry: { type: 'LineString' as const, coordinates: [from, to] },
  });
  const features = [
    ...multiples(west, east, step).map((value) => line(value, 'lng', [value, south], [value, north])),
    ...multiples(south, north, step).map((value) => line(value, 'lat', [west, value], [east, value])),
  ];
  return { type: 'FeatureCollection', features };
}
