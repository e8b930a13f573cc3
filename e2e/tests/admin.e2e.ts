import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clickUntilShown, keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { startServer, type RunningServer } from '../src/server.js';
import { DEMO, fillLogin, signIn } from '../src/signIn.js';

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

const SYSTEMS = ['平台管理', '物联网平台', '运维管理', '运营管理', '零碳大屏', '储能充电', '景观照明'];
const save = /保\s*存/;
const confirm = /确\s*定/;

describe('角色与用户', () => {
  it('a role that allows only 视频监控 gives its user only that menu; disabling the user shows 确定登出 at their next click', async () => {
    admin = await openBrowser();
    const { page } = admin;
    await signIn(page, server.baseUrl, DEMO.admin);

    // A role that holds one page of one system.
    await page.goto(`${server.baseUrl}/admin/roleManage`);
    await page.getByRole('button', { name: /新增角色/ }).click();
    await page.getByRole('dialog').locator('#name').fill('视频巡查员');
    await page.getByRole('dialog').getByRole('button', { name: save }).click();
    await page.getByText('新增成功').first().waitFor();
    await page
      .getByRole('row', { name: /视频巡查员/ })
      .getByRole('button', { name: /分配权限/ })
      .click();
    const tree = page.getByRole('dialog', { name: '分配权限：视频巡查员' });
    await tree.getByRole('button', { name: /展开全部/ }).click();
    await tree
      .locator('.ant-tree-treenode', { hasText: '视频监控（iotcloud_iot_videoMonitor）' })
      .locator('.ant-tree-checkbox')
      .click();
    await tree.getByRole('button', { name: save }).click();
    // The dialog closes only after the save succeeded and the lists were read again. Its toast
    // (权限分配成功, asserted by RolePage.test.tsx) lasts 3 s and any later message takes its place.
    await tree.waitFor({ state: 'hidden', timeout: 60_000 });

    // A user who holds it.
    await page.goto(`${server.baseUrl}/admin/userManage`);
    await page.getByRole('button', { name: /新增用户/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#userName').fill('video_li');
    await dialog.locator('#password').fill('Start@123');
    await dialog.locator('#name').fill('李巡查');
    await dialog.locator('#roleIds').click();
    await page.getByTitle('视频巡查员').click();
    await dialog.getByRole('button', { name: save }).click();
    await page.getByText('新增成功').first().waitFor();
    await page.getByRole('cell', { name: 'video_li' }).waitFor();

    // The user, in a browser of their own: the password an administrator set must go first.
    user = await openBrowser();
    const own = user.page;
    await signIn(own, server.baseUrl, { userName: 'video_li', password: 'Start@123' });
    const change = own.getByRole('dialog', { name: '修改密码' });
    await change.getByLabel('原密码').fill('Start@123');
    await change.getByLabel('新密码', { exact: true }).fill('Patrol@456');
    await change.getByLabel('确认新密码').fill('Patrol@456');
    await change.getByRole('button', { name: confirm }).click();
    await own
      .getByRole('dialog', { name: '此操作将修改用户密码, 是否继续?' })
      .getByRole('button', { name: confirm })
      .click();
    await own.getByText('修改密码操作成功，请重新登录。').first().waitFor();
    await own.waitForURL((url) => url.pathname === '/login');
    await fillLogin(own, { userName: 'video_li', password: 'Patrol@456' });
    await own.getByRole('button', { name: '登录', exact: true }).click();
    await own.waitForURL((url) => url.pathname !== '/login');

    // Only the one system in the top navigation, and only the one page in the full menu.
    await own.getByText('物联网平台', { exact: true }).first().waitFor();
    for (const system of SYSTEMS.filter((name) => name !== '物联网平台'))
      expect(await own.getByText(system, { exact: true }).count(), system).toBe(0);
    await own.getByRole('button', { name: '全部菜单' }).hover();
    const overlay = own.locator('.ant-dropdown:visible');
    await overlay.getByText('视频监控', { exact: true }).first().waitFor();
    for (const other of ['实时预览', '告警列表', '用户管理', '宇视视频'])
      expect(await overlay.getByText(other, { exact: true }).count(), other).toBe(0);
    await own.mouse.move(0, 400);

    // The administrator disables them; their next click ends in the 确定登出 box.
    const row = page.getByRole('row', { name: /video_li/ });
    await row.getByRole('button', { name: /停\s*用/ }).click();
    const ask = page.getByRole('dialog').filter({ hasText: '确定停用用户“video_li”吗？' });
    await ask.getByRole('button', { name: confirm }).click();
    await page.getByText('用户状态已更新').first().waitFor();
    await own.getByRole('button', { name: /值班员|李巡查|用户菜单/ }).hover();
    await own.getByRole('menuitem', { name: '设置默认项目' }).click();
    const loggedOut = own.getByRole('dialog', { name: '确定登出' });
    await loggedOut.getByRole('button', { name: '重新登录' }).waitFor();
    expect(await own.getByRole('dialog', { name: '确定登出' }).count()).toBe(1);
  });
});

describe('用户管理', () => {
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

  it('keeps column settings on the server: hidden and moved columns stay so after a reload and in another browser', async () => {
    admin = await openBrowser();
    const { page } = admin;
    await signIn(page, server.baseUrl, DEMO.admin);
    await page.goto(`${server.baseUrl}/admin/userManage`);
    await page.getByRole('columnheader', { name: '职务' }).waitFor();
    await page.getByRole('button', { name: '列设置' }).click();
    await page.getByLabel('显示职务').uncheck();
    await page.getByRole('button', { name: '电话/座机 上移' }).click();
    await page.locator('.ant-popover').getByRole('button', { name: save }).click();
    await page.getByText('列设置已保存').first().waitFor();
    await expect.poll(() => page.getByRole('columnheader', { name: '职务' }).count()).toBe(0);
    const order = async (shown: Browser['page']) =>
      (await shown.getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
    const before = await order(page);
    expect(before.indexOf('电话/座机')).toBeLessThan(before.indexOf('所属组织'));

    await page.reload();
    await page.getByRole('columnheader', { name: '姓名' }).waitFor();
    expect(await order(page)).toEqual(before);

    user = await openBrowser();
    await signIn(user.page, server.baseUrl, DEMO.admin);
    await user.page.goto(`${server.baseUrl}/admin/userManage`);
    await user.page.getByRole('columnheader', { name: '姓名' }).waitFor();
    expect(await order(user.page)).toEqual(before);
  });

  it('logs an edit in the operation log with each changed field before and after', async () => {
    admin = await openBrowser();
    const { page } = admin;
    await signIn(page, server.baseUrl, DEMO.admin);
    await page.goto(`${server.baseUrl}/admin/userManage?userName=operator`);
    await page
      .getByRole('row', { name: /operator/ })
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#jobTitle').fill('夜班值守');
    // Saving the same values again is harmless, so a click lost while the dialog animates in is retried.
    await clickUntilShown(dialog.getByRole('button', { name: save }), page.getByText('保存成功'));

    await page.goto(`${server.baseUrl}/admin/logManage`);
    await page.getByRole('tab', { name: '操作日志' }).click();
    await page
      .getByRole('row', { name: /用户管理.*operator/ })
      .first()
      .getByRole('button', { name: /详\s*情/ })
      .click();
    const drawer = page.locator('.ant-drawer:visible');
    const change = drawer.getByRole('row', { name: /职务/ });
    await change.waitFor();
    const cells = (await change.getByRole('cell').allInnerTexts()).map((text) => text.trim());
    expect(cells).toEqual(['职务', '（空）', '夜班值守']);
  });
});
