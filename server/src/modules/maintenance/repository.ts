import { parseVideoTime, type MaintenanceRow, type maintenanceListRequestSchema } from '@cityops/contract';
import { and, asc, desc, eq, gt, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { keysetBatches, mapRows } from '../../db/batches.js';
import type { Database } from '../../db/connection.js';
import { containing, pageOf, totalOver } from '../../db/paging.js';
import type { ProjectScope } from '../devices/repository.js';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { maintenanceRecords as records } from './tables.js';

/** The only drizzle queries of maintenance records (equipmentMaintenance). */

type ListRequest = z.output<typeof maintenanceListRequestSchema>;
export type MaintenanceFilter = Omit<ListRequest, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'>;
export type NewRecord = typeof records.$inferInsert;

const rowColumns = {
  recordId: records.id,
  deviceId: records.deviceId,
  deviceName: records.deviceName,
  deviceKey: records.deviceKey,
  controlCode: records.controlCode,
  projectId: records.projectId,
  projectName: projects.name,
  kind: records.kind,
  fault: records.fault,
  content: records.content,
  result: records.result,
  maintainer: records.maintainer,
  maintainerPhone: records.maintainerPhone,
  maintainedAt: records.maintainedAt,
  costCents: records.costCents,
  editor: records.editor,
  createdAt: records.createdAt,
  updatedAt: records.updatedAt,
};

const selectRows = (db: Database) =>
  db
    .select({ ...rowColumns, total: totalOver })
    .from(records)
    .innerJoin(projects, eq(projects.id, records.projectId));
type Selected = Awaited<ReturnType<typeof selectRows>>[number];

const toRow = ({ maintainedAt, createdAt, updatedAt, total: _total, ...row }: Selected): MaintenanceRow => ({
  ...row,
  kind: row.kind as MaintenanceRow['kind'],
  result: row.result as MaintenanceRow['result'],
  maintainedAt: maintainedAt.toISOString(),
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

const momentOf = (value: string | undefined) => {
  const time = value === undefined ? null : parseVideoTime(value);
  return time === null ? null : new Date(time);
};

function whereOf(filter: MaintenanceFilter, scope: ProjectScope): SQL | undefined {
  const keyword = filter.keyword ? containing(filter.keyword) : null;
  const from = momentOf(filter.from);
  const to = momentOf(filter.to);
  return and(
    scope === null ? undefined : inArray(records.projectId, [...scope, 0]),
    filter.projectId === undefined ? undefined : eq(records.projectId, filter.projectId),
    filter.deviceId === undefined ? undefined : eq(records.deviceId, filter.deviceId),
    filter.kind === undefined ? undefined : eq(records.kind, filter.kind),
    filter.result === undefined ? undefined : eq(records.result, filter.result),
    from === null ? undefined : gte(records.maintainedAt, from),
    to === null ? undefined : lte(records.maintainedAt, to),
    keyword
      ? or(
          ilike(records.deviceName, keyword),
          ilike(records.deviceKey, keyword),
          ilike(records.controlCode, keyword),
          ilike(records.maintainer, keyword),
          ilike(records.fault, keyword),
          ilike(records.content, keyword),
        )
      : undefined,
  );
}

const SORT_COLUMNS = { maintainedAt: records.maintainedAt, createdAt: records.createdAt } as const;

export function recordPage(db: Database, request: ListRequest, scope: ProjectScope) {
  const where = whereOf(request, scope);
  const column = SORT_COLUMNS[request.sortField ?? 'maintainedAt'];
  const direction = (request.sortOrder ?? 'desc') === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) =>
      selectRows(db)
        .where(where)
        .orderBy(direction(column), direction(records.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.$count(records, where)) ?? 0,
    toRow,
  );
}

/** Every record the filter selects, oldest id first, one batch at a time (the export). */
export function recordRows(db: Database, filter: MaintenanceFilter, scope: ProjectScope) {
  const where = whereOf(filter, scope);
  return mapRows(
    keysetBatches((afterId, limit) =>
      selectRows(db)
        .where(and(where, gt(records.id, afterId)))
        .orderBy(asc(records.id))
        .limit(limit)
        .then((rows) => rows.map((row) => ({ ...row, id: row.recordId }))),
    ),
    ({ id: _id, ...row }) => toRow(row),
  );
}

export async function findRecord(db: Database, recordId: number): Promise<MaintenanceRow | null> {
  const [row] = await selectRows(db).where(eq(records.id, recordId));
  return row ? toRow(row) : null;
}

/** What a record copies from its device when written. */
export async function deviceFacts(db: Database, deviceId: number) {
  const [row] = await db
    .select({
      deviceId: devices.id,
      deviceName: devices.name,
      deviceKey: devices.deviceKey,
      controlCode: devices.controlCode,
      projectId: devices.projectId,
    })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row ?? null;
}

export async function insertRecord(db: Database, values: NewRecord): Promise<number> {
  const [created] = await db.insert(records).values(values).returning({ id: records.id });
  if (!created) throw new Error('insert into iot_maintenance_records returned no row');
  return created.id;
}

export async function updateRecord(db: Database, recordId: number, values: Partial<NewRecord>) {
  await db.update(records).set(values).where(eq(records.id, recordId));
}

export async function deleteRecord(db: Database, recordId: number) {
  await db.delete(records).where(eq(records.id, recordId));
}
