import type { PointKind, PointOption, PointRow, pointListRequestSchema } from '@cityops/contract';
import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { containing, pageOf, totalOver } from '../../db/paging.js';
import { areas } from '../areas/tables.js';
import { devices } from '../devices/tables.js';
import type { ProjectScope } from '../devices/repository.js';
import { projects } from '../projects/tables.js';
import { sites } from '../sites/tables.js';
import { points } from './tables.js';

/** The only drizzle queries of the installation points (and of the devices' `point_id`). */

type ListRequest = z.output<typeof pointListRequestSchema>;
export type NewPoint = typeof points.$inferInsert;

const iso = (date: Date) => date.toISOString();

// Written out: inside a correlated subquery drizzle would leave both `point_id` columns unqualified.
const deviceCountOf = sql<number>`cast((select count(*) from iot_devices d where d.point_id = "iot_points"."point_id") as integer)`;

const rowColumns = {
  pointId: points.id,
  code: points.code,
  name: points.name,
  kind: points.kind,
  projectId: points.projectId,
  projectName: projects.name,
  areaId: points.areaId,
  areaName: areas.name,
  siteId: points.siteId,
  siteName: sites.name,
  segment: points.segment,
  longitude: points.longitude,
  latitude: points.latitude,
  address: points.address,
  height: points.height,
  remarks: points.remarks,
  deviceCount: deviceCountOf,
  editor: points.editor,
  createdAt: points.createdAt,
  updatedAt: points.updatedAt,
};

const selectRows = (db: Database) =>
  db
    .select({ ...rowColumns, total: totalOver })
    .from(points)
    .innerJoin(projects, eq(projects.id, points.projectId))
    .leftJoin(areas, eq(areas.id, points.areaId))
    .leftJoin(sites, eq(sites.id, points.siteId));
type Selected = Awaited<ReturnType<typeof selectRows>>[number];

const toRow = ({ total: _total, kind, deviceCount, createdAt, updatedAt, ...row }: Selected): PointRow => ({
  ...row,
  kind: kind as PointKind,
  deviceCount: Number(deviceCount),
  createdAt: iso(createdAt),
  updatedAt: iso(updatedAt),
});

const SORT_COLUMNS = { code: points.code, name: points.name, createdAt: points.createdAt } as const;

const hasDevices = sql`exists (select 1 from iot_devices d where d.point_id = "iot_points"."point_id")`;

export function pointPage(db: Database, request: ListRequest, scope: ProjectScope) {
  const keyword = request.keyword ? containing(request.keyword) : null;
  const where: SQL | undefined = and(
    scope === null ? undefined : inArray(points.projectId, [...scope, 0]),
    request.projectId === undefined ? undefined : eq(points.projectId, request.projectId),
    request.areaId === undefined ? undefined : eq(points.areaId, request.areaId),
    request.kind === undefined ? undefined : eq(points.kind, request.kind),
    request.hasDevices === undefined ? undefined : request.hasDevices ? hasDevices : sql`not ${hasDevices}`,
    keyword
      ? or(ilike(points.code, keyword), ilike(points.name, keyword), ilike(points.address, keyword))
      : undefined,
  );
  const column = SORT_COLUMNS[request.sortField ?? 'createdAt'];
  const direction = (request.sortOrder ?? (request.sortField ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) =>
      selectRows(db)
        .where(where)
        .orderBy(direction(column), direction(points.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.$count(points, where)) ?? 0,
    toRow,
  );
}

export async function findPoint(db: Database, pointId: number): Promise<PointRow | null> {
  const [row] = await selectRows(db).where(eq(points.id, pointId));
  return row ? toRow(row) : null;
}

export async function findPoints(db: Database, pointIds: readonly number[]): Promise<PointRow[]> {
  const rows = await selectRows(db)
    .where(inArray(points.id, [...pointIds, 0]))
    .orderBy(points.id);
  return rows.map(toRow);
}

/** The points of one project for a select, by code. */
export function pointOptions(db: Database, projectId: number): Promise<PointOption[]> {
  return db
    .select({ pointId: points.id, code: points.code, name: points.name, kind: points.kind })
    .from(points)
    .where(eq(points.projectId, projectId))
    .orderBy(points.code, points.id)
    .then((rows) => rows.map((row) => ({ ...row, kind: row.kind as PointKind })));
}

/** Serialises the check of a free code with its write (the form and the import). */
export async function lockCodes(db: Database) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('iot'), hashtext('points'))`);
}

/** Whether another point has this code, ignoring case. */
export async function codeTaken(db: Database, code: string, exceptId?: number) {
  const [row] = await db
    .select({ id: points.id })
    .from(points)
    .where(
      and(
        sql`lower(${points.code}) = lower(${code})`,
        exceptId === undefined ? undefined : ne(points.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Which of the codes are taken (lower case). */
export async function takenCodes(db: Database, codes: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  const lower = [...new Set(codes.map((code) => code.toLowerCase()))];
  for (let i = 0; i < lower.length; i += INSERT_BATCH) {
    const rows = await db
      .select({ code: sql<string>`lower(${points.code})` })
      .from(points)
      .where(inArray(sql`lower(${points.code})`, lower.slice(i, i + INSERT_BATCH)));
    for (const row of rows) taken.add(row.code);
  }
  return taken;
}

export async function insertPoint(db: Database, values: NewPoint): Promise<number> {
  const [row] = await db.insert(points).values(values).returning({ id: points.id });
  return row?.id ?? 0;
}

/** Points per INSERT statement (the import). */
const INSERT_BATCH = 1_000;

export async function insertPoints(db: Database, rows: readonly NewPoint[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows.slice(i, i + INSERT_BATCH);
    await db.insert(points).values([...batch]);
    inserted += batch.length;
  }
  return inserted;
}

export async function updatePoint(db: Database, pointId: number, values: Partial<NewPoint>) {
  await db.update(points).set(values).where(eq(points.id, pointId));
}

/** Deletes the points; their devices are unmounted first (the foreign key would too: said here). */
export async function deletePoints(db: Database, pointIds: readonly number[]) {
  await db
    .update(devices)
    .set({ pointId: null })
    .where(inArray(devices.pointId, [...pointIds]));
  await db.delete(points).where(inArray(points.id, [...pointIds]));
}

/** The devices' ids, projects and names (mount and unmount check them). */
export function devicesByIds(db: Database, deviceIds: readonly number[]) {
  return db
    .select({ id: devices.id, name: devices.name, projectId: devices.projectId, pointId: devices.pointId })
    .from(devices)
    .where(inArray(devices.id, [...deviceIds, 0]))
    .orderBy(devices.id);
}

/** Puts the devices on the point (null: on none). */
export async function setDevicesPoint(
  db: Database,
  deviceIds: readonly number[],
  pointId: number | null,
  editor: string,
  now: Date,
) {
  await db
    .update(devices)
    .set({ pointId, editor, updatedAt: now })
    .where(inArray(devices.id, [...deviceIds]));
}

/** The ids of the devices on the point, by name. */
export async function deviceIdsOn(db: Database, pointId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.pointId, pointId))
    .orderBy(devices.name, devices.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The sites of the projects by project and name (the import's 所属站点 column). */
export function sitesOfProjects(db: Database, projectIds: readonly number[]) {
  return db
    .select({ id: sites.id, name: sites.name, projectId: sites.projectId })
    .from(sites)
    .where(inArray(sites.projectId, [...projectIds, 0]))
    .orderBy(sites.id);
}
