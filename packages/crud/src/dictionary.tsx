import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { itemNameOf, loadDictionaries } from '@cityops/client';
import type { Dictionaries, DictionaryItem } from '@cityops/contract';
import { useCrud } from './context.js';

/**
 * Coded values (alarm states, organization types, ...) by their dictionaries: one download of every
 * enabled dictionary per session, kept in session storage as `dictList` (platform-shell.md §3) and
 * refreshed when the server's version moves on. The HTTP client is the app's (`<CrudProvider>`), so the
 * shell and every sub-app share the one stored list of their tab.
 */

/** The query key of the dictionaries; invalidate it after changing a dictionary. */
export const DICTIONARIES_QUERY_KEY = ['dictionaries'] as const;
/** How long the dictionaries are taken as current before the server is asked (with the version) again. */
export const DICTIONARIES_STALE_MS = 5 * 60_000;

export function useDictionaries() {
  const { http } = useCrud();
  return useQuery<Dictionaries>({
    queryKey: DICTIONARIES_QUERY_KEY,
    queryFn: ({ signal }) => loadDictionaries(http, window.sessionStorage, signal),
    staleTime: DICTIONARIES_STALE_MS,
  });
}

const NONE: DictionaryItem[] = [];

/** The enabled items of one dictionary in display order (empty while loading or for an unknown code). */
export function useDictionary(dicCode: string): { items: DictionaryItem[]; loading: boolean } {
  const query = useDictionaries();
  return { items: query.data?.[dicCode] ?? NONE, loading: query.isPending };
}

/** The name of a coded value; the code itself when the dictionary does not offer it (any more). */
export function DictionaryLabel({ dicCode, value }: { dicCode: string; value: string | null | undefined }) {
  const { items } = useDictionary(dicCode);
  if (value === null || value === undefined || value === '') return null;
  return <>{itemNameOf(items, value)}</>;
}

export type DictionarySelectProps = Omit<SelectProps<string>, 'options' | 'loading'> & { dicCode: string };

/**
 * A select of a dictionary's items. A value no longer offered (a disabled item kept by an old record)
 * still shows, as its code, so saving the form unchanged keeps it.
 */
export function DictionarySelect({ dicCode, value, ...props }: DictionarySelectProps) {
  const { items, loading } = useDictionary(dicCode);
  const options = useMemo(() => {
    const offered = items.map((item) => ({ value: item.itemCode, label: item.itemName }));
    return value && !items.some((item) => item.itemCode === value)
      ? [...offered, { value, label: value }]
      : offered;
  }, [items, value]);
  return <Select<string> {...props} value={value} options={options} loading={loading} />;
}
