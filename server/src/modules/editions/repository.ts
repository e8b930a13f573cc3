import {
  versionParts,
  type EditionListRequest,
  type EditionPlatform,
  type EditionRow,
} from '@cityops/contract';
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { editionListRequestSchema } from '@cityops/contract';
import type { Database } from '../../db/connection.js';
import { containing, pageOf, totalOver } from '../../db/paging.js';
import { editions } from './tables.js';

/** The only drizzle queries of the version service. */

type ListRequest = z.output<typeof editionListRequestSchema>;
export type EditionFilter = Omit<EditionListRequest, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'>;

const rowColumns = {
  editionId: editions.id,
  platform: editions.platform,
  version: editions.version,
  notes: editions.notes,
  forceUpdate: editions.forceUpdate,
  fileName: editions.fileName,
  fileSize: editions.fileSize,
  checksum: editions.checksum,
  publisher: editions.publisher,
  downloads: editions.downloads,
  createdAt: editions.createdAt,
  updatedAt: editions.updatedAt,
};

const selectRows = (db: Database) => db.select(rowColumns).from(editions);
type Selected = Awaited<ReturnType<typeof selectRows>>[number];

const toRow = ({ createdAt, updatedAt, platform, ...row }: Selected): EditionRow => ({
  ...row,
  // Written only from the contract's enum (the insert's input is validated by it).
  platform: platform as EditionPlatform,
  publishTime: createdAt.toISOString(),
  updateTime: updatedAt.toISOString(),
});

/** A version's numbers as a PostgreSQL integer array, for comparing in the database. */
const partsOf = (version: string) =>
  sql`array[${sql.join(
    versionParts(version).map((part) => sql`${part}`),
    sql`, `,
  )}]::integer[]`;

const SORT_COLUMNS = {
  version: editions.versionParts,
  publishTime: editions.createdAt,
  fileSize: editions.fileSize,
  downloads: editions.downloads,
} as const;

function whereOf(filter: ListRequest): SQL | undefined {
  return and(
    filter.platform ? eq(editions.platform, filter.platform) : undefined,
    filter.version ? ilike(editions.version, containing(filter.version)) : undefined,
  );
}

export function editionPage(db: Database, request: ListRequest) {
  const where = whereOf(request);
  const column = SORT_COLUMNS[request.sortField ?? 'publishTime'];
  const direction = (request.sortOrder ?? 'desc') === 'asc' ? asc : desc;
  return pageOf(
    request,
    (limit, offset) =>
      db
        .select({ ...rowColumns, total: totalOver })
        .from(editions)
        .where(where)
        .orderBy(direction(column), direction(editions.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.$count(editions, where)) ?? 0,
    ({ total: _total, ...row }) => toRow(row),
  );
}

export async function findEdition(db: Database, editionId: number): Promise<EditionRow | null> {
  const [row] = await selectRows(db).where(eq(editions.id, editionId));
  return row ? toRow(row) : null;
}

/** Whether the platform has this version already (`1.2.3` and `1.2.3.0` are the same version). */
export async function versionTaken(db: Database, platform: EditionPlatform, version: string) {
  const found = await db.$count(
    editions,
    and(eq(editions.platform, platform), sql`${editions.versionParts} = ${partsOf(version)}`),
  );
  return found > 0;
}

/** The newest version of a platform, by its numbers. */
export async function latestEdition(db: Database, platform: EditionPlatform): Promise<EditionRow | null> {
  const [row] = await selectRows(db)
    .where(eq(editions.platform, platform))
    .orderBy(desc(editions.versionParts))
    .limit(1);
  return row ? toRow(row) : null;
}

/** Whether a version newer than `current` (any, without it) is marked force-update. */
export async function forcedAfter(db: Database, platform: EditionPlatform, current: string | undefined) {
  const found = await db.$count(
    editions,
    and(
      eq(editions.platform, platform),
      eq(editions.forceUpdate, true),
      current === undefined ? undefined : sql`${editions.versionParts} > ${partsOf(current)}`,
    ),
  );
  return found > 0;
}

export type NewEdition = Omit<typeof editions.$inferInsert, 'versionParts'>;

export async function insertEdition(db: Database, values: NewEdition): Promise<number> {
  const [created] = await db
    .insert(editions)
    .values({ ...values, versionParts: versionParts(values.version) })
    .returning({ id: editions.id });
  if (!created) throw new Error('insert into editions returned no row');
  return created.id;
}

export async function updateEdition(
  db: Database,
  editionId: number,
  values: Pick<NewEdition, 'notes' | 'forceUpdate' | 'updatedAt'>,
) {
  await db.update(editions).set(values).where(eq(editions.id, editionId));
}

export async function deleteEdition(db: Database, editionId: number) {
  await db.delete(editions).where(eq(editions.id, editionId));
}

export async function countDownload(db: Database, editionId: number) {
  await db
    .update(editions)
    .set({ downloads: sql`${editions.downloads} + 1` })
    .where(eq(editions.id, editionId));
}
