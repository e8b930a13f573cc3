import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { startServer, type RunningServer } from '../src/server.js';
import { DEMO, signIn } from '../src/signIn.js';

/*
 * Which admin pages stay alive in their tabs is a page setting (platform-shell.md §2 "Admin pages may
 * be cached depending on a page-level setting"), served in /config.js from page-settings.json; 区域管理
 * is "never cached", even when the setting lists it. A server of its own, with a file that keeps 角色管理
 * and lists 区域管理, and leaves 用户管理 out.
 */
let server: RunningServer;
let browser: Browser | undefined;

beforeAll(async () => {
  server = await startServer();
  await writeFile(
    join(server.dataDir, 'page-settings.json'),
    JSON.stringify({ cachedAdminPages: ['roleManage', 'areaManage'] }),
  );
});
afterAll(async () => {
  await server.stop();
});
afterEach(async (context) => {
  if (!browser) return;
  await keepEvidence(browser, context.task);
  await browser.close();
  browser = undefined;
});

/** Waits until the page of this tab is the one in view (its tab is selected once the body shows it). */
const inView = (page: Page, title: string) =>
  page.getByRole('tab', { name: new RegExp(title), selected: true }).waitFor();

/** Shows another page through the side menu, then comes back through the tab bar. */
async function awayAndBack(page: Page, away: string, back: string) {
  await page.getByRole('menuitem', { name: away }).click();
  await inView(page, away);
  await page.getByRole('tab', { name: new RegExp(back) }).click();
  await inView(page, back);
}

describe('admin pages kept in their tabs by the page setting', () => {
  it('keeps a filter typed on a listed page across a tab switch, and a page left out starts afresh', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.baseUrl, DEMO.admin);
    // Filters typed but not yet searched: state only a kept page holds (a searched one is in the address).
    // Each page's first filter is its name (角色名称, 姓名); the kept page's is hidden, not gone.
    const roleFilter = page.getByPlaceholder('请输入角色名称').filter({ visible: true });
    const userFilter = page
      .locator('form', { has: page.locator('input#userName') })
      .filter({ visible: true })
      .locator('input#name');

    await page.goto(`${server.baseUrl}/admin/roleManage`);
    await roleFilter.fill('角色页筛选');
    await awayAndBack(page, '用户管理', '角色管理');
    await expect.poll(() => roleFilter.inputValue()).toBe('角色页筛选');

    await page.getByRole('tab', { name: /用户管理/ }).click();
    await inView(page, '用户管理');
    await userFilter.fill('用户页筛选');
    await awayAndBack(page, '角色管理', '用户管理');
    await expect.poll(() => userFilter.inputValue()).toBe('');

    // The kept page is still as left after all that.
    await page.getByRole('tab', { name: /角色管理/ }).click();
    await inView(page, '角色管理');
    await expect.poll(() => roleFilter.inputValue()).toBe('角色页筛选');
  });

  it('starts 区域管理 afresh when its tab comes back, although the setting lists it', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.baseUrl, DEMO.admin);
    await page.goto(`${server.baseUrl}/admin/areaManage`);
    await inView(page, '区域管理');
    const tree = page.getByRole('tree', { name: '区域列表' });
    const edit = page.getByRole('button', { name: /编\s*辑/ });
    await tree.getByText('科技园北区').click();
    await expect.poll(() => edit.isEnabled()).toBe(true);

    await awayAndBack(page, '角色管理', '区域管理');
    await tree.getByText('科技园北区').waitFor();
    await expect.poll(() => edit.isEnabled()).toBe(false);
  });
});
