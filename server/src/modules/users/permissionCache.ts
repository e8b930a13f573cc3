import type { resources } from '../../db/schema.js';

export type HeldResource = typeof resources.$inferSelect;

interface Entry {
  loadedAt: number;
  rows: Promise<readonly HeldResource[]>;
  codes: Promise<ReadonlySet<string>>;
}

/**
 * What each user holds (their roles' resources and the public ones), read on every signed-in call:
 * kept in memory and dropped whenever an administrator changes users' roles, roles' permissions or
 * the resources (`forget`, from the routes that do). Entries also age out after `ttlMs`, which bounds
 * how long another server instance sharing the database can lag behind such a change. Concurrent
 * callers share one load; the least recently loaded users go first beyond `maxUsers`.
 */
export class PermissionCache {
  private readonly entries = new Map<number, Entry>();

  constructor(
    /** May answer a lazy query (a drizzle builder runs again on every `then`): it is awaited once. */
    private readonly load: (userId: number) => PromiseLike<readonly HeldResource[]>,
    private readonly ttlMs: number,
    private readonly maxUsers = 10_000,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  private entry(userId: number): Entry {
    const now = this.clock();
    const found = this.entries.get(userId);
    if (found && now - found.loadedAt < this.ttlMs) return found;
    const rows = Promise.resolve(this.load(userId));
    const entry: Entry = {
      loadedAt: now,
      rows,
      codes: rows.then((held) => new Set(held.map((row) => row.code.toLowerCase()))),
    };
    // A failed load is not kept. (A load overtaken by a change is gone already: `forget` empties the map.)
    rows.catch(() => {
      if (this.entries.get(userId) === entry) this.entries.delete(userId);
    });
    // Callers see a failure through the promise they await; an unawaited one must not crash the process.
    entry.codes.catch(() => undefined);
    if (this.ttlMs <= 0) return entry;
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    if (this.entries.size > this.maxUsers) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return entry;
  }

  /** Every resource the user holds, parents before children. */
  resources(userId: number): Promise<readonly HeldResource[]> {
    return this.entry(userId).rows;
  }

  /** Whether the user holds the code; codes match ignoring case (spec §6). */
  async holds(userId: number, code: string): Promise<boolean> {
    return (await this.entry(userId).codes).has(code.toLowerCase());
  }

  /** Forgets everything: the next call of every user reads their permissions afresh. */
  forget(): void {
    this.entries.clear();
  }
}
