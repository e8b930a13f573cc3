import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS, keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { DEMO, signIn, signInInEnglish } from '../src/signIn.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

afterEach(async (context) => {
  if (!browser) return;
  await keepEvidence(browser, context.task);
  await browser.close();
});

const path = () => new URL(browser.page.url()).pathname;
const SYSTEMS = ['平台管理', '物联网平台', '运维管理', '运营管理', '零碳大屏', '储能充电', '景观照明'];
const SYSTEMS_EN = [
  'Platform administration',
  'IoT platform',
  'Operations and maintenance',
  'Business operations',
  'Zero-carbon dashboard',
  'Energy storage and charging',
  'Landscape lighting',
];

describe('menus from permissions', () => {
  it('shows admin every system in the top navigation', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, baseUrl, DEMO.admin);
    for (const system of SYSTEMS) await page.getByText(system, { exact: true }).first().waitFor();
  });

  it('shows the operator only permitted entries and refuses a hidden page by URL', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, baseUrl, DEMO.operator);
    await page.getByText('物联网平台', { exact: true }).first().waitFor();
    // 平台管理 they hold, for the message centre alone; 运营管理 not at all.
    expect(await page.getByText('运营管理', { exact: true }).count()).toBe(0);
    // The bell (msg_page) opens the message centre, which the role holds, never to 页面不存在.
    await page.getByRole('button', { name: /^消息中心/ }).click();
    await page.waitForURL((url) => url.pathname === '/admin/message');
    await page.getByRole('columnheader', { name: '状态', exact: true }).waitFor();
    expect(await page.getByText('页面不存在').count()).toBe(0);
    await page.goto(`${baseUrl}/admin/userManage`);
    await page.waitForURL((url) => url.pathname === '/404');
    expect(await page.getByText('用户管理', { exact: true }).count()).toBe(0);
  });

  it('finds a page with menu search (Ctrl+K) and opens it', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, baseUrl, DEMO.admin);
    await page.keyboard.press('Control+k');
    await page.getByPlaceholder('搜索菜单').fill('角色');
    await page
      .getByRole('option', { name: /角色管理/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/roleManage');
  });

  it('opens the full-menu overlay by hovering, with every system and its pages', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, baseUrl, DEMO.admin);
    await page.getByRole('button', { name: '全部菜单' }).hover();
    const overlay = page.locator('.ant-dropdown:visible');
    await overlay.getByText('实时预览', { exact: true }).first().waitFor();
    await overlay.getByText('告警列表', { exact: true }).first().waitFor();
    await overlay.getByText('用户管理', { exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/admin/userManage');
  });

  it('keeps the side menu collapsed after a reload', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, baseUrl, DEMO.admin);
    await page.goto(`${baseUrl}/admin/userManage`);
    await page.getByRole('button', { name: '折叠菜单' }).click();
    await page.getByRole('button', { name: '展开菜单' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: '展开菜单' }).waitFor();
  });
});

describe('tab bar', () => {
  it('keeps typed text when switching tabs away and back, and closes the others', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, baseUrl, DEMO.admin);
    await page.goto(`${baseUrl}/admin/userManage`);
    // A filter typed but not yet searched: state only the kept page holds.
    const userName = page.locator('input#name:visible');
    await userName.fill('巡检员');
    await page.getByRole('menuitem', { name: '角色管理' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/roleManage');
    await page.getByRole('tab', { name: /用户管理/ }).click();
    await page.waitForURL((url) => url.pathname === '/admin/userManage');
    await expect.poll(() => userName.inputValue()).toBe('巡检员');

    await page.getByRole('button', { name: '关闭其他' }).click();
    await expect.poll(() => page.getByRole('tab', { name: /角色管理/ }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: /用户管理/ }).count()).toBe(1);
  });
});

describe('refresh', () => {
  it('reloads the page in view only; a tab in the background keeps its text', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, baseUrl, DEMO.admin);
    await page.goto(`${baseUrl}/admin/userManage`);
    const userName = page.locator('input#name:visible');
    await userName.fill('用户页筛选');
    await page.getByRole('menuitem', { name: '角色管理' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/roleManage');
    const roleName = page.locator('input#name:visible');
    await expect.poll(() => roleName.inputValue()).toBe('');
    await roleName.fill('角色页筛选');
    await page.getByRole('banner').getByRole('button', { name: '刷新' }).click();
    await expect.poll(() => roleName.inputValue()).toBe('');
    await page.getByRole('tab', { name: /用户管理/ }).click();
    await expect.poll(() => userName.inputValue()).toBe('用户页筛选');
  });
});

