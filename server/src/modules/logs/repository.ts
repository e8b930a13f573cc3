import {
  parseLogTime,
  type OperationLogDetail,
  type OperationLogRow,
  type operationLogListRequestSchema,
  type SignInLogRow,
  type signInLogListRequestSchema,
} from '@cityops/contract';
import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { containing, pageOf, totalOver } from '../../db/paging.js';
import { systemSettings } from '../settings/tables.js';
import { auditLog, operationLog } from './tables.js';

/** The only drizzle queries of log management. Nothing here edits a log row; only `purgeBefore` deletes. */

type SignInListRequest = z.output<typeof signInLogListRequestSchema>;
type OperationListRequest = z.output<typeof operationLogListRequestSchema>;
type Paging = 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder';
/** The filters of a search or an export; any left out do not filter. */
export type SignInLogFilter = Partial<Omit<SignInListRequest, Paging>>;
export type OperationLogFilter = Partial<Omit<OperationListRequest, Paging>>;

/** A time filter as a Date; the contract has already refused what it cannot read. */
const timeOf = (value: string | undefined) => {
  const ms = value === undefined ? null : parseLogTime(value);
  return ms === null ? undefined : new Date(ms);
};

// ---- the sign-in log ----

const signInColumns = {
  id: operationLog.id,
  time: operationLog.time,
  account: operationLog.account,
  userId: operationLog.userId,
  ip: operationLog.ip,
  userAgent: operationLog.userAgent,
  action: operationLog.action,
  outcome: operationLog.outcome,
  detail: operationLog.detail,
};
type SignInSelected = { time: Date } & Omit<SignInLogRow, 'time'>;
const toSignInRow = (row: SignInSelected): SignInLogRow => ({ ...row, time: row.time.toISOString() });

function signInWhere(filter: SignInLogFilter): SQL | undefined {
  const from = timeOf(filter.from);
  const to = timeOf(filter.to);
  return and(
    filter.account ? ilike(operationLog.account, containing(filter.account)) : undefined,
    filter.outcome ? eq(operationLog.outcome, filter.outcome) : undefined,
    filter.action ? eq(operationLog.action, filter.action) : undefined,
    filter.ip ? ilike(operationLog.ip, containing(filter.ip)) : undefined,
    from ? gte(operationLog.time, from) : undefined,
    to ? lte(operationLog.time, to) : undefined,
  );
}

export function signInLogPage(db: Database, request: SignInListRequest) {
  const where = signInWhere(request);
  const direction = request.sortOrder === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) =>
      db
        .select({ ...signInColumns, total: totalOver })
        .from(operationLog)
        .where(where)
        .orderBy(direction(operationLog.time), direction(operationLog.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.$count(operationLog, where)) ?? 0,
    ({ total: _total, ...row }) => toSignInRow(row),
  );
}

// ---- the operation log ----

const operationColumns = {
  id: auditLog.id,
  time: auditLog.time,
  userId: auditLog.userId,
  account: auditLog.account,
  ip: auditLog.ip,
  module: auditLog.module,
  action: auditLog.action,
  targetId: auditLog.targetId,
  targetName: auditLog.targetName,
  outcome: auditLog.outcome,
  detail: auditLog.detail,
  changeCount: sql<number>`cast(jsonb_array_length(${auditLog.changes}) as integer)`.mapWith(Number),
};
type OperationSelected = { time: Date } & Omit<OperationLogRow, 'time'>;
const toOperationRow = (row: OperationSelected): OperationLogRow => ({
  ...row,
  time: row.time.toISOString(),
});

function operationWhere(filter: OperationLogFilter): SQL | undefined {
  const from = timeOf(filter.from);
  const to = timeOf(filter.to);
  return and(
    filter.account ? ilike(auditLog.account, containing(filter.account)) : undefined,
    filter.module ? eq(auditLog.module, filter.module) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.outcome ? eq(auditLog.outcome, filter.outcome) : undefined,
    filter.targetName ? ilike(auditLog.targetName, containing(filter.targetName)) : undefined,
    from ? gte(auditLog.time, from) : undefined,
    to ? lte(auditLog.time, to) : undefined,
  );
}

