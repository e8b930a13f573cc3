import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';
import { useCrud } from './context.js';
import { readListState, writeListState, type ListRequestSchema } from './listState.js';

export interface ListStateApi<S extends ListRequestSchema> {
  /** The parsed request: paging, sort and filters, ready to send. */
  state: z.output<S>;
  /** Changes part of the state; filters go back to page 1 unless the change names a page. */
  update(change: Partial<z.input<S>>): void;
  /** Back to the defaults (page 1, no filters), keeping the page size and sort. */
  reset(): void;
}

/**
 * A list's request, kept in the address bar of its own page. A page kept alive in a background tab
 * ignores other pages' addresses and keeps the state it had.
 */
export function useListState<S extends ListRequestSchema>(schema: S): ListStateApi<S> {
  const { useListLocation } = useCrud();
  const location = useListLocation();
  const [ownPath] = useState(location.pathname);
  // The page's own address as last seen; kept while another page's address is shown.
  const [kept, setKept] = useState(location.search);
  const ownAddress = location.pathname === ownPath;
  if (ownAddress && location.search !== kept) setKept(location.search);
  const search = ownAddress ? location.search : kept;

  const state = useMemo(() => readListState(schema, search), [schema, search]);
  const { replace } = location;

  const go = useCallback(
    (next: Record<string, unknown>) => {
      const query = writeListState(schema, next);
      replace(query ? `${ownPath}?${query}` : ownPath);
    },
    [schema, replace, ownPath],
  );

  const update = useCallback(
    (change: Partial<z.input<S>>) => {
      const paging = 'pageNum' in change || 'pageSize' in change;
      go({ ...state, ...change, ...(paging ? {} : { pageNum: 1 }) });
    },
    [go, state],
  );

  const reset = useCallback(
    () => go({ pageSize: state.pageSize, sortField: state.sortField, sortOrder: state.sortOrder }),
    [go, state],
  );

  return { state, update, reset };
}
