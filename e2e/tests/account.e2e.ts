import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clickUntilShown, keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { startServer, type RunningServer } from '../src/server.js';
import { DEMO, fillLogin, signIn } from '../src/signIn.js';

// These flows change accounts, so they run on a server of their own.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});
afterEach(async (context) => {
  await keepEvidence(browser, context.task);
  await browser.close();
});

const path = () => new URL(browser.page.url()).pathname;

async function openUserMenu(page: Browser['page'], item: string) {
  await page.getByRole('button', { name: /值班员小王|系统管理员|用户菜单/ }).hover();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('change password', () => {
  it('checks every rule, asks to confirm, and ends on the login page', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.baseUrl, DEMO.operator);
    await openUserMenu(page, '修改密码');
    const dialog = page.getByRole('dialog');
    await clickUntilShown(dialog.getByRole('button', { name: '确定' }), dialog.getByText('请输入原密码'));

    await dialog.getByLabel('原密码').fill(DEMO.operator.password);
    await dialog.getByLabel('新密码', { exact: true }).fill('abcdefg');
    await dialog.getByLabel('确认新密码').fill('abcdefh');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog
      .getByText('密码的组成至少要包括大小写字母、数字及特殊符号的其中两项,6-16位')
      .first()
      .waitFor();

    await dialog.getByLabel('新密码', { exact: true }).fill('Changed@123');
    await dialog.getByLabel('确认新密码').fill('Changed@124');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('确认新密码和新密码不一致。').waitFor();

    await dialog.getByLabel('确认新密码').fill('Changed@123');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page
      .getByRole('dialog', { name: '此操作将修改用户密码, 是否继续?' })
      .getByRole('button', { name: '确定' })
      .click();
    await page.getByText('修改密码操作成功，请重新登录。').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/login');

    await fillLogin(page, { userName: 'operator', password: 'Changed@123' });
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(path()).not.toBe('/login');
  });
});

describe('default project', () => {
  it('requires a project, asks to confirm and saves it', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.baseUrl, DEMO.admin);
    await openUserMenu(page, '设置默认项目');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('默认项目').click();
    await page.getByTitle('杭州西湖景区亮化工程').click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await page
      .getByRole('dialog', { name: '此操作将设置默认加载项目, 是否继续?' })
      .getByRole('button', { name: '确定' })
      .click();
    await page.getByText('设置默认加载项目操作成功').first().waitFor();

    const token = (await browser.context.cookies()).find((c) => c.name === 'user-Token')?.value ?? '';
    const answer = await fetch(`${server.baseUrl}/api/user/set/find`, { headers: { 'Access-Token': token } });
    const body = (await answer.json()) as { data: { projectName: string } | null };
    expect(body.data?.projectName).toBe('杭州西湖景区亮化工程');
  });
});
