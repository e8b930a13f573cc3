import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Locator } from 'playwright-core';
import {
  API_PREFIX,
  areaEndpoints,
  deviceEndpoints,
  HEADER_ACCESS_TOKEN,
  productEndpoints,
  projectEndpoints,
  type Endpoint,
  type LngLat,
} from '@cityops/contract';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { startServer, type RunningServer } from '../src/server.js';
import { openVideoPage, pageIn } from '../src/video.js';

/**
 * Where devices are, end to end: 位置管理 and 区域管理 in the iotcloud frame in Chromium
 * against the real server (demo seed). Two area nodes and a device without a location are made through
 * the API; the pages place the device and move it between the nodes. One server and one browser.
 */
let server: RunningServer;
let browser: Browser;

const LOCATION = '/iotcloud/iot/assetMorror/locationManagement';
const AREAS = '/iotcloud/iot/assetMorror/areaManage';
const PROJECT = '深圳南山智慧路灯示范项目';
const DEVICE = 'E2E无位置设备';
const NODE = { from: 'E2E甲区', to: 'E2E乙区' };

beforeAll(async () => {
  // The sub-app ports are fixed: while another test run serves them, wait for it rather than fail.
  for (let attempt = 1; !server; attempt += 1) {
    try {
      server = await startServer({ SUBAPP_HOSTS: 'iotcloud', DEMO_DEVICES: '5' });
    } catch (error) {
      if (attempt >= 12 || !String(error).includes('EADDRINUSE')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 15_000));
    }
  }
  browser = await openBrowser({ viewport: { width: 1600, height: 900 } });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async (context) => {
  if (browser) await keepEvidence(browser, context.task);
});

const open = (path: string) => openVideoPage(browser, server.baseUrl, path);

/** Calls the API as the signed-in admin (the browser's session). */
async function call<T>(
  endpoint: Endpoint,
  input: { query?: Record<string, string>; body?: unknown },
): Promise<T> {
  const token = (await browser.context.cookies()).find((c) => c.name === 'user-Token')?.value ?? '';
  const query = input.query ? `?${new URLSearchParams(input.query).toString()}` : '';
  const answer = await fetch(`${server.baseUrl}${API_PREFIX}${endpoint.path}${query}`, {
    method: endpoint.method,
    headers: {
      [HEADER_ACCESS_TOKEN]: token,
      ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
  });
  const envelope = (await answer.json()) as { status_code: number; message: string; data: T };
  if (envelope.status_code !== 1) throw new Error(`${endpoint.path}: ${envelope.message}`);
  return envelope.data;
}

const square = (lng: number, lat: number): LngLat[] => [
  { lng, lat },
  { lng: lng + 0.002, lat },
  { lng: lng + 0.002, lat: lat + 0.002 },
  { lng, lat: lat + 0.002 },
];

/** The demo project's two new nodes and a sensor without a location in the first; answers the nodes' ids. */
async function arrange() {
  const projects = await call<{ projectId: number; projectName: string }[]>(projectEndpoints.listByUser, {
    query: {},
  });
  const projectId = projects.find((project) => project.projectName === PROJECT)?.projectId ?? 0;
  const node = (name: string, lng: number) =>
    call<{ areaId: number }>(areaEndpoints.create, {
      body: { projectId, name, type: 'areanode', polygon: square(lng, 22.6) },
    });
  const from = await node(NODE.from, 113.901);
  await node(NODE.to, 113.905);
  const products = await call<{ productId: number; productKey: string }[]>(productEndpoints.all, {
    query: {},
  });
  const productId = products.find((product) => product.productKey === 'env-sensor')?.productId ?? 0;
  await call(deviceEndpoints.create, {
    body: {
      deviceKey: 'e2e-unplaced',
      controlCode: 'E2E-UNPLACED',
      name: DEVICE,
      productId,
      projectId,
      areaId: from.areaId,
    },
  });
}

/** Picks an option of an antd select in the frame: opens it, then clicks the option by its title. */
async function choose(frame: Frame, select: Locator, option: string) {
  await select.click();
  await frame.locator(`.ant-select-dropdown:visible [title="${option}"]`).first().click();
}
/** The total of 地图上的设备 shown/total. */
const mapCount = async (label: Locator) => Number(/\/(\d+)/.exec(await label.innerText())?.[1] ?? -1);
const save = (dialog: Locator) => dialog.getByRole('button', { name: /保\s*存/ }).click();
const tick = (row: Locator) => row.getByRole('checkbox').check();

describe('位置管理', () => {
  it('places a device without a location, which leaves the list', async () => {
    const frame = await open(LOCATION);
    await arrange();
    const page = pageIn(frame, LOCATION);
    await page.locator('#keyword').fill('E2E');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row', { name: new RegExp(DEVICE) });
    await row.waitFor({ timeout: 30_000 });
    // The map looks at the demo project's place (the default centre): the device lands in its view.
    const onMap = page.getByTestId('map-count');
    await onMap.getByText(/^地图上的设备/).waitFor({ timeout: 30_000 });
    const shownBefore = await mapCount(onMap);
    await tick(row);
    await page.getByRole('button', { name: '设置位置' }).click();
    const dialog = frame.getByRole('dialog', { name: '设置1台设备的位置' });
    await dialog.getByLabel('经度').fill('113.9305');
    await dialog.getByLabel('纬度').fill('22.5334');
    await dialog.locator('#address').fill('E2E 1号灯杆');
    await save(dialog);
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    expect(await page.getByRole('row', { name: new RegExp(DEVICE) }).count()).toBe(0);
    await expect.poll(() => mapCount(onMap), { timeout: 15_000 }).toBe(shownBefore + 1);
  });
});

describe('区域管理', () => {
  it('moves a device between two area nodes and the counts follow', async () => {
    const frame = await open(AREAS);
    const page = pageIn(frame, AREAS);
    await choose(
      frame,
      page.locator('.ant-form-item', { hasText: '所属项目' }).locator('.ant-select'),
      PROJECT,
    );
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const from = page.getByTestId(`area-${NODE.from}`);
    const to = page.getByTestId(`area-${NODE.to}`);
    await from.getByText(/^1台/).waitFor({ timeout: 30_000 });
    await to.getByText(/^0台/).waitFor();
    await from.click();
    const row = page.getByRole('row', { name: new RegExp(DEVICE) });
    await row.waitFor();
    await tick(row);
    await page.getByRole('button', { name: '移动设备' }).click();
    const dialog = frame.getByRole('dialog', { name: '将1台设备移入区域' });
    await choose(frame, dialog.locator('.ant-select'), NODE.to);
    await save(dialog);
    await dialog.waitFor({ state: 'detached' });
    await to.getByText(/^1台/).waitFor();
    await from.getByText(/^0台/).waitFor();
    await row.waitFor({ state: 'detached' });
  });
});
