import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/connection.js';
import { operationLog, type Operation, type Outcome } from '../../db/schema.js';
import type { AppContext } from '../../http/context.js';

export interface OperationEntry {
  account: string;
  userId?: number | null;
  action: Operation;
  outcome: Outcome;
  /** Why, in plain words for the log page; never a password or token. */
  detail?: string;
}

/** Writes one row of the operation log (sign-in, sign-out, failures, locks, password changes). */
export async function recordOperation(
  ctx: Pick<AppContext, 'now'> & { db: Database },
  request: FastifyRequest,
  entry: OperationEntry,
) {
  await ctx.db.insert(operationLog).values({
    time: ctx.now(),
    account: entry.account.slice(0, 100),
    userId: entry.userId ?? null,
    ip: request.ip.slice(0, 64),
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
    action: entry.action,
    outcome: entry.outcome,
    detail: (entry.detail ?? '').slice(0, 500),
  });
}
