import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserPermissions } from '@cityops/contract';
import { readToken } from '@cityops/client';
import { fetchUserPermissions } from './api';

/**
 * The user session behind a token (platform-shell.md §3): user info, menus and element codes. Keyed by
 * the token, so another tab signing in as someone else (a new `user-Token` cookie) is a new session.
 */
export const SESSION_KEY_ROOT = ['session'] as const;

export const sessionQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...SESSION_KEY_ROOT, token] as const,
    queryFn: ({ signal }) => fetchUserPermissions(signal),
    // Loaded once per token; it changes only by signing in again, which clears the cache.
    staleTime: Infinity,
  });

/** The session's cache key, typed with its data (for `setQueryData`). */
export const sessionKey = (token: string | null) => sessionQuery(token).queryKey;

/**
 * The signed-in user, as the route guard loaded it; null before. It never fetches: the guard does, and
 * handles a failure. When the cookie goes (the server ended the session), the page the user stays on
 * keeps showing who they were until they leave it, as the 确定登出 box promises.
 */
export function useSessionUser(): UserPermissions | null {
  const { data } = useQuery({
    ...sessionQuery(readToken()),
    enabled: false,
    placeholderData: keepPreviousData,
  });
  return data ?? null;
}