export function operationLogPage(db: Database, request: OperationListRequest) {
  const where = operationWhere(request);
  const direction = request.sortOrder === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) =>
      db
        .select({ ...operationColumns, total: totalOver })
        .from(auditLog)
        .where(where)
        .orderBy(direction(auditLog.time), direction(auditLog.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.$count(auditLog, where)) ?? 0,
    ({ total: _total, ...row }) => toOperationRow(row),
  );
}

export async function findOperationLog(db: Database, id: number): Promise<OperationLogDetail | null> {
  const [row] = await db
    .select({ ...operationColumns, changes: auditLog.changes })
    .from(auditLog)
    .where(eq(auditLog.id, id));
  return row ? { ...toOperationRow(row), changes: row.changes } : null;
}

// ---- export: every matching row, newest id first, read in id batches ----

/** Rows read per query of an export. */
export const EXPORT_BATCH = 1000;

/**
 * Keyset batches over a log, newest id first: `where id < last order by id desc limit size`, so a
 * long export never holds more than one batch and rows appended meanwhile do not shift it.
 */
async function* keysetBatches<Row extends { id: number }>(
  fetch: (before: number | undefined, limit: number) => Promise<Row[]>,
  size: number,
): AsyncGenerator<Row[]> {
  let before: number | undefined;
  for (;;) {
    const rows = await fetch(before, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    before = rows[rows.length - 1]?.id;
  }
}

export function loginLogBatches(db: Database, filter: SignInLogFilter, size = EXPORT_BATCH) {
  const where = signInWhere(filter);
  return keysetBatches(
    async (before, limit) =>
      (
        await db
          .select(signInColumns)
          .from(operationLog)
          .where(and(where, before === undefined ? undefined : lt(operationLog.id, before)))
          .orderBy(desc(operationLog.id))
          .limit(limit)
      ).map(toSignInRow),
    size,
  );
}

export function operationLogBatches(db: Database, filter: OperationLogFilter, size = EXPORT_BATCH) {
  const where = operationWhere(filter);
  return keysetBatches(
    async (before, limit) =>
      (
        await db
          .select({ ...operationColumns, changes: auditLog.changes })
          .from(auditLog)
          .where(and(where, before === undefined ? undefined : lt(auditLog.id, before)))
          .orderBy(desc(auditLog.id))
          .limit(limit)
      ).map((row): OperationLogDetail => ({ ...toOperationRow(row), changes: row.changes })),
    size,
  );
}

/** The sign-in log rows of an export (the data source of the Excel export), one by one. */
export async function* loginLogRows(db: Database, filter: SignInLogFilter): AsyncGenerator<SignInLogRow> {
  for await (const batch of loginLogBatches(db, filter)) yield* batch;
}

/** The operation log rows of an export, with their changes, one by one. */
export async function* operationLogRows(
  db: Database,
  filter: OperationLogFilter,
): AsyncGenerator<OperationLogDetail> {
  for await (const batch of operationLogBatches(db, filter)) yield* batch;
}

// ---- retention ----

export const RETENTION_KEY = 'logs.retentionDays';

export async function readRetentionDays(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, RETENTION_KEY));
  return typeof row?.value === 'number' ? row.value : null;
}

export async function saveRetentionDays(db: Database, days: number, now: Date) {
  await db
    .insert(systemSettings)
    .values({ key: RETENTION_KEY, value: days, updatedAt: now })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value: days, updatedAt: now } });
}

/** Rows deleted per statement of a purge: short locks, and a bounded answer however large the backlog. */
const PURGE_BATCH = 5000;

/** Deletes the rows of both logs older than `cutoff`: the only deletion of log rows there is. */
export async function purgeBefore(db: Database, cutoff: Date) {
  const purge = async (table: typeof operationLog | typeof auditLog) => {
    let removed = 0;
    for (;;) {
      const old = db.select({ id: table.id }).from(table).where(lt(table.time, cutoff)).limit(PURGE_BATCH);
      const gone = await db.delete(table).where(inArray(table.id, old)).returning({ id: table.id });
      removed += gone.length;
      if (gone.length < PURGE_BATCH) return removed;
    }
  };
  return { signIns: await purge(operationLog), operations: await purge(auditLog) };
}
