/**
 * The sub-app frames in Chromium against the real server and the built sub-apps on their ports:
 * - first mount of each sub-app, from the menu (Ctrl+K search, Enter) to the frame's `ready` message,
 *   cold (fresh profile, nothing cached) and warm (the app's frame was closed and is opened again);
 * - switching between cached tabs, from the click to the frame painted (`BENCH_TRACE=1`: those alone,
 *   each with its main-thread tasks from a timeline trace);
 * - heap and DOM-node counts over 20 open/close cycles of all six apps, through the DevTools Protocol.
 * Prints numbers; asserts nothing. Needs the sub-app ports (10101-10602) free.
 */
import type { CDPSession, Page } from 'playwright-core';
import { ROUTE_TABLE, SUB_APPS, type RouteEntry, type SubApp } from '@cityops/contract';
import { openBrowser } from '../e2e/src/browser.js';
import { withTsxNames } from './browser.js';
import { mainThreadTasks, marksBetween, marksNamed, traceDuring } from './mainThread.js';
import { startServer } from '../e2e/src/server.js';
import { DEMO, signIn } from '../e2e/src/signIn.js';

const CYCLES = 20;
/** The heap is compared from this cycle on, when the first openings' one-off caches are filled. */
const GROWTH_FROM = 5;
const SWITCHES = 12;
/** `BENCH_TRACE=1`: the tab switches alone, each with its main-thread tasks from a timeline trace. */
const TRACE = process.env.BENCH_TRACE === '1';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A page of each app with its header shown and a title no other route has, to find by search. */
function pageOf(app: SubApp): RouteEntry {
  const titles = new Map<string, number>();
  for (const route of ROUTE_TABLE) titles.set(route.title, (titles.get(route.title) ?? 0) + 1);
  const candidates = ROUTE_TABLE.filter(
    (entry) =>
      entry.app === app &&
      entry.access === 'permission' &&
      entry.cached &&
      !/monitorReceiver/i.test(entry.path) &&
      titles.get(entry.title) === 1,
  );
  // A page with the header shown when the app has one (zcapp has only full-screen dashboards).
  const route = candidates.find((entry) => !/dashboard|overview/i.test(entry.path)) ?? candidates[0];
  if (!route) throw new Error(`no page of ${app} to open`);
  return route;
}

const browserFor = async () => withTsxNames(await openBrowser());

/** In the shell: when the user pressed Enter or clicked, and when each frame said `ready`. */
async function instrument(page: Page) {
  await page.evaluate(() => {
    const marks = { input: 0, ready: new Map<string, number>() };
    Object.assign(window, { __marks: marks });
    // The input's own time stamp: when the browser took the key or click, before any handler ran.
    addEventListener('keydown', (event) => event.key === 'Enter' && (marks.input = event.timeStamp), true);
    addEventListener(
      'click',
      (event) => {
        marks.input = event.timeStamp;
        performance.mark('trace:input');
      },
      true,
    );
    addEventListener('message', (event: MessageEvent<{ type?: string; app?: string }>) => {
      if (event.data.type === 'ready' && event.data.app) marks.ready.set(event.data.app, performance.now());
    });
  });
}

const readyAfterInput = (page: Page, app: SubApp) =>
  page.waitForFunction((name) => {
    const marks = (window as unknown as { __marks: { input: number; ready: Map<string, number> } }).__marks;
    const ready = marks.ready.get(name);
    return ready !== undefined && ready >= marks.input ? ready - marks.input : null;
  }, app);

