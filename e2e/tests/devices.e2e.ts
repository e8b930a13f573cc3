import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Locator } from 'playwright-core';
import { keepEvidence, type Browser } from '../src/browser.js';
import { openDeviceBrowser, openIotPage, startDeviceStack, type DeviceStack } from '../src/devices.js';
import { pageIn, waitFor } from '../src/video.js';

/**
 * The live device pages end to end: the real server in demo mode with its
 * embedded MQTT broker and a fleet of 20 simulated devices speaking the protocol, the iotcloud pages in
 * Chromium. One stack and one browser for the file.
 */
let stack: DeviceStack;
let browser: Browser;

const DEVICES = 20;

beforeAll(async () => {
  stack = await startDeviceStack({ devices: DEVICES, reportSeconds: 1 });
  browser = await openDeviceBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async (context) => {
  if (browser) await keepEvidence(browser, context.task);
});

const REALTIME = '/iotcloud/iot/envMonitor/realtimeReport';
const SWITCHES = '/iotcloud/smartSwitch/smartSwitchControl';
const HISTORY = '/iotcloud/iot/envMonitor/historyRecord';

// The demo fleet plan's first sensor and switch (contract demoFleetPlan).
const SENSOR = { key: 'env-00001', name: '环境监测00001' };
const SWITCH = { key: 'sw-00001', name: '智能开关00001' };

const open = (path: string) => openIotPage(browser, stack.server.baseUrl, path);
const rowOf = (frame: Frame, path: string, deviceKey: string) =>
  pageIn(frame, path).locator(`tr[data-device="${deviceKey}"]`);
const valueIn = (row: Locator, identifier: string) =>
  row.locator(`[data-property="${identifier}"]`).getAttribute('data-value');

/** What the simulated device holds now (its last reported values). */
function deviceValues(deviceKey: string): Record<string, unknown> {
  const device = stack.fleet.device(deviceKey);
  if (!device) throw new Error(`the fleet has no ${deviceKey}`);
  return device.values;
}

describe('实时数据', () => {
  it('shows the fleet’s sensor values, and they change without a reload', async () => {
    const frame = await open(REALTIME);
    const row = rowOf(frame, REALTIME, SENSOR.key);
    await row.waitFor({ timeout: 30_000 });
    // A mark on the frame's window: a reload (of the frame or the shell) would lose it.
    await frame.evaluate(() => Object.assign(window, { liveMark: 'kept' }));

    const first = await waitFor(
      () => valueIn(row, 'temperature'),
      (value) => value !== null && value !== '' && Number.isFinite(Number(value)),
    );
    // What the page shows is what the device reported (at some moment: it reports every second).
    await waitFor(
      async () => [await valueIn(row, 'temperature'), String(deviceValues(SENSOR.key).temperature)],
      ([shown, reported]) => shown === reported,
    );
    // Then the values move on by push, the page staying the same page.
    const readAll = () =>
      Promise.all(['temperature', 'humidity', 'pm25', 'noise'].map((name) => valueIn(row, name)));
    const before = await readAll();
    await waitFor(readAll, (now) => now.some((value, i) => value !== before[i]), 30_000);
    expect(await frame.evaluate(() => (window as { liveMark?: string }).liveMark)).toBe('kept');
    expect(first).not.toBe('');
    expect(await pageIn(frame, REALTIME).locator('[data-live="open"]').count()).toBe(1);
  });
});

describe('智能开关控制', () => {
  it('sends 开/关 to the chosen switch: the simulated device switches and the page shows its new state', async () => {
    const frame = await open(SWITCHES);
    const page = pageIn(frame, SWITCHES);
    const row = rowOf(frame, SWITCHES, SWITCH.key);
    await row.waitFor({ timeout: 30_000 });
    await waitFor(
      () => valueIn(row, 'on'),
      (value) => value === 'true' || value === 'false',
    );
    const wasOn = deviceValues(SWITCH.key).on === true;
    const target = !wasOn;

    await row.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: target ? '开' : '关', exact: true }).click();

    // The device's answer, per device.
    const result = page.locator('tr[data-command-state]', { hasText: SWITCH.name });
    await result.waitFor({ timeout: 30_000 });
    expect(await result.getAttribute('data-command-state')).toBe('succeeded');
    // The simulated device holds the new state.
    await waitFor(
      async () => deviceValues(SWITCH.key).on,
      (on) => on === target,
      15_000,
    );
    // And the page shows it, by push.
    await waitFor(
      () => valueIn(row, 'on'),
      (value) => value === String(target),
      15_000,
    );
  });

  it('says §5’s rule when no switch is chosen and sends nothing', async () => {
    const frame = await open(SWITCHES);
    const page = pageIn(frame, SWITCHES);
    await rowOf(frame, SWITCHES, SWITCH.key).waitFor({ timeout: 30_000 });
    const sent: string[] = [];
    const listen = (request: { url(): string }) => {
      if (request.url().includes('/iot/command/send')) sent.push(request.url());
    };
    browser.page.on('request', listen);
    // A choice left from the previous test is cleared first.
    for (const box of await page.locator('.ant-checkbox-input:checked').all()) await box.uncheck();
    await page.getByRole('button', { name: '开', exact: true }).click();
    await frame.getByText('请至少选择一个开关').waitFor({ timeout: 10_000 });
    browser.page.off('request', listen);
    expect(sent).toEqual([]);
  });
});

describe('历史数据', () => {
  it('refuses a query over 8 days with the rule’s message, before asking the server', async () => {
    const frame = await open(HISTORY);
    const page = pageIn(frame, HISTORY);
    await page.getByRole('combobox').first().click();
    await frame.locator('.ant-select-item-option', { hasText: SENSOR.name }).click();
    // The range as the operator types it, in the browser's own time zone: the last 8 days.
    const [startText, endText] = await frame.evaluate(() => {
      const two = (n: number) => String(n).padStart(2, '0');
      const text = (d: Date) =>
        `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
      const end = new Date();
      return [text(new Date(end.getTime() - 8 * 86_400_000)), text(end)];
    });
    const [from, to] = await page.locator('.ant-picker-range input').all();
    if (!from || !to) throw new Error('no range inputs');
    const asked: string[] = [];
    const listen = (request: { url(): string }) => {
      if (request.url().includes('/iot/telemetry/history')) asked.push(request.url());
    };
    browser.page.on('request', listen);
    // Each typed time confirmed by Enter, which does not submit the form.
    await from.click();
    await from.fill(startText ?? '');
    await from.press('Enter');
    await to.fill(endText ?? '');
    await to.press('Enter');
    await page.getByRole('button', { name: /查\s*询/ }).click();

    await page.getByText('查询时间跨度不能超过7天').waitFor({ timeout: 10_000 });
    browser.page.off('request', listen);
    expect(asked).toEqual([]);
  });
});
