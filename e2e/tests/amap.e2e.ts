import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { startServer, type RunningServer } from '../src/server.js';
import { DEMO, signIn } from '../src/signIn.js';

/*
 * AMap (高德) as the map provider (platform-shell.md §7 "Maps"). AMap is a service of the internet,
 * which this machine cannot reach: a stand-in answers for its JS API host (webapi.amap.com) with a
 * script that defines the geocoder the page calls; every other outside address is refused (its tiles
 * too). What is real: the page settings choosing AMap, the server's Content-Security-Policy letting
 * the script in (the browser enforces it on the stand-in's answer too), the script loaded with the
 * key, and the stored WGS-84 point converted to AMap's GCJ-02 before it is asked.
 */
const KEY = 'e2e-amap-key';
const FAKE_AMAP = `
  window.AMap = {
    Geocoder: class {
      getAddress(location, done) {
        const [lng, lat] = location;
        done('complete', { info: 'OK', regeocode: { formattedAddress: '高德测试地址 ' + lng.toFixed(5) + ',' + lat.toFixed(5) } });
      }
    },
  };
`;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  await writeFile(
    join(server.dataDir, 'page-settings.json'),
    JSON.stringify({ map: { provider: 'amap', amapKey: KEY } }),
  );
});
afterAll(async () => {
  await server.stop();
});
afterEach(async (context) => {
  await keepEvidence(browser, context.task);
  await browser.close();
});

describe('AMap as the map provider', () => {
  it('loads its JS API with the key and shows the address of the point placed, asked in GCJ-02', async () => {
    browser = await openBrowser();
    const { page } = browser;
    const scriptsAsked: string[] = [];
    const own = new URL(server.baseUrl).hostname;
    await page.context().route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === 'blob:' || url.protocol === 'data:' || url.hostname === own)
        return route.continue();
      if (url.hostname === 'webapi.amap.com') {
        scriptsAsked.push(url.href);
        return route.fulfill({ contentType: 'text/javascript', body: FAKE_AMAP });
      }
      return route.abort('internetdisconnected');
    });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });

    await signIn(page, server.baseUrl, DEMO.admin);
    await page.goto(`${server.baseUrl}/admin/organization`);
    await page.getByRole('button', { name: /新增/ }).first().click();
    const dialog = page.getByRole('dialog');
    const map = dialog.getByRole('region', { name: '地图' }).first();
    await expect.poll(() => map.getAttribute('data-provider'), { timeout: 20_000 }).toBe('amap');

    await dialog.getByLabel('经度').fill('113.93041');
    await dialog.getByLabel('纬度').fill('22.53332');
    const address = dialog.getByRole('status').filter({ hasText: '地址：' });
    await address.waitFor({ timeout: 15_000 });
    const [lng, lat] = ((await address.textContent()) ?? '')
      .replace(/^.*高德测试地址 /, '')
      .split(',')
      .map(Number);
    // AMap was asked at the GCJ-02 point, a few hundred metres from the stored WGS-84 one.
    expect(lng).toBeGreaterThan(113.93041 + 0.003);
    expect(lat).toBeGreaterThan(22.53332 - 0.01);
    expect(lat).not.toBeCloseTo(22.53332, 4);

    expect(scriptsAsked).toHaveLength(1);
    expect(new URL(scriptsAsked[0] ?? '').searchParams.get('key')).toBe(KEY);

    // A new site's address comes from the point placed, and a typed one is never overwritten.
    await page.goto(`${server.baseUrl}/admin/siteManage`);
    await page.getByRole('button', { name: /新增站点/ }).click();
    const site = page.getByRole('dialog', { name: '新增站点' });
    await site.getByLabel('经度').fill('113.94');
    await site.getByLabel('纬度').fill('22.54');
    const addressInput = site.locator('#address');
    await expect.poll(() => addressInput.inputValue(), { timeout: 15_000 }).toMatch(/^高德测试地址 113\.94/);
    const first = await addressInput.inputValue();
    await addressInput.fill('科技园南区 1 号');
    await site.getByLabel('纬度').fill('22.55');
    const shown = site.getByRole('status').filter({ hasText: '高德测试地址' });
    await expect.poll(() => shown.textContent(), { timeout: 15_000 }).not.toContain(first);
    expect(await addressInput.inputValue()).toBe('科技园南区 1 号');
    expect(violations).toEqual([]);
  });
});
