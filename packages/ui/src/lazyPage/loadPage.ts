import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@cityops/contract';

/** Why a page's code is not there: it did not download, or it did not arrive in time (§9). */
export type PageLoadFailure = 'failed' | 'timeout';

export class PageLoadError extends Error {
  override readonly name = 'PageLoadError';

  constructor(
    readonly reason: PageLoadFailure,
    options?: ErrorOptions,
  ) {
    super(
      reason === 'timeout' ? 'the page’s code did not arrive in time' : 'the page’s code did not load',
      options,
    );
  }
}

/** The names under which a module (a page's chunk) exports a component. */
export type PageExports<M> = {
  [Key in keyof M]-?: M[Key] extends ComponentType<never> ? Key : never;
}[keyof M] &
  string;

/** The props a component takes. */
export type PropsOf<C> = C extends ComponentType<infer P extends object> ? P : never;

/**
 * The script a failed dynamic import names ("Failed to fetch dynamically imported module: <address>"
 * in Chromium, "error loading dynamically imported module: <address>" in Firefox), or null when the
 * error names none.
 */
export function failedScriptAddress(error: unknown): URL | null {
  if (!(error instanceof Error)) return null;
  const named = /https?:\/\/\S+/.exec(error.message);
  if (!named) return null;
  const address = new URL(named[0]);
  return /\.(?:m?js|[jt]sx?)$/.test(address.pathname) ? address : null;
}

/**
 * Browsers keep a failed module fetch in their module map for the life of the document (until they
 * take up whatwg/html#10327), so importing the same address again fails at once without asking the
 * network. A fresh copy of the script is imported under an address of its own instead: the page's
 * chunk again, while the chunks it imports keep their addresses (and their one instance each).
 * Every page of one chunk shares the one copy; a copy that fails too is dropped for the next retry.
 */
const freshCopies = new Map<string, Promise<unknown>>();
let copiesMade = 0;

function importFreshCopy(address: URL): Promise<unknown> {
  const kept = freshCopies.get(address.href);
  if (kept) return kept;
  const fresh = new URL(address);
  copiesMade += 1;
  fresh.searchParams.set('retry', String(copiesMade));
  const copy = import(/* @vite-ignore */ fresh.href);
  freshCopies.set(address.href, copy);
  copy.catch(() => {
    if (freshCopies.get(address.href) === copy) freshCopies.delete(address.href);
  });
  return copy;
}

const isComponent = <P>(value: unknown): value is ComponentType<P> =>
  typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);

function exportedPage<P>(module: unknown, name: string): ComponentType<P> {
  const page: unknown = typeof module === 'object' && module !== null ? Reflect.get(module, name) : undefined;
  if (!isComponent<P>(page)) throw new Error(`the page's code exports no component ${name}`);
  return page;
}

async function moduleOf(load: () => Promise<unknown>): Promise<unknown> {
  try {
    return await load();
  } catch (error) {
    const address = failedScriptAddress(error);
    if (!address) throw error;
    return importFreshCopy(address).catch(() => {
      throw error;
    });
  }
}

/** At most §9's 120 s for `loaded`: its outcome, or a `PageLoadError` that says why there is none. */
function inTime<T>(loaded: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadError('timeout')), CHUNK_LOAD_TIMEOUT_MS);
    loaded
      .then(resolve, (error: unknown) => reject(new PageLoadError('failed', { cause: error })))
      .finally(() => clearTimeout(timer));
  });
}

/**
 * Loads a page's code, at most `CHUNK_LOAD_TIMEOUT_MS` (platform-shell.md §9: 120 s): the page, or a
 * `PageLoadError` that says whether the code failed or did not come in time. Each call asks anew, so
 * calling it again is a retry.
 */
export function loadPage<P>(load: () => Promise<unknown>, name: string): Promise<ComponentType<P>> {
  return inTime(moduleOf(load).then((module) => exportedPage<P>(module, name)));
}

/**
 * Loads a chunk that is not a page (the full shell behind the light login) the way `loadPage` loads a
 * page: a failed script is asked for again under a fresh address, and §9's 120 s apply.
 */
export function loadModule<M>(load: () => Promise<M>): Promise<M> {
  // A fresh copy of the script is the same module: it has the type `load` promises.
  return inTime(moduleOf(load) as Promise<M>);
}
