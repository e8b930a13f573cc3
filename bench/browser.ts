import type { Browser } from '../e2e/src/browser.js';

/**
 * tsx names inner functions with `__name`, which a page does not have (VERSIONS.md): a function the
 * benchmark hands to `evaluate` would throw there. Every page and frame of the browser gets a
 * `__name` that does nothing.
 */
export async function withTsxNames<B extends Pick<Browser, 'context'>>(browser: B): Promise<B> {
  await browser.context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  return browser;
}
