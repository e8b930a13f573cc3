import { SYSTEM_NAMES } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { ReadCache } from '../../db/readCache.js';
import { resources } from '../../db/schema.js';

type Resource = typeof resources.$inferSelect;

/** The platform itself: always served, so an administrator can always reach the licence pages. */
const ALWAYS_SERVED = 'admin';
const SYSTEMS: ReadonlySet<string> = new Set(Object.keys(SYSTEM_NAMES));

/** Each resource's system: the code of its root, when that root is one of the systems. */
export async function resourceSystems(db: Database): Promise<ReadonlyMap<number, string>> {
  const rows = await db
    .select({ id: resources.id, parentId: resources.parentId, code: resources.code })
    .from(resources);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const systems = new Map<number, string>();
  const rootOf = (id: number, seen = new Set<number>()): string | null => {
    const known = systems.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id);
    if (!row || seen.has(id)) return null;
    seen.add(id);
    return row.parentId === null ? row.code : rootOf(row.parentId, seen);
  };
  for (const row of rows) {
    const root = rootOf(row.id);
    if (root !== null && SYSTEMS.has(root)) systems.set(row.id, root);
  }
  return systems;
}

/**
 * The resources' systems, read once and kept until the resources change (`forget`, with the
 * permission cache) or the cache period passes (another instance may have changed them): every user's
 * permission load needs the map, and the table changes rarely.
 */
export const resourceSystemsCache = (db: Database, ttlMs: number, clock?: () => number) =>
  new ReadCache(() => resourceSystems(db), ttlMs, clock);

/**
 * What a user holds that the licence serves: a resource of a system the licence does not open is
 * dropped (its menus vanish and every call needing its codes answers 10500). Resources outside the
 * systems (public ones, for instance) and the platform's own administration always stay.
 */
export function withinLicence<Row extends Pick<Resource, 'id'>>(
  rows: readonly Row[],
  systems: ReadonlyMap<number, string>,
  modules: ReadonlySet<string>,
): Row[] {
  return rows.filter((row) => {
    const system = systems.get(row.id);
    return system === undefined || system === ALWAYS_SERVED || modules.has(system);
  });
}

/**
 * Whether the licence serves the resource with `code` (withinLicence's rule for one code): its system
 * is open, or it is the platform's own, or it belongs to no system. A code no resource has is served.
 */
export async function codeWithinLicence(
  db: Database,
  code: string,
  modules: ReadonlySet<string>,
): Promise<boolean> {
  const result = await db.execute<{ code: string }>(sql`
    with recursive up(id, parent_id, code) as (
      select id, parent_id, code from ${resources} where lower(code) = lower(${code})
      union
      select r.id, r.parent_id, r.code from ${resources} r join up on r.id = up.parent_id
    ) select code from up where parent_id is null`);
  const roots = ((result as { rows?: { code: string }[] }).rows ?? []).map((row) => row.code);
  return roots.every((root) => !SYSTEMS.has(root) || root === ALWAYS_SERVED || modules.has(root));
}
