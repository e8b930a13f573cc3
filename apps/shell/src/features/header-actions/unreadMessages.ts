import { useQuery } from '@tanstack/react-query';
import { messageEndpoints } from '@cityops/contract';
import { http } from '../../app/http';

/** How often the unread count is asked for while the page is visible. */
export const UNREAD_POLL_MS = 60_000;

/**
 * The unread count behind the header's dot. Polls every 60 s, and only while the page is visible
 * (TanStack Query pauses interval refetches in a background tab). Quiet: a failed poll is not worth
 * a message; the dot keeps its last answer.
 */
export function useUnreadCount(enabled: boolean): number {
  const { data } = useQuery({
    queryKey: ['messages', 'unreadCount'],
    queryFn: ({ signal }) =>
      http.call(messageEndpoints.pageList, { body: { pageNum: 1, pageSize: 1 }, quiet: true, signal }),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    select: (page) => page.noReadCount,
  });
  return data ?? 0;
}
