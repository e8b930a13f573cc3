import {
  dictionaryEndpoints,
  dictListCacheSchema,
  STORAGE_DICT_LIST,
  type Dictionaries,
  type DictionaryItem,
  type DictListCache,
} from '@cityops/contract';
import type { HttpClient } from './httpClient.js';

/**
 * The browser's dictionaries (platform-shell.md §3: "the list is kept in session storage as
 * dictList"): every enabled dictionary with the server's version. Loading asks the server with the
 * version held; an unchanged answer carries no dictionaries and the stored ones are used.
 */

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What `dictList` holds, or null when it is missing or not ours (another version of the app). */
export function readDictList(storage: Store): DictListCache | null {
  try {
    const raw = storage.getItem(STORAGE_DICT_LIST);
    if (raw === null) return null;
    const parsed = dictListCacheSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeDictList(storage: Store, cache: DictListCache) {
  try {
    storage.setItem(STORAGE_DICT_LIST, JSON.stringify(cache));
  } catch {
    // A full or unavailable storage only costs the next page a download.
  }
}

export const clearDictList = (storage: Store) => {
  try {
    storage.removeItem(STORAGE_DICT_LIST);
  } catch {
    // Nothing stored, nothing to clear.
  }
};

/** The dictionaries, fresh from the server unless the stored version is still current. */
export async function loadDictionaries(
  http: Pick<HttpClient, 'call'>,
  storage: Store,
  signal?: AbortSignal,
): Promise<Dictionaries> {
  const held = readDictList(storage);
  const answer = await http.call(dictionaryEndpoints.all, {
    query: held ? { version: held.version } : {},
    quiet: true,
    ...(signal ? { signal } : {}),
  });
  if (answer.dictionaries === null && held) return held.dictionaries;
  const dictionaries = answer.dictionaries ?? {};
  writeDictList(storage, { version: answer.version, dictionaries });
  return dictionaries;
}

/** The name of a coded value, or the code itself when the dictionary does not (or no longer) offer it. */
export function itemNameOf(items: readonly DictionaryItem[] | undefined, code: string): string {
  return items?.find((item) => item.itemCode === code)?.itemName ?? code;
}
