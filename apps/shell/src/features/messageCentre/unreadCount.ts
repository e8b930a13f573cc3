import { useQuery, type QueryClient } from '@tanstack/react-query';
import { messageEndpoints, PUSH_FALLBACK_POLL_MS } from '@cityops/contract';
import { endpointKey, useCrud, type CrudEnvironment } from '@cityops/crud';

/**
 * The unread count behind the header's dot. It lives under the message list's own key (the page's
 * lists are `[pageList path, request]`), so whatever refreshes the list refreshes the dot, and each
 * answer of the list (its `noReadCount`) is written here at once. The push sets it otherwise.
 */
export const UNREAD_COUNT_KEY = [...endpointKey(messageEndpoints.pageList), 'noReadCount'] as const;

/** A newer count; a poll still under way is called off first, or it would answer after with an older one. */
export async function setUnreadCount(client: QueryClient, count: number): Promise<void> {
  await client.cancelQueries({ queryKey: UNREAD_COUNT_KEY, exact: true });
  client.setQueryData<number>(UNREAD_COUNT_KEY, count);
}

/** Quiet: a failed count is not worth a message; the dot keeps its last answer. */
const fetchUnreadCount = async (http: CrudEnvironment['http'], signal: AbortSignal) =>
  (await http.call(messageEndpoints.pageList, { body: { pageNum: 1, pageSize: 1 }, quiet: true, signal }))
    .noReadCount;

/** The count as last heard; never asks the server itself. */
export function useUnreadCount(): number {
  const { http } = useCrud();
  const { data } = useQuery<number>({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: ({ signal }) => fetchUnreadCount(http, signal),
    enabled: false,
  });
  return data ?? 0;
}

/**
 * Asks the server for the count while the push cannot deliver it: at once, then every
 * PUSH_FALLBACK_POLL_MS, and only while the page is visible. Nothing while the push is healthy.
 */
export function useUnreadFallbackPoll(polling: boolean): void {
  const { http } = useCrud();
  useQuery<number>({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: ({ signal }) => fetchUnreadCount(http, signal),
    enabled: polling,
    refetchInterval: polling ? PUSH_FALLBACK_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
}
