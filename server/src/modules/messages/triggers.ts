import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { messageTriggers } from '../../db/schema.js';

/**
 * Claims `key` for the caller: true the first time anywhere (on any instance, before or after any
 * restart), false once someone has it. Producers that watch a state claim before they speak.
 */
export async function claimTrigger(db: Database, key: string, now: Date): Promise<boolean> {
  const claimed = await db
    .insert(messageTriggers)
    .values({ key, firedAt: now })
    .onConflictDoNothing()
    .returning({ key: messageTriggers.key });
  return claimed.length > 0;
}

/** Gives `key` up, so the next claim succeeds again (the state it watched is over). */
export async function releaseTrigger(db: Database, key: string): Promise<void> {
  await db.delete(messageTriggers).where(eq(messageTriggers.key, key));
}

/**
 * Claims `key` and, the first time, runs `speak`; if that fails the claim is given up again so a
 * later try can say it.
 */
export async function onceFor<T>(
  db: Database,
  key: string,
  now: Date,
  speak: () => Promise<T>,
): Promise<T | null> {
  if (!(await claimTrigger(db, key, now))) return null;
  try {
    return await speak();
  } catch (error) {
    await releaseTrigger(db, key).catch(() => undefined);
    throw error;
  }
}
