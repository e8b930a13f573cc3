import { z } from 'zod';
import { defineEndpoint, noQuery, permission } from './endpoint.js';
import { MSG_PAGE_CODE } from './permissions.js';

export const messageSchema = z.object({
  id: z.number().int(),
  /** 1-9, platform-shell.md §9. */
  messageType: z.number().int().min(1).max(9),
  messageContent: z.string(),
  createTime: z.string(),
  notifyTime: z.string().nullable(),
  readStatus: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagePageRequestSchema = z.object({
  pageNum: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(15),
  readStatus: z.boolean().optional(),
  messageType: z.number().int().min(1).max(9).optional(),
});

export const messagePageSchema = z.object({
  messageList: z.array(messageSchema),
  noReadCount: z.number().int().min(0),
  total: z.number().int().min(0),
});

/** Message centre calls (platform-shell.md §7 Messages); all need the msg_page permission. */
export const messageEndpoints = {
  pageList: defineEndpoint({
    method: 'POST',
    path: '/sys/message/pageList',
    access: permission(MSG_PAGE_CODE),
    query: noQuery,
    body: messagePageRequestSchema,
    data: messagePageSchema,
  }),
  recordDeal: defineEndpoint({
    method: 'POST',
    path: '/sys/message/recordDeal',
    access: permission(MSG_PAGE_CODE),
    query: noQuery,
    body: z.object({
      recordIds: z.array(z.number().int()).min(1).max(1000),
      readStatus: z.literal(true),
    }),
    data: z.object({ updated: z.number().int() }),
  }),
} as const;
