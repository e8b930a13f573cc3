import {
  LOG_MANAGE,
  LOG_RETENTION_DEFAULT_DAYS,
  StatusCode,
  type LogRetention,
  type OperationLogDetail,
  type operationLogListRequestSchema,
  type signInLogListRequestSchema,
} from '@cityops/contract';
import type { z } from 'zod';
import type { AppContext } from '../../http/context.js';
import { ApiError } from '../../http/envelope.js';
import { changedFields, recordAudit, type Actor } from './audit.js';
import * as repo from './repository.js';

/** Log management: read the two logs, and the retention setting with its purge. */

type Ctx = Pick<AppContext, 'db' | 'now'>;

export const signInLogs = (ctx: Ctx, request: z.output<typeof signInLogListRequestSchema>) =>
  repo.signInLogPage(ctx.db, request);

export const operationLogs = (ctx: Ctx, request: z.output<typeof operationLogListRequestSchema>) =>
  repo.operationLogPage(ctx.db, request);

export async function operationLogDetail(ctx: Ctx, id: number): Promise<OperationLogDetail> {
  const row = await repo.findOperationLog(ctx.db, id);
  if (!row) throw new ApiError(StatusCode.REJECTED, 'admin.notFound');
  return row;
}

export async function retention(ctx: Pick<AppContext, 'db'>): Promise<LogRetention> {
  return { days: (await repo.readRetentionDays(ctx.db)) ?? LOG_RETENTION_DEFAULT_DAYS };
}

/** Saves the retention, logged as an operation of logManage; the next purge applies it. */
export async function saveRetention(ctx: Ctx, actor: Actor, days: number): Promise<LogRetention> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = (await repo.readRetentionDays(tx)) ?? LOG_RETENTION_DEFAULT_DAYS;
    await repo.saveRetentionDays(tx, days, now);
    await recordAudit(tx, actor, now, {
      module: LOG_MANAGE,
      action: 'retention',
      targetId: repo.RETENTION_KEY,
      targetName: repo.RETENTION_KEY,
      changes: changedFields({ retentionDays: before }, { retentionDays: days }, ['retentionDays']),
    });
  });
  return { days };
}

const DAY_MS = 24 * 3_600_000;

/**
 * Deletes the rows of both logs older than the retention (counted back from now). The only code that
 * ever deletes log rows; run at start-up and then daily (`startLogPurge`).
 */
export async function purgeOldLogs(ctx: Pick<AppContext, 'db' | 'now'>) {
  const { days } = await retention(ctx);
  return repo.purgeBefore(ctx.db, new Date(ctx.now().getTime() - days * DAY_MS));
}

export interface PurgeLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Purges at once, then every `hours`; answers the function that stops the timer. The timer does not
 * keep the process alive. A failed purge is logged and tried again at the next turn.
 */
export function startLogPurge(
  ctx: Ctx,
  log: PurgeLog,
  hours: number,
): { stop(): void; first: Promise<void> } {
  const purge = async () => {
    try {
      const removed = await purgeOldLogs(ctx);
      if (removed.signIns + removed.operations > 0) log.info(removed, 'old log rows purged');
    } catch (error) {
      log.error({ err: error }, 'log purge failed');
    }
  };
  // The first purge runs beside start-up rather than before it: a large backlog must not hold the
  // server back from answering.
  const first = purge();
  const timer = setInterval(() => void purge(), hours * 3_600_000);
  timer.unref();
  return { stop: () => clearInterval(timer), first };
}
