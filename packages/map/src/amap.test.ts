import { afterEach, describe, expect, it, vi } from 'vitest';
import { mapSettingsSchema } from '@cityops/contract';
import { amapScriptUrl, forgetAMap, loadAMap, reverseGeocode } from './amap';
import { convert } from './coords';

/*
 * AMap's JS API is a service of the internet, outside the system: here a stand-in plays the script
 * (jsdom loads no scripts; the test fires the element's load or error as the browser would).
 */
const settings = (value: object = {}) =>
  mapSettingsSchema.parse({ provider: 'amap', amapKey: 'KEY-123', amapSecurityCode: 'SEC-9', ...value });

type Answer = { status: string; result: unknown };
const asked: [number, number][] = [];
function fakeAMap(answer: Answer) {
  return {
    Geocoder: class {
      getAddress(location: [number, number], done: (status: string, result: unknown) => void) {
        asked.push(location);
        done(answer.status, answer.result);
      }
    },
  };
}

const scripts = () => [...document.head.querySelectorAll('script')];
/** The script element finishing as a browser would: AMap defined, then `load`; or `error`. */
function finish(outcome: 'load' | 'error', answer?: Answer) {
  const script = scripts().at(-1);
  if (!script) throw new Error('no script was added');
  if (outcome === 'load' && answer) Object.assign(window, { AMap: fakeAMap(answer) });
  script.dispatchEvent(new Event(outcome));
}

const complete = (formattedAddress: string): Answer => ({
  status: 'complete',
  result: { info: 'OK', regeocode: { formattedAddress } },
});

afterEach(() => {
  forgetAMap();
  for (const script of scripts()) script.remove();
  Reflect.deleteProperty(window, 'AMap');
  Reflect.deleteProperty(window, '_AMapSecurityConfig');
  asked.length = 0;
  vi.useRealTimers();
});

describe('AMap JS API', () => {
  it('is loaded once per key, with the key, the geocoder plug-in and the security code', async () => {
    const first = loadAMap(settings());
    const second = loadAMap(settings());
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]?.src).toBe(amapScriptUrl('KEY-123'));
    expect(scripts()[0]?.src).toContain('plugin=AMap.Geocoder');
    expect(window).toHaveProperty('_AMapSecurityConfig', { securityJsCode: 'SEC-9' });
    finish('load', complete('x'));
    expect(await first).toBe(await second);
  });

  it('is tried again after a failed load, and given up after its time limit', async () => {
    const failed = loadAMap(settings());
    finish('error');
    await expect(failed).rejects.toThrow('could not be loaded');
    expect(scripts()).toHaveLength(0);

    vi.useFakeTimers();
    const slow = loadAMap(settings(), 1_000);
    expect(scripts()).toHaveLength(1);
    vi.advanceTimersByTime(1_001);
    await expect(slow).rejects.toThrow('timed out');
  });

  it('refuses a script that loads without the geocoder', async () => {
    const loading = loadAMap(settings());
    Object.assign(window, { AMap: {} });
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(loading).rejects.toThrow('without AMap.Geocoder');
  });
});

describe('reverse geocoding', () => {
  const nanshan = { lng: 113.93041, lat: 22.53332 };

  it('asks AMap in its own coordinates (GCJ-02) and answers the formatted address', async () => {
    const address = reverseGeocode(settings(), nanshan);
    await Promise.resolve();
    finish('load', complete('广东省深圳市南山区粤海街道科技园'));
    expect(await address).toBe('广东省深圳市南山区粤海街道科技园');
    const gcj = convert(nanshan, 'wgs84', 'gcj02');
    expect(asked).toEqual([[gcj.lng, gcj.lat]]);
    // Shenzhen's GCJ-02 offset is a few hundred metres: the stored point is not what AMap is asked.
    expect(Math.abs(gcj.lng - nanshan.lng)).toBeGreaterThan(0.003);
  });

  it('answers null when AMap knows no address, cannot be reached, or is not the provider', async () => {
    const none = reverseGeocode(settings(), nanshan);
    await Promise.resolve();
    finish('load', { status: 'no_data', result: 0 });
    expect(await none).toBeNull();

    forgetAMap();
    Reflect.deleteProperty(window, 'AMap');
    const unreachable = reverseGeocode(settings({ amapKey: 'OTHER' }), nanshan);
    await Promise.resolve();
    finish('error');
    expect(await unreachable).toBeNull();

    for (const script of scripts()) script.remove();
    expect(await reverseGeocode(mapSettingsSchema.parse({}), nanshan)).toBeNull();
    expect(await reverseGeocode(settings({ amapKey: '' }), nanshan)).toBeNull();
    expect(scripts()).toHaveLength(0);
  });
});
