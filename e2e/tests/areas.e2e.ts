import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { cutOffFromTheInternet } from '../src/offline.js';
import { DEMO, signIn } from '../src/signIn.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

afterEach(async (context) => {
  await keepEvidence(browser, context.task);
  await browser.close();
});

const WEST_LAKE = '杭州西湖景区亮化工程';

const ready = (map: Locator) =>
  expect.poll(() => map.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');

/** The names of the outlines a map draws (CityMap's `data-areas`). */
const outlinesOn = async (map: Locator): Promise<string[]> =>
  JSON.parse((await map.getAttribute('data-areas')) ?? '[]') as string[];

/** Picks an option of an antd select: opens it, then clicks the option by its text. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

/** Draws an outline in the dialog's map: 绘制边界, a click per corner (fractions of the map), 完成绘制. */
async function drawOutline(page: Page, dialog: Locator, corners: readonly (readonly [number, number])[]) {
  const map = dialog.getByRole('region', { name: '地图' });
  await ready(map);
  await dialog.getByRole('button', { name: /绘制边界/ }).click();
  await map.scrollIntoViewIfNeeded();
  const box = await map.boundingBox();
  if (!box) throw new Error('the map is not on screen');
  for (const [x, y] of corners) await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
  await dialog.getByRole('button', { name: /完成绘制/ }).click();
  await dialog.getByText(`边界：${corners.length} 个顶点`).waitFor();
}

const square = (from: number, to: number) =>
  [
    [from, from],
    [to, from],
    [to, to],
    [from, to],
  ] as const;

describe('区域管理 (areas on the map)', () => {
  it('draws an area node that stays after a reload, and refuses one overlapping it with the form kept', async () => {
    browser = await openBrowser();
    const { page } = browser;
    const refused = await cutOffFromTheInternet(page, baseUrl);
    await signIn(page, baseUrl, DEMO.admin);
    await page.goto(`${baseUrl}/admin/areaManage`);

    // The default project's tree and outlines.
    const tree = page.getByRole('tree', { name: '区域列表' });
    await tree.getByText('科技园北区').waitFor();
    const overview = page.getByRole('region', { name: '区域分布' }).getByRole('region', { name: '地图' });
    await ready(overview);
    await expect
      .poll(() => outlinesOn(overview))
      .toEqual(['深圳南山智慧路灯示范项目', '科技园片区', '科技园北区', '科技园南区']);

    // Another project, with no areas yet: draw a node around its place.
    await choose(
      page,
      page.locator('.ant-form-item', { hasText: '所属项目' }).locator('.ant-select'),
      WEST_LAKE,
    );
    await page.getByText('该项目还没有区域').waitFor();
    await page.getByRole('button', { name: /新增节点/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增区域节点' });
    await dialog.locator('#name').fill('断桥片区');
    await drawOutline(page, dialog, square(0.3, 0.7));
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('新增成功').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // After a reload: the same project, the node in the tree and on the map, highlighted when chosen.
    await page.reload();
    await tree.getByText('断桥片区').waitFor();
    await ready(overview);
    await expect.poll(() => outlinesOn(overview)).toEqual([WEST_LAKE, '断桥片区']);
    await tree.getByText('断桥片区').click();
    await expect.poll(() => overview.getAttribute('data-selected-area')).toBe('断桥片区');
    await page.getByText('4 个顶点', { exact: true }).waitFor();

    // A node drawn inside it overlaps: refused in the server's words, the dialog keeps what was drawn.
    await page.getByRole('button', { name: /新增节点/ }).click();
    const second = page.getByRole('dialog', { name: '新增区域节点' });
    await second.locator('#name').fill('白堤片区');
    await drawOutline(page, second, square(0.4, 0.6));
    await second.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('与区域“断桥片区”重叠').first().waitFor();
    expect(await second.locator('#name').inputValue()).toBe('白堤片区');
    await second.getByText('边界：4 个顶点').waitFor();
    await second.getByRole('button', { name: /取\s*消/ }).click();
    await page.reload();
    await tree.getByText('断桥片区').waitFor();
    expect(await tree.getByText('白堤片区').count()).toBe(0);

    expect(refused).toEqual([]);
  });
});

describe('站点管理 (sites on the map)', () => {
  it('creates a site placed by typing its coordinates, lists it and marks it on the map, and its marker opens it', async () => {
    browser = await openBrowser();
    const { page } = browser;
    const refused = await cutOffFromTheInternet(page, baseUrl);
    await signIn(page, baseUrl, DEMO.admin);
    await page.goto(`${baseUrl}/admin/siteManage`);
    await page.getByRole('cell', { name: '深南大道科技园站' }).waitFor();
    const overview = page.getByRole('region', { name: '站点分布' }).getByRole('region', { name: '地图' });
    await ready(overview);
    const before = Number(await overview.getAttribute('data-markers'));
    expect(before).toBeGreaterThanOrEqual(3);

    await page.getByRole('button', { name: /新增站点/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增站点' });
    await dialog.locator('#name').fill('断桥站');
    await choose(
      page,
      dialog.locator('.ant-form-item', { hasText: '所属项目' }).locator('.ant-select'),
      WEST_LAKE,
    );
    await dialog.getByLabel('经度').fill('120.15');
    await dialog.getByLabel('纬度').fill('30.26');
    await dialog.locator('#address').fill('北山街断桥');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('新增成功').first().waitFor();

    const row = page.getByRole('row', { name: /断桥站/ });
    await row.getByText('120.15, 30.26').waitFor();
    await row.getByText(WEST_LAKE).waitFor();
    await expect.poll(() => overview.getAttribute('data-markers')).toBe(String(before + 1));

    // The site's name brings the map to it; its marker there opens the site.
    await row.getByText('断桥站').click();
    await expect
      .poll(() => overview.getAttribute('data-centre'), { timeout: 5_000 })
      .toBe('120.150000,30.260000');
    const area = await overview.boundingBox();
    if (!area) throw new Error('the map is not on screen');
    await page.mouse.click(area.x + area.width / 2, area.y + area.height / 2);
    const opened = page.getByRole('dialog', { name: '编辑站点' });
    expect(await opened.locator('#name').inputValue()).toBe('断桥站');
    expect(await opened.getByLabel('经度').inputValue()).toBe('120.15');

    expect(refused).toEqual([]);
  });
});
