import { createHash } from 'node:crypto';
import { PLUGIN_NAME, pluginBeaconSchema, pluginBeaconUrl } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlugin, type RunningPlugin } from './server.js';

// The beacon over real HTTP from a running plug-in: what the page frames to learn the plug-in is
// there (the browser test loads it in Chromium; here its answers and headers).
let plugin: RunningPlugin;
let narrowed: RunningPlugin;
const PAGE = 'http://127.0.0.1:10201';

beforeAll(async () => {
  plugin = await startPlugin({ port: 0, log: () => undefined });
  narrowed = await startPlugin({ port: 0, allowedHosts: ['10.0.0.5'], log: () => undefined });
});

afterAll(async () => {
  await plugin?.close();
  await narrowed?.close();
});

const beaconAt = (port: number, origin: string) => fetch(pluginBeaconUrl(port, origin));

describe('the beacon', () => {
  it('posts its name and port to the page that names its origin, and only to it', async () => {
    const response = await beaconAt(plugin.port, PAGE);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    const script = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    const call = /^parent\.postMessage\((.*), (".*")\);$/.exec(script);
    expect(call, html).not.toBeNull();
    expect(pluginBeaconSchema.parse(JSON.parse(call?.[1] ?? ''))).toEqual({
      name: PLUGIN_NAME,
      port: plugin.port,
    });
    expect(JSON.parse(call?.[2] ?? '')).toBe(PAGE);
    // Its script is the only one that may run (by hash); it may sit in frames within frames (a sub-app's).
    const hash = createHash('sha256').update(script).digest('base64');
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; script-src 'sha256-${hash}'`,
    );
  });

  it('says nothing to pages the websocket would refuse, or that give no plain origin', async () => {
    for (const origin of ['', 'null', 'file://', 'chrome-extension://abc', `${PAGE}/x`, 'http://a b']) {
      const response = await beaconAt(plugin.port, origin);
      expect(response.status, origin).toBe(403);
      expect(await response.text()).not.toContain('postMessage');
    }
    expect((await beaconAt(narrowed.port, PAGE)).status).toBe(403);
    expect((await beaconAt(narrowed.port, 'http://10.0.0.5:8081')).status).toBe(200);
  });

  it('leaves every other address as before: websocket only', async () => {
    const response = await fetch(`http://127.0.0.1:${plugin.port}/`);
    expect(response.status).toBe(426);
    await response.text();
  });
});
