import type { SiteRow, siteListRequestSchema } from '@cityops/contract';
import { and, asc, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { containing, pageOf, totalOver } from '../../db/paging.js';
import { areas } from '../areas/tables.js';
import { projects } from '../projects/tables.js';
import { sites } from './tables.js';

/** The only drizzle queries of site management. */

type ListRequest = z.output<typeof siteListRequestSchema>;
export type NewSite = typeof sites.$inferInsert;

const rowColumns = {
  siteId: sites.id,
  name: sites.name,
  projectId: sites.projectId,
  projectName: projects.name,
  areaId: sites.areaId,
  areaName: areas.name,
  longitude: sites.longitude,
  latitude: sites.latitude,
  address: sites.address,
  contact: sites.contact,
  contactPhone: sites.contactPhone,
  remarks: sites.remarks,
  editor: sites.editor,
  createdAt: sites.createdAt,
  updatedAt: sites.updatedAt,
};

const listColumns = { ...rowColumns, total: totalOver };

/** Sites with their project's and area's names; `total` counts every row the query matches. */
const selectRows = (db: Database) =>
  db
    .select(listColumns)
    .from(sites)
    .innerJoin(projects, eq(projects.id, sites.projectId))
    .leftJoin(areas, eq(areas.id, sites.areaId));
type Selected = Awaited<ReturnType<typeof selectRows>>[number];

const toRow = ({ createdAt, updatedAt, total: _total, ...row }: Selected): SiteRow => ({
  ...row,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

const SORT_COLUMNS = { name: sites.name, createdAt: sites.createdAt } as const;

export function sitePage(db: Database, request: ListRequest) {
  const where: SQL | undefined = and(
    request.projectId === undefined ? undefined : eq(sites.projectId, request.projectId),
    request.areaId === undefined ? undefined : eq(sites.areaId, request.areaId),
    request.name ? ilike(sites.name, containing(request.name)) : undefined,
  );
  const column = SORT_COLUMNS[request.sortField ?? 'createdAt'];
  const direction = (request.sortOrder ?? (request.sortField ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) =>
      selectRows(db).where(where).orderBy(direction(column), direction(sites.id)).limit(limit).offset(offset),
    async () => (await db.$count(sites, where)) ?? 0,
    toRow,
  );
}

/** One site. */
export async function findSite(db: Database, siteId: number): Promise<SiteRow | null> {
  const [row] = await selectRows(db).where(eq(sites.id, siteId));
  return row ? toRow(row) : null;
}

/** Serialises site name changes within a project, so two administrators cannot both take a free name. */
export async function lockProjectSites(db: Database, projectId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('sites'), ${projectId})`);
}

/** Whether another site of the project has this name, ignoring case. */
export async function nameTaken(db: Database, projectId: number, name: string, exceptId?: number) {
  const found = await db.$count(
    sites,
    and(
      eq(sites.projectId, projectId),
      sql`lower(${sites.name}) = lower(${name})`,
      exceptId === undefined ? undefined : ne(sites.id, exceptId),
    ),
  );
  return found > 0;
}

export async function insertSite(db: Database, values: NewSite): Promise<number> {
  const [created] = await db.insert(sites).values(values).returning({ id: sites.id });
  if (!created) throw new Error('insert into sites returned no row');
  return created.id;
}

export async function updateSite(db: Database, siteId: number, values: Partial<NewSite>) {
  await db.update(sites).set(values).where(eq(sites.id, siteId));
}

export async function deleteSite(db: Database, siteId: number) {
  await db.delete(sites).where(eq(sites.id, siteId));
}
