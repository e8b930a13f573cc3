import { BUTTON_CODES } from './buttons.js';
import { z } from 'zod';
import { defineEndpoint, getQuery, noQuery, permission } from '../endpoint.js';
import { defineExport, exportFilter } from '../export.js';
import { parseVideoTime } from '../video.js';
import { idSchema, pageRequestSchema, pageSchema, textFilter } from './paging.js';
import { momentFilter } from './fields.js';

/**
 * logManage (日志管理): the sign-in log and the operation log, read-only. Logs are append-only: no
 * endpoint edits or deletes a row; only the retention purge removes rows older than the retention.
 * Rows carry raw codes (action, module, outcome); the page translates them.
 */

export const LOG_MANAGE = 'logManage';
export const LOG_BUTTONS = BUTTON_CODES.logManage;

/** What the sign-in log records (the server's `operation_log.action`). */
export const SIGN_IN_ACTIONS = [
  'login',
  'logout',
  'login_failed',
  'password_change',
  'locked',
  'ticket_issued',
] as const;
export type SignInAction = (typeof SIGN_IN_ACTIONS)[number];

export const LOG_OUTCOMES = ['success', 'failure'] as const;
export const logOutcomeSchema = z.enum(LOG_OUTCOMES);
export type LogOutcome = z.infer<typeof logOutcomeSchema>;

/** Retention of both logs in days: at least a month, at most ten years. */
export const LOG_RETENTION_MIN_DAYS = 30;
export const LOG_RETENTION_MAX_DAYS = 3650;
export const LOG_RETENTION_DEFAULT_DAYS = 180;
/** The longest time range one search may span. */
export const LOG_RANGE_MAX_MS = 366 * 24 * 3_600_000;

/**
 * Epoch ms of a time filter: ISO 8601 with a zone, or `YYYY-MM-DD HH:mm:ss` read as China time (the
 * same forms the video pages use). Null for anything else.
 */
export const parseLogTime = parseVideoTime;

/** The time range shared by both logs' searches: `from` ≤ time ≤ `to`, either end optional. */
const timeRangeShape = { from: momentFilter, to: momentFilter };

function checkRange(range: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  const from = range.from === undefined ? null : parseLogTime(range.from);
  const to = range.to === undefined ? null : parseLogTime(range.to);
  if (from === null || to === null) return;
  if (to <= from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'field.endAfterStart' });
  else if (to - from > LOG_RANGE_MAX_MS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'log.rangeTooLong' });
}

export const LOG_SORTABLE = ['time'] as const;

// ---- the sign-in log ----

export const signInLogRowSchema = z.object({
  id: z.number().int(),
  time: z.string(),
  account: z.string(),
  userId: z.number().int().nullable(),
  ip: z.string(),
  userAgent: z.string(),
  action: z.enum(SIGN_IN_ACTIONS),
  outcome: logOutcomeSchema,
  /** Why: a SIGN_IN_REASONS code (`wrongPassword`, `ticketPurpose:<purpose>`), shown by signInReasonText. */
  detail: z.string(),
});
export type SignInLogRow = z.infer<typeof signInLogRowSchema>;

export const signInLogFilterShape = {
  account: textFilter(100),
  outcome: logOutcomeSchema.optional(),
  action: z.enum(SIGN_IN_ACTIONS).optional(),
  ip: textFilter(64),
  ...timeRangeShape,
};
export const signInLogListRequestSchema = pageRequestSchema(signInLogFilterShape, LOG_SORTABLE).superRefine(
  checkRange,
);
export type SignInLogListRequest = z.input<typeof signInLogListRequestSchema>;
/** The sign-in log's export: the list's filters and sort without the paging, with the same range check. */
export const signInLogExportSchema = exportFilter(
  pageRequestSchema(signInLogFilterShape, LOG_SORTABLE),
).superRefine(checkRange);
export type SignInLogExport = z.input<typeof signInLogExportSchema>;

// ---- the operation log ----

