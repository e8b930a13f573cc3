import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { resources } from '../modules/resources/tables.js';
import { roleResources } from '../modules/roles/tables.js';

/** Test helpers over the permission tree and the roles' holdings of it, read straight from the database. */

/** The ids of these resource codes, in the same order (0 for an unknown code). */
export async function resourceIdsOf(db: Database, codes: string[]) {
  const rows = await db
    .select({ id: resources.id, code: resources.code })
    .from(resources)
    .where(inArray(resources.code, codes));
  return codes.map((code) => rows.find((row) => row.code === code)?.id ?? 0);
}

/** The codes a role holds, sorted. */
export async function heldCodes(db: Database, roleId: number) {
  const rows = await db
    .select({ code: resources.code })
    .from(roleResources)
    .innerJoin(resources, eq(resources.id, roleResources.resourceId))
    .where(eq(roleResources.roleId, roleId));
  return rows.map((row) => row.code).sort();
}
