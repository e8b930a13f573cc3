import { queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints } from '@cityops/contract';
import { readToken, type HttpClient } from '@cityops/client';
import { useRuntime } from './context.js';

/**
 * The user session behind the shared `user-Token` cookie, as this frame reads it: the menus decide which
 * pages open, the element codes which buttons show. Keyed by the token, like the shell's, so a sign-in
 * as someone else is a new session.
 */
export const permissionsQuery = (http: HttpClient, token: string | null) =>
  queryOptions({
    queryKey: ['session', token] as const,
    queryFn: ({ signal }) => http.call(authEndpoints.userPermissions, { signal }),
    // Once per token: signing out clears the frame's cache (the shell says so over the bridge).
    staleTime: Infinity,
  });

/**
 * The frame user's permissions, loaded on first use while a token exists. With `load: false` it only
 * reads what is there: a public page makes no call.
 */
export function useFramePermissions({ load = true }: { load?: boolean } = {}) {
  const { http } = useRuntime();
  const token = readToken();
  return useQuery({ ...permissionsQuery(http, token), enabled: load && token !== null });
}
