/**
 * What an operator waits for and downloads: the JavaScript for the login page and for
 * the first signed-in page, and the time from clicking 登录 to the menu painted, in Chromium against
 * the real server. Bytes are as they cross the wire (the body as sent, compressed when the server
 * compresses it), with the uncompressed size beside them. Prints numbers; asserts nothing.
 */
import type { Page, Response } from 'playwright-core';
import { authEndpoints } from '@cityops/contract';
import { openBrowser } from '../e2e/src/browser.js';
import { withTsxNames } from './browser.js';
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

/**
 * Runs in the page before the click: resolves with the time from the click event (the browser's own
 * time stamp of the input) to the frame after the one that painted `selector`, as `subapps.ts` times
 * a tab switch. The check runs at the start of each frame; the frame that first finds the element
 * paints it, so the next frame's start is when it is on screen.
 */
function clickToPainted({
  selector,
  answerPath,
}: {
  selector: string;
  answerPath: string;
}): Promise<{ painted: number; answered: number }> {
  return new Promise((resolve) => {
    let clickedAt = 0;
    addEventListener('click', (event) => (clickedAt = event.timeStamp), { capture: true, once: true });
    // When the sign-in's answer had arrived whole: the server's part and the network's.
    const answered = () => {
      const entry = performance
        .getEntriesByType('resource')
        .find((resource) => resource.name.includes(answerPath) && resource.startTime >= clickedAt);
      return entry ? (entry as PerformanceResourceTiming).responseEnd - clickedAt : NaN;
    };
    const check = () => {
      if (clickedAt > 0 && document.querySelector(selector))
        requestAnimationFrame(() =>
          resolve({ painted: performance.now() - clickedAt, answered: answered() }),
        );
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const server = await startServer();
try {
  /** In the page: from the click event to the second animation frame after the menu is in the DOM. */
  const timings: number[] = [];
  /** From the benchmark's side: Playwright's click (its actionability checks included) to its seeing the menu. */
  const driven: number[] = [];
  /** In the page: from the click to the sign-in's answer received (the rest is the shell's). */
  const answers: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const browser = await withTsxNames(await openBrowser());
    const { page } = browser;
    const loginScripts = scriptMeter(page);
    await page.goto(`${server.baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = await loginScripts();
    await fillLogin(page, DEMO.admin);
    const signedInScripts = scriptMeter(page);
    const inPage = page.evaluate(clickToPainted, {
      selector: MENU_PAINTED,
      answerPath: authEndpoints.login.path,
    });
    const started = Date.now();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.locator(MENU_PAINTED).first().waitFor({ timeout: 30_000 });
    driven.push(Date.now() - started);
    const { painted, answered } = await inPage;
    timings.push(painted);
    answers.push(answered);
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
    `sign-in click -> menu painted, in the page: median ${ms(median(timings))} over ${RUNS} runs ` +
      `(min ${ms(Math.min(...timings))}, max ${ms(Math.max(...timings))})`,
  );
  console.log(
    `  of which the sign-in's answer (server and network): median ${ms(median(answers))} ` +
      `(min ${ms(Math.min(...answers))}, max ${ms(Math.max(...answers))}); the rest is the shell's render`,
  );
  console.log(
    `  the same from the benchmark's side (Playwright's click and polling included): median ` +
      `${ms(median(driven))} (min ${ms(Math.min(...driven))}, max ${ms(Math.max(...driven))})`,
  );
} finally {
  await server.stop();
}
