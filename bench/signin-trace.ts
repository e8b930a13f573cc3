/**
 * Where the time between clicking 登录 and the menu painted goes, from a DevTools timeline trace of
 * one sign-in per run: the main thread's tasks with what filled each (`mainThread.ts`). Any
 * `performance.mark` the page makes between the click and the paint is listed with its time, so a developer can add
 * marks to the code under study for a run. A diagnostic beside `shell-load.ts`, not part of
 * `make bench`; prints numbers, asserts nothing.
 */
import { openBrowser } from '../e2e/src/browser.js';
import { startServer } from '../e2e/src/server.js';
import { DEMO, fillLogin } from '../e2e/src/signIn.js';
import { withTsxNames } from './browser.js';
import { mainThreadTasks, marksBetween, marksNamed, traceDuring } from './mainThread.js';

const RUNS = 3;

/** Runs in the page: marks the click, and the start of the frame after the one that painted the menu. */
function markClickAndPaint() {
  addEventListener('click', () => performance.mark('trace:input'), { capture: true, once: true });
  const check = () => {
    if (performance.getEntriesByName('trace:input').length > 0 && document.querySelector('nav button'))
      requestAnimationFrame(() => performance.mark('trace:painted'));
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

const server = await startServer();
try {
  for (let run = 1; run <= RUNS; run++) {
    const browser = await withTsxNames(await openBrowser());
    const { page } = browser;
    await page.goto(`${server.baseUrl}/login`, { waitUntil: 'networkidle' });
    await fillLogin(page, DEMO.admin);
    const events = await traceDuring(browser.context, page, async () => {
      await page.evaluate(markClickAndPaint);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForFunction(() => performance.getEntriesByName('trace:painted').length > 0);
    });
    await browser.close();
    const [input] = marksNamed(events, 'trace:input');
    const [painted] = marksNamed(events, 'trace:painted');
    if (!input || !painted) throw new Error('the trace holds no click or paint mark');
    const marks = marksBetween(events, input, painted.ts);
    console.log(`run ${run}: marks after the click (ms): ${marks.join(', ')}`);
    for (const line of mainThreadTasks(events, input, painted.ts)) console.log(`  ${line}`);
  }
} finally {
  await server.stop();
}
