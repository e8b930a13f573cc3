import { z } from 'zod';
import { defineEndpoint, getQuery, noQuery, SESSION } from '../endpoint.js';

/**
 * Column settings of a list (shown, order, width), saved per user on the server so they follow the
 * user to another browser. The order of `columns` is the display order.
 */
export const TABLE_KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
export const tableKeySchema = z.string().regex(TABLE_KEY, 'request.badFormat');

export const columnSettingSchema = z
  .object({
    key: z.string().min(1).max(64),
    visible: z.boolean(),
    width: z.number().int().min(40).max(2000).optional(),
  })
  .strict();
export type ColumnSetting = z.infer<typeof columnSettingSchema>;

export const tableSettingsSchema = z.object({
  tableKey: tableKeySchema,
  columns: z.array(columnSettingSchema).max(100),
});
export type TableSettings = z.infer<typeof tableSettingsSchema>;

export const tableSettingsEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/user/tableSettings',
    access: SESSION,
    query: getQuery({ tableKey: tableKeySchema }),
    body: z.undefined(),
    /** null until the user saves settings for this list. */
    data: tableSettingsSchema.nullable(),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/user/tableSettings/save',
    access: SESSION,
    query: noQuery,
    body: tableSettingsSchema.strict(),
    data: tableSettingsSchema,
  }),
  /** Back to the list's own columns. */
  reset: defineEndpoint({
    method: 'POST',
    path: '/user/tableSettings/reset',
    access: SESSION,
    query: noQuery,
    body: z.object({ tableKey: tableKeySchema }).strict(),
    data: z.null(),
  }),
} as const;
