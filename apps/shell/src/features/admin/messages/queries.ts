import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageEndpoints, type EndpointBody, type Message, type Page } from '@cityops/contract';
import { endpointKey, useCrud, useEndpointMutation } from '@cityops/crud';
import { setUnreadCount } from '../../messageCentre/unreadCount';

/** 消息中心's calls, all to the message centre's own address (`service: 'messageCenter'`). */

export type MessagePageRequest = EndpointBody<typeof messageEndpoints.pageList>;
export type MessageList = Page<Message> & { noReadCount: number };

const lists = [messageEndpoints.pageList];

/**
 * One page of the user's messages, as the kit's table reads a page. Every answer carries the user's
 * whole unread count, which goes to the header's dot at once.
 */
export function useMessagePage(request: MessagePageRequest & { pageNum: number; pageSize: number }) {
  const { http } = useCrud();
  const client = useQueryClient();
  return useQuery({
    queryKey: endpointKey(messageEndpoints.pageList, request),
    queryFn: async ({ signal }): Promise<MessageList> => {
      const page = await http.call(messageEndpoints.pageList, { body: request, signal });
      void setUnreadCount(client, page.noReadCount);
      return {
        list: page.messageList,
        total: page.total,
        pageNum: request.pageNum,
        pageSize: request.pageSize,
        noReadCount: page.noReadCount,
      };
    },
    placeholderData: keepPreviousData,
  });
}

export const useMarkRead = () =>
  useEndpointMutation(
    messageEndpoints.recordDeal,
    (recordIds: number[]) => ({ body: { recordIds, readStatus: true as const } }),
    lists,
  );

export const useReadAll = () => useEndpointMutation(messageEndpoints.readAll, () => ({ body: {} }), lists);