describe('header', () => {
  it('is hidden on /center and the other listed paths', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, baseUrl, DEMO.admin);
    await page.goto(`${baseUrl}/admin/messageTemplate`);
    await page.getByRole('banner').waitFor();
    for (const hidden of ['/center', '/404', '/zcapp/dashboard/index', '/llapp/landscapeLighting/overview']) {
      await page.goto(`${baseUrl}${hidden}`);
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('banner').count(), hidden).toBe(0);
    }
  });

  it('keeps dark mode within the session, and reset returns to light', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, baseUrl, DEMO.admin);
    await page.goto(`${baseUrl}/admin/messageTemplate`);
    const layoutPainted = () => page.getByRole('menuitem', { name: '消息模板' }).waitFor();
    await layoutPainted();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.getByRole('switch', { name: /暗黑|深色/ }).click();
    await expect.poll(background).not.toBe(light);
    const dark = await background();
    await page.reload();
    await layoutPainted();
    await expect.poll(background).toBe(dark);

    await mkdir(ARTIFACTS, { recursive: true });
    for (const [width, height] of [
      [1366, 768],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: join(ARTIFACTS, `layout-dark-${width}x${height}.png`) });
    }

    await page.getByRole('button', { name: '主题设置' }).click();
    await page.getByRole('button', { name: /重置/ }).click();
    await page.getByText('重置主题成功').first().waitFor();
    await expect.poll(background).toBe(light);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: '主题设置' }).waitFor({ state: 'hidden' });
    for (const [width, height] of [
      [1366, 768],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: join(ARTIFACTS, `layout-light-${width}x${height}.png`) });
    }
  });
});

describe('in English', () => {
  it('shows admin the full menu in en-US', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signInInEnglish(page, baseUrl);
    expect(path()).toBe('/');
    await expectEverySystemReachable(page, 'Systems', 'More', SYSTEMS_EN);
    for (const system of SYSTEMS) expect(await page.getByText(system, { exact: true }).count()).toBe(0);
  });

  it('keeps every system one click away at 1440 px, in English and in Chinese, with the rest under More', async () => {
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    await signIn(page, baseUrl, DEMO.admin);
    await expectEverySystemReachable(page, '系统导航', '更多', SYSTEMS);
    // English, chosen on the login page (at 1440 px the header keeps its language menu under more actions).
    await page.context().clearCookies();
    await signInInEnglish(page, baseUrl);
    expect(path()).toBe('/');
    await expectEverySystemReachable(page, 'Systems', 'More', SYSTEMS_EN);
    // An entry under More opens its system like one on the bar.
    await page.getByRole('navigation', { name: 'Systems' }).getByText('More', { exact: true }).hover();
    await page.locator('.ant-menu-submenu-popup').getByText('Landscape lighting', { exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/llapp/'));
  });
});

/**
 * Each system is on the bar, drawn inside it, or under `more` at its end: none is pushed off the
 * bar's edge where only a scroll would show it.
 */
async function expectEverySystemReachable(
  page: Page,
  navName: string,
  more: string,
  systems: readonly string[],
) {
  const nav = page.getByRole('navigation', { name: navName });
  await nav
    .getByText(systems[0] ?? '', { exact: true })
    .filter({ visible: true })
    .waitFor();
  const bar = await nav.boundingBox();
  if (!bar) throw new Error('the top navigation is not drawn');
  const under: string[] = [];
  for (const system of systems) {
    const entry = nav.getByText(system, { exact: true }).filter({ visible: true });
    const box = (await entry.count()) > 0 ? await entry.first().boundingBox() : null;
    if (!box) {
      under.push(system);
      continue;
    }
    expect(box.x, system).toBeGreaterThanOrEqual(bar.x);
    expect(box.x + box.width, system).toBeLessThanOrEqual(bar.x + bar.width);
  }
  if (under.length === 0) return;
  await nav.getByText(more, { exact: true }).hover();
  for (const system of under)
    await page.locator('.ant-menu-submenu-popup').getByText(system, { exact: true }).waitFor();
  await page.mouse.move(0, 0);
}
