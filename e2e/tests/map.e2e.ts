import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { DEMO, signIn } from '../src/signIn.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

afterEach(async (context) => {
  await keepEvidence(browser, context.task);
  await browser.close();
});

/** Everything but the product's own server is refused: the machine has no internet at all. */
async function cutOffFromTheInternet(page: Page): Promise<string[]> {
  const refused: string[] = [];
  const own = new URL(baseUrl).hostname;
  await page.context().route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'blob:' || url.protocol === 'data:' || url.hostname === own) return route.continue();
    refused.push(url.href);
    return route.abort('internetdisconnected');
  });
  return refused;
}

const centreOf = async (page: Page, map: ReturnType<Page['locator']>) => {
  const text = await map.getAttribute('data-centre');
  const [lng, lat] = (text ?? '').split(',').map(Number);
  await page.waitForTimeout(0);
  return { lng: lng ?? NaN, lat: lat ?? NaN };
};

describe('地图选点 (the map location picker)', () => {
  it('works with no network at all: the offline map, a dragged marker writes the inputs, typing moves the map, a wrong longitude is named', async () => {
    browser = await openBrowser();
    const { page } = browser;
    const refused = await cutOffFromTheInternet(page);
    await signIn(page, baseUrl, DEMO.admin);
    await page.goto(`${baseUrl}/admin/organization`);
    await page.getByRole('button', { name: /新增/ }).first().click();
    const dialog = page.getByRole('dialog');
    const map = dialog.getByRole('region', { name: '地图' }).first();
    await expect.poll(() => map.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    expect(await map.getAttribute('data-provider')).toBe('offline');
    await dialog.getByText('离线底图（国界与经纬网）').first().waitFor();

    // Typing places the marker and the view follows it.
    await dialog.getByLabel('经度').fill('116.39747');
    await dialog.getByLabel('纬度').fill('39.90882');
    const marker = dialog.getByTestId('map-marker');
    await marker.waitFor();
    await expect
      .poll(async () => (await centreOf(page, map)).lng, { timeout: 5_000 })
      .toBeCloseTo(116.39747, 4);
    expect((await centreOf(page, map)).lat).toBeCloseTo(39.90882, 4);

    // Dragging the marker writes the inputs, with at most 5 decimals.
    const box = await marker.boundingBox();
    if (!box) throw new Error('the marker is not on screen');
    const x = box.x + box.width / 2;
    const y = box.y + box.height - 4;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 40, y + 20, { steps: 8 });
    await page.mouse.move(x + 80, y + 40, { steps: 8 });
    await page.mouse.up();
    const longitude = dialog.getByLabel('经度');
    await expect.poll(() => longitude.inputValue()).not.toBe('116.39747');
    const lng = Number(await longitude.inputValue());
    const lat = Number(await dialog.getByLabel('纬度').inputValue());
    expect(lng).toBeGreaterThan(116.39747);
    expect(lat).toBeLessThan(39.90882);
    expect((await longitude.inputValue()).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(5);

    // A wrong longitude is refused with §5's text.
    await longitude.fill('181');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('请输入正确的经度，-180~180').waitFor();

    // The full-screen map: a click there moves the point; close leaves the inputs as they were, OK keeps it.
    await longitude.fill('116.4');
    const openFullScreen = async () => {
      await dialog.getByRole('button', { name: /全屏选点/ }).click();
      const full = page.getByRole('dialog', { name: '地图选点' });
      const fullMap = full.getByRole('region', { name: '地图' });
      await expect.poll(() => fullMap.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
      const area = await fullMap.boundingBox();
      if (!area) throw new Error('the full-screen map is not on screen');
      await page.mouse.click(area.x + area.width / 4, area.y + area.height / 2);
      await full.getByText(/^经度 \d/).waitFor();
      return full.locator('.ant-modal-footer');
    };
    await (await openFullScreen()).getByRole('button', { name: /关\s*闭/ }).click();
    expect(await longitude.inputValue()).toBe('116.4');
    await (await openFullScreen()).getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => longitude.inputValue()).not.toBe('116.4');
    expect(Number(await longitude.inputValue())).toBeLessThan(116.4);

    expect(refused).toEqual([]);
  });
});
