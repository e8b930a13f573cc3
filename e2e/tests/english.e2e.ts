import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROUTE_TABLE, SUB_APPS, type RouteEntry } from '@cityops/contract';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { signInInEnglish } from '../src/signIn.js';
import { startServer, type RunningServer } from '../src/server.js';
import { canBeData, NaturalData, shownCjkTexts, type ShownText } from '../src/englishSweep.js';

let server: RunningServer;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  // Every sub-app served, and live demo devices so the data pages have rows to show.
  server = await startServer({ SUBAPP_HOSTS: 'all', MQTT_PORT: '0', DEMO_DEVICES: '20' });
  baseUrl = server.baseUrl;
  browser = await openBrowser({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  // startServer waits up to 3 min for another run to free the sub-apps' fixed ports.
}, 240_000);
afterEach(async (context) => keepEvidence(browser, context.task));
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const repo = resolve(import.meta.dirname, '../..');

/**
 * The built pages: every page of the shell, and the connected pages of each sub-app (those its
 * `pages.tsx` registers by path, `codeOf('/iotcloud/…')`), plus one page per sub-app that is not
 * connected yet (they all share the not-connected page, which must read in English too).
 */
function builtPages(): RouteEntry[] {
  const connected = new Set<string>();
  for (const app of SUB_APPS) {
    const dir = join(repo, 'apps', app, 'src');
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.tsx')))
      for (const [, path] of readFileSync(join(dir, file), 'utf8').matchAll(/codeOf\('([^']+)'\)/g))
        if (path) connected.add(path);
  }
  const routes = ROUTE_TABLE.filter((route) => route.access !== 'public');
  const placeholders = SUB_APPS.map((app) =>
    routes.find((route) => route.app === app && !connected.has(route.path)),
  ).filter((route) => route !== undefined);
  return [...routes.filter((route) => route.app === 'shell' || connected.has(route.path)), ...placeholders];
}
const PAGES = builtPages();

/** Goes to `path` inside the running shell (as a menu click does), without loading the page anew. */
async function goTo(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const BUSY = '.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]';

/** Waits until nothing in view spins (a hidden kept page may). A page that keeps spinning is swept as it is. */
async function settled(frame: Page | Frame) {
  await frame
    .waitForFunction(
      (busy) =>
        Array.from(document.querySelectorAll(busy)).every(
          (element) => !element.checkVisibility({ visibilityProperty: true }),
        ),
      BUSY,
      { timeout: 5_000 },
    )
    .catch(() => console.warn(`still busy after 5 s: ${frame.url()}`));
}

/** The page in view, settled: the sub-app's frame with its page for a sub-app route, else the shell. */
async function pageShown(page: Page, route: RouteEntry): Promise<Frame | null> {
  // The tab bar marks the page once the router has shown it (a lazy page first loads its code).
  // (页面不存在 opens no tab: it stands in for a page that is not there.)
  // antd's Result draws its title as a plain div, not a heading.
  if (route.code === 'notFound') await page.getByText(route.titleEn, { exact: true }).waitFor();
  else await page.locator(`.ant-tabs-tab-active[data-node-key="${route.code}"]`).first().waitFor();
  if (route.app === 'shell') {
    await settled(page);
    return null;
  }
  const box = page.locator(`div[data-subapp="${route.app}"][data-status="ready"]`);
  await box.waitFor({ timeout: 30_000 });
  const frame = await (await box.locator('iframe').elementHandle())?.contentFrame();
  if (!frame) throw new Error(`no frame for ${route.app}`);
  await frame.locator(`main[data-page="${route.path}"]`).waitFor();
  await settled(frame);
  await settled(page);
  return frame;
}

describe('in English', () => {
  it('shows no Chinese on any page but data that is Chinese by nature', { timeout: 300_000 }, async () => {
    const { page } = browser;
    // The sub-apps' connected pages were found (a renamed registry would silently shrink the sweep).
    expect(PAGES.filter((route) => route.app !== 'shell').length).toBeGreaterThan(2 * SUB_APPS.length);
    const data = new NaturalData();
    data.watch(page);
    await signInInEnglish(page, baseUrl);
    const offending: { path: string; shown: ShownText }[] = [];
    for (const route of PAGES) {
      await goTo(page, route.path);
      const frame = await pageShown(page, route);
      const shown = [...(await shownCjkTexts(page)), ...(frame ? await shownCjkTexts(frame) : [])];
      await data.settled();
      for (const item of shown)
        if (!(canBeData(item) && data.covers(item.text))) offending.push({ path: route.path, shown: item });
    }
    // A text of the shell (a notice, a popup) shows on every page: listed once, with the first page.
    const byText = new Map<string, string[]>();
    for (const { path, shown } of offending) {
      const where = `${shown.kind}${shown.column ? `[${shown.column}]` : ''}\t${shown.text}`;
      byText.set(where, [...(byText.get(where) ?? []), path]);
    }
    const report = [...byText]
      .map(([where, paths]) => `${paths[0]}${paths.length > 1 ? ` (+${paths.length - 1})` : ''}\t${where}`)
      .join('\n');
    expect(offending, `Chinese in English mode (page, where, text):\n${report}`).toEqual([]);
  });
});
