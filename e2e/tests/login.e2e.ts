import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { DEMO, fillLogin, signIn } from '../src/signIn.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async (context) => {
  await keepEvidence(browser, context.task);
  await browser.close();
});

const path = () => new URL(browser.page.url()).pathname;

describe('sign-in', () => {
  it('admin signs in and lands on the home page', async () => {
    const { page, context } = browser;
    await signIn(page, baseUrl, DEMO.admin);
    expect(path()).toBe('/');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'user-Token')?.value).toBeTruthy();
    expect(cookies.find((c) => c.name === 'user-Type')?.value).toBeTruthy();
  });

  it('Enter in the password field submits', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await fillLogin(page, DEMO.admin);
    await page.getByLabel('密码', { exact: true }).press('Enter');
    await page.waitForURL(`${baseUrl}/`);
  });

  it('shows the validation messages on blur', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    const account = page.getByLabel('账号', { exact: true });
    await account.focus();
    await account.blur();
    await expect.poll(() => page.getByText('请输入账号').count()).toBeGreaterThan(0);
    await account.fill('a');
    await account.blur();
    await page.getByText('账号长度2-50位,只能为字母、数字或任意组合').waitFor();
    const password = page.getByLabel('密码', { exact: true });
    await password.fill('123');
    await password.blur();
    await page.getByText('密码长度6-16位,必须是字母、数字、特殊字符或任意组合').waitFor();
  });

  it('refuses a user without permissions with the spec text', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await fillLogin(page, DEMO.nobody);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('用户无任何权限，无法登入系统。').first().waitFor();
    expect(path()).toBe('/login');
  });

  it('says the password is wrong and stays on the login page', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await fillLogin(page, { userName: 'operator', password: 'Wrong@999' });
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page
      .getByText(/账号或密码错误/)
      .first()
      .waitFor();
    expect(path()).toBe('/login');
  });

  it('remembers the account and password after a reload when ticked', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await fillLogin(page, DEMO.admin);
    await page.getByRole('checkbox', { name: '记住账号和密码' }).check();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(`${baseUrl}/`);
    // Saved in the background once the page has moved on (it encrypts).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('userRem'))).toBeTruthy();
    const stored = await page.evaluate(() => localStorage.getItem('userRem'));
    expect(stored).not.toContain('Admin@123');

    await page.context().clearCookies();
    await page.goto(`${baseUrl}/login`);
    await page.reload();
    await expect.poll(() => page.getByLabel('账号', { exact: true }).inputValue()).toBe('admin');
    expect(await page.getByLabel('密码', { exact: true }).inputValue()).toBe('Admin@123');
    expect(await page.getByRole('checkbox', { name: '记住账号和密码' }).isChecked()).toBe(true);

    await page.getByRole('checkbox', { name: '记住账号和密码' }).uncheck();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('userRem'))).toBeNull();
  });
});

describe('route guard', () => {
  it('sends a visitor without a session from /admin to /login', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('sends a signed-in user from /login to /', async () => {
    const { page } = browser;
    await signIn(page, baseUrl, DEMO.admin);
    await page.goto(`${baseUrl}/login`);
    await page.waitForURL(`${baseUrl}/`);
  });

  it('lets a visitor open a public page', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/license`);
    await page.waitForLoadState('networkidle');
    expect(path()).toBe('/license');
  });

  it('logs out back to /login and the old token is dead', async () => {
    const { page, context } = browser;
    await signIn(page, baseUrl, DEMO.operator);
    const token = (await context.cookies()).find((c) => c.name === 'user-Token')?.value ?? '';
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect((await context.cookies()).find((c) => c.name === 'user-Token')?.value ?? '').toBe('');
    const answer = await fetch(`${baseUrl}/api/user/queryUserPermissions`, {
      method: 'POST',
      headers: { 'Access-Token': token, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(((await answer.json()) as { status_code: number }).status_code).toBe(10401);
  });
});

describe('language', () => {
  it('switches the login page to English and keeps the choice', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await page.getByText('English', { exact: true }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  });
});

/** A one-time ticket of the signed-in admin, asked for the way a vendor tool asks (POST /login/ticket). */
async function adminTicket(): Promise<{ ticket: string; token: string }> {
  const { page, context } = browser;
  await signIn(page, baseUrl, DEMO.admin);
  const token = (await context.cookies()).find((c) => c.name === 'user-Token')?.value ?? '';
  const answer = await fetch(`${baseUrl}/api/login/ticket`, {
    method: 'POST',
    headers: { 'Access-Token': token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ purpose: 'e2e control room' }),
  });
  const issued = (await answer.json()) as { status_code: number; data: { ticket: string } };
  expect(issued.status_code).toBe(1);
  return { ticket: issued.data.ticket, token };
}

describe('sign-in by one-time link', () => {
  it('opens a fresh browser signed in at the redirect, once', async () => {
    const { ticket, token } = await adminTicket();
    const link = `${baseUrl}/userlogin?ticket=${encodeURIComponent(ticket)}&redirect=/admin/userManage`;

    const screen = await openBrowser();
    try {
      const asked = screen.page.waitForRequest(
        (request) => new URL(request.url()).pathname === '/api/nopass/token',
      );
      await screen.page.goto(link);
      const request = await asked;
      expect(request.method()).toBe('GET');
      expect(new URL(request.url()).searchParams.get('redirect')).toBe('/admin/userManage');
      await screen.page.waitForURL((url) => url.pathname === '/admin/userManage');
      expect(screen.page.url()).not.toContain(ticket);
      await screen.page.getByRole('button', { name: '退出登录' }).waitFor();
      const cookies = await screen.context.cookies();
      expect(cookies.find((c) => c.name === 'user-Token')?.value).toBeTruthy();
      expect(cookies.find((c) => c.name === 'user-Token')?.value).not.toBe(token);
    } finally {
      await screen.close();
    }

    const again = await openBrowser();
    try {
      await again.page.goto(link);
      await again.page.getByText('登录凭证无效或已过期，请重新获取').waitFor();
      expect(new URL(again.page.url()).pathname).toBe('/userlogin');
      expect(again.page.url()).not.toContain(ticket);
      await again.page.getByRole('button', { name: '去登录' }).click();
      await again.page.waitForURL((url) => url.pathname === '/login');
    } finally {
      await again.close();
    }
  });

  it('refuses a link whose redirect leaves CityOps, and leaves its ticket unspent', async () => {
    const { ticket } = await adminTicket();
    const screen = await openBrowser();
    try {
      await screen.page.goto(
        `${baseUrl}/userlogin?ticket=${encodeURIComponent(ticket)}&redirect=//evil.example`,
      );
      await screen.page.getByText('跳转地址不安全：只能跳转到本系统内以“/”开头的页面').waitFor();
      await screen.page.getByText('免密登录失败').waitFor();
      expect(new URL(screen.page.url()).pathname).toBe('/userlogin');
      expect((await screen.context.cookies()).find((c) => c.name === 'user-Token')).toBeUndefined();

      await screen.page.goto(
        `${baseUrl}/userlogin?ticket=${encodeURIComponent(ticket)}&redirect=/admin/userManage`,
      );
      await screen.page.waitForURL((url) => url.pathname === '/admin/userManage');
    } finally {
      await screen.close();
    }
  });
});
