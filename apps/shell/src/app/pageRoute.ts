import { lazyPage, type PageExports } from '@cityops/ui';

/**
 * A route whose page is a chunk of its own. The navigation waits for the code (the loading overlay
 * shows), at most §9's 120 s; code that fails or does not come in time shows why in the page's
 * place, with 重试, instead of the overlay forever. The routes that show one page share its code.
 */
export function pageRoute<M, K extends PageExports<M>>(load: () => Promise<M>, name: K) {
  const Component = lazyPage(load, name);
  return async () => {
    await Component.preload();
    return { Component };
  };
}
