import { afterAll, afterEach, beforeAll, describe, inject, it } from 'vitest';
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { DEMO, signIn } from '../src/signIn.js';
import { startServer, type RunningServer } from '../src/server.js';

/**
 * A page whose code does not come (platform-shell.md §9: chunk load timeout 120 s), in the shell and
 * in a sub-app's frame: a chunk the network drops, and one that hangs past 120 s (the browser's clock
 * is moved on rather than waited out), each shows why with 重试, and 重试 shows the page once the
 * code can come.
 */
const baseUrl = inject('baseUrl');
let omappServer: RunningServer;
let browser: Browser;

beforeAll(async () => {
  omappServer = await startServer({ SUBAPP_HOSTS: 'omapp' });
});

afterAll(async () => {
  await omappServer?.stop();
});

afterEach(async (context) => {
  if (!browser) return;
  await keepEvidence(browser, context.task);
  await browser.close();
});

/** Requests for one page's chunk (`<name>-<hash>.js`, a fresh copy of it too), wherever they come from. */
const chunkOf = (name: string) => (url: URL) => new RegExp(`/${name}-[\\w-]+\\.js$`).test(url.pathname);

/**
 * The network drops the chunk. The returned function lets through only fresh copies of it (a query of
 * their own): its own address keeps failing, as it does in browsers that remember a failed module
 * fetch for the life of the page (before whatwg/html#10327), so 重试 must work there too.
 */
async function dropChunk(context: BrowserContext, name: string) {
  let back = false;
  await context.route(chunkOf(name), (route) =>
    back && new URL(route.request().url()).searchParams.has('retry')
      ? route.continue()
      : route.abort('internetdisconnected'),
  );
  return () => {
    back = true;
  };
}

/** The chunk hangs until the returned function lets it through; `asked` settles once it is asked for. */
async function holdChunk(context: BrowserContext, name: string) {
  const matches = chunkOf(name);
  const held: Route[] = [];
  let asked: () => void = () => undefined;
  const firstAsked = new Promise<void>((resolve) => (asked = resolve));
  await context.route(matches, (route) => {
    held.push(route);
    asked();
  });
  return {
    asked: firstAsked,
    async release() {
      await Promise.all(held.map((route) => route.continue()));
      await context.unroute(matches);
    },
  };
}

/** The notice in the page's place, its title, and 重试 on it. */
async function expectNotice(where: Page | Locator, title: string): Promise<Locator> {
  const notice = where.getByRole('alert').filter({ hasText: title });
  await notice.waitFor();
  return notice.getByRole('button', { name: '重试', exact: true });
}

/** Past §9's 120 s in every frame of the page, at once. */
const pastTheTimeout = (page: Page) => page.clock.fastForward('02:01');

describe('a page whose code does not come', () => {
  it('in the shell, says so with 重试 and shows the page once its code comes', async () => {
    browser = await openBrowser();
    const { page, context } = browser;
    await page.clock.install();
    await signIn(page, baseUrl, DEMO.admin);

    // Dropped by the network: 页面加载失败, in the page's place (the layout stays).
    const letThrough = await dropChunk(context, 'RolePage');
    await page.goto(`${baseUrl}/admin/roleManage`, { waitUntil: 'domcontentloaded' });
    const retryDropped = await expectNotice(page, '页面加载失败');
    await page.getByRole('button', { name: '折叠菜单' }).waitFor();
    letThrough();
    await retryDropped.click();
    await page.getByRole('button', { name: /新增角色/ }).waitFor();

    // Hanging: 页面加载超时 after 120 s instead of the loading overlay forever. Opened from the menu, so
    // the clock moves on while only this page's code is on its way.
    const hanging = await holdChunk(context, 'DictionaryPage');
    await page.getByRole('menuitem', { name: '数据字典', exact: true }).click();
    await hanging.asked;
    await pastTheTimeout(page);
    const retryLate = await expectNotice(page, '页面加载超时');
    await hanging.release();
    await retryLate.click();
    await page.getByRole('button', { name: /新增字典$/ }).waitFor();
  });

  it('in a sub-app’s frame, says so with 重试 and shows the page once its code comes', async () => {
    browser = await openBrowser();
    const { page, context } = browser;
    await page.clock.install();
    await signIn(page, omappServer.baseUrl, DEMO.admin);
    const pageIn = (path: string) =>
      page.frameLocator('div[data-subapp="omapp"] iframe').locator(`main[data-page="${path}"]`);

    const workOrders = '/omapp/assets/om/omWorkOrder';
    const letThrough = await dropChunk(context, 'WorkOrderPage');
    await page.goto(`${omappServer.baseUrl}${workOrders}`, { waitUntil: 'domcontentloaded' });
    const retryDropped = await expectNotice(pageIn(workOrders), '页面加载失败');
    letThrough();
    await retryDropped.click();
    await pageIn(workOrders).getByText('工单编号').first().waitFor();

    const statistics = '/omapp/assets/om/omStatisticsInfo';
    const hanging = await holdChunk(context, 'StatisticsPage');
    await page.goto(`${omappServer.baseUrl}${statistics}`, { waitUntil: 'domcontentloaded' });
    await hanging.asked;
    await pastTheTimeout(page);
    const retryLate = await expectNotice(pageIn(statistics), '页面加载超时');
    await hanging.release();
    await retryLate.click();
    await pageIn(statistics).getByText('告警总数').first().waitFor();
  });
});
