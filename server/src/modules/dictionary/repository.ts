import type { DicItemRow, DicTypeRow, DictionaryItem } from '@cityops/contract';
import type { dicItemListRequestSchema, dicTypeListRequestSchema } from '@cityops/contract';
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { containing, pageOf, totalOver } from '../../db/paging.js';
import { organizations } from '../organizations/tables.js';
import { dictionary, dictionaryTypes } from './tables.js';

/** The only drizzle queries of the data dictionary. */

type TypeListRequest = z.output<typeof dicTypeListRequestSchema>;
type ItemListRequest = z.output<typeof dicItemListRequestSchema>;

// ---- Types ----

const typeColumns = {
  code: dictionaryTypes.code,
  name: dictionaryTypes.name,
  description: dictionaryTypes.description,
  sortNum: dictionaryTypes.sortNum,
  itemCount:
    sql<number>`cast((select count(*) from ${dictionary} d where d.dic_code = "dictionary_types"."code") as integer)`.mapWith(
      Number,
    ),
  editor: dictionaryTypes.editor,
  createdAt: dictionaryTypes.createdAt,
  updatedAt: dictionaryTypes.updatedAt,
};
const selectTypes = (db: Database) => db.select(typeColumns).from(dictionaryTypes);
type TypeSelected = Awaited<ReturnType<typeof selectTypes>>[number];

const toTypeRow = ({ createdAt, updatedAt, ...row }: TypeSelected): DicTypeRow => ({
  ...row,
  createTime: createdAt.toISOString(),
  updateTime: updatedAt.toISOString(),
});

const TYPE_SORT = {
  code: dictionaryTypes.code,
  name: dictionaryTypes.name,
  sortNum: dictionaryTypes.sortNum,
  updateTime: dictionaryTypes.updatedAt,
} as const;

export function typePage(db: Database, request: TypeListRequest) {
  const where = and(
    request.code ? ilike(dictionaryTypes.code, containing(request.code)) : undefined,
    request.name ? ilike(dictionaryTypes.name, containing(request.name)) : undefined,
  );
  const direction = (request.sortOrder ?? 'asc') === 'asc' ? asc : desc;
  const column = TYPE_SORT[request.sortField ?? 'sortNum'];
  return pageOf(
    request,
    (limit, offset) =>
      db
        .select({ ...typeColumns, total: totalOver })
        .from(dictionaryTypes)
        .where(where)
        .orderBy(direction(column), asc(dictionaryTypes.code))
        .limit(limit)
        .offset(offset),
    async () => (await db.$count(dictionaryTypes, where)) ?? 0,
    ({ total: _total, ...row }) => toTypeRow(row),
  );
}

export async function findType(db: Database, code: string): Promise<DicTypeRow | null> {
  const [row] = await selectTypes(db).where(eq(dictionaryTypes.code, code));
  return row ? toTypeRow(row) : null;
}

/** Whether a type's code is taken, ignoring case (codes differing only in case would confuse people). */
export async function typeCodeTaken(db: Database, code: string) {
  return (await db.$count(dictionaryTypes, sql`lower(${dictionaryTypes.code}) = lower(${code})`)) > 0;
}

export type NewType = typeof dictionaryTypes.$inferInsert;

/** Inserts a type; false when the code is taken (the primary key decides). */
export async function insertType(db: Database, values: NewType) {
  const created = await db
    .insert(dictionaryTypes)
    .values(values)
    .onConflictDoNothing()
    .returning({ code: dictionaryTypes.code });
  return created.length > 0;
}

export async function updateType(db: Database, code: string, values: Partial<NewType>) {
  const updated = await db
    .update(dictionaryTypes)
    .set(values)
    .where(eq(dictionaryTypes.code, code))
    .returning({ code: dictionaryTypes.code });
  return updated.length > 0;
}

/** Locks a type's row until the transaction ends, so its items are counted and changed one at a time. */
export async function lockType(db: Database, code: string) {
  const rows = await db
    .select({ code: dictionaryTypes.code })
    .from(dictionaryTypes)
    .where(eq(dictionaryTypes.code, code))
    .for('update');
  return rows.length > 0;
}