/** Opens a page the way an operator finds one: Ctrl+K, its title, Enter. Answers input → ready. */
async function openBySearch(page: Page, app: SubApp): Promise<number> {
  const route = pageOf(app);
  await page.evaluate(
    (name) => (window as unknown as { __marks: { ready: Map<string, number> } }).__marks.ready.delete(name),
    app,
  );
  await page.keyboard.press('Control+k');
  const input = page.getByPlaceholder('搜索菜单');
  await input.fill(route.title);
  await page
    .getByRole('option', { name: new RegExp(route.title) })
    .first()
    .waitFor();
  await input.press('Enter');
  const elapsed = Number(await (await readyAfterInput(page, app)).jsonValue());
  await page.waitForURL((url) => url.pathname === route.path);
  // Back to home, where the header (and its search) shows whatever page was opened.
  await page.getByRole('tab', { name: '首页' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return elapsed;
}

/**
 * What the network carried while a sub-app opened, through the DevTools Protocol (the frames share the
 * shell's process, their requests show on its session): bytes received (compressed, as sent) and how
 * many files the browser's cache answered instead.
 */
async function networkMeter(cdp: CDPSession) {
  await cdp.send('Network.enable');
  let bytes = 0;
  let fromCache = 0;
  let fetched = 0;
  cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
  cdp.on('Network.requestServedFromCache', () => (fromCache += 1));
  cdp.on('Network.responseReceived', (event) => {
    if (!event.response.fromDiskCache && !event.response.fromPrefetchCache) fetched += 1;
  });
  return () => {
    const read = { bytes, fromCache, fetched };
    bytes = 0;
    fromCache = 0;
    fetched = 0;
    return read;
  };
}

async function closeAllTabs(page: Page) {
  await page.getByRole('tab', { name: '首页' }).click();
  await page.getByRole('button', { name: '关闭其他' }).click();
  await page.waitForFunction(() => document.querySelectorAll('div[data-subapp]').length === 0);
}

async function firstMounts(baseUrl: string) {
  const browser = await browserFor();
  const { page } = browser;
  try {
    await signIn(page, baseUrl, DEMO.admin);
    await instrument(page);
    const meter = await networkMeter(await browser.context.newCDPSession(page));
    const cold: number[] = [];
    const warm: number[] = [];
    const downloads: ReturnType<typeof meter>[] = [];
    for (const app of SUB_APPS) {
      meter();
      cold.push(await openBySearch(page, app));
      downloads.push(meter());
    }
    await closeAllTabs(page);
    for (const app of SUB_APPS) warm.push(await openBySearch(page, app));
    console.log('first mount, menu search Enter -> ready message:');
    for (const [index, app] of SUB_APPS.entries())
      console.log(
        `  ${app.padEnd(8)} cold ${ms(cold[index] ?? NaN).padStart(7)}   warm ${ms(warm[index] ?? NaN).padStart(7)}`,
      );
    console.log(`  median   cold ${ms(median(cold)).padStart(7)}   warm ${ms(median(warm)).padStart(7)}`);
    console.log('downloaded while each sub-app first opened (all six on one fresh profile, in this order):');
    for (const [index, app] of SUB_APPS.entries()) {
      const read = downloads[index];
      if (read)
        console.log(
          `  ${app.padEnd(8)} ${kB(read.bytes).padStart(9)} over the network, ` +
            `${read.fetched} responses, ${read.fromCache} from the browser's cache`,
        );
    }
  } finally {
    await browser.close();
  }
}

/**
 * Click a tab, then time its frame painted: the check runs at the start of each animation frame, the
 * frame that first finds the box visible paints it, and the next frame's start is when it is on
 * screen (the same measure as `shell-load.ts`).
 */
async function tabSwitches(baseUrl: string) {
  const browser = await browserFor();
  const { page } = browser;
  try {
    await signIn(page, baseUrl, DEMO.admin);
    await instrument(page);
    const apps: SubApp[] = ['iotcloud', 'omapp', 'opapp'];
    for (const app of apps) await openBySearch(page, app);
    const timings: number[] = [];
    const switchAll = async () => {
      for (let i = 0; i < SWITCHES; i++) timings.push(await switchTo(apps[i % apps.length] ?? 'iotcloud'));
    };
    const switchTo = async (app: SubApp) => {
      const route = pageOf(app);
      const painted = page.evaluate(
        (name) =>
          new Promise<number>((resolve) => {
            const marks = (window as unknown as { __marks: { input: number } }).__marks;
            const check = () => {
              const box = document.querySelector<HTMLElement>(`div[data-subapp="${name}"]`);
              if (box?.style.visibility === 'visible' && marks.input > 0)
                requestAnimationFrame(() => {
                  performance.mark('trace:painted');
                  resolve(performance.now() - marks.input);
                });
              else requestAnimationFrame(check);
            };
            marks.input = 0;
            requestAnimationFrame(check);
          }),
        app,
      );
      const [elapsed] = await Promise.all([
        painted,
        page.getByRole('tab', { name: new RegExp(route.title) }).click(),
      ]);
      return elapsed;
    };
    if (!TRACE) await switchAll();
    else {
      // Where each switch's time goes: the main thread's tasks from the click to the paint.
      const events = await traceDuring(browser.context, page, switchAll);
      const inputs = marksNamed(events, 'trace:input').slice(-SWITCHES);
      const paints = marksNamed(events, 'trace:painted');
      for (const [index, input] of inputs.entries()) {
        const end = paints[index]?.ts ?? input.ts;
        const marks = marksBetween(events, input, end);
        console.log(
          `switch ${index + 1}: ${ms(timings[index] ?? NaN)}${marks.length ? `; marks: ${marks.join(', ')}` : ''}`,
        );
        for (const line of mainThreadTasks(events, input, end)) console.log(`  ${line}`);
      }
    }
    console.log(
      `tab switch between cached sub-app tabs, click -> painted: median ${ms(median(timings))} ` +
        `over ${SWITCHES} switches (min ${ms(Math.min(...timings))}, max ${ms(Math.max(...timings))})`,
    );
  } finally {
    await browser.close();
  }
}

async function counters(cdp: CDPSession) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  return { heap: heap.usedSize, nodes: dom.nodes, documents: dom.documents, listeners: dom.jsEventListeners };
}

type HeapGroups = Map<string, { count: number; size: number }>;

/**
 * A heap snapshot (after GC) summed by what V8 and Blink call each node: its type and constructor or
 * class name. Comparing two tells what grows, and so what retains it.
 */
async function heapGroups(cdp: CDPSession): Promise<HeapGroups> {
  await cdp.send('HeapProfiler.collectGarbage');
  let json = '';
  const onChunk = (event: { chunk: string }) => (json += event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snapshot = JSON.parse(json) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const [type, name, selfSize] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const types = snapshot.snapshot.meta.node_types[0];
  const groups: HeapGroups = new Map();
  for (let at = 0; at < snapshot.nodes.length; at += fields.length) {
    const kind = types[snapshot.nodes[at + (type ?? 0)] ?? 0] ?? '?';
    // Strings are grouped as one: their names are their contents.
    const label = kind.includes('string')
      ? kind
      : `${kind}: ${(snapshot.strings[snapshot.nodes[at + (name ?? 1)] ?? 0] ?? '').slice(0, 70)}`;
    const group = groups.get(label) ?? { count: 0, size: 0 };
    group.count += 1;
    group.size += snapshot.nodes[at + (selfSize ?? 3)] ?? 0;
    groups.set(label, group);
  }
  return groups;
}

/** Opens a page of every app by the shell's own router (as back/forward would), then closes them all. */
async function cycles(baseUrl: string) {
  const browser = await browserFor();
  const { page, context } = browser;
  try {
    await signIn(page, baseUrl, DEMO.admin);
    await instrument(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    const rows: { cycle: number; heap: number; nodes: number; documents: number; listeners: number }[] = [];
    let early: HeapGroups = new Map();
    rows.push({ cycle: 0, ...(await counters(cdp)) });
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      for (const app of SUB_APPS) {
        const route = pageOf(app);
        await page.evaluate((path) => {
          history.pushState(null, '', path);
          dispatchEvent(new PopStateEvent('popstate'));
        }, route.path);
        await page.locator(`div[data-subapp="${app}"][data-status="ready"]`).waitFor({ timeout: 30_000 });
      }
      await closeAllTabs(page);
      rows.push({ cycle, ...(await counters(cdp)) });
      if (cycle === GROWTH_FROM) early = await heapGroups(cdp);
    }
    const late = await heapGroups(cdp);
    console.log(`after each of ${CYCLES} cycles opening and closing all six apps (after GC):`);
    console.log('  cycle   heap used   DOM nodes   documents   listeners');
    for (const row of rows.filter((r) => r.cycle % 5 === 0 || r.cycle <= 1))
      console.log(
        `  ${String(row.cycle).padStart(5)}   ${MB(row.heap).padStart(9)}   ${String(row.nodes).padStart(9)}   ` +
          `${String(row.documents).padStart(9)}   ${String(row.listeners).padStart(9)}`,
      );
    const first = rows[1];
    const last = rows.at(-1);
    if (first && last)
      console.log(
        `  from cycle 1 to ${CYCLES}: heap ${MB(last.heap - first.heap)} ` +
          `(${((last.heap - first.heap) / (CYCLES - 1) / 1024).toFixed(1)} kB per cycle), ` +
          `DOM nodes ${last.nodes - first.nodes >= 0 ? '+' : ''}${last.nodes - first.nodes}, documents ${last.documents - first.documents}`,
      );
    const growth = [...late]
      .map(([label, { count, size }]) => {
        const before = early.get(label) ?? { count: 0, size: 0 };
        return { label, count: count - before.count, size: size - before.size };
      })
      .sort((a, b) => b.size - a.size);
    const total = growth.reduce((sum, group) => sum + group.size, 0);
    console.log(
      `  what grew from cycle ${GROWTH_FROM} to ${CYCLES} (heap snapshots), ${kB(total)} in all; the largest:`,
    );
    for (const group of growth.slice(0, 12))
      console.log(`  ${kB(group.size).padStart(10)}  ${String(group.count).padStart(6)} x  ${group.label}`);
  } finally {
    await browser.close();
  }
}

const server = await startServer({ SUBAPP_HOSTS: 'all' });
try {
  if (!TRACE) await firstMounts(server.baseUrl);
  await tabSwitches(server.baseUrl);
  if (!TRACE) await cycles(server.baseUrl);
} finally {
  await server.stop();
}
