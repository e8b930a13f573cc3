import {
  ALLOWLIST_DEVICE_TYPE,
  type AllowlistEntry,
  type AllowlistGateway,
  type allowlistEntryListRequestSchema,
  type allowlistGatewayListRequestSchema,
} from '@cityops/contract';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { containing, pageOf, totalOver } from '../../db/paging.js';
import type { ProjectScope } from '../devices/repository.js';
import { devices, products } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { gatewayAllowlist as entries, gatewayAllowlistSync as syncs } from './tables.js';

/** The only drizzle queries of gateway allowlists (white). */

const entryCount =
  sql<number>`(select cast(count(*) as integer) from ${entries} where ${entries.gatewayId} = ${devices.id})`.mapWith(
    Number,
  );

const gatewayColumns = {
  gatewayId: devices.id,
  name: devices.name,
  deviceKey: devices.deviceKey,
  projectId: devices.projectId,
  projectName: projects.name,
  online: devices.online,
  entries: entryCount,
  revision: sql<number>`coalesce(${syncs.revision}, 0)`.mapWith(Number),
  syncedRevision: syncs.syncedRevision,
  syncedAt: syncs.syncedAt,
  lastError: sql<string>`coalesce(${syncs.lastError}, '')`,
};

const selectGateways = (db: Database) =>
  db
    .select({ ...gatewayColumns, total: totalOver })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .innerJoin(projects, eq(projects.id, devices.projectId))
    .leftJoin(syncs, eq(syncs.gatewayId, devices.id));
type GatewaySelected = Awaited<ReturnType<typeof selectGateways>>[number];

const toGateway = ({ syncedAt, total: _total, ...row }: GatewaySelected): AllowlistGateway => ({
  ...row,
  syncedAt: syncedAt?.toISOString() ?? null,
  state: row.syncedRevision === row.revision ? 'synced' : row.lastError === '' ? 'pending' : 'failed',
});

const isGateway = eq(products.typeCode, ALLOWLIST_DEVICE_TYPE);
const inScope = (scope: ProjectScope) =>
  scope === null ? undefined : inArray(devices.projectId, [...scope, 0]);

export function gatewayPage(
  db: Database,
  request: z.output<typeof allowlistGatewayListRequestSchema>,
  scope: ProjectScope,
) {
  const keyword = request.keyword ? containing(request.keyword) : null;
  const where: SQL | undefined = and(
    isGateway,
    inScope(scope),
    request.projectId === undefined ? undefined : eq(devices.projectId, request.projectId),
    keyword ? or(ilike(devices.name, keyword), ilike(devices.deviceKey, keyword)) : undefined,
  );
  const direction = request.sortOrder === 'desc' ? desc : asc;
  return pageOf(
    request,
    (limit, offset) =>
      selectGateways(db)
        .where(where)
        .orderBy(direction(devices.name), asc(devices.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await db
        .select({ n: sql<number>`cast(count(*) as integer)`.mapWith(Number) })
        .from(devices)
        .innerJoin(products, eq(products.id, devices.productId))
        .where(where);
      return row?.n ?? 0;
    },
    toGateway,
  );
}

/** One gateway with its state; null when there is no such device or it is no gateway. */
export async function findGateway(db: Database, gatewayId: number): Promise<AllowlistGateway | null> {
  const [row] = await selectGateways(db).where(and(isGateway, eq(devices.id, gatewayId)));
  return row ? toGateway(row) : null;
}

/** Serialises the changes of one gateway's list (the count limit and the revision). */
export async function lockGateway(db: Database, gatewayId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('gateway_allowlist'), ${gatewayId})`);
}

const entryColumns = {
  entryId: entries.id,
  gatewayId: entries.gatewayId,
  address: entries.address,
  name: entries.name,
  remarks: entries.remarks,
  editor: entries.editor,
  createdAt: entries.createdAt,
};

const ENTRY_SORT = { address: entries.address, createdAt: entries.createdAt } as const;

export function entryPage(db: Database, request: z.output<typeof allowlistEntryListRequestSchema>) {
  const keyword = request.keyword ? containing(request.keyword) : null;
  const where = and(
    eq(entries.gatewayId, request.gatewayId),
    keyword ? or(ilike(entries.address, keyword), ilike(entries.name, keyword)) : undefined,
  );
  const column = ENTRY_SORT[request.sortField ?? 'createdAt'];
  const direction = (request.sortOrder ?? (request.sortField ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) =>
      db
        .select({ ...entryColumns, total: totalOver })
        .from(entries)
        .where(where)
        .orderBy(direction(column), direction(entries.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.$count(entries, where)) ?? 0,
    ({ createdAt, total: _total, ...row }): AllowlistEntry => ({
      ...row,
      createdAt: createdAt.toISOString(),
    }),
  );
}

/** The gateway's addresses (lower case), and how many. */
export async function addressesOf(db: Database, gatewayId: number): Promise<string[]> {
  const rows = await db
    .select({ address: entries.address })
    .from(entries)
    .where(eq(entries.gatewayId, gatewayId))
    .orderBy(asc(entries.id));
  return rows.map((row) => row.address);
}

export async function insertEntries(db: Database, values: (typeof entries.$inferInsert)[]) {
  if (values.length > 0) await db.insert(entries).values(values);
}

/** Deletes these entries of the gateway; answers how many went. */
export async function deleteEntries(db: Database, gatewayId: number, ids: readonly number[]) {
  const gone = await db
    .delete(entries)
    .where(and(eq(entries.gatewayId, gatewayId), inArray(entries.id, [...ids])))
    .returning({ id: entries.id });
  return gone.length;
}

/** The list changed: the revision goes up (the sync row is made on the first change). */
export async function bumpRevision(db: Database, gatewayId: number, now: Date) {
  await db
    .insert(syncs)
    .values({ gatewayId, revision: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: syncs.gatewayId,
      set: { revision: sql`${syncs.revision} + 1`, updatedAt: now },
    });
}

/** The revision to send now (0 when the list never changed). */
export async function currentRevision(db: Database, gatewayId: number): Promise<number> {
  const [row] = await db
    .select({ revision: syncs.revision })
    .from(syncs)
    .where(eq(syncs.gatewayId, gatewayId));
  return row?.revision ?? 0;
}

/** Whether the gateway has a list it has not confirmed (the resend on reconnection). */
export async function outdated(db: Database, gatewayId: number): Promise<boolean> {
  const [row] = await db
    .select({ revision: syncs.revision, synced: syncs.syncedRevision })
    .from(syncs)
    .where(eq(syncs.gatewayId, gatewayId));
  return row !== undefined && row.synced !== row.revision;
}

/** The gateway confirmed `revision` (never going back to an older one). */
export async function confirmRevision(db: Database, gatewayId: number, revision: number, now: Date) {
  await db
    .insert(syncs)
    .values({ gatewayId, revision, syncedRevision: revision, syncedAt: now, lastError: '', updatedAt: now })
    .onConflictDoUpdate({
      target: syncs.gatewayId,
      set: {
        syncedRevision: sql`greatest(coalesce(${syncs.syncedRevision}, 0), ${revision})`,
        syncedAt: now,
        lastError: '',
        updatedAt: now,
      },
    });
}

/** The send failed: why (a text key, or the gateway's message). */
export async function recordFailure(db: Database, gatewayId: number, reason: string, now: Date) {
  await db
    .insert(syncs)
    .values({ gatewayId, lastError: reason.slice(0, 200), updatedAt: now })
    .onConflictDoUpdate({
      target: syncs.gatewayId,
      set: { lastError: reason.slice(0, 200), updatedAt: now },
    });
}
