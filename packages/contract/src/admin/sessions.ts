import { z } from 'zod';
import { defineEndpoint, noQuery, permission } from '../endpoint.js';
import { idSchema, pageRequestSchema, pageSchema, textFilter } from './paging.js';
import { USER_BUTTONS, USER_MANAGE } from './users.js';

/** Online sessions (a tab of userManage): who is signed in, from where, since when; end one. */
export const onlineSessionSchema = z.object({
  sessionId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  name: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  loginTime: z.string(),
  lastSeenTime: z.string(),
  expiresTime: z.string(),
  /** The caller's own session, which cannot be ended from here. */
  current: z.boolean(),
});
export type OnlineSession = z.infer<typeof onlineSessionSchema>;

export const ONLINE_SORTABLE = ['loginTime', 'lastSeenTime', 'userName'] as const;
export const onlineListRequestSchema = pageRequestSchema(
  { userName: textFilter(50), ip: textFilter(64) },
  ONLINE_SORTABLE,
);
export type OnlineListRequest = z.input<typeof onlineListRequestSchema>;

export const onlineSessionEndpoints = {
  page: defineEndpoint({
    method: 'POST',
    path: '/user/online/list',
    access: permission(USER_MANAGE),
    query: noQuery,
    body: onlineListRequestSchema,
    data: pageSchema(onlineSessionSchema),
  }),
  kick: defineEndpoint({
    method: 'POST',
    path: '/user/online/kick',
    access: permission(USER_BUTTONS.kick),
    query: noQuery,
    body: z.object({ sessionId: idSchema }).strict(),
    data: z.null(),
  }),
} as const;
