import type { QueryClient } from '@tanstack/react-query';
import { findRouteByPath } from '@cityops/contract';
import { loadDictionaries, readToken } from '@cityops/client';
import { DICTIONARIES_QUERY_KEY, type CrudEnvironment } from '@cityops/crud';
import { fetchUserPermissions } from '../auth/api';
import { sessionKey } from '../auth/queries';
import { menuOf } from '../menu/userMenu';
import { useTabs } from '../tabs/tabStore';

/**
 * What an administrator changed for this user, pushed instead of waiting for the next sign-in.
 */

/**
 * Roles or permissions changed: the session (menus and element codes) is read again and replaces the
 * cached one, so the menus and `useCan` follow at once. The route guard then sends a page the user
 * just lost to the not-found page, as for a typed address; background tabs of lost pages close.
 */
export async function refreshAccess(client: QueryClient): Promise<void> {
  const token = readToken();
  if (token === null) return;
  let session;
  try {
    session = await fetchUserPermissions();
  } catch {
    // A session that ended is told by the next call the user makes (platform-shell.md §8).
    return;
  }
  if (readToken() !== token) return;
  client.setQueryData(sessionKey(token), session);
  const enabled = menuOf(session.menus).enabledPaths;
  const tabs = useTabs.getState();
  for (const tab of tabs.tabs) {
    const route = findRouteByPath(tab.path);
    const lost = route?.access === 'permission' && !enabled.has(route.path);
    if (lost && tab.code !== tabs.activeCode) useTabs.getState().close(tab.code);
  }
}

/** A dictionary changed: `dictList` is read again (with the version held, so only what changed comes). */
export async function reloadDictionaries(client: QueryClient, http: CrudEnvironment['http']): Promise<void> {
  await client
    .fetchQuery({
      queryKey: DICTIONARIES_QUERY_KEY,
      queryFn: ({ signal }) => loadDictionaries(http, window.sessionStorage, signal),
      staleTime: 0,
    })
    .catch(() => undefined);
}
