import { useSyncExternalStore, type ComponentType, type FunctionComponent } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHUNK_LOAD_TIMEOUT_MS } from '@cityops/contract';
import { FailureNotice } from '../FailureNotice.js';
import { PageLoadError, loadPage, type PageExports, type PageLoadFailure, type PropsOf } from './loadPage.js';

type PageCode<P> =
  | { status: 'loading' }
  | { status: 'loaded'; Page: ComponentType<P> }
  | { status: 'failed'; reason: PageLoadFailure };

const LOADING = { status: 'loading' } as const;

export interface LazyPage<P> extends FunctionComponent<P> {
  /** Starts loading the code; settles (never rejects) once the page, or why it cannot show, is known. */
  preload(): Promise<void>;
}

/** Why the page's code is not there, with 重试 to ask for it again. */
function PageLoadFailed({ reason, onRetry }: { reason: PageLoadFailure; onRetry(): void }) {
  const { t } = useTranslation();
  const timedOut = reason === 'timeout';
  return (
    <FailureNotice
      kind={timedOut ? 'timeout' : 'error'}
      title={timedOut ? t('pageLoad.timeoutTitle') : t('pageLoad.failedTitle')}
      text={
        timedOut
          ? t('pageLoad.timeoutText', { seconds: CHUNK_LOAD_TIMEOUT_MS / 1000 })
          : t('pageLoad.failedText')
      }
      action={{ label: t('pageLoad.retry'), onClick: onRetry }}
    />
  );
}

/**
 * A page whose code is a chunk of its own, loaded when it first shows (or on `preload()`), in the
 * shell and in the sub-apps alike. Until the code is in, a spinner; code that fails to load or does
 * not arrive within §9's 120 s shows why, with 重试, instead of a spinner forever. The outcome is
 * kept for every place that shows the page, and 重试 asks again for all of them.
 */
export function lazyPage<M, K extends PageExports<M>>(
  load: () => Promise<M>,
  name: K,
): LazyPage<PropsOf<M[K]>> {
  return pageOfCode(load, name);
}

function pageOfCode<P extends object>(load: () => Promise<unknown>, name: string): LazyPage<P> {
  let code: PageCode<P> = LOADING;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const settle = (next: PageCode<P>) => {
    code = next;
    loading = null;
    for (const listener of listeners) listener();
  };
  const preload = () => {
    if (code.status !== 'loading') return Promise.resolve();
    loading ??= loadPage<P>(load, name).then(
      (Page) => settle({ status: 'loaded', Page }),
      (error: unknown) => {
        console.error(name, error);
        settle({ status: 'failed', reason: error instanceof PageLoadError ? error.reason : 'failed' });
      },
    );
    return loading;
  };
  const retry = () => {
    settle(LOADING);
    void preload();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const current = () => code;

  function LazyLoadedPage(props: P) {
    const shown = useSyncExternalStore(subscribe, current);
    if (shown.status === 'loaded') return <shown.Page {...props} />;
    if (shown.status === 'failed') return <PageLoadFailed reason={shown.reason} onRetry={retry} />;
    void preload();
    return <Spin style={{ display: 'block', marginTop: 64 }} />;
  }
  LazyLoadedPage.displayName = `lazyPage(${name})`;
  return Object.assign(LazyLoadedPage, { preload });
}
