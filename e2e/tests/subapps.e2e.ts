import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SUB_APP_PORTS, type SubApp } from '@cityops/contract';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { DEMO, signIn } from '../src/signIn.js';
import { startServer, type RunningServer } from '../src/server.js';
import { startLlappHost, type LlappHost } from '../src/subAppHost.js';

/**
 * The frame container and the bridge against the real server and the built sub-apps on
 * their fixed ports. This file's server serves five sub-apps itself; llapp is served by a host this
 * test starts and stops, to see a sub-app go down and come back.
 */
let server: RunningServer;
let llapp: LlappHost;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ SUBAPP_HOSTS: 'iotcloud,omapp,opapp,zcapp,esapp' });
  llapp = await startLlappHost(server.baseUrl);
});

afterAll(async () => {
  await llapp?.stop();
  await server?.stop();
});

afterEach(async (context) => {
  if (!browser) return;
  await keepEvidence(browser, context.task);
  await browser.close();
});

const localhostUrl = () => server.baseUrl.replace('127.0.0.1', 'localhost');
const frameBox = (page: Page, app: SubApp) => page.locator(`div[data-subapp="${app}"]`);
const frameOf = (page: Page, app: SubApp) => page.frameLocator(`div[data-subapp="${app}"] iframe`);
const ready = (page: Page, app: SubApp) =>
  page.locator(`div[data-subapp="${app}"][data-status="ready"]`).waitFor({ timeout: 30_000 });
const heading = (page: Page, app: SubApp, title: string) =>
  frameOf(page, app).getByRole('heading', { name: title, exact: true });
/** One kept page inside a frame (a frame holds a page per open tab of its app). */
const pageIn = (page: Page, path: string) =>
  frameOf(page, path.split('/')[1] as SubApp).locator(`main[data-page="${path}"]`);
const historyLength = (page: Page) => page.evaluate(() => history.length);

