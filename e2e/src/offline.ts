import type { Page } from 'playwright-core';

/**
 * Everything but the product's own server is refused: the machine has no internet at all. Answers the
 * addresses the page tried, for the test to assert there were none.
 */
export async function cutOffFromTheInternet(page: Page, baseUrl: string): Promise<string[]> {
  const refused: string[] = [];
  const own = new URL(baseUrl).hostname;
  await page.context().route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'blob:' || url.protocol === 'data:' || url.hostname === own) return route.continue();
    refused.push(url.href);
    return route.abort('internetdisconnected');
  });
  return refused;
}