export const fieldChangeSchema = z.object({
  field: z.string(),
  before: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  after: z.union([z.string(), z.number(), z.boolean()]).nullable(),
});
export type FieldChangeRow = z.infer<typeof fieldChangeSchema>;

export const operationLogRowSchema = z.object({
  id: z.number().int(),
  time: z.string(),
  userId: z.number().int().nullable(),
  account: z.string(),
  ip: z.string(),
  /** The page the operation belongs to: a page code such as `userManage`. */
  module: z.string(),
  /** create, update, delete, … */
  action: z.string(),
  targetId: z.string(),
  targetName: z.string(),
  outcome: logOutcomeSchema,
  detail: z.string(),
  /** How many fields the operation changed; the detail lists them. */
  changeCount: z.number().int(),
});
export type OperationLogRow = z.infer<typeof operationLogRowSchema>;

export const operationLogDetailSchema = operationLogRowSchema.extend({ changes: z.array(fieldChangeSchema) });
export type OperationLogDetail = z.infer<typeof operationLogDetailSchema>;

export const operationLogFilterShape = {
  account: textFilter(100),
  /** A page code, matched exactly. */
  module: textFilter(64),
  /** An action code, matched exactly. */
  action: textFilter(32),
  outcome: logOutcomeSchema.optional(),
  targetName: textFilter(200),
  ...timeRangeShape,
};
export const operationLogListRequestSchema = pageRequestSchema(
  operationLogFilterShape,
  LOG_SORTABLE,
).superRefine(checkRange);
export type OperationLogListRequest = z.input<typeof operationLogListRequestSchema>;
/** The operation log's export: the list's filters and sort without the paging, with the same range check. */
export const operationLogExportSchema = exportFilter(
  pageRequestSchema(operationLogFilterShape, LOG_SORTABLE),
).superRefine(checkRange);
export type OperationLogExport = z.input<typeof operationLogExportSchema>;

// ---- retention ----

export const logRetentionSchema = z.object({
  days: z.coerce.number().int().min(LOG_RETENTION_MIN_DAYS).max(LOG_RETENTION_MAX_DAYS),
});
export type LogRetention = z.infer<typeof logRetentionSchema>;

export const logEndpoints = {
  signInPage: defineEndpoint({
    method: 'POST',
    path: '/sys/log/loginList',
    access: permission(LOG_MANAGE),
    query: noQuery,
    body: signInLogListRequestSchema,
    data: pageSchema(signInLogRowSchema),
  }),
  operationPage: defineEndpoint({
    method: 'POST',
    path: '/sys/log/operationList',
    access: permission(LOG_MANAGE),
    query: noQuery,
    body: operationLogListRequestSchema,
    data: pageSchema(operationLogRowSchema),
  }),
  operationDetail: defineEndpoint({
    method: 'POST',
    path: '/sys/log/operationDetail',
    access: permission(LOG_MANAGE),
    query: noQuery,
    body: z.object({ id: idSchema }).strict(),
    data: operationLogDetailSchema,
  }),
  retention: defineEndpoint({
    method: 'GET',
    path: '/sys/log/retention',
    access: permission(LOG_MANAGE),
    query: getQuery(),
    body: z.undefined(),
    data: logRetentionSchema,
  }),
  saveRetention: defineEndpoint({
    method: 'POST',
    path: '/sys/log/retention',
    access: permission(LOG_BUTTONS.retention),
    query: noQuery,
    body: logRetentionSchema.strict(),
    data: logRetentionSchema,
  }),
} as const;

/** Excel downloads of every row the logs' filters select (logManage_export). */
export const logExports = {
  signIns: defineExport({
    method: 'POST',
    path: '/sys/log/loginExport',
    access: permission(LOG_BUTTONS.export),
    query: noQuery,
    body: signInLogExportSchema,
  }),
  operations: defineExport({
    method: 'POST',
    path: '/sys/log/operationExport',
    access: permission(LOG_BUTTONS.export),
    query: noQuery,
    body: operationLogExportSchema,
  }),
} as const;
