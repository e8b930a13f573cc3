import { PROJECT } from '@cityops/contract';
import type { Database } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';
import { changedFields, recordAudit, type Actor } from '../logs/audit.js';

/** What one change wrote: the record's id and its versions before and after (null: there was none). */
export interface Written<B, A> {
  id: number;
  before: B;
  after: A;
}

/** A kind of record the project page changes: the fields its log rows compare, and its name. */
export interface Logged<R extends object> {
  fields: readonly (keyof R & string)[];
  nameOf: (record: R) => string;
  /** The page code its log rows name; the project page's when not given. */
  module?: string;
}

/**
 * One change of the project page (or another admin page) in one transaction, with its operation-log row: `work` makes the
 * change (a refusal thrown inside leaves nothing written) and answers what it wrote.
 */
export function loggedChange<R extends object, B extends R | null, A extends R | null>(
  ctx: Pick<AppContext, 'db' | 'now'>,
  actor: Actor,
  action: string,
  kind: Logged<R>,
  work: (tx: Database, now: Date) => Promise<Written<B, A>>,
): Promise<A> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { id, before, after } = await work(tx, now);
    const target: R | null = after ?? before;
    await recordAudit(tx, actor, now, {
      module: kind.module ?? PROJECT,
      action,
      targetId: id,
      targetName: target ? kind.nameOf(target) : '',
      changes: changedFields<R>(before, after, kind.fields),
    });
    return after;
  });
}
