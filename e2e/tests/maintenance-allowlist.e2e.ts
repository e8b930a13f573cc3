import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import type { Frame, Locator } from 'playwright-core';
import { keepEvidence, type Browser } from '../src/browser.js';
import { openDeviceBrowser, openIotPage, startDeviceStack, type DeviceStack } from '../src/devices.js';
import { pageIn } from '../src/video.js';

/**
 * 设备维护 and 网关白名单 end to end: the real server in demo mode with its embedded
 * broker and 20 simulated devices (the fleet's gateway answers `$allowlist`), the pages in Chromium.
 * One stack and one browser for the file.
 */
let stack: DeviceStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startDeviceStack({ devices: 20, reportSeconds: 5 });
  browser = await openDeviceBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async (context) => {
  if (browser) await keepEvidence(browser, context.task);
});

const MAINTENANCE = '/iotcloud/iot/assetMorror/equipmentMaintenance';
const WHITE = '/iotcloud/iot/gateway/white';
// The demo fleet plan's first sensor and gateway (contract demoFleetPlan).
const SENSOR = 'env-00001';
const GATEWAY = 'gw-00001';

const open = (path: string) => openIotPage(browser, stack.server.baseUrl, path);
const save = (dialog: Locator) => dialog.getByRole('button', { name: /保\s*存/ }).click();
const field = (dialog: Locator, label: string) => dialog.locator('.ant-form-item', { hasText: label });

/** Types into a searchable antd select and picks the option containing `text`. */
async function search(frame: Frame, select: Locator, text: string) {
  await select.click();
  await select.locator('input').fill(text);
  await frame
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .first()
    .click();
}

describe('设备维护', () => {
  it('adds a maintenance record for a fleet device and lists it', async () => {
    const frame = await open(MAINTENANCE);
    const page = pageIn(frame, MAINTENANCE);
    await page.getByRole('button', { name: /新增维护记录/ }).click();
    const dialog = frame.getByRole('dialog', { name: '新增维护记录' });
    await search(frame, field(dialog, '设备').locator('.ant-select').first(), SENSOR);
    await dialog.locator('#maintainer').fill('王师傅');
    await dialog.locator('#maintainerPhone').fill('13800002222');
    await dialog.locator('#cost').fill('88.5');
    await dialog.locator('#content').fill('E2E更换传感器探头');
    await save(dialog);
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /E2E更换传感器探头/ });
    await row.getByText(SENSOR, { exact: true }).waitFor({ timeout: 15_000 });
    await row.getByText('88.50').waitFor();
    await row.getByText('已修复').waitFor();
  });
});

describe('网关白名单', () => {
  it('adds an address to the fleet’s gateway and sees the list reach 已同步', async () => {
    const frame = await open(WHITE);
    const page = pageIn(frame, WHITE);
    const gateway = page.locator(`tr[data-gateway="${GATEWAY}"]`);
    await gateway.waitFor({ timeout: 30_000 });
    await gateway.click();
    await page.getByRole('button', { name: /新增白名单/ }).click();
    const dialog = frame.getByRole('dialog').filter({ hasText: '新增白名单' });
    await dialog.locator('#text').fill('E2E-NODE-01,东门路灯\nAA:BB:CC:DD:EE:01');
    await save(dialog);
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'E2E-NODE-01', exact: true }).waitFor({ timeout: 15_000 });
    // The change is sent to the online gateway, which confirms it; the list reads the state again.
    await gateway.locator('[data-sync="synced"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /立即同步/ }).click();
    await frame.getByText('已同步').first().waitFor();
  });
});
