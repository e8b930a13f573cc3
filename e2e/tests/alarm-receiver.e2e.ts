import { ALARM_RESULT_PATH, DEMO_ALARM_BOXES, SUB_APP_PORTS } from '@cityops/contract';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAlarmStack, type AlarmStack } from '../src/alarm.js';
import { keepEvidence, type Browser } from '../src/browser.js';
import { DEMO, signIn } from '../src/signIn.js';
import { iotcloudFrame, openVideoBrowser, pageIn } from '../src/video.js';

/*
 * The duty officer's full-screen pages, with the alarm-box simulator's first demo
 * box. 报警接听 lists a call live over its own SockJS socket (through the iotcloud port, never refused),
 * rings, and answers it, with no console error. On a page without a header (a dashboard) a call still
 * rings, a corner control and Esc lead back to a page with the header, and the top menu's 物联网平台
 * lands on a page with one.
 */
const RECEIVER = '/iotcloud/iot/alarmbox/monitorReceiver';
const DASHBOARD = '/iotcloud/dashboard/dashboardPlatform';
const [box] = DEMO_ALARM_BOXES;

let stack: AlarmStack;
let browser: Browser | null = null;
/** Console errors and uncaught exceptions of every frame of the tab. */
const consoleErrors: string[] = [];
/** Answers of the alarm socket's addresses that refused it (SockJS falls back, 404s, and logs). */
const refusedSockets: string[] = [];

beforeAll(async () => {
  stack = await startAlarmStack({ boxes: 1 });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});
afterEach(async (context) => {
  if (!browser) return;
  await keepEvidence(browser, context.task);
  await browser.close();
  browser = null;
});

/** A fresh browser signed in as `account`, counting the ring's tones in every frame. */
async function signedIn(account: { userName: string; password: string }): Promise<Page> {
  browser = await openVideoBrowser(stack.tonePath);
  await browser.context.addInitScript(() => {
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
      const counted = window as unknown as { __tones?: number };
      counted.__tones = (counted.__tones ?? 0) + 1;
      start.apply(this, args);
    };
  });
  const { page } = browser;
  consoleErrors.length = 0;
  refusedSockets.length = 0;
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.location().url}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('response', (response) => {
    if (response.url().includes(ALARM_RESULT_PATH) && response.status() >= 400)
      refusedSockets.push(`${response.status()} ${response.url()}`);
  });
  await signIn(page, stack.server.baseUrl, account);
  return page;
}

/** The ring's tones played so far, in the shell and its frames. */
async function tones(page: Page): Promise<number> {
  let played = 0;
  for (const frame of page.frames())
    played += await frame
      .evaluate(() => (window as unknown as { __tones?: number }).__tones ?? 0)
      .catch(() => 0);
  return played;
}

const systemNav = (page: Page) => page.getByRole('navigation', { name: '系统导航' });
const path = (page: Page) => new URL(page.url()).pathname;

describe('报警接听', () => {
  it('lists a ringing call live, rings, and answers it, with no console error and no refused socket', async () => {
    if (!box) throw new Error('no demo boxes');
    await stack.boxes.waitFor(box.deviceKey, 'idle', 30_000);
    const page = await signedIn(DEMO.operator);
    // The page's own socket, through the iotcloud port: it opens and the server speaks on it.
    const frameSocket = page.waitForEvent('websocket', {
      predicate: (socket) =>
        socket.url().startsWith(`ws://127.0.0.1:${SUB_APP_PORTS.iotcloud.ip}/`) &&
        socket.url().includes(ALARM_RESULT_PATH),
      timeout: 30_000,
    });
    await page.goto(`${stack.server.baseUrl}${RECEIVER}`);
    await page.locator('div[data-subapp="iotcloud"][data-status="ready"]').waitFor({ timeout: 30_000 });
    const receiver = pageIn(await iotcloudFrame(page), RECEIVER);
    await receiver.getByText('暂无报警').waitFor({ timeout: 30_000 });
    await (await frameSocket).waitForEvent('framereceived', { timeout: 30_000 });
    const before = await tones(page);

    await stack.boxes.press(box.deviceKey);
    const call = receiver.locator('[data-receiver-call]', { hasText: box.name });
    await call.getByRole('button', { name: '接听' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => tones(page), { timeout: 10_000 }).toBeGreaterThan(before);
    // The page is the notice here: none pops up over it.
    expect(await page.locator('[data-alarm-notice]').count()).toBe(0);

    await call.getByRole('button', { name: '接听' }).click();
    await page.locator('[data-alarm-call]').waitFor({ timeout: 20_000 });
    await stack.boxes.waitFor(box.deviceKey, 'inCall', 15_000);
    // Answered: no longer ringing on the page.
    await call.getByRole('button', { name: '接听' }).waitFor({ state: 'detached', timeout: 15_000 });

    await stack.boxes.hangup(box.deviceKey);
    await page.locator('[data-alarm-call]').waitFor({ state: 'detached', timeout: 15_000 });
    await stack.boxes.waitFor(box.deviceKey, 'idle', 10_000);
    expect(refusedSockets).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, 180_000);
});

describe('pages without a header', () => {
  it('are left by the corner control and by Esc, ring with calls, and are never where a system lands', async () => {
    if (!box) throw new Error('no demo boxes');
    await stack.boxes.waitFor(box.deviceKey, 'idle', 30_000);
    const page = await signedIn(DEMO.admin);
    const side = page.getByRole('menu', { name: '侧边菜单' });

    // 物联网平台 lands on its first page with a header, not on its full-screen dashboard.
    await systemNav(page).getByText('物联网平台', { exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/iotcloud/'));
    const landing = path(page);
    expect(landing.startsWith('/iotcloud/dashboard/')).toBe(false);
    await systemNav(page).waitFor();

    const openDashboard = async () => {
      // The inline menu's entries (antd keeps a hidden popup copy of a submenu beside them). The menu
      // keeps a group the user opened open, so 数据大屏 is clicked only while it is closed: a second
      // click would fold it away again.
      const group = side
        .getByRole('menuitem', { name: '数据大屏', exact: true })
        .filter({ visible: true })
        .first();
      if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
      await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
      await side.getByText('平台总览', { exact: true }).filter({ visible: true }).first().click();
      await page.waitForURL((url) => url.pathname === DASHBOARD);
      await systemNav(page).waitFor({ state: 'detached' });
    };
    await openDashboard();

    // A call rings here as anywhere: the notice pops up, the ring plays.
    const before = await tones(page);
    await stack.boxes.press(box.deviceKey);
    await page.locator('[data-alarm-notice]', { hasText: box.name }).waitFor({ timeout: 20_000 });
    await expect.poll(() => tones(page), { timeout: 10_000 }).toBeGreaterThan(before);
    await stack.boxes.hangup(box.deviceKey);
    await stack.boxes.waitFor(box.deviceKey, 'idle', 10_000);

    // The corner control goes back to the page with the header.
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL((url) => url.pathname === landing);
    await systemNav(page).waitFor();

    // Esc pressed inside the dashboard's frame does the same.
    await openDashboard();
    const frame = await iotcloudFrame(page);
    await frame.locator('body').click({ position: { x: 4, y: 4 } });
    // The key goes to the frame, not to the shell's own listener.
    expect(await frame.evaluate(() => document.hasFocus())).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === landing);
    await systemNav(page).waitFor();
  }, 180_000);
});
