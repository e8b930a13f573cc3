import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Locator } from 'playwright-core';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { openSubAppPage, startDeviceStack, type DeviceStack } from '../src/devices.js';
import { DEMO, signIn } from '../src/signIn.js';
import { pageIn } from '../src/video.js';

/**
 * Alarms to work orders end to end: the real server in demo mode with its MQTT broker
 * and a fleet of 20 simulated devices, omapp served on its port, two people in two browsers. A well lid
 * tilts; the alarm appears on 告警列表 without a reload and its message pops up; the administrator turns
 * it into a work order for the operator, who accepts, works and submits it; the administrator approves;
 * the alarm ends 处理完成 and moves to 历史告警.
 */
let stack: DeviceStack;
let admin: Browser;
let operator: Browser;

const ALARM_LIST = '/omapp/assets/alarmManagement/alarmList';
const HISTORY_LIST = '/omapp/assets/alarmManagement/historyList';
const WORK_ORDERS = '/omapp/assets/om/omWorkOrder';
// The demo fleet plan's first well lid (contract demoFleetPlan).
const LID = { key: 'lid-00001', name: '井盖00001' };

beforeAll(async () => {
  stack = await startDeviceStack({ devices: 20, reportSeconds: 5, subApps: 'omapp' });
  admin = await openBrowser({ viewport: { width: 1600, height: 900 } });
  operator = await openBrowser({ viewport: { width: 1600, height: 900 } });
  await signIn(admin.page, stack.server.baseUrl, DEMO.admin);
  await signIn(operator.page, stack.server.baseUrl, DEMO.operator);
}, 300_000);

afterAll(async () => {
  await admin?.close();
  await operator?.close();
  await stack?.stop();
});

afterEach(async (context) => {
  // The administrator's page last: the evidence of one test is one file, the last one kept.
  if (operator) await keepEvidence(operator, context.task);
  if (admin) await keepEvidence(admin, context.task);
});

const rowOf = (frame: Frame, path: string, text: string) =>
  pageIn(frame, path).locator('.ant-table-tbody tr', { hasText: text });

/** Opens the order's drawer on the work-order page and takes `step` (confirming or filling its dialog). */
async function takeStep(
  frame: Frame,
  orderNo: string,
  step: string,
  fill?: (dialog: Locator) => Promise<void>,
) {
  const page = pageIn(frame, WORK_ORDERS);
  const drawer = frame.locator('.ant-drawer:visible');
  if ((await drawer.count()) === 0) {
    await page.getByRole('button', { name: orderNo }).click();
    await drawer.waitFor();
  }
  await drawer.getByRole('button', { name: step, exact: true }).click();
  const dialog = frame.locator('.ant-modal-wrap:visible').last();
  await dialog.waitFor();
  await fill?.(dialog);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('告警到工单', () => {
  it('a tilted lid’s alarm appears live, becomes a work order, is worked by two people and ends in the history', async () => {
    const { baseUrl } = stack.server;
    // The message socket opens 2 s after the shell (§9); its first frame only counts what came before.
    const messageSocket = admin.page
      .waitForEvent('websocket', (socket) => socket.url().endsWith('/push/message'))
      .then((socket) => socket.waitForEvent('framereceived'));
    const list = await openSubAppPage(admin, baseUrl, 'omapp', ALARM_LIST);
    await messageSocket;
    // A mark on the frame's window: a reload would lose it.
    await list.evaluate(() => Object.assign(window, { alarmMark: 'kept' }));

    expect(stack.fleet.inject(LID.key, { kind: 'tilt', seconds: 600 })).toBe(true);
    // The lid raises two alarms: its tiltAlarm event and the demo threshold rule on its angle. One of them.
    await rowOf(list, ALARM_LIST, LID.name).first().waitFor({ timeout: 30_000 });
    const alarmId = await rowOf(list, ALARM_LIST, LID.name).first().getAttribute('data-row-key');
    const row = pageIn(list, ALARM_LIST).locator(`tr[data-row-key="${alarmId}"]`);
    expect(await list.evaluate(() => (window as { alarmMark?: string }).alarmMark)).toBe('kept');
    await row.locator('.ant-tag', { hasText: '待处理' }).waitFor();
    // Its message pops up in the shell's notifier.
    await admin.page
      .getByRole('region', { name: '新消息' })
      .getByText(`设备告警：${LID.name}`)
      .first()
      .waitFor({ timeout: 30_000 });
    // 转工单, dispatched at once to the operator.
    await row.getByRole('button', { name: '转工单' }).click();
    const dialog = list.locator('.ant-modal-wrap:visible');
    await dialog.locator('.ant-select').first().click();
    await list.locator('.ant-select-item-option', { hasText: '（operator）' }).first().click();
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.locator('.ant-tag', { hasText: '转工单' }).waitFor({ timeout: 30_000 });
    const orderNo =
      (
        await row
          .locator('td', { hasText: /^GD\d{12}$/ })
          .first()
          .textContent()
      )?.trim() ?? '';
    expect(orderNo).toMatch(/^GD\d{12}$/);

    // The operator works it: 接单, 开始处理, 提交审核 with the result.
    const work = await openSubAppPage(operator, baseUrl, 'omapp', WORK_ORDERS);
    await rowOf(work, WORK_ORDERS, orderNo).waitFor({ timeout: 30_000 });
    await takeStep(work, orderNo, '接单');
    await takeStep(work, orderNo, '开始处理');
    await takeStep(work, orderNo, '提交审核', (form) =>
      form.locator('textarea').first().fill('已扶正井盖并加固'),
    );
    await work.locator('.ant-drawer:visible').getByText('待审核').first().waitFor();

    // The administrator approves it.
    const review = await openSubAppPage(admin, baseUrl, 'omapp', WORK_ORDERS);
    await rowOf(review, WORK_ORDERS, orderNo).getByText('待审核').waitFor({ timeout: 30_000 });
    await takeStep(review, orderNo, '审核通过');
    await review.locator('.ant-drawer:visible').getByText('已完成').first().waitFor();

    // The alarm is finished: gone from the open list, in the history as 处理完成.
    const history = await openSubAppPage(admin, baseUrl, 'omapp', HISTORY_LIST);
    await pageIn(history, HISTORY_LIST)
      .locator(`tr[data-row-key="${alarmId}"] .ant-tag`, { hasText: '处理完成' })
      .waitFor({ timeout: 30_000 });
    const open = await openSubAppPage(admin, baseUrl, 'omapp', ALARM_LIST);
    await expect.poll(() => rowOf(open, ALARM_LIST, orderNo).count(), { timeout: 30_000 }).toBe(0);
  });
});
