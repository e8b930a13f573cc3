import type { Frame, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { startServer, type RunningServer } from '../src/server.js';
import { DEMO, signIn } from '../src/signIn.js';

/*
 * Tables at the width an operator's laptop gives: at 1440×900 the last column of a
 * list (its actions, or 状态) shows whole inside the table's box: the columns that do not fit scroll
 * sideways under it instead of pushing it out of view.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The iotcloud frame on its port, a demo fleet for 设备列表 and demo messages for 消息中心.
  server = await startServer({
    SUBAPP_HOSTS: 'iotcloud',
    MQTT_PORT: '0',
    DEMO_DEVICES: '20',
    DEMO_MESSAGE_SECONDS: '2',
  });
  browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
  await signIn(browser.page, server.baseUrl, DEMO.admin);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async (context) => {
  await keepEvidence(browser, context.task);
});

/** The page's content: the shell's own, or the sub-app's frame it opens in. */
async function contentOf(page: Page, path: string): Promise<Page | Frame> {
  await page.goto(`${server.baseUrl}${path}`);
  const app = path.split('/')[1] ?? '';
  if (app === 'admin') return page;
  const handle = await page.locator(`div[data-subapp="${app}"] iframe`).elementHandle({ timeout: 30_000 });
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error(`no ${app} frame`);
  return frame;
}

/** Whether `cell` lies whole within `box`, horizontally, to the pixel. */
async function inside(cell: Locator, box: Locator) {
  const [c, b] = await Promise.all([cell.boundingBox(), box.boundingBox()]);
  if (!c || !b) return false;
  return c.x >= b.x - 1 && c.x + c.width <= b.x + b.width + 1 && c.width > 0;
}

describe('tables at 1440 px', () => {
  it.each([
    { page: '设备列表', path: '/iotcloud/iot/assetMorror/devList', last: '操作' },
    { page: '项目管理', path: '/admin/project', last: '操作' },
    { page: '消息中心', path: '/admin/message', last: '状态' },
  ])('$page shows its $last column whole', async ({ path, last }) => {
    const content = await contentOf(browser.page, path);
    const table = content.locator('.ant-table-wrapper').first();
    await table.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    const header = table
      .locator('thead th')
      .filter({ hasText: new RegExp(`^${last}$`) })
      .last();
    await header.waitFor();
    // The column shows whole within the table's box (pinned right where the columns are too wide).
    expect(await inside(header, table.locator('.ant-table-container').first())).toBe(true);
    // And the table's box is within the window: nothing is clipped by the page around it.
    const box = await table.boundingBox();
    // Boxes are in the page's coordinates, frames' included.
    const viewport = browser.page.viewportSize()?.width ?? 0;
    expect(box && box.x + box.width).toBeLessThanOrEqual(viewport + 1);
  });
});
