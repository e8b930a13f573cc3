import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Locator } from 'playwright-core';
import { keepEvidence, type Browser } from '../src/browser.js';
import { openDeviceBrowser, openIotPage, startDeviceStack, type DeviceStack } from '../src/devices.js';
import { pageIn, waitFor } from '../src/video.js';

/**
 * 固件升级 end to end (upgrade): the real server in demo mode with its embedded broker,
 * the fleet simulator playing the demo devices (downloading over HTTP with the command's token,
 * checking the SHA-256, restarting on the new version), and the page in Chromium.
 */
let stack: DeviceStack;
let browser: Browser;
let firmwarePath: string;

const UPGRADE = '/iotcloud/iot/assetMorror/upgrade';
const SENSOR_PRODUCT = '环境监测仪 (env-sensor)';
const VERSION = '2.0.0';
const FILE = Buffer.from('e2e-firmware-image;'.repeat(20_000));

beforeAll(async () => {
  stack = await startDeviceStack({ devices: 20, reportSeconds: 5 });
  browser = await openDeviceBrowser();
  const directory = await mkdtemp(join(tmpdir(), 'cityops-fw-'));
  firmwarePath = join(directory, 'env-sensor-2.0.0.bin');
  await writeFile(firmwarePath, FILE);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async (context) => {
  if (browser) await keepEvidence(browser, context.task);
});

async function choose(frame: Frame, select: Locator, option: string) {
  await select.click();
  await frame.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}
const selectOf = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item', { hasText: label }).locator('.ant-select').first();
const ok = (dialog: Locator) => dialog.getByRole('button', { name: /确\s*定|OK/ }).click();

describe('固件升级', () => {
  it('uploads a firmware, upgrades two devices, and both succeed on the new version', async () => {
    const frame = await open();
    const page = pageIn(frame, UPGRADE);

    // 固件管理: upload.
    await page.getByRole('tab', { name: '固件管理' }).click();
    await page.getByRole('button', { name: /上传固件/ }).click();
    const upload = frame.locator('.ant-modal:visible');
    await choose(frame, selectOf(upload, '所属产品'), SENSOR_PRODUCT);
    await upload.locator('input#version').fill(VERSION);
    await upload.locator('input[type="file"]').setInputFiles(firmwarePath);
    await ok(upload);
    await upload.waitFor({ state: 'hidden', timeout: 30_000 });
    const firmwareRow = page.locator('tr', { hasText: VERSION });
    await firmwareRow.waitFor({ timeout: 15_000 });

    // 升级任务: a job for the first two sensors.
    await page.getByRole('tab', { name: '升级任务' }).click();
    await page.getByRole('button', { name: /创建升级任务/ }).click();
    const dialog = frame.locator('.ant-modal:visible');
    await dialog.locator('input#name').fill('环境站固件升级');
    await choose(frame, selectOf(dialog, '所属产品'), SENSOR_PRODUCT);
    await choose(frame, selectOf(dialog, '固件'), VERSION);
    const rows = dialog.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor({ timeout: 15_000 });
    const keys: string[] = [];
    for (const index of [0, 1]) {
      const row = rows.nth(index);
      keys.push((await row.locator('td').nth(2).innerText()).trim());
      await row.locator('.ant-checkbox-input').check();
    }
    await dialog.getByText('已选择2台设备').waitFor();
    await ok(dialog);
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });

    // The drawer follows both devices to 成功, and the devices run the new firmware.
    await page.getByText('环境站固件升级').first().click();
    const drawer = frame.locator('.ant-drawer:visible');
    for (const key of keys) {
      const row = drawer.locator('tr', { hasText: key });
      await row.waitFor({ timeout: 15_000 });
      await row.getByText('成功').waitFor({ timeout: 60_000 });
      await row.getByText(VERSION).first().waitFor();
    }
    await drawer.getByText('已完成').waitFor({ timeout: 15_000 });
    for (const key of keys)
      await waitFor(
        async () => stack.fleet.device(key)?.firmware,
        (firmware) => firmware === VERSION,
        15_000,
      );
    expect(keys).toHaveLength(2);
  }, 240_000);
});

const open = () => openIotPage(browser, stack.server.baseUrl, UPGRADE);
