import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { cutOffFromTheInternet } from '../src/offline.js';
import { writePmtiles } from '../src/pmtiles.js';
import { startServer } from '../src/server.js';
import { DEMO, signIn } from '../src/signIn.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

afterEach(async (context) => {
  await keepEvidence(browser, context.task);
  await browser.close();
});

// The maps draw with software WebGL; on a loaded 2-core machine one test's steps can add up past the
// default minute even though each step stays within its own wait.
const MAP_TEST = { timeout: 150_000 };

/** A JSON list the map's container reports (what MapLibre really rendered once the view settled). */
const listed = async (map: ReturnType<Page['locator']>, attribute: string): Promise<string[]> => {
  const value: unknown = JSON.parse((await map.getAttribute(attribute)) ?? '[]');
  return Array.isArray(value) ? value.map(String) : [];
};

const centreOf = async (map: ReturnType<Page['locator']>) => {
  const [lng, lat] = ((await map.getAttribute('data-centre')) ?? '').split(',').map(Number);
  return { lng: lng ?? NaN, lat: lat ?? NaN };
};

describe('地图选点 (the map location picker)', MAP_TEST, () => {
  it('works with no network at all: the offline map, a dragged marker writes the inputs, typing moves the map, a wrong longitude is named', async () => {
    browser = await openBrowser();
    const { page } = browser;
    const refused = await cutOffFromTheInternet(page, baseUrl);
    await signIn(page, baseUrl, DEMO.admin);
    await page.goto(`${baseUrl}/admin/organization`);
    await page.getByRole('button', { name: /新增/ }).first().click();
    const dialog = page.getByRole('dialog');
    const map = dialog.getByRole('region', { name: '地图' }).first();
    await expect.poll(() => map.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    expect(await map.getAttribute('data-provider')).toBe('offline');
    await dialog.getByText('离线底图（行政区划、水系、国界与经纬网）').first().waitFor();

    // The view opens on the default centre, Nanshan: its districts are drawn, with their names, from
    // the data the server ships (no request leaves the product).
    await expect.poll(() => listed(map, 'data-places'), { timeout: 20_000 }).toContain('南山区');
    expect(await listed(map, 'data-basemap-layers')).toEqual(
      expect.arrayContaining(['china-district-lines', 'china-land']),
    );

    // Its rivers and lakes too: the Yangtze at Wuhan's first bridge, then 鄱阳湖.
    const showsAt = async (lng: string, lat: string, layer: string) => {
      await dialog.getByLabel('经度').fill(lng);
      await dialog.getByLabel('纬度').fill(lat);
      await expect.poll(() => listed(map, 'data-basemap-layers'), { timeout: 20_000 }).toContain(layer);
    };
    await showsAt('114.28', '30.54', 'china-river-areas');
    await showsAt('116.3', '29.1', 'china-lakes');

    // Typing places the marker and the view follows it.
    await dialog.getByLabel('经度').fill('116.39747');
    await dialog.getByLabel('纬度').fill('39.90882');
    const marker = dialog.getByTestId('map-marker');
    await marker.waitFor();
    await expect.poll(async () => (await centreOf(map)).lng, { timeout: 5_000 }).toBeCloseTo(116.39747, 4);
    expect((await centreOf(map)).lat).toBeCloseTo(39.90882, 4);

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
      // The dialog zooms open: click once it fills the screen, not while it is still growing.
      const viewport = page.viewportSize()?.width ?? 0;
      await expect
        .poll(async () => (await fullMap.boundingBox())?.width ?? 0, { timeout: 5_000 })
        .toBeGreaterThan(viewport * 0.9);
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

describe('项目管理 (projects with a map)', MAP_TEST, () => {
  it('creates a project placed by typing and by dragging, draws its outline, and finds both after a reload', async () => {
    browser = await openBrowser();
    const { page } = browser;
    const refused = await cutOffFromTheInternet(page, baseUrl);
    await signIn(page, baseUrl, DEMO.admin);
    await page.goto(`${baseUrl}/admin/project`);
    await page.getByRole('cell', { name: '深圳南山智慧路灯示范项目' }).waitFor();
    const overview = page.getByRole('region', { name: '项目分布' }).getByRole('region', { name: '地图' });
    await expect.poll(() => overview.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');

    // A project's name in the list takes the map to it, and pointing at its marker names it.
    await page.getByRole('cell', { name: '深圳南山智慧路灯示范项目' }).locator('a').click();
    await expect
      .poll(async () => (await centreOf(overview)).lng, { timeout: 5_000 })
      .toBeCloseTo(113.93041, 3);
    const view = await overview.boundingBox();
    if (!view) throw new Error('the overview map is not on screen');
    // Pointed at again on every try: a map still settling from its move may place the marker under
    // the pointer after the pointer's last move, and a pointer that stays still raises no hover.
    const pointAtCentre = async () => {
      await page.mouse.move(view.x + view.width / 2 - 3, view.y + view.height / 2);
      await page.mouse.move(view.x + view.width / 2, view.y + view.height / 2, { steps: 3 });
      return overview
        .locator('xpath=..')
        .getByRole('tooltip')
        .textContent({ timeout: 1_000 })
        .catch(() => null);
    };
    await expect.poll(pointAtCentre, { timeout: 10_000 }).toBe('深圳南山智慧路灯示范项目');

    await page.getByRole('button', { name: /新增项目/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增项目' });
    await dialog.locator('#projectName').fill('西溪湿地智慧路灯项目');
    await dialog.getByLabel('经度').fill('120.06');
    await dialog.getByLabel('纬度').fill('30.27');
    const map = dialog.getByRole('region', { name: '地图' });
    await expect.poll(() => map.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    await expect.poll(async () => (await centreOf(map)).lng, { timeout: 5_000 }).toBeCloseTo(120.06, 4);

    // Drag the marker: the inputs follow.
    await map.scrollIntoViewIfNeeded();
    const marker = dialog.getByTestId('map-marker');
    const box = await marker.boundingBox();
    if (!box) throw new Error('the marker is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 4);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height + 16, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => dialog.getByLabel('经度').inputValue()).not.toBe('120.06');
    const longitude = await dialog.getByLabel('经度').inputValue();
    const latitude = await dialog.getByLabel('纬度').inputValue();
    expect(Number(longitude)).toBeLessThan(120.06);

    // Draw the outline: four corners around the marker.
    await dialog.getByRole('button', { name: /绘制边界/ }).click();
    await map.scrollIntoViewIfNeeded();
    const area = await map.boundingBox();
    if (!area) throw new Error('the map is not on screen');
    const corners = [
      [0.2, 0.2],
      [0.8, 0.2],
      [0.8, 0.8],
      [0.2, 0.8],
    ] as const;
    for (const [x, y] of corners) await page.mouse.click(area.x + area.width * x, area.y + area.height * y);
    await dialog.getByText('点击地图添加顶点').waitFor();
    await dialog.getByRole('button', { name: /完成绘制/ }).click();
    await dialog.getByText('边界：4 个顶点').waitFor();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('新增成功').first().waitFor();

    await page.reload();
    const row = page.getByRole('row', { name: /西溪湿地智慧路灯项目/ });
    await row.getByText(`${longitude}, ${latitude}`).waitFor();
    await row.getByRole('button', { name: /设置位置/ }).click();
    const placing = page.getByRole('dialog', { name: '设置“西溪湿地智慧路灯项目”的位置' });
    await placing.getByText('边界：4 个顶点').waitFor();
    expect(await placing.getByLabel('经度').inputValue()).toBe(longitude);

    // A wrong longitude is named in §5's words, and nothing is saved.
    await placing.getByLabel('经度').fill('200');
    await placing.getByRole('button', { name: /保\s*存/ }).click();
    await placing.getByText('请输入正确的经度，-180~180').waitFor();
    await placing.getByRole('button', { name: /取\s*消/ }).click();
    await page.reload();
    await page
      .getByRole('row', { name: /西溪湿地智慧路灯项目/ })
      .getByText(`${longitude}, ${latitude}`)
      .waitFor();

    expect(refused).toEqual([]);
  });
});

describe("离线瓦片包 (a city's own .pmtiles extract in DATA_DIR/map)", MAP_TEST, () => {
  it('draws the extract, read in pieces from the server with no tile server and no internet', async () => {
    const server = await startServer();
    try {
      const place = { lng: 113.93041, lat: 22.53332 };
      await mkdir(join(server.dataDir, 'map'), { recursive: true });
      await writeFile(
        join(server.dataDir, 'map', 'city.pmtiles'),
        writePmtiles({ ...place, minZoom: 10, maxZoom: 16, layer: 'places', name: '测试街区' }),
      );
      await writeFile(
        join(server.dataDir, 'page-settings.json'),
        JSON.stringify({
          map: { provider: 'extract', extractFile: 'city.pmtiles', center: place, zoom: 14 },
        }),
      );
      browser = await openBrowser();
      const { page } = browser;
      const refused = await cutOffFromTheInternet(page, server.baseUrl);
      const ranges: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/map-data/extracts/city.pmtiles'))
          ranges.push(request.headers().range ?? 'whole file');
      });
      await signIn(page, server.baseUrl, DEMO.admin);
      await page.goto(`${server.baseUrl}/admin/organization`);
      await page.getByRole('button', { name: /新增/ }).first().click();
      const map = page.getByRole('dialog').getByRole('region', { name: '地图' }).first();
      await expect.poll(() => map.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
      expect(await map.getAttribute('data-provider')).toBe('extract');
      await expect.poll(() => listed(map, 'data-places'), { timeout: 20_000 }).toContain('测试街区');
      expect(await listed(map, 'data-basemap-layers')).toContain('extract-fill-places');
      expect(ranges.length).toBeGreaterThan(0);
      expect(ranges.every((range) => /^bytes=\d+-\d+$/.test(range))).toBe(true);
      expect(refused).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
