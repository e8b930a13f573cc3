import { useSyncExternalStore, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Endpoint } from '@cityops/contract';
import { CrudProvider, type CrudEnvironment } from '@cityops/crud';
import { AccessProvider, AppConfigProvider, FeedbackHost } from '@cityops/ui';

/** A stand-in server answering by endpoint path. */
export type FakeServer = Record<string, (input: { query?: unknown; body?: unknown }) => unknown>;

/**
 * One administration page with the CRUD kit around it: a signed-in user holding `elements` (button
 * codes), a real query client, the address in memory, and calls answered by `server`.
 */
export function renderAdminPage(ui: ReactNode, server: FakeServer, elements: string[], path = '/admin') {
  const calls: { path: string; query?: unknown; body?: unknown }[] = [];
  const http: CrudEnvironment['http'] = {
    call: (async (endpoint: Endpoint, options: { query?: unknown; body?: unknown } = {}) => {
      calls.push({ path: endpoint.path, query: options.query, body: options.body });
      const answer = server[endpoint.path];
      if (!answer) throw new Error(`no answer for ${endpoint.path}`);
      return answer(options);
    }) as CrudEnvironment['http']['call'],
    download: () => Promise.reject(new Error('downloads are covered by the browser tests')),
  };
  let address = path;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const replace = (to: string) => {
    address = to;
    for (const listener of listeners) listener();
  };
  function useListLocation() {
    const current = useSyncExternalStore(subscribe, () => address);
    const at = current.indexOf('?');
    return {
      pathname: at < 0 ? current : current.slice(0, at),
      search: at < 0 ? '' : current.slice(at),
      replace,
    };
  }
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <AppConfigProvider>
      <FeedbackHost />
      <QueryClientProvider client={client}>
        <CrudProvider value={{ http, useListLocation }}>
          <AccessProvider elements={elements}>{ui}</AccessProvider>
        </CrudProvider>
      </QueryClientProvider>
    </AppConfigProvider>,
  );
  return { calls, address: () => address };
}

/** A field of a dialog by its form name (a search form may have a field of the same name). */
export function dialogField(dialog: HTMLElement, name: string): HTMLElement {
  const input = [...dialog.querySelectorAll<HTMLElement>('input, textarea')].find(
    (candidate) => candidate.id === name,
  );
  if (!input) throw new Error(`no field ${name}`);
  return input;
}
