import turfArea from '@turf/area';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { featureCollection, point, polygon as turfPolygon } from '@turf/helpers';
import turfIntersect from '@turf/intersect';
import kinks from '@turf/kinks';
import type { LngLat } from '@cityops/contract';

/**
 * The outline rules of areas and sites, on WGS-84 outlines as stored (lng/lat corners, the ring not
 * closed). Areas are in square metres; an overlap smaller than `OVERLAP_EPSILON_M2` is rounding, so
 * outlines that share an edge or a corner do not overlap.
 */
export const OVERLAP_EPSILON_M2 = 0.5;

const ring = (outline: readonly LngLat[]) => {
  const positions = outline.map(({ lng, lat }) => [lng, lat]);
  const first = positions[0];
  const last = positions.at(-1);
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) positions.push([...first]);
  return positions;
};

const asPolygon = (outline: readonly LngLat[]) => turfPolygon([ring(outline)]);

/** Whether the outline's edges cross each other (or it folds back onto itself). */
export function selfIntersects(outline: readonly LngLat[]): boolean {
  const positions = ring(outline);
  if (positions.length < 4) return true;
  return kinks(turfPolygon([positions])).features.length > 0;
}

/** The area the two outlines share, in square metres. */
export function sharedArea(a: readonly LngLat[], b: readonly LngLat[]): number {
  const shared = turfIntersect(featureCollection([asPolygon(a), asPolygon(b)]));
  return shared ? turfArea(shared) : 0;
}

/** Whether the two outlines overlap by more than rounding (touching is not overlapping). */
export const overlaps = (a: readonly LngLat[], b: readonly LngLat[]) => sharedArea(a, b) > OVERLAP_EPSILON_M2;

/** Whether `inner` lies within `outer` (up to rounding; sharing the boundary is inside). */
export const liesWithin = (inner: readonly LngLat[], outer: readonly LngLat[]) =>
  turfArea(asPolygon(inner)) - sharedArea(inner, outer) <= OVERLAP_EPSILON_M2;

/** Whether the point lies within the outline, its boundary included. */
export const pointWithin = (place: LngLat, outline: readonly LngLat[]) =>
  booleanPointInPolygon(point([place.lng, place.lat]), asPolygon(outline));
