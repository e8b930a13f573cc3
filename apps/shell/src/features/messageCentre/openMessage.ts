import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { messageEndpoints, type Message } from '@cityops/contract';
import { endpointKey, useCrud } from '@cityops/crud';
import { messageLink } from './messageTypes';

/**
 * Opening a message, from the notifier or the message centre's list: it is marked read (recordDeal)
 * and its page opens. A page the user holds no code for meets the route guard like any typed address
 * (the not-found page), never an empty screen.
 */
export function useOpenMessage(): (message: Message) => void {
  const { http } = useCrud();
  const client = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (message: Message) => {
      if (!message.readStatus)
        void http
          .call(messageEndpoints.recordDeal, { body: { recordIds: [message.id], readStatus: true } })
          .then(() => client.invalidateQueries({ queryKey: endpointKey(messageEndpoints.pageList) }))
          .catch(() => undefined);
      const link = messageLink(message);
      if (link) void navigate(link);
    },
    [http, client, navigate],
  );
}
