import gcoord from 'gcoord';
import {
  MAP_MARKER_DECIMALS,
  STORED_COORDINATES,
  type CoordinateSystem,
  type LngLat,
} from '@cityops/contract';

const CRS = { wgs84: gcoord.WGS84, gcj02: gcoord.GCJ02 } as const;

/** A point from one coordinate system to another (gcoord; outside China GCJ-02 equals WGS-84). */
export function convert(point: LngLat, from: CoordinateSystem, to: CoordinateSystem): LngLat {
  if (from === to) return point;
  const [lng, lat] = gcoord.transform<[number, number]>([point.lng, point.lat], CRS[from], CRS[to]);
  return { lng, lat };
}

/**
 * The two directions at a provider's boundary: what is stored (WGS-84) to where the provider draws it,
 * and a point the user placed on the provider's picture back to what is stored.
 */
export interface Projection {
  system: CoordinateSystem;
  toDisplay(point: LngLat): LngLat;
  fromDisplay(point: LngLat): LngLat;
}

export function projectionFor(system: CoordinateSystem): Projection {
  return {
    system,
    toDisplay: (point) => convert(point, STORED_COORDINATES, system),
    fromDisplay: (point) => convert(point, system, STORED_COORDINATES),
  };
}

/** Rounded as a dragged marker writes it (§9: up to 5 decimals), as text for an input. */
export function coordinateText(value: number): string {
  return String(Number(value.toFixed(MAP_MARKER_DECIMALS)));
}
