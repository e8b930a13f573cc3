import type { LngLat } from '@cityops/contract';

/** West-south and east-north corners, as MapLibre's `fitBounds` takes them. */
export type Corners = [[number, number], [number, number]];

/** The smallest box holding every point (display coordinates); null when there are none. */
export function cornersOf(points: readonly LngLat[]): Corners | null {
  if (points.length === 0) return null;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { lng, lat } of points) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** How many of the points lie in the view's box (display coordinates): the markers a person sees. */
export const countWithin = (
  points: readonly LngLat[],
  view: { contains(point: [number, number]): boolean },
) => points.filter(({ lng, lat }) => view.contains([lng, lat])).length;
