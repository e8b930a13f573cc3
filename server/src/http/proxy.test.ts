import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { operationLog } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/testApp.js';

/** Which address a sign-in from `remoteAddress` with this X-Forwarded-For is logged under. */
async function addressSeen(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  await t.app.inject({
    method: 'POST',
    url: '/api/login/doLoginNoVerCode',
    remoteAddress,
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: JSON.stringify({ userName: 'nobody_here', password: 'Wrong@123' }),
  });
  const [row] = await t.handle.db.select().from(operationLog).orderBy(desc(operationLog.id)).limit(1);
  return row?.ip;
}

describe('TRUST_PROXY with TRUSTED_PROXIES', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { TRUST_PROXY: 'true', TRUSTED_PROXIES: '10.0.0.5, 192.168.10.0/24,2001:db8::/32' },
    });
  });
  afterAll(() => t.close());

  it('ignores the X-Forwarded-For of a client that is not a configured proxy', async () => {
    expect(await addressSeen(t, '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(await addressSeen(t, '2001:db9::1', '198.51.100.1')).toBe('2001:db9::1');
  });

  it('takes the client address from a configured proxy, an address or a range', async () => {
    expect(await addressSeen(t, '10.0.0.5', '198.51.100.2')).toBe('198.51.100.2');
    expect(await addressSeen(t, '192.168.10.77', '198.51.100.3')).toBe('198.51.100.3');
    expect(await addressSeen(t, '2001:db8::7', '198.51.100.4')).toBe('198.51.100.4');
  });

  it('takes the nearest untrusted hop, so a client cannot forge the hops before the proxy', async () => {
    expect(await addressSeen(t, '10.0.0.5', '1.2.3.4, 198.51.100.5')).toBe('198.51.100.5');
    expect(await addressSeen(t, '10.0.0.5', '1.2.3.4, 198.51.100.6, 192.168.10.9')).toBe('198.51.100.6');
  });

  it('still trusts loopback, where the sub-app hosts forward from', async () => {
    expect(await addressSeen(t, '127.0.0.1', '198.51.100.8')).toBe('198.51.100.8');
  });
});

describe('the proxy settings', () => {
  it('refuse TRUST_PROXY=true without the proxies to trust', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUSTED_PROXIES/);
  });

  it('refuse TRUSTED_PROXIES that are not addresses or ranges', () => {
    for (const bad of ['10.0.0.300', 'proxy.example.com', '10.0.0.0/33', '2001:db8::/129', '10.0.0.1/x']) {
      expect(() => loadConfig({ TRUST_PROXY: 'true', TRUSTED_PROXIES: bad }), bad).toThrow(/TRUSTED_PROXIES/);
    }
  });

  it('refuse TRUSTED_PROXIES without TRUST_PROXY=true, which would silently be ignored', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.5' })).toThrow(/TRUST_PROXY/);
  });

  it('read a comma list of addresses and ranges', () => {
    const config = loadConfig({ TRUST_PROXY: 'true', TRUSTED_PROXIES: ' 10.0.0.5 ,fd00::/8' });
    expect(config.TRUSTED_PROXIES).toEqual(['10.0.0.5', 'fd00::/8']);
  });
});