async function openFromMenu(page: Page, system: string, group: string, item: string) {
  await page.getByText(system, { exact: true }).first().click();
  const groupItem = page.getByRole('menuitem', { name: group, exact: true });
  if ((await page.getByRole('menuitem', { name: item, exact: true }).count()) === 0) await groupItem.click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

describe('sub-apps in frames', () => {
  it('opens an iotcloud page from the menu by IP address, in the frame on 10201', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.baseUrl, DEMO.admin);
    await openFromMenu(page, '物联网平台', '智慧路灯', '单灯计划');
    await page.waitForURL((url) => url.pathname === '/iotcloud/iot/lamp/plan');
    await ready(page, 'iotcloud');
    await heading(page, 'iotcloud', '单灯计划').waitFor();
    const src = await frameBox(page, 'iotcloud').locator('iframe').getAttribute('src');
    expect(new URL(src ?? '').origin).toBe(`http://127.0.0.1:${SUB_APP_PORTS.iotcloud.ip}`);
    // The page says what it is, where it sits in the menu, and that it is not connected yet.
    const plan = pageIn(page, '/iotcloud/iot/lamp/plan');
    await plan.getByText('尚未接入', { exact: true }).waitFor();
    await plan.getByRole('navigation', { name: '菜单位置' }).getByText('智慧路灯').waitFor();
  });

  it('fetches the code the six apps share once, from the shell’s origin, ahead of the first frame', async () => {
    browser = await openBrowser();
    const { page, context } = browser;
    // What crossed the network (not what the browser's cache answered), frames included.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const fetched: string[] = [];
    cdp.on('Network.responseReceived', ({ response }) => {
      if (!response.fromDiskCache && !response.fromPrefetchCache) fetched.push(response.url);
    });
    await signIn(page, server.baseUrl, DEMO.admin);
    const preload = await page.evaluate(
      async () => ((await (await fetch('/subapps/preload.json')).json()) as { files: string[] }).files,
    );
    expect(preload.length).toBeGreaterThan(0);
    // Fetched ahead while the signed-in page is idle.
    await page.waitForFunction(
      (files) => files.every((file) => document.head.querySelector(`link[rel="prefetch"][href="${file}"]`)),
      preload,
    );
    await openFromMenu(page, '物联网平台', '智慧路灯', '单灯计划');
    await ready(page, 'iotcloud');
    await openFromMenu(page, '运维管理', '告警管理', '告警列表');
    await ready(page, 'omapp');
    const chunks = fetched.filter((url) => url.includes('/subapps/assets/'));
    expect(chunks.length).toBeGreaterThan(0);
    for (const url of chunks) expect(new URL(url).origin).toBe(server.baseUrl);
    // Each shared file crossed the network at most once for the shell and both frames.
    for (const file of preload)
      expect(chunks.filter((url) => new URL(url).pathname === file).length, file).toBeLessThanOrEqual(1);
  });

  it('opens it by domain name, in the frame on 10202', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, localhostUrl(), DEMO.admin);
    await openFromMenu(page, '物联网平台', '智慧路灯', '单灯计划');
    await ready(page, 'iotcloud');
    await heading(page, 'iotcloud', '单灯计划').waitFor();
    const src = await frameBox(page, 'iotcloud').locator('iframe').getAttribute('src');
    expect(new URL(src ?? '').origin).toBe(`http://localhost:${SUB_APP_PORTS.iotcloud.domain}`);
  });

  it('lands a deep link and a reload on the right page', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.baseUrl, DEMO.admin);
    await page.goto(`${server.baseUrl}/iotcloud/iot/lamp/lightingStuation`);
    await heading(page, 'iotcloud', '亮灯情况').waitFor();
    await page.reload();
    await heading(page, 'iotcloud', '亮灯情况').waitFor();
    expect(new URL(page.url()).pathname).toBe('/iotcloud/iot/lamp/lightingStuation');
    await page.getByRole('tab', { name: /亮灯情况/ }).waitFor();
  });

  it('goes back and forward through frame pages, one history entry per page', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.baseUrl, DEMO.admin);
    await openFromMenu(page, '物联网平台', '智慧路灯', '单灯计划');
    await heading(page, 'iotcloud', '单灯计划').waitFor();
    const before = await historyLength(page);
    await page.getByRole('menuitem', { name: '亮灯情况', exact: true }).click();
    await heading(page, 'iotcloud', '亮灯情况').waitFor();
    // The system opens its first page, 告警列表; clicking that page again adds no second entry.
    await openFromMenu(page, '运维管理', '告警管理', '告警列表');
    await ready(page, 'omapp');
    // Two pages, two entries: the frames only ever replace their own URLs.
    expect(await historyLength(page)).toBe(before + 2);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/iotcloud/iot/lamp/lightingStuation');
    await heading(page, 'iotcloud', '亮灯情况').waitFor();
    await page.goBack();
    await heading(page, 'iotcloud', '单灯计划').waitFor();
    await page.goForward();
    await heading(page, 'iotcloud', '亮灯情况').waitFor();
    expect(await frameBox(page, 'iotcloud').isVisible()).toBe(true);
  });

  it('keeps what was typed in an omapp page while an iotcloud tab is in view', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.baseUrl, DEMO.admin);
    await openFromMenu(page, '运维管理', '值班管理', '日值班情况');
    await ready(page, 'omapp');
    const omappNote = frameOf(page, 'omapp').locator(
      'main[data-page="/omapp/assets/ondutyManagement/dayDutySituation"] textarea',
    );
    await omappNote.fill('巡检：3 号杆灯罩松动');
    const omappWindow = await frameBox(page, 'omapp').locator('iframe').elementHandle();

    await openFromMenu(page, '物联网平台', '智慧路灯', '单灯计划');
    await heading(page, 'iotcloud', '单灯计划').waitFor();
    expect(await frameBox(page, 'omapp').isHidden()).toBe(true);

    await page.getByRole('tab', { name: /日值班情况/ }).click();
    await page.waitForURL((url) => url.pathname === '/omapp/assets/ondutyManagement/dayDutySituation');
    expect(await omappNote.inputValue()).toBe('巡检：3 号杆灯罩松动');
    // The very same iframe element: hidden while away, never recreated.
    const again = await frameBox(page, 'omapp').locator('iframe').elementHandle();
    expect(await page.evaluate(([a, b]) => a === b, [omappWindow, again])).toBe(true);
  });

  it('keeps each omapp tab alive inside its frame, and drops the frame with its last tab', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.baseUrl, DEMO.admin);
    await openFromMenu(page, '运维管理', '值班管理', '日值班情况');
    const frame = frameOf(page, 'omapp');
    const first = frame.locator('main[data-page="/omapp/assets/ondutyManagement/dayDutySituation"] textarea');
    await first.fill('first tab');
    await page.getByRole('menuitem', { name: '月值班情况', exact: true }).click();
    await frame.getByRole('heading', { name: '月值班情况', exact: true }).waitFor();
    await page.getByRole('tab', { name: /日值班情况/ }).click();
    expect(await first.inputValue()).toBe('first tab');

    // Closing one omapp tab keeps the frame (other omapp tabs are open); closing the last removes it.
    await page.locator('.ant-tabs-tab').filter({ hasText: '月值班情况' }).getByRole('button').click();
    await expect.poll(() => page.getByRole('tab', { name: /月值班情况/ }).count()).toBe(0);
    expect(await first.inputValue()).toBe('first tab');
    await page.getByRole('tab', { name: '首页' }).click();
    await page.getByRole('button', { name: '关闭其他' }).click();
    await expect.poll(() => frameBox(page, 'omapp').count()).toBe(0);
  });

  it('brings a theme change into the frame', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.baseUrl, DEMO.admin);
    await page.goto(`${server.baseUrl}/iotcloud/iot/lamp/plan`);
    await heading(page, 'iotcloud', '单灯计划').waitFor();
    const frameTheme = () =>
      frameOf(page, 'iotcloud')
        .locator('html')
        .evaluate((html) => ({
          mode: html.dataset.theme,
          page: getComputedStyle(html).getPropertyValue('--cityops-page-bg'),
        }));
    expect((await frameTheme()).mode).toBe('light');
    await page.getByRole('switch', { name: /暗黑|深色/ }).click();
    await expect.poll(async () => (await frameTheme()).mode).toBe('dark');
    expect((await frameTheme()).page.trim()).toBe('#000000');
  });

  it('clears the frames on logout', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.baseUrl, DEMO.admin);
    await openFromMenu(page, '运维管理', '值班管理', '日值班情况');
    await ready(page, 'omapp');
    await frameOf(page, 'omapp').locator('textarea').first().fill('secret shift note');
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.locator('iframe').count()).toBe(0);

    await signIn(page, server.baseUrl, DEMO.admin);
    await page.goto(`${server.baseUrl}/omapp/assets/ondutyManagement/dayDutySituation`);
    await frameOf(page, 'omapp').getByRole('heading', { name: '日值班情况', exact: true }).waitFor();
    expect(await frameOf(page, 'omapp').locator('textarea').first().inputValue()).toBe('');
    expect(await page.getByRole('tab').count()).toBe(2);
  });

  it('shows an error and a retry when a sub-app server is down, and recovers', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.baseUrl, DEMO.admin);
    await llapp.stop();
    try {
      await page.goto(`${server.baseUrl}/llapp/landscapeLighting/devManage`);
      const alert = frameBox(page, 'llapp').getByRole('alert');
      await alert.getByText('景观照明没有响应').waitFor({ timeout: 30_000 });
      // The shell keeps working meanwhile.
      await page.getByText('物联网平台', { exact: true }).first().click();
      await page.waitForURL((url) => url.pathname.startsWith('/iotcloud/'));
      await page.goBack();
      await alert.getByText('景观照明没有响应').waitFor();
    } finally {
      await llapp.start();
    }
    await frameBox(page, 'llapp').getByRole('button', { name: '重试' }).click();
    await ready(page, 'llapp');
    await pageIn(page, '/llapp/landscapeLighting/devManage').getByText('尚未接入', { exact: true }).waitFor();
  });

  it('keeps the operator out of a sub-app page they hold no code for, in the shell and in the frame', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.baseUrl, DEMO.operator);
    await page.goto(`${server.baseUrl}/iotcloud/iot/lamp/plan`);
    await page.waitForURL((url) => url.pathname === '/404');
    expect(await page.locator('iframe').count()).toBe(0);
    // The sub-app checks for itself too: opened on its own port, the page is refused.
    await page.goto(`http://127.0.0.1:${SUB_APP_PORTS.iotcloud.ip}/iotcloud/iot/lamp/plan`);
    await page.getByText('没有访问此页面的权限').waitFor();
    // A page the operator holds opens: the live view, with the operator's cameras.
    await page.goto(`${server.baseUrl}/iotcloud/iot/videoMonitor/playReal`);
    await ready(page, 'iotcloud');
    await pageIn(page, '/iotcloud/iot/videoMonitor/playReal')
      .getByRole('heading', { name: '实时预览', exact: true })
      .waitFor();
  });

  it('opens a public sub-app page without a session', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${server.baseUrl}/iotcloud/iot/dynamicTable`);
    await ready(page, 'iotcloud');
    await heading(page, 'iotcloud', '动态数据表').waitFor();
    expect(new URL(page.url()).pathname).toBe('/iotcloud/iot/dynamicTable');
    await page.goto(`${server.baseUrl}/zcapp/dashboard/login`);
    await heading(page, 'zcapp', '零碳大屏登录').waitFor();
    expect(new URL(page.url()).pathname).toBe('/zcapp/dashboard/login');
  });

  it('shows the one 确定登出 box when a call inside a frame finds the session ended', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.baseUrl, DEMO.admin);
    await page.goto(`${server.baseUrl}/iotcloud/iot/lamp/plan`);
    await heading(page, 'iotcloud', '单灯计划').waitFor();
    // The server ends the session (as an administrator forcing a logout would); the cookie stays.
    await page.evaluate(async () => {
      const token = document.cookie.match(/user-Token=([^;]+)/)?.[1] ?? '';
      await fetch('/api/login/doLogout', {
        method: 'POST',
        headers: { 'Access-Token': decodeURIComponent(token) },
      });
    });
    // Only the omapp frame calls the server now: its first call (its permissions) answers
    // session-ended. The shell moves by history alone, as back or forward would.
    const frameCall = page.waitForRequest((request) =>
      request.url().startsWith(`http://127.0.0.1:${SUB_APP_PORTS.omapp.ip}/api/user/queryUserPermissions`),
    );
    await page.evaluate(() => {
      history.pushState(null, '', '/omapp/assets/alarmManagement/alarmList');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await frameCall;
    const box = page.getByRole('dialog').filter({ hasText: '确定登出' });
    await box.waitFor();
    expect(await box.count()).toBe(1);
    await box.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  });
});
