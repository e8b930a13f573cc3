import {
  API_PREFIX,
  COOKIE_TOKEN,
  HEADER_ACCESS_TOKEN,
  messageEndpoints,
  NOTIFIER_AUTO_CLOSE_MS,
  roleEndpoints,
  type Envelope,
  type MessagePage,
} from '@cityops/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { startServer, type RunningServer } from '../src/server.js';
import { DEMO, signIn } from '../src/signIn.js';

/*
 * The live message centre in a real browser against a real server: the demo producer
 * makes a message every few seconds, as `make start` shows it; the push socket brings it to the
 * notifier. Role edits change an open session's menu. A server of its own: these flows change roles.
 */
let server: RunningServer;
const browsers: Browser[] = [];

beforeAll(async () => {
  server = await startServer({ DEMO_MESSAGE_SECONDS: '4' });
});
afterAll(async () => {
  await server.stop();
});
afterEach(async (context) => {
  for (const browser of browsers.splice(0)) {
    await keepEvidence(browser, context.task);
    await browser.close();
  }
});

const open = async () => {
  const browser = await openBrowser();
  browsers.push(browser);
  return browser;
};

/** A call of the signed-in page, with its own token (as the shell's http client sends it). */
async function call<T>(page: Browser['page'], method: 'GET' | 'POST', path: string, body?: unknown) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === COOKIE_TOKEN)?.value ?? '';
  const answer = await page.request.fetch(`${server.baseUrl}${API_PREFIX}${path}`, {
    method,
    headers: { [HEADER_ACCESS_TOKEN]: decodeURIComponent(token), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  const envelope = (await answer.json()) as Envelope<T>;
  expect(envelope.status_code, envelope.message).toBe(1);
  return envelope.data as T;
}

describe('消息推送', () => {
  it('pops a produced message up in the notifier within a second, updates the dot, and a click opens its page and marks it read', async () => {
    const { page } = await open();
    await signIn(page, server.baseUrl, DEMO.admin);
    // When the notifier first shows, by the page's own clock (the server's is the same machine's).
    await page.evaluate(() => {
      const seen = new MutationObserver(() => {
        if (document.querySelector('section[aria-label="新消息"]')) {
          (window as { notifierShownAt?: number }).notifierShownAt = Date.now();
          seen.disconnect();
        }
      });
      seen.observe(document.body, { childList: true, subtree: true });
    });
    const notifier = page.getByRole('region', { name: '新消息' });
    await notifier.waitFor({ timeout: 20_000 });
    const shownAt = await page.evaluate(() => (window as { notifierShownAt?: number }).notifierShownAt ?? 0);

    const newest = await call<MessagePage>(page, 'POST', messageEndpoints.pageList.path, {
      pageNum: 1,
      pageSize: 1,
    });
    const message = newest.messageList[0];
    if (!message) throw new Error('no message was produced');
    expect(shownAt - Date.parse(message.createTime)).toBeLessThan(1_000);
    await expect
      .poll(() => page.getByRole('button', { name: `消息中心（${newest.noReadCount} 条未读）` }).count())
      .toBeGreaterThan(0);

    const item = notifier.getByRole('button', { name: `查看“${message.title}”` }).first();
    await item.click();
    // A link names its page and, for a record, which one to open (`?open=<id>`).
    await page.waitForURL((url) => `${url.pathname}${url.search}` === message.link);
    await expect
      .poll(async () => {
        const read = await call<MessagePage>(page, 'POST', messageEndpoints.pageList.path, {
          pageNum: 1,
          pageSize: 20,
          readStatus: true,
        });
        return read.messageList.some((found) => found.id === message.id);
      })
      .toBe(true);
  });

  it('closes the notifier after 20 s without interaction', async () => {
    const { page } = await open();
    await page.clock.install();
    await signIn(page, server.baseUrl, DEMO.admin);
    const notifier = page.getByRole('region', { name: '新消息' });
    await notifier.waitFor({ timeout: 20_000 });
    await page.clock.fastForward(NOTIFIER_AUTO_CLOSE_MS - 2_000);
    expect(await notifier.count()).toBe(1);
    await page.clock.fastForward(2_500);
    await expect.poll(() => notifier.count()).toBe(0);
  });

  it("changes an open session's menu when an administrator changes its role, without a reload", async () => {
    const operator = await open();
    // An open session: its push socket signed in (its first frame came) before anything changes.
    const pushing = operator.page
      .waitForEvent('websocket', (socket) => socket.url().endsWith('/push/message'))
      .then((socket) => socket.waitForEvent('framereceived'));
    await signIn(operator.page, server.baseUrl, DEMO.operator);
    await pushing;
    // A system the demo operator does not hold (平台管理 they hold, for the message centre).
    const systems = operator.page.getByText('运营管理', { exact: true });
    expect(await systems.count()).toBe(0);
    const loadedAt = await operator.page.evaluate(() => performance.timeOrigin);

    const admin = await open();
    await signIn(admin.page, server.baseUrl, DEMO.admin);
    const roles = await call<{ list: Array<{ roleId: number; name: string; code?: string }> }>(
      admin.page,
      'POST',
      roleEndpoints.page.path,
      { pageNum: 1, pageSize: 100 },
    );
    const role = roles.list.find((found) => found.name === '值班操作员');
    if (!role)
      throw new Error(`no 值班操作员 role among ${roles.list.map((found) => found.name).join(', ')}`);
    type Node = { id: number; code: string; checked: boolean; children?: Node[] };
    const tree = await call<Node[]>(
      admin.page,
      'GET',
      `${roleEndpoints.permissionTree.path}?roleId=${role.roleId}`,
    );
    const flat = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...flat(node.children ?? [])]);
    const held = flat(tree).filter((node) => node.checked);
    const granted = flat(tree).filter((node) => node.code === 'opapp' || node.code === 'itemizedStatistics');
    if (granted.length !== 2) throw new Error('no 运营管理 system and page in the tree');
    await call(admin.page, 'POST', roleEndpoints.assignPermission.path, {
      roleId: role.roleId,
      resourceIds: [...held.map((node) => node.id), ...granted.map((node) => node.id)],
    });

    await systems.first().waitFor({ timeout: 10_000 });
    // The same document: nothing reloaded it.
    expect(await operator.page.evaluate(() => performance.timeOrigin)).toBe(loadedAt);
  });
});
