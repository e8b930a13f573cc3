/**
 * What an operator waits for and downloads: the JavaScript for the login page and for
 * the first signed-in page, and the time from clicking 登录 to the menu painted, in Chromium against
 * the real server. Bytes are as they cross the wire (the body as sent, compressed when the server
 * compresses it), with the uncompressed size beside them. Prints numbers; asserts nothing.
 */
import type { Page, Response } from 'playwright-core';
import { openBrowser } from '../e2e/src/browser.js';
import { loginPageWeight } from '../e2e/src/bundleSizes.js';
import { startServer } from '../e2e/src/server.js';
import { DEMO, fillLogin } from '../e2e/src/signIn.js';

const RUNS = 5;
/** The top navigation's first system button is what "menu painted" means (the landing page has no side menu). */
const MENU_PAINTED = 'nav button';

/** Collects every script the page loads from now on: its bytes on the wire and uncompressed. */
function scriptMeter(page: Page) {
  const pending: Promise<{ wire: number; plain: number }>[] = [];
  const seen = new Set<string>();
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script' || seen.has(response.url())) return;
    seen.add(response.url());
    pending.push(
      Promise.all([response.request().sizes(), response.body()]).then(
        ([sizes, body]) => ({ wire: sizes.responseBodySize, plain: body.length }),
        () => ({ wire: 0, plain: 0 }),
      ),
    );
  };
  page.on('response', onResponse);
  return async () => {
    page.off('response', onResponse);
    const sizes = await Promise.all(pending);
    return {
      files: sizes.length,
      wireBytes: sizes.reduce((sum, size) => sum + size.wire, 0),
      plainBytes: sizes.reduce((sum, size) => sum + size.plain, 0),
    };
  };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const server = await startServer();
try {
  const timings: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const browser = await openBrowser();
    const { page } = browser;
    const loginScripts = scriptMeter(page);
    await page.goto(`${server.baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = await loginScripts();
    await fillLogin(page, DEMO.admin);
    const signedInScripts = scriptMeter(page);
    const started = Date.now();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.locator(MENU_PAINTED).first().waitFor({ timeout: 30_000 });
    timings.push(Date.now() - started);
    await page.waitForLoadState('networkidle');
    const signedIn = await signedInScripts();
    if (run === 0) {
      const needed = await loginPageWeight();
      console.log(
        `login page JS, what it needs to show and be used (the build's chunk graph): ${needed.files} files, ` +
          `${kB(needed.wire)} on the wire (${kB(needed.plain)} uncompressed)`,
      );
      console.log(
        `JS fetched while on the login page, the signed-in code fetched ahead while idle included: ` +
          `${login.files} files, ${kB(login.wireBytes)} on the wire (${kB(login.plainBytes)} uncompressed)`,
      );
      console.log(
        `first signed-in page JS: ${signedIn.files} more files, ${kB(signedIn.wireBytes)} on the wire ` +
          `(${kB(login.wireBytes + signedIn.wireBytes)} in all)`,
      );
    }
    await browser.close();
  }
  console.log(
    `sign-in click -> menu painted: median ${median(timings)} ms over ${RUNS} runs ` +
      `(min ${Math.min(...timings)}, max ${Math.max(...timings)})`,
  );
} finally {
  await server.stop();
}
