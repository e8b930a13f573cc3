import { useEffect } from 'react';
import { SUBAPP_PRELOAD_PATH, subAppPreloadSchema } from '@cityops/contract';
import { whenIdle } from '../../app/whenIdle';

/**
 * Once the signed-in page is idle, fetches the code every sub-app loads first into the browser's
 * cache: the frames load the same files from the same origin (the shell's), so the first sub-app the
 * user opens starts from the cache. `crossorigin` matches the frames' module scripts. Best effort: a
 * failure only means the frame fetches its code itself.
 */
export function usePrefetchSubApps(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const links: HTMLLinkElement[] = [];
    const prefetch = async () => {
      const answer = await fetch(SUBAPP_PRELOAD_PATH, { signal: controller.signal });
      if (!answer.ok) return;
      for (const href of subAppPreloadSchema.parse(await answer.json()).files) {
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.href = href;
        link.crossOrigin = 'anonymous';
        document.head.append(link);
        links.push(link);
      }
    };
    const cancel = whenIdle(() => void prefetch().catch(() => undefined), 3000);
    return () => {
      controller.abort();
      cancel();
      // The links stay harmless once fetched; they go with the layout so a remount adds no duplicates.
      for (const link of links) link.remove();
    };
  }, [enabled]);
}
