import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/connection.js';
import { signedIn } from '../../http/route.js';
import type { SessionInfo } from '../auth/sessions.js';
import { auditLog, type FieldChange, type Outcome } from './tables.js';

/** Who acts: the signed-in user of a request, and where from. */
export interface Actor {
  userId: number;
  account: string;
  sessionId: number;
  ip: string;
}

export const actorOf = (session: SessionInfo, request: FastifyRequest): Actor => ({
  userId: session.userId,
  account: session.userName,
  sessionId: session.id,
  ip: request.ip.slice(0, 64),
});

/** The signed-in user acting in a route's input (10401 without a session). */
export const actorOfInput = (input: { session: SessionInfo | null; request: FastifyRequest }) =>
  actorOf(signedIn(input), input.request);

/** The id of the signed-in user of a route's input. */
export const userOfInput = (input: { session: SessionInfo | null }) => signedIn(input).userId;

export interface AuditEntry {
  /** The page the operation belongs to (its resource code), e.g. `userManage`. */
  module: string;
  action: string;
  targetId?: string | number;
  targetName?: string;
  outcome?: Outcome;
  /** Why, for refusals; never a password or token. */
  detail?: string;
  changes?: FieldChange[];
}

type Loggable = FieldChange['before'];
const loggable = (value: unknown): Loggable => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
};

/**
 * The fields whose values differ between two versions of a record, for the operation log. Arrays
 * compare as sets of their items' text (role ids in any order are the same roles).
 */
export function changedFields<T extends object>(
  before: T | null,
  after: T | null,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  const normal = (record: T | null, field: keyof T & string) => {
    const value: unknown = record ? record[field] : null;
    return Array.isArray(value) ? loggable(value.map((item) => loggable(item)).sort()) : loggable(value);
  };
  return fields
    .map((field) => ({ field, before: normal(before, field), after: normal(after, field) }))
    .filter((change) => change.before !== change.after);
}

/** Appends one row of the operation log; inside the caller's transaction when given one. */
export async function recordAudit(db: Database, actor: Actor, time: Date, entry: AuditEntry) {
  await db.insert(auditLog).values({
    time,
    userId: actor.userId,
    account: actor.account.slice(0, 100),
    ip: actor.ip,
    module: entry.module,
    action: entry.action,
    targetId: String(entry.targetId ?? '').slice(0, 64),
    targetName: (entry.targetName ?? '').slice(0, 200),
    outcome: entry.outcome ?? 'success',
    detail: (entry.detail ?? '').slice(0, 500),
    changes: entry.changes ?? [],
  });
}
