import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Locator } from 'playwright-core';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { startServer, type RunningServer } from '../src/server.js';
import { iotcloudFrame, openVideoPage, pageIn } from '../src/video.js';

/**
 * The registry's pages end to end (issue 15 §2, §3): 产品管理 and 设备列表 in the iotcloud frame in
 * Chromium against the real server (demo seed, its demo products and fleet devices). One server and
 * one browser for the file.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The sub-app ports are fixed: while another test run serves them, wait for it rather than fail.
  for (let attempt = 1; !server; attempt += 1) {
    try {
      server = await startServer({ SUBAPP_HOSTS: 'iotcloud', MQTT_PORT: '0', DEMO_DEVICES: '20' });
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

const PRODUCTS = '/iotcloud/iot/assetMorror/productManage';
const DEVICES = '/iotcloud/iot/assetMorror/devList';
const PROJECT = '深圳南山智慧路灯示范项目';
const SENSOR_PRODUCT = '环境监测仪 (env-sensor)';
/** A product of type 0001 (智慧灯杆): its devices have no control code (§9). */
const POLE_PRODUCT = { key: 'e2e-pole', name: '智慧灯杆E2E' };

const open = (path: string) => openVideoPage(browser, server.baseUrl, path);

/** Picks an option of an antd select in the frame: opens it, then clicks the option by its title. */
async function choose(frame: Frame, select: Locator, option: string) {
  await select.click();
  await frame.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}
const selectOf = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item', { hasText: label }).locator('.ant-select').first();
const save = (dialog: Locator) => dialog.getByRole('button', { name: /保\s*存/ }).click();

describe('产品管理', () => {
  it('adds a product of a type without control code, listed with its type in words', async () => {
    const frame = await open(PRODUCTS);
    const page = pageIn(frame, PRODUCTS);
    await page.getByRole('cell', { name: 'env-sensor', exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /新增产品/ }).click();
    const dialog = frame.getByRole('dialog', { name: '新增产品' });
    await dialog.locator('#productKey').fill(POLE_PRODUCT.key);
    await dialog.locator('#name').fill(POLE_PRODUCT.name);
    await choose(frame, selectOf(dialog, '设备类型'), '智慧灯杆 (0001)');
    await dialog.getByRole('button', { name: /添加参数/ }).click();
    await dialog.getByLabel('参数标识').fill('height');
    await dialog.getByLabel('参数名称').fill('杆高');
    await dialog.getByLabel('参数值').fill('12m');
    await save(dialog);
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(POLE_PRODUCT.key) });
    await row.getByText('智慧灯杆', { exact: true }).waitFor();
  });
});

describe('设备列表', () => {
  it('creates a sensor with its required control code, then edits it; the changes stay after a reload', async () => {
    const frame = await open(DEVICES);
    const page = pageIn(frame, DEVICES);
    await page.getByRole('button', { name: /新增设备/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /新增设备/ }).click();
    const dialog = frame.getByRole('dialog', { name: '新增设备' });
    await dialog.locator('#name').fill('E2E环境站');
    await dialog.locator('#deviceKey').fill('e2e-env-01');
    await choose(frame, selectOf(dialog, '所属产品'), SENSOR_PRODUCT);
    await choose(frame, selectOf(dialog, '所属项目'), PROJECT);
    await dialog.getByLabel('经度').fill('113.93');
    await dialog.getByLabel('纬度').fill('22.53');
    await save(dialog);
    // §9: a sensor has a control code, so the form asks for it before anything is sent.
    await dialog.getByText('请输入控制码').waitFor();
    await dialog.locator('#controlCode').fill('E2E-CC-0001');
    await save(dialog);
    await dialog.waitFor({ state: 'detached' });

    await page.locator('.ant-form-item', { hasText: '关键字' }).locator('input').fill('e2e-env-01');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row', { name: /E2E环境站/ });
    await row.getByText('E2E-CC-0001').waitFor();
    await row.getByText(PROJECT).waitFor();
    await row.getByText('从未上线').waitFor();

    await row.getByRole('button', { name: '编辑' }).click();
    const edit = frame.getByRole('dialog', { name: '编辑设备' });
    expect(await edit.locator('#controlCode').inputValue()).toBe('E2E-CC-0001');
    await edit.locator('#name').fill('E2E环境站（改）');
    await edit.locator('#segment').fill('深南大道');
    await save(edit);
    await edit.waitFor({ state: 'detached' });

    // The list's search is in the address: opened again (the shell reloaded), the same device, as edited.
    await browser.page.goto(`${server.baseUrl}${DEVICES}?keyword=e2e-env-01`);
    await browser.page
      .locator('div[data-subapp="iotcloud"][data-status="ready"]')
      .waitFor({ timeout: 30_000 });
    const again = await iotcloudFrame(browser.page);
    const after = pageIn(again, DEVICES).getByRole('row', { name: /E2E环境站（改）/ });
    await after.getByText('E2E-CC-0001').waitFor({ timeout: 30_000 });
    await after.getByRole('button', { name: '编辑' }).click();
    const reopened = again.getByRole('dialog', { name: '编辑设备' });
    expect(await reopened.locator('#segment').inputValue()).toBe('深南大道');
    expect(await reopened.getByLabel('经度').inputValue()).toBe('113.93');
    await reopened.getByRole('button', { name: /取\s*消/ }).click();
  });

  it('creates a pole with no control code (the field disabled) and refuses a taken device key on its field', async () => {
    const frame = await open(DEVICES);
    const page = pageIn(frame, DEVICES);
    await page.getByRole('button', { name: /新增设备/ }).click();
    const dialog = frame.getByRole('dialog', { name: '新增设备' });
    await dialog.locator('#name').fill('E2E灯杆');
    await dialog.locator('#deviceKey').fill('e2e-env-01');
    await choose(frame, selectOf(dialog, '所属产品'), `${POLE_PRODUCT.name} (${POLE_PRODUCT.key})`);
    await dialog.getByText('该类型设备无控制码').waitFor();
    expect(await dialog.locator('#controlCode').isDisabled()).toBe(true);
    await choose(frame, selectOf(dialog, '所属项目'), PROJECT);
    await save(dialog);
    // The key is the sensor's of the test before: the server's refusal shows under the field.
    await dialog.locator('.ant-form-item', { hasText: '设备标识' }).getByText('设备标识已存在').waitFor();
    await dialog.locator('#deviceKey').fill('e2e-pole-01');
    await save(dialog);
    await dialog.waitFor({ state: 'detached' });

    await page.locator('.ant-form-item', { hasText: '关键字' }).locator('input').fill('e2e-pole-01');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row', { name: /E2E灯杆/ });
    await row.getByText(POLE_PRODUCT.name).waitFor();
    await row.getByText('无', { exact: true }).first().waitFor();
  });
});
