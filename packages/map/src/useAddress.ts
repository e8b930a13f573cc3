import { useEffect, useState } from 'react';
import { readPageSettings } from '@cityops/client';
import { usesAMap, type LngLat, type MapSettings } from '@cityops/contract';
import { reverseGeocode } from './amap';

/** How long a point must stay put before its address is asked for (typing, dragging). */
export const ADDRESS_DEBOUNCE_MS = 400;

export type AddressState =
  /** No provider that knows addresses (the offline map, a tile server), or no point. */
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'found'; address: string }
  /** AMap could not be reached, or knows no address at the point. */
  | { state: 'unknown' };

/**
 * The address at a point, from the provider's reverse geocoding (AMap's, when it is configured),
 * asked once the point has settled; a later point's answer replaces an earlier one's, never the other
 * way round.
 */
export function useAddress(point: LngLat | null, settings?: MapSettings): AddressState {
  const chosen = settings ?? readPageSettings().map;
  const active = point !== null && usesAMap(chosen);
  const [answer, setAnswer] = useState<{ at: string; address: string | null } | null>(null);
  const at = point ? `${point.lng},${point.lat}` : '';

  useEffect(() => {
    if (!active || !point) return;
    let current = true;
    const timer = window.setTimeout(() => {
      void reverseGeocode(chosen, point).then((address) => {
        if (current) setAnswer({ at, address });
      });
    }, ADDRESS_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
    // `point` and `chosen` are read through `at` and the settings' key: a new object for the same
    // place asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, at, chosen.amapKey]);

  if (!active) return { state: 'none' };
  if (answer?.at !== at) return { state: 'loading' };
  return answer.address ? { state: 'found', address: answer.address } : { state: 'unknown' };
}
