import { PLUGIN_TIMING } from '@cityops/contract';

// Starting by URL scheme is the browser side of the contract (packages/client): the shell does it too.
export { launchPluginByScheme, PLUGIN_START_URL } from '@cityops/client';

export type StartStep =
  | { step: 'discovering' }
  /** Try `attempt` of `of` to start it by its URL scheme (插件未启动，正在尝试启动，请稍候...). */
  | { step: 'starting'; attempt: number; of: number }
  | { step: 'found' }
  /** Not found after the last try (插件启动失败，请检查插件是否安装！…插件管理). */
  | { step: 'failed' };

export interface EnsurePluginOptions<C> {
  /** One look for a listening plug-in (discoverPlugin); null when none. */
  discover(): Promise<C | null>;
  /** Starts it by URL scheme (launchPluginByScheme); called at the first try only. */
  launch(): void;
  onStep?(step: StartStep): void;
  timing?: Partial<Record<'startRetries' | 'startRetryMs', number>>;
  /** Stops the tries (the page left). */
  signal?: AbortSignal;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });

/**
 * Finds the plug-in, starting it when it is not running (§4.8): a first look, then up to
 * startRetries tries, each looking again startRetryMs after the one before. The first try starts it
 * by its URL scheme, and only the first: a browser lets a page hand a URL scheme to the system once
 * without a click, and refuses every further one with an error in the console until the person
 * clicks (the failure's 启动插件 button does, with its click). Resolves with the client, or null
 * after the last try (or when aborted).
 */
export async function ensurePlugin<C>(options: EnsurePluginOptions<C>): Promise<C | null> {
  const startRetries = options.timing?.startRetries ?? PLUGIN_TIMING.startRetries;
  const startRetryMs = options.timing?.startRetryMs ?? PLUGIN_TIMING.startRetryMs;
  const { signal } = options;
  options.onStep?.({ step: 'discovering' });
  let client = await options.discover();
  for (let attempt = 1; !client && attempt <= startRetries; attempt += 1) {
    if (signal?.aborted) return null;
    options.onStep?.({ step: 'starting', attempt, of: startRetries });
    if (attempt === 1) options.launch();
    await wait(startRetryMs, signal);
    if (signal?.aborted) return null;
    client = await options.discover();
  }
  if (signal?.aborted) return client;
  options.onStep?.(client ? { step: 'found' } : { step: 'failed' });
  return client;
}
