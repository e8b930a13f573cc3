import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Locator } from 'playwright-core';
import { POINT_IMPORT_COLUMNS } from '@cityops/contract';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { startServer, type RunningServer } from '../src/server.js';
import { openVideoPage, pageIn } from '../src/video.js';

/**
 * 点位管理 and 点位批量导入 end to end in the iotcloud frame in Chromium against the real
 * server (demo seed: 100 fleet devices, the first 96 three to a demo pole, the last 4 on none; the newest pole DEMO-P032 lists first). One
 * server and one browser for the file.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The sub-app ports are fixed: while another test run serves them, wait for it rather than fail.
  for (let attempt = 1; !server; attempt += 1) {
    try {
      server = await startServer({ SUBAPP_HOSTS: 'iotcloud', MQTT_PORT: '0', DEMO_DEVICES: '100' });
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

const POINTS = '/iotcloud/iot/assetMorror/pointManagement';
const IMPORT = '/iotcloud/iot/assetMorror/batchImportPoint';
const PROJECT = '深圳南山智慧路灯示范项目';

const open = (path: string) => openVideoPage(browser, server.baseUrl, path);

async function choose(frame: Frame, select: Locator, option: string) {
  await select.click();
  await frame.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}
const selectOf = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item', { hasText: label }).locator('.ant-select').first();

describe('点位管理', () => {
  it('creates a point, mounts a device of its project on it and shows the count', async () => {
    const frame = await open(POINTS);
    const page = pageIn(frame, POINTS);
    // The demo poles are listed.
    await page.getByRole('cell', { name: 'DEMO-P032', exact: true }).waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: /新增点位/ }).click();
    const dialog = frame.getByRole('dialog', { name: '新增点位' });
    await dialog.locator('#code').fill('E2E-P001');
    await dialog.locator('#name').fill('E2E灯杆');
    await choose(frame, selectOf(dialog, '所属项目'), PROJECT);
    await dialog.locator('#height').fill('12');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: /E2E-P001/ });
    await row.waitFor();
    expect(await row.getByRole('cell', { name: '0', exact: true }).count()).toBe(1);

    await row.getByText('设备', { exact: true }).click();
    const drawer = frame.getByRole('dialog', { name: /点位设备/ });
    await drawer.getByText('该点位还没有设备').waitFor();
    await drawer.locator('.ant-select').first().click();
    const option = frame.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await option.waitFor({ timeout: 30_000 });
    const chosen = (await option.getAttribute('title')) ?? '';
    const deviceName = chosen.replace(/ \(.*\)$/, '');
    await option.click();
    await drawer.getByRole('button', { name: /挂载设备/ }).click();
    await drawer.getByRole('cell', { name: deviceName, exact: true }).waitFor({ timeout: 30_000 });
    await drawer.locator('.ant-drawer-close').click();
    await row.getByRole('cell', { name: '1', exact: true }).waitFor({ timeout: 30_000 });
  });
});

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('点位');
  sheet.addRow(POINT_IMPORT_COLUMNS.map(([, header]) => header));
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('点位批量导入', () => {
  it('imports the good rows and reports the bad one with its column and reason', async () => {
    const frame = await open(IMPORT);
    const page = pageIn(frame, IMPORT);
    await page.getByRole('button', { name: /下载模板/ }).waitFor({ timeout: 30_000 });
    const file = await workbook([
      ['E2E-IMP-P1', '导入灯杆1', '灯杆', PROJECT, '', '', '科技园路', 113.94, 22.54, '', 10, ''],
      ['E2E-IMP-P2', '导入箱柜2', '箱柜', PROJECT, '', '', '', '', '', '', '', ''],
      ['E2E-IMP-P3', '导入路灯3', '路灯', PROJECT, '', '', '', '', '', '', '', ''],
    ]);
    await page.locator('input[type=file]').setInputFiles({
      name: 'points.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    const report = page.getByRole('region', { name: '导入结果' });
    await report.getByText('导入完成：成功2条，失败1条').waitFor({ timeout: 30_000 });
    const problems = report.locator('tbody tr');
    await expect.poll(() => problems.count()).toBe(1);
    expect(await problems.allInnerTexts()).toEqual([
      expect.stringMatching(/^4\s+点位类型\s+点位类型“路灯”不存在，应为灯杆、箱柜、墙面或其他$/),
    ]);

    const list = pageIn(await open(POINTS), POINTS);
    await list.locator('.ant-form-item', { hasText: '关键字' }).locator('input').fill('E2E-IMP');
    await list.getByRole('button', { name: /查\s*询/ }).click();
    await list.getByRole('row', { name: /导入灯杆1/ }).waitFor({ timeout: 30_000 });
    await list.getByRole('row', { name: /导入箱柜2/ }).waitFor();
    expect(await list.getByRole('row', { name: /导入路灯3/ }).count()).toBe(0);
  });
});
