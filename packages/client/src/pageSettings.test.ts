import { CACHED_ADMIN_PAGES_DEFAULT } from '@cityops/contract';
import { describe, expect, it, vi } from 'vitest';
import { parsePageSettings } from './pageSettings.js';

describe('page settings', () => {
  it('use the defaults when /config.js set nothing', () => {
    expect(parsePageSettings(undefined)).toEqual({
      baseUrl: '/api',
      messageCenterUrl: '/api',
      alarmServiceUrl: '/api',
      alarmboxUrl: '/api',
      platformTitle: '',
      platformIcon: '',
      copyright: '',
      registrationNumber: '',
      forwardUrl: '',
      maxTabs: 12,
      cachedAdminPages: CACHED_ADMIN_PAGES_DEFAULT,
      map: {
        provider: 'offline',
        tileUrl: '',
        tileCoordinates: 'wgs84',
        extractFile: '',
        amapKey: '',
        amapSecurityCode: '',
        center: { lng: 113.93041, lat: 22.53332 },
        zoom: 14,
      },
    });
  });

  it('keep the map on its defaults when its settings are invalid, and the other settings as given', () => {
    const settings = parsePageSettings({ copyright: 'x', map: { provider: 'google', zoom: 3 } });
    expect(settings.copyright).toBe('x');
    expect(settings.map.provider).toBe('offline');
    expect(parsePageSettings({ map: { provider: 'amap', amapKey: 'k' } }).map).toMatchObject({
      provider: 'amap',
      amapKey: 'k',
      zoom: 14,
    });
  });

  it('take what the operator configured', () => {
    const settings = parsePageSettings({
      copyright: '© 2026 CityOps',
      forwardUrl: '/center',
      maxTabs: 8,
      cachedAdminPages: ['roleManage'],
    });
    expect(settings.copyright).toBe('© 2026 CityOps');
    expect(settings.forwardUrl).toBe('/center');
    expect(settings.maxTabs).toBe(8);
    expect(settings.cachedAdminPages).toEqual(['roleManage']);
  });

  it('fall back per setting when one is invalid', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const settings = parsePageSettings({
      copyright: 'kept',
      maxTabs: 999,
      baseUrl: 42,
      cachedAdminPages: ['userManage', 'noSuchPage'],
    });
    expect(settings.copyright).toBe('kept');
    expect(settings.maxTabs).toBe(12);
    expect(settings.baseUrl).toBe('/api');
    expect(settings.cachedAdminPages).toEqual(CACHED_ADMIN_PAGES_DEFAULT);
  });
});
