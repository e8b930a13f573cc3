import { messageTemplateEndpoints, type MessageEventKind } from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery } from '@cityops/crud';

/** 消息模板's calls: every event's template (of one type, or all), its edit and its reset. */

const lists = [messageTemplateEndpoints.list];

export const useTemplates = (messageType: number | undefined) =>
  useEndpointQuery(messageTemplateEndpoints.list, { body: messageType ? { messageType } : {} });

export const useUpdateTemplate = () =>
  useEndpointMutation(
    messageTemplateEndpoints.update,
    (body: { eventKind: MessageEventKind; title: string; content: string }) => ({ body }),
    lists,
  );

export const useResetTemplate = () =>
  useEndpointMutation(
    messageTemplateEndpoints.reset,
    (eventKind: MessageEventKind) => ({ body: { eventKind } }),
    lists,
  );
