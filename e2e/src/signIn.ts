import type { Page } from 'playwright-core';

export const DEMO = {
  admin: { userName: 'admin', password: 'Admin@123' },
  operator: { userName: 'operator', password: 'Operator@123' },
  nobody: { userName: 'nobody', password: 'Nobody@123' },
} as const;

/** Fills the login form the way an operator does: by its visible labels, in zh-CN. */
export async function fillLogin(page: Page, account: { userName: string; password: string }) {
  await page.getByLabel('账号', { exact: true }).fill(account.userName);
  await page.getByLabel('密码', { exact: true }).fill(account.password);
}

export async function signIn(page: Page, baseUrl: string, account: { userName: string; password: string }) {
  await page.goto(`${baseUrl}/login`);
  await fillLogin(page, account);
  const answered = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith('/api/login/doLogin'),
  );
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const answer = await answered;
  // A sign-in that stays on /login says what the server answered (a refusal reads plainly there).
  await page
    .waitForURL((url) => url.pathname !== '/login')
    .catch(async (error: unknown) => {
      const body = await answer.text().catch(() => '');
      throw new Error(`sign-in of ${account.userName} stayed on /login; ${answer.status()} ${body}`, {
        cause: error,
      });
    });
}

/**
 * Signs in in English: English chosen on the login page, then the form by its English labels. Waits
 * until the shell is up (its Sign out).
 */
export async function signInInEnglish(
  page: Page,
  baseUrl: string,
  account: { userName: string; password: string } = DEMO.admin,
) {
  await page.goto(`${baseUrl}/login`);
  await page.getByText('English', { exact: true }).click();
  await page.getByLabel('Account', { exact: true }).fill(account.userName);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}
