import { describe, expect, it } from 'vitest';
import { SUB_APPS } from '@cityops/contract';
import { isIpHost, isSubAppOrigin, subAppForPath, subAppOrigin } from './ports.js';

const http = (hostname: string) => ({ protocol: 'http:', hostname });

describe('sub-app ports', () => {
  it('uses the IP-mode port when the page was opened by IPv4 address', () => {
    expect(subAppOrigin('iotcloud', http('127.0.0.1'))).toBe('http://127.0.0.1:10201');
    expect(subAppOrigin('omapp', http('192.168.10.25'))).toBe('http://192.168.10.25:10301');
  });

  it('uses the IP-mode port for IPv6, bracketed as browsers give it or bare', () => {
    expect(subAppOrigin('iotcloud', http('[::1]'))).toBe('http://[::1]:10201');
    expect(subAppOrigin('iotcloud', http('::1'))).toBe('http://[::1]:10201');
    expect(subAppOrigin('llapp', http('[2001:db8::8a2e:370:7334]'))).toBe(
      'http://[2001:db8::8a2e:370:7334]:10601',
    );
    expect(subAppOrigin('esapp', http('FE80::1'))).toBe('http://[fe80::1]:10501');
    expect(subAppOrigin('zcapp', http('[::ffff:192.168.0.1]'))).toBe('http://[::ffff:192.168.0.1]:10401');
  });

  it('uses the domain-mode port for domain names, localhost included', () => {
    expect(subAppOrigin('iotcloud', http('localhost'))).toBe('http://localhost:10202');
    expect(subAppOrigin('opapp', http('cityops.example.cn'))).toBe('http://cityops.example.cn:10102');
    expect(subAppOrigin('opapp', http('CityOps.Example.CN'))).toBe('http://cityops.example.cn:10102');
  });

  it('keeps the page protocol', () => {
    expect(subAppOrigin('iotcloud', { protocol: 'https:', hostname: 'cityops.example.cn' })).toBe(
      'https://cityops.example.cn:10202',
    );
    expect(subAppOrigin('iotcloud', { protocol: 'https:', hostname: '10.0.0.5' })).toBe(
      'https://10.0.0.5:10201',
    );
  });

  it('does not take near-miss addresses for IPs', () => {
    for (const host of ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4x', 'a1b2.example', '']) {
      expect(isIpHost(host), host).toBe(false);
    }
  });

  it.each([
    ['iotcloud', 10201, 10202],
    ['omapp', 10301, 10302],
    ['opapp', 10101, 10102],
    ['zcapp', 10401, 10402],
    ['esapp', 10501, 10502],
    ['llapp', 10601, 10602],
  ] as const)('serves %s on %i by IP and %i by domain (spec §2.1 table)', (app, ip, domain) => {
    expect(subAppOrigin(app, http('10.1.2.3'))).toBe(`http://10.1.2.3:${ip}`);
    expect(subAppOrigin(app, http('city.example'))).toBe(`http://city.example:${domain}`);
  });
});

describe('sub-app for a path', () => {
  it('picks the app by its prefix', () => {
    for (const app of SUB_APPS) {
      expect(subAppForPath(`/${app}`)).toBe(app);
      expect(subAppForPath(`/${app}/`)).toBe(app);
      expect(subAppForPath(`/${app}/some/page?x=1#y`)).toBe(app);
      expect(subAppForPath(`/${app}?x=1`)).toBe(app);
    }
    expect(subAppForPath('/iotcloud/iot/lamp/plan')).toBe('iotcloud');
  });

  it('matches whole segments only, and leaves the shell pages to the shell', () => {
    for (const path of [
      '/iotcloudx',
      '/iotcloudx/iot',
      '/omapp-old/x',
      '/IOTCLOUD/iot',
      '/admin/user',
      '/',
      '',
      'iotcloud/iot',
      '/x/iotcloud',
    ]) {
      expect(subAppForPath(path), path).toBeNull();
    }
  });
});

describe('origin of a sub-app', () => {
  it('names the app served at an origin from this page', () => {
    expect(isSubAppOrigin('http://127.0.0.1:10201', http('127.0.0.1'))).toBe('iotcloud');
    expect(isSubAppOrigin('http://localhost:10302', http('localhost'))).toBe('omapp');
    expect(isSubAppOrigin('http://[::1]:10601', http('[::1]'))).toBe('llapp');
  });

  it('knows no app at a wrong port, host or protocol, or at null', () => {
    const page = http('127.0.0.1');
    for (const origin of [
      'http://127.0.0.1:10202',
      'http://127.0.0.1:8080',
      'http://127.0.0.2:10201',
      'http://localhost:10201',
      'https://127.0.0.1:10201',
      'null',
      '*',
      '',
    ]) {
      expect(isSubAppOrigin(origin, page), origin).toBeNull();
    }
  });
});
