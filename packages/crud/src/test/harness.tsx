import { useSyncExternalStore, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Endpoint } from '@cityops/contract';
import { isApiError } from '@cityops/client';
import { AccessProvider, AppConfigProvider, FeedbackHost, showMessage } from '@cityops/ui';
import { CrudProvider, type CrudEnvironment, type ListLocation } from '../context.js';

/**
 * The kit around a component under test: a real query client, an address bar in memory, and a stand-in
 * for the server that answers by endpoint path (the server is outside what these tests cover; the API
 * tests and the browser tests cover it for real). An answer that throws an ApiError is a refusal.
 */
export type FakeServer = Record<string, (input: { query?: unknown; body?: unknown }) => unknown>;

export interface KitOptions {
  server: FakeServer;
  path?: string;
  /** The signed-in user's button and element codes, for `useCan` and `<Can>`. */
  elements?: string[];
}

export function renderWithKit(ui: ReactNode, { server, path = '/list', elements = [] }: KitOptions) {
  let address = path;
  const listeners = new Set<() => void>();
  const history: string[] = [path];
  const memory = {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => address,
    replace: (to: string) => {
      address = to;
      history[history.length - 1] = to;
      for (const listener of listeners) listener();
    },
  };
  function useListLocation(): ListLocation {
    const current = useSyncExternalStore(memory.subscribe, memory.get);
    const at = current.indexOf('?');
    return {
      pathname: at < 0 ? current : current.slice(0, at),
      search: at < 0 ? '' : current.slice(at),
      replace: memory.replace,
    };
  }
  const calls: { path: string; query?: unknown; body?: unknown }[] = [];
  const http: CrudEnvironment['http'] = {
    call: (async (endpoint: Endpoint, options: { query?: unknown; body?: unknown; quiet?: boolean } = {}) => {
      calls.push({ path: endpoint.path, query: options.query, body: options.body });
      const answer = server[endpoint.path];
      if (!answer) throw new Error(`no answer for ${endpoint.path}`);
      try {
        return await answer(options);
      } catch (error) {
        // As the client does: a refusal (an ApiError thrown by the answer) is said in the message bar
        // unless the caller reports it itself.
        if (isApiError(error) && error.kind === 'status' && !options.quiet)
          showMessage('FAIL', error.message);
        throw error;
      }
    }) as CrudEnvironment['http']['call'],
    // An export is recorded like a call and saved as nothing; the file itself is the API tests' and browser tests'.
    download: (async (endpoint: Endpoint, options: { query?: unknown; body?: unknown } = {}) => {
      calls.push({ path: endpoint.path, query: options.query, body: options.body });
      return { fileName: 'export.xlsx', size: 0 };
    }) as CrudEnvironment['http']['download'],
    downloadFile: () => Promise.reject(new Error('downloads are covered by the browser tests')),
    // A stored file is answered like a call whose query is the path's parameters; the answer is its bytes.
    fetchFile: (async (endpoint: Endpoint, options: { params: unknown }) => {
      calls.push({ path: endpoint.path, query: options.params });
      const answer = server[endpoint.path];
      if (!answer) throw new Error(`no answer for ${endpoint.path}`);
      return new Blob([String(await answer({ query: options.params }))]);
    }) as CrudEnvironment['http']['fetchFile'],
    // An upload is answered like a call whose body is the form's fields (the file as its name and size).
    upload: (async (endpoint: Endpoint, options: { body?: object; file: File }) => {
      const body = { ...options.body, file: { name: options.file.name, size: options.file.size } };
      calls.push({ path: endpoint.path, body });
      const answer = server[endpoint.path];
      if (!answer) throw new Error(`no answer for ${endpoint.path}`);
      return answer({ body });
    }) as CrudEnvironment['http']['upload'],
  };
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <AppConfigProvider>
      <FeedbackHost />
      <QueryClientProvider client={client}>
        <CrudProvider value={{ http, useListLocation }}>
          <AccessProvider elements={elements}>{ui}</AccessProvider>
        </CrudProvider>
      </QueryClientProvider>
    </AppConfigProvider>,
  );
  return { ...view, calls, address: () => memory.get(), navigate: memory.replace, history };
}
export { FakeWebSocket } from './fakeSocket.js';
export { alarmRow } from './rows.js';
