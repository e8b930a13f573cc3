import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { PLUGIN_URL_SCHEME } from '@cityops/contract';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** A fresh Chromium profile: no cookies, no local storage, zh-CN unless told otherwise. */
export async function openBrowser(
  options: {
    locale?: string;
    viewport?: { width: number; height: number };
    /** Chromium flags added to the usual ones (video: fake microphone, autoplay). */
    args?: readonly string[];
    /**
     * An X display (`:N`) to show a real window on, at the top-left of the screen, instead of running
     * headless: for the desktop plug-in, whose native windows are placed over the page's.
     */
    display?: string;
  } = {},
) {
  const userDataDir = await mkdtemp(join(tmpdir(), 'cityops-chromium-'));
  const viewport = options.viewport ?? { width: 1366, height: 768 };
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    args: [
      ...(options.display
        ? [
            ...CHROMIUM_ARGS.filter((arg) => arg !== '--headless'),
            '--window-position=0,0',
            `--window-size=${viewport.width},${viewport.height}`,
          ]
        : CHROMIUM_ARGS),
      ...(options.args ?? []),
    ],
    headless: options.display === undefined,
    env: options.display ? { ...process.env, DISPLAY: options.display } : undefined,
    locale: options.locale ?? 'zh-CN',
    // A real window is as large as --window-size says, its page what the window leaves it.
    viewport: options.display ? null : viewport,
    // The product honours the system's reduced-motion setting (no sliding dialogs and dropdowns),
    // so what a test clicks is where it is drawn, even on a loaded machine.
    reducedMotion: 'reduce',
  });
  // The plug-in's URL scheme never reaches Chromium. No desktop here has it registered, and Chromium
  // answers an unknown scheme with its "open this application?" dialog, which no one answers in a test
  // and which, while it stands, drops every mouse event sent to the tab (a page without the plug-in
  // starts it once by the scheme, video-talk-alarm-header.md §4.8). Held, the page goes on as on a
  // machine where the system ignores the address.
  await context.addInitScript(watchScheme, { scheme: `${PLUGIN_URL_SCHEME}:`, handOn: false });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  } satisfies Browser;
}

/**
 * An init script (it runs in every frame before the page's own code) that watches what could hand
 * `scheme` to the browser: an iframe's src, as property or attribute, and window.open. Each address
 * of the scheme is reported to the page's binding `report` when there is one, and handed on only when
 * `handOn`. Scripts added later wrap those added before, so a test's watch that hands on reaches the
 * browser's hold below.
 */
export function watchScheme({
  scheme,
  report,
  handOn,
}: {
  scheme: string;
  report?: string;
  handOn: boolean;
}) {
  const pass = (value: unknown) => {
    const url = String(value);
    if (!url.toLowerCase().startsWith(scheme)) return true;
    const call = report ? (window as unknown as Record<string, unknown>)[report] : undefined;
    if (typeof call === 'function')
      void (call as (url: string, at: number) => Promise<void>)(url, performance.now());
    return handOn;
  };
  const src = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'src');
  const setSrc = src?.set;
  if (src && setSrc)
    Object.defineProperty(HTMLIFrameElement.prototype, 'src', {
      ...src,
      set(this: HTMLIFrameElement, value: string) {
        if (pass(value)) setSrc.call(this, value);
      },
    });
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (this: Element, attribute: string, value: string) {
    if (this instanceof HTMLIFrameElement && attribute.toLowerCase() === 'src' && !pass(value)) return;
    setAttribute.call(this, attribute, value);
  };
  const open = window.open;
  window.open = function (this: Window, ...args: Parameters<typeof window.open>) {
    return args[0] !== undefined && !pass(args[0]) ? null : open.apply(this, args);
  };
}

/** Test artefacts (screenshots), never committed. */
export const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');

/** After a failed test, keeps a screenshot and the page's address for whoever reads the log. */
export async function keepEvidence(browser: Browser, task: { name: string; result?: { state?: string } }) {
  if (task.result?.state !== 'fail') return;
  await mkdir(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, `failed-${task.name.replace(/[^\w]+/g, '-')}.png`);
  await browser.page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  console.error(`failed at ${browser.page.url()}; screenshot ${file}`);
}

/**
 * Clicks `target` until `shown` appears, at most `tries` times: for clicks that may safely repeat
 * (a dialog's 确定 that only validates), where on a loaded machine a click landing while the dialog
 * still animates in can go unanswered.
 */
export async function clickUntilShown(target: Locator, shown: Locator, tries = 3): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await target.click();
    try {
      await shown.first().waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= tries) throw error;
    }
  }
}
