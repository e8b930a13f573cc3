import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Locator } from 'playwright-core';
import { DEMO_ALARM_BOXES, DEMO_LOOP_CONTROLLERS, DEVICE_IMPORT_COLUMNS } from '@cityops/contract';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { startServer, type RunningServer } from '../src/server.js';
import { iotcloudFrame, openVideoPage, pageIn } from '../src/video.js';

/**
 * The registry's pages end to end: 产品管理 and 设备列表 in the iotcloud frame in
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
const FUNCTIONS = '/iotcloud/iot/assetMorror/functionManage';
const RULES = '/iotcloud/iot/assetMorror/modelSetting';
const IMPORT = '/iotcloud/iot/assetMorror/batchImport';
const OVERVIEW = '/iotcloud/iot/assetMorror/equipmentOverview';
const DETAIL = '/iotcloud/iot/assetMorror/devManage';
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

describe('功能管理 and 模型设置', () => {
  it('adds a property to the product, refuses its identifier twice on the field, and sets a threshold rule on it', async () => {
    const frame = await open(FUNCTIONS);
    const page = pageIn(frame, FUNCTIONS);
    await choose(frame, selectOf(page, '所属产品'), `${POLE_PRODUCT.name} (${POLE_PRODUCT.key})`);
    const add = async () => {
      await page.getByRole('button', { name: /新增功能/ }).click();
      const dialog = frame.getByRole('dialog', { name: '新增功能' });
      await dialog.locator('#identifier').fill('tilt');
      await dialog.locator('#name').fill('倾角');
      await choose(frame, selectOf(dialog, '数据类型'), '浮点数');
      await dialog.locator('#spec_min').fill('0');
      await dialog.locator('#spec_max').fill('90');
      await dialog.locator('#spec_unit').fill('°');
      await save(dialog);
      return dialog;
    };
    const first = await add();
    await first.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: '浮点数 0~90 °' }).waitFor();
    const second = await add();
    await second
      .locator('.ant-form-item', { hasText: '标识符' })
      .getByText('该产品已有同名标识符的功能')
      .waitFor();
    await second.getByRole('button', { name: /取\s*消/ }).click();

    const rules = await open(RULES);
    const rulePage = pageIn(rules, RULES);
    await choose(rules, selectOf(rulePage, '所属产品'), `${POLE_PRODUCT.name} (${POLE_PRODUCT.key})`);
    await rulePage.getByRole('button', { name: /新增告警规则/ }).click();
    const dialog = rules.getByRole('dialog', { name: '新增告警规则' });
    await dialog.locator('#name').fill('倾斜过大');
    await choose(rules, selectOf(dialog, '属性'), '倾角 (tilt) 浮点数 0~90 °');
    await dialog.locator('#threshold').fill('30');
    await choose(rules, selectOf(dialog, '告警级别'), '重要');
    await save(dialog);
    await dialog.waitFor({ state: 'detached' });
    const row = rulePage.getByRole('row', { name: /倾斜过大/ });
    await row.getByText('倾角 > 30').waitFor();
    await row.getByText('重要').waitFor();
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

describe('设备列表: credentials and detail', () => {
  it('shows a device’s secret only when revealed, resets it after asking, and opens the device’s detail', async () => {
    const frame = await open(DEVICES);
    const page = pageIn(frame, DEVICES);
    await page.locator('.ant-form-item', { hasText: '关键字' }).locator('input').fill('e2e-env-01');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row', { name: /E2E环境站/ });
    await row.getByRole('button', { name: '设备密钥' }).click();
    const dialog = frame.getByRole('dialog', { name: /设备密钥/ });
    const secret = dialog.getByTestId('device-secret');
    await dialog.getByText('e2e-env-01', { exact: true }).waitFor();
    await dialog.getByText(/^mqtts?:\/\//).waitFor();
    expect(await secret.textContent()).toMatch(/^•+$/);
    await dialog.getByRole('button', { name: /显\s*示/ }).click();
    const before = (await secret.textContent()) ?? '';
    expect(before).not.toMatch(/•/);
    expect(before.length).toBeGreaterThanOrEqual(16);
    await dialog.getByRole('button', { name: /重置密钥/ }).click();
    const ask = frame.locator('.ant-modal', { hasText: '确定重置“E2E环境站（改）”的密钥吗' });
    await ask.getByRole('button', { name: /确\s*定/ }).click();
    await frame.getByText('设备密钥已重置，设备须使用新密钥重新连接').first().waitFor();
    await expect.poll(() => secret.textContent()).not.toBe(before);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();

    // The name opens 设备管理 on the device, in a tab of its own.
    await row.getByText('E2E环境站（改）').click();
    await browser.page.waitForURL((url) => url.pathname === DETAIL);
    const detail = pageIn(frame, DETAIL);
    const info = detail.locator('.ant-card', { hasText: '设备信息' });
    await info.getByText('E2E-CC-0001').waitFor({ timeout: 30_000 });
    await info.getByText('深南大道').waitFor();
    await detail.getByText('命令记录').waitFor();
    await detail.getByText('故障记录').waitFor();
  });
});

/** An .xlsx whose first sheet holds the import header and these rows. */
async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('设备');
  sheet.addRow(DEVICE_IMPORT_COLUMNS.map(([, header]) => header));
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('设备批量导入', () => {
  it('imports the good rows of a workbook and reports each refused row with its column and reason', async () => {
    const frame = await open(IMPORT);
    const page = pageIn(frame, IMPORT);
    await page.getByRole('button', { name: /下载模板/ }).waitFor({ timeout: 30_000 });
    const [template] = await Promise.all([
      browser.page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: /下载模板/ }).click(),
    ]);
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);

    const file = await workbook([
      [
        'e2e-imp-01',
        'E2E-IMP-CC-01',
        '导入环境站1',
        'env-sensor',
        PROJECT,
        '',
        '科技园路',
        113.94,
        22.54,
        '',
        '',
      ],
      ['e2e-imp-02', 'E2E-IMP-CC-02', '导入环境站2', 'env-sensor', PROJECT, '', '', '', '', '', ''],
      ['e2e-imp-03', 'E2E-IMP-CC-03', '导入未知产品', 'no-such-product', PROJECT, '', '', '', '', '', ''],
      ['e2e-imp-01', 'E2E-IMP-CC-04', '导入重复标识', 'env-sensor', PROJECT, '', '', '', '', '', ''],
    ]);
    await page.locator('input[type=file]').setInputFiles({
      name: 'devices.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    const report = page.getByRole('region', { name: '导入结果' });
    await report.getByText('导入完成：成功2条，失败2条').waitFor({ timeout: 30_000 });
    const problems = report.locator('tbody tr');
    await expect.poll(() => problems.count()).toBe(2);
    expect(await problems.allInnerTexts()).toEqual([
      expect.stringMatching(/^4\s+产品标识\s+产品标识“no-such-product”不存在$/),
      expect.stringMatching(/^5\s+设备标识\s+与第2行的设备标识重复$/),
    ]);

    // The imported devices are in the registry.
    const list = pageIn(await open(DEVICES), DEVICES);
    await list.locator('.ant-form-item', { hasText: '关键字' }).locator('input').fill('e2e-imp');
    await list.getByRole('button', { name: /查\s*询/ }).click();
    await list.getByRole('row', { name: /导入环境站1/ }).waitFor();
    await list.getByRole('row', { name: /导入环境站2/ }).waitFor();
    expect(await list.getByRole('row', { name: /导入未知产品/ }).count()).toBe(0);
  });
});

describe('设备概览', () => {
  it('counts the devices with the online rate and licence use, and draws the charts', async () => {
    const frame = await open(OVERVIEW);
    const page = pageIn(frame, OVERVIEW);
    const total = page.locator('.ant-card', { hasText: '设备总数' }).locator('.ant-statistic-content');
    // The demo fleet's 20, its alarm boxes and loop controllers, and the four this file registered
    // (two by hand, two imported).
    await expect
      .poll(() => total.textContent(), { timeout: 30_000 })
      .toBe(String(20 + DEMO_ALARM_BOXES.length + DEMO_LOOP_CONTROLLERS.length + 4));
    await page.locator('.ant-card', { hasText: '在线率' }).getByText('%').waitFor();
    await page
      .locator('.ant-card', { hasText: '授权使用' })
      .getByText(/\d+ \/ \d+|无有效授权/)
      .waitFor();
    await page.getByRole('img', { name: '按设备类型' }).waitFor();
    await page.getByRole('img', { name: '按区域' }).waitFor();
  });
});