export async function deleteType(db: Database, code: string) {
  const deleted = await db
    .delete(dictionaryTypes)
    .where(eq(dictionaryTypes.code, code))
    .returning({ code: dictionaryTypes.code });
  return deleted.length > 0;
}

export const itemCountOf = (db: Database, code: string) =>
  db.$count(dictionary, eq(dictionary.dicCode, code));

// ---- Items ----

const itemColumns = {
  itemId: dictionary.id,
  dicCode: dictionary.dicCode,
  itemCode: dictionary.itemCode,
  itemName: dictionary.itemName,
  sort: dictionary.sort,
  enabled: dictionary.enabled,
};

const ITEM_SORT = {
  sort: dictionary.sort,
  itemCode: dictionary.itemCode,
  itemName: dictionary.itemName,
} as const;

export function itemPage(db: Database, request: ItemListRequest) {
  const where = and(
    eq(dictionary.dicCode, request.dicCode),
    request.itemName ? ilike(dictionary.itemName, containing(request.itemName)) : undefined,
    request.enabled === undefined ? undefined : eq(dictionary.enabled, request.enabled),
  );
  const direction = (request.sortOrder ?? 'asc') === 'asc' ? asc : desc;
  const column = ITEM_SORT[request.sortField ?? 'sort'];
  return pageOf(
    request,
    (limit, offset) =>
      db
        .select({ ...itemColumns, total: totalOver })
        .from(dictionary)
        .where(where)
        .orderBy(direction(column), asc(dictionary.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.$count(dictionary, where)) ?? 0,
    ({ total: _total, ...row }): DicItemRow => row,
  );
}

export async function findItem(db: Database, itemId: number): Promise<DicItemRow | null> {
  const [row] = await db.select(itemColumns).from(dictionary).where(eq(dictionary.id, itemId));
  return row ?? null;
}

export type NewItem = typeof dictionary.$inferInsert;

/** Inserts an item; null when its code is taken within the type (the unique index decides). */
export async function insertItem(db: Database, values: NewItem): Promise<number | null> {
  const [created] = await db
    .insert(dictionary)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: dictionary.id });
  return created?.id ?? null;
}

export async function updateItem(db: Database, itemId: number, values: Partial<NewItem>) {
  const updated = await db
    .update(dictionary)
    .set(values)
    .where(eq(dictionary.id, itemId))
    .returning({ id: dictionary.id });
  return updated.length > 0;
}

export async function deleteItem(db: Database, itemId: number) {
  const deleted = await db
    .delete(dictionary)
    .where(eq(dictionary.id, itemId))
    .returning({ id: dictionary.id });
  return deleted.length > 0;
}

/** Organizations whose type is this item code of the organization type dictionary. */
export const orgsOfType = (db: Database, itemCode: string) =>
  db.$count(organizations, eq(organizations.orgType, itemCode));

// ---- What the browser reads ----

/** The enabled items of one dictionary in display order; an unknown code has none. */
export function enabledItems(db: Database, dicCode: string): Promise<DictionaryItem[]> {
  return db
    .select({ itemCode: dictionary.itemCode, itemName: dictionary.itemName })
    .from(dictionary)
    .where(and(eq(dictionary.dicCode, dicCode), eq(dictionary.enabled, true)))
    .orderBy(asc(dictionary.sort), asc(dictionary.id));
}

/** Every type's code, and every enabled item with its type, in display order. */
export async function allEnabledItems(db: Database) {
  const [types, items] = await Promise.all([
    db.select({ code: dictionaryTypes.code }).from(dictionaryTypes).orderBy(asc(dictionaryTypes.code)),
    db
      .select({ dicCode: dictionary.dicCode, itemCode: dictionary.itemCode, itemName: dictionary.itemName })
      .from(dictionary)
      .where(eq(dictionary.enabled, true))
      .orderBy(asc(dictionary.dicCode), asc(dictionary.sort), asc(dictionary.id)),
  ]);
  return { types: types.map((type) => type.code), items };
}
