import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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
export async function openBrowser(options: { locale?: string; viewport?: { width: number; height: number } } = {}) {
  const userDataDir = await mkdtemp(join(tmpdir(), 'cityops-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    locale: options.locale ?? 'zh-CN',
    viewport: options.viewport ?? { width: 1366, height: 768 },
  });
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
