import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { startServer, type RunningServer } from '../src/server.js';
import { DEMO, signIn } from '../src/signIn.js';

// These flows create and disable accounts, so they run on a server of their own.
let server: RunningServer;
let admin: Browser;
let user: Browser | null = null;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});
afterEach(async (context) => {
  await keepEvidence(admin, context.task);
  await admin.close();
  await user?.close();
  user = null;
});

describe('用户管理', () => {
  it('creates a user who must change the password first; disabling them shows 确定登出 at their next click', async () => {
    admin = await openBrowser();
    const { page } = admin;
    await signIn(page, server.baseUrl, DEMO.admin);
    await page.goto(`${server.baseUrl}/admin/userManage`);
    await page.getByRole('button', { name: /新增用户/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#userName').fill('duty_li');
    await dialog.locator('#password').fill('Start@123');
    await dialog.locator('#name').fill('李值班');
    await dialog.locator('#roleIds').click();
    await page.getByTitle('值班操作员').click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('新增成功').waitFor();
    await page.getByRole('cell', { name: 'duty_li' }).waitFor();

    // The new user, in a browser of their own: the password an administrator set must go first.
    user = await openBrowser();
    await signIn(user.page, server.baseUrl, { userName: 'duty_li', password: 'Start@123' });
    await user.page.getByRole('dialog').getByText('修改密码').waitFor();

    // The administrator disables them; their next call ends in the 确定登出 box.
    const row = page.getByRole('row', { name: /duty_li/ });
    await row.getByRole('button', { name: /停\s*用/ }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('用户状态已更新').waitFor();
    await user.page.reload();
    await user.page
      .getByText('确定登出')
      .or(user.page.getByRole('button', { name: '登录', exact: true }))
      .first()
      .waitFor();
  });

  it('keeps a filter and the page in the address: a reload shows the same list', async () => {
    admin = await openBrowser();
    const { page } = admin;
    await signIn(page, server.baseUrl, DEMO.admin);
    await page.goto(`${server.baseUrl}/admin/userManage`);
    const search = page.getByRole('search');
    await search.getByLabel('姓名').fill('值班员');
    await search.getByRole('button', { name: /查\s*询/ }).click();
    await page.waitForURL(/name=/);
    await page.getByRole('cell', { name: 'operator', exact: true }).waitFor();
    await page.reload();
    await page.getByRole('cell', { name: 'operator', exact: true }).waitFor();
    expect(await page.getByRole('search').getByLabel('姓名').inputValue()).toBe('值班员');
    expect(await page.getByRole('cell', { name: 'admin', exact: true }).count()).toBe(0);
  });

  it('exports what the filter selects, on every page, as an .xlsx the test reads back', async () => {
    admin = await openBrowser();
    const { page } = admin;
    await signIn(page, server.baseUrl, DEMO.admin);
    await page.goto(`${server.baseUrl}/admin/userManage?name=${encodeURIComponent('值班员')}`);
    await page.getByRole('cell', { name: 'operator', exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /导\s*出/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^用户列表-\d{8}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await readFile(await download.path())).buffer);
    const rows: string[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(String)));
    expect(rows[0]?.slice(0, 2)).toEqual(['账号', '姓名']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['operator']);
  });
});
