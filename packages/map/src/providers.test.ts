import { describe, expect, it } from 'vitest';
import { mapSettingsSchema } from '@cityops/contract';
import { providerStyle } from './providers';

const settings = (value: object) => mapSettingsSchema.parse(value);

describe('map providers from the page settings', () => {
  it('is the offline map by default, in WGS-84, with no address to fetch', () => {
    const chosen = providerStyle(settings({}), false);
    expect(chosen.kind).toBe('offline');
    expect(chosen.system).toBe('wgs84');
    expect(JSON.stringify(chosen.style)).not.toMatch(/https?:/);
  });

  it('draws an XYZ template as raster tiles in the system the settings name', () => {
    const chosen = providerStyle(
      settings({
        provider: 'tiles',
        tileUrl: 'http://10.0.0.5/tiles/{z}/{x}/{y}.png',
        tileCoordinates: 'gcj02',
      }),
      false,
    );
    expect(chosen).toMatchObject({ kind: 'tiles', system: 'gcj02' });
    expect(JSON.stringify(chosen.style)).toContain('http://10.0.0.5/tiles/{z}/{x}/{y}.png');
  });

  it('takes a .json address as a vector style', () => {
    const chosen = providerStyle(
      settings({ provider: 'tiles', tileUrl: 'http://gis.local/style.json' }),
      true,
    );
    expect(chosen.style).toBe('http://gis.local/style.json');
  });

  it('uses AMap in GCJ-02 only with a key; without one, or tiles without an address, the offline map', () => {
    expect(providerStyle(settings({ provider: 'amap', amapKey: 'k' }), false)).toMatchObject({
      kind: 'amap',
      system: 'gcj02',
    });
    expect(providerStyle(settings({ provider: 'amap' }), false).kind).toBe('offline');
    expect(providerStyle(settings({ provider: 'tiles' }), false).kind).toBe('offline');
  });
});
