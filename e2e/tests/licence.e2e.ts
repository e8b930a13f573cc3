import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import type { LicenceDocument } from '@cityops/contract';
import { generateVendorKeys, publicKeyBase64, signLicence } from '../../server/src/modules/licence/sign.js';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { startServer, type RunningServer } from '../src/server.js';
import { DEMO, signIn } from '../src/signIn.js';

// A vendor key pair of the test's own: the server trusts only its public half.
const vendor = generateVendorKeys();
let server: RunningServer;
let browser: Browser;

const ALL_SYSTEMS = ['admin', 'iotcloud', 'omapp', 'opapp', 'zcapp', 'esapp', 'llapp'];

const licence = (expiresInMs: number, modules = ALL_SYSTEMS): LicenceDocument => ({
  licenceId: `e2e-${Date.now()}`,
  customer: '测试客户',
  issuedAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
  modules,
  deviceLimit: 1000,
});

async function register(document: LicenceDocument) {
  const answer = await fetch(`${server.baseUrl}/api/sys/license/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(signLicence(document, vendor.privateKeyPem)),
  });
  const body = (await answer.json()) as { status_code: number; message: string };
  if (body.status_code !== 1) throw new Error(`licence refused: ${body.message}`);
}

beforeAll(async () => {
  server = await startServer({ LICENCE_PUBLIC_KEY: publicKeyBase64(vendor.publicKeyPem) });
});
afterAll(async () => {
  await server.stop();
});
afterEach(async (context) => {
  await keepEvidence(browser, context.task);
  await browser.close();
});

describe('licence', () => {
  it('sends the shell to /license once the licence expires, and a new one restores service', async () => {
    await register(licence(12_000));
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.baseUrl, DEMO.admin);
    await page.waitForURL((url) => url.pathname === '/');

    // Past expiry (and the server's few seconds of caching), the next call answers 10402.
    await new Promise((r) => setTimeout(r, 16_000));
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/license', { timeout: 20_000 });
    await page.getByText('已过期').first().waitFor();

    await page
      .getByRole('textbox')
      .first()
      .fill(JSON.stringify(signLicence(licence(86_400_000), vendor.privateKeyPem)));
    await page.getByRole('button', { name: /注册/ }).click();
    await page.getByText('有效', { exact: true }).first().waitFor();
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('a licence without 储能充电 hides that system: its card, its menus and its pages', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.baseUrl, DEMO.admin);
    await page.waitForURL((url) => url.pathname === '/');
    // Served before: the overview offers the system.
    await page.getByText('储能充电').first().waitFor();

    await page.goto(`${server.baseUrl}/admin/license`);
    const withoutEs = ALL_SYSTEMS.filter((system) => system !== 'esapp');
    await page
      .getByRole('textbox', { name: /粘贴/ })
      .fill(JSON.stringify(signLicence(licence(86_400_000, withoutEs), vendor.privateKeyPem)));
    await page
      .getByRole('button', { name: /注\s*册/ })
      .last()
      .click();
    // Fewer systems than the licence in force: installed only when the administrator confirms it.
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('许可证注册成功').waitFor();

    await page.goto(`${server.baseUrl}/`);
    await page.getByText('运维管理').first().waitFor();
    if ((await page.getByText('储能充电').count()) !== 0) throw new Error('储能充电 is still offered');
    // Its pages do not exist for the user, even typed in.
    await page.goto(`${server.baseUrl}/esapp/wsManagement/siteManage`);
    await page.waitForURL((url) => url.pathname === '/404');
  });
});
