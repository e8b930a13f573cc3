import { z } from 'zod';
import { usesAMap, type LngLat, type MapSettings } from '@cityops/contract';
import { convert } from './coords';

/**
 * AMap's (高德) JS API, platform-shell.md §7 "Maps": when the page settings choose AMap and give its
 * key, its script is loaded with the key (and the security code keys issued since 2021 need), and its
 * geocoder turns a placed point into the address a marker shows. Nothing of AMap is loaded otherwise:
 * the offline map and tile servers never reach the internet. The server's Content-Security-Policy
 * lets the script's hosts in only while AMap is configured (server/src/http/csp.ts).
 */
export const AMAP_JS_API = 'https://webapi.amap.com/maps';
/** How long the script may take before the address is given up (the map itself never waits on it). */
export const AMAP_LOAD_TIMEOUT_MS = 10_000;

/** The parts of the JS API we call, checked where they come in (a script of the internet). */
interface Geocoder {
  getAddress(location: [number, number], done: (status: string, result: unknown) => void): void;
}
interface AMapNamespace {
  Geocoder: new (options: { extensions: 'base' }) => Geocoder;
}
interface AMapWindow {
  AMap?: unknown;
  _AMapSecurityConfig?: { securityJsCode: string };
}

const amapShape = z.object({ Geocoder: z.custom<AMapNamespace['Geocoder']>((v) => typeof v === 'function') });
const regeocodeShape = z.object({ regeocode: z.object({ formattedAddress: z.string() }) });

/** The script's address for a key, with the geocoder plug-in. */
export const amapScriptUrl = (key: string) =>
  `${AMAP_JS_API}?v=2.0&key=${encodeURIComponent(key)}&plugin=AMap.Geocoder`;

const loads = new Map<string, Promise<AMapNamespace>>();

/** Loads the JS API once per key; a failed load is forgotten so a later call tries again. */
export function loadAMap(settings: MapSettings, timeoutMs = AMAP_LOAD_TIMEOUT_MS): Promise<AMapNamespace> {
  const key = settings.amapKey;
  const known = loads.get(key);
  if (known) return known;
  const loading = new Promise<AMapNamespace>((resolve, reject) => {
    const global = window as unknown as AMapWindow;
    const ready = () => amapShape.safeParse(global.AMap);
    const already = ready();
    if (already.success) return resolve(global.AMap as AMapNamespace);
    if (settings.amapSecurityCode) global._AMapSecurityConfig = { securityJsCode: settings.amapSecurityCode };
    const script = document.createElement('script');
    script.src = amapScriptUrl(key);
    script.async = true;
    const timer = window.setTimeout(() => fail('timed out'), timeoutMs);
    function fail(reason: string) {
      window.clearTimeout(timer);
      script.remove();
      reject(new Error(`AMap JS API ${reason}`));
    }
    script.onerror = () => fail('could not be loaded');
    script.onload = () => {
      window.clearTimeout(timer);
      if (ready().success) resolve(global.AMap as AMapNamespace);
      else fail('loaded without AMap.Geocoder');
    };
    document.head.append(script);
  });
  loads.set(key, loading);
  loading.catch(() => {
    if (loads.get(key) === loading) loads.delete(key);
  });
  return loading;
}

/**
 * The address at a stored (WGS-84) point, from AMap's geocoder (which works in GCJ-02); null when AMap
 * is not configured, cannot be reached, or knows no address there.
 */
export async function reverseGeocode(settings: MapSettings, point: LngLat): Promise<string | null> {
  if (!usesAMap(settings)) return null;
  const amap = await loadAMap(settings).catch(() => null);
  if (!amap) return null;
  const { lng, lat } = convert(point, 'wgs84', 'gcj02');
  return new Promise((resolve) => {
    new amap.Geocoder({ extensions: 'base' }).getAddress([lng, lat], (status, result) => {
      const parsed = regeocodeShape.safeParse(result);
      resolve(
        status === 'complete' && parsed.success ? parsed.data.regeocode.formattedAddress || null : null,
      );
    });
  });
}

/** Forgets loaded scripts (tests). */
export function forgetAMap() {
  loads.clear();
}
