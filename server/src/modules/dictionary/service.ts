import { createHash } from 'node:crypto';
import type {
  AllDictionaries,
  createDicItemSchema,
  createDicTypeSchema,
  DicItemRow,
  Dictionaries,
  DictionaryItem,
  DicTypeRow,
  dicItemListRequestSchema,
  dicTypeListRequestSchema,
  updateDicItemSchema,
  updateDicTypeSchema,
} from '@cityops/contract';
import { DICTIONARY, ORG_TYPE_DICTIONARY } from '@cityops/contract';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import { changedFields, recordAudit, type Actor } from '../logs/audit.js';
import { publish } from '../push/events.js';
import * as repo from './repository.js';

/** The data dictionary: types and items, each change in one transaction with its log row. */

type Ctx = Pick<AppContext, 'db' | 'now'>;

const TYPE_FIELDS = [
  'code',
  'name',
  'description',
  'sortNum',
] as const satisfies readonly (keyof DicTypeRow)[];
const ITEM_FIELDS = [
  'dicCode',
  'itemCode',
  'itemName',
  'sort',
  'enabled',
] as const satisfies readonly (keyof DicItemRow)[];

// ---- What the browser reads ----

/** The enabled items of one dictionary in display order; an unknown code has none. */
export function dictionaryItems(db: Database, dicCode: string): Promise<DictionaryItem[]> {
  return repo.enabledItems(db, dicCode);
}

/** A digest of the dictionaries: equal versions mean equal contents. */
const versionOf = (dictionaries: Dictionaries) =>
  createHash('sha256').update(JSON.stringify(dictionaries)).digest('hex').slice(0, 16);

/** Every type's enabled items (a type without any has an empty list), and their version. */
export async function allDictionaries(db: Database, knownVersion?: string): Promise<AllDictionaries> {
  const { types, items } = await repo.allEnabledItems(db);
  const dictionaries: Dictionaries = Object.fromEntries(types.map((code) => [code, []]));
  for (const { dicCode, itemCode, itemName } of items) dictionaries[dicCode]?.push({ itemCode, itemName });
  const version = versionOf(dictionaries);
  return { version, dictionaries: version === knownVersion ? null : dictionaries };
}

/** Tells every instance, once the change commits, that open sessions should read dictList again. */
const announce = (tx: Database) => publish(tx, { k: 'dictionary' });

// ---- Types ----

export const listTypes = (ctx: Ctx, request: z.output<typeof dicTypeListRequestSchema>) =>
  repo.typePage(ctx.db, request);

async function typeRow(db: Database, code: string): Promise<DicTypeRow> {
  return (await repo.findType(db, code)) ?? refuse('dictionary.unknownType');
}

export async function createType(
  ctx: Ctx,
  actor: Actor,
  input: z.output<typeof createDicTypeSchema>,
): Promise<DicTypeRow> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    if (await repo.typeCodeTaken(tx, input.code)) refuse('dictionary.typeTaken');
    const created = await repo.insertType(tx, {
      ...input,
      editor: actor.account,
      createdAt: now,
      updatedAt: now,
    });
    if (!created) refuse('dictionary.typeTaken');
    const row = await typeRow(tx, input.code);
    await recordAudit(tx, actor, now, {
      module: DICTIONARY,
      action: 'createType',
      targetId: input.code,
      targetName: input.name,
      changes: changedFields(null, row, TYPE_FIELDS),
    });
    await announce(tx);
    return row;
  });
}

export async function updateType(
  ctx: Ctx,
  actor: Actor,
  input: z.output<typeof updateDicTypeSchema>,
): Promise<DicTypeRow> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await typeRow(tx, input.code);
    await repo.updateType(tx, input.code, {
      name: input.name,
      description: input.description,
      sortNum: input.sortNum,
      editor: actor.account,
      updatedAt: now,
    });
    const after = await typeRow(tx, input.code);
    await recordAudit(tx, actor, now, {
      module: DICTIONARY,
      action: 'updateType',
      targetId: input.code,
      targetName: before.name,
      changes: changedFields(before, after, TYPE_FIELDS),
    });
    await announce(tx);
    return after;
  });
}

/** Deletes a type without items; one with items is refused (its items are deleted one by one first). */
export async function deleteType(ctx: Ctx, actor: Actor, code: string) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockType(tx, code))) refuse('dictionary.unknownType');
    const before = await typeRow(tx, code);
    const count = await repo.itemCountOf(tx, code);
    if (count > 0) refuse('dictionary.typeHasItems', { count });
    await repo.deleteType(tx, code);
    await recordAudit(tx, actor, now, {
      module: DICTIONARY,
      action: 'deleteType',
      targetId: code,
      targetName: before.name,
      changes: changedFields(before, null, TYPE_FIELDS),
    });
    await announce(tx);
  });
}

// ---- Items ----

export async function listItems(ctx: Ctx, request: z.output<typeof dicItemListRequestSchema>) {
  await typeRow(ctx.db, request.dicCode);
  return repo.itemPage(ctx.db, request);
}

async function itemRow(db: Database, itemId: number): Promise<DicItemRow> {
  return (await repo.findItem(db, itemId)) ?? refuse('admin.notFound');
}

/** An item change also marks its type as edited (who, when). */
const touchType = (db: Database, actor: Actor, code: string, now: Date) =>
  repo.updateType(db, code, { editor: actor.account, updatedAt: now });

const itemTarget = (row: DicItemRow) => `${row.dicCode}/${row.itemCode}`;

export async function createItem(
  ctx: Ctx,
  actor: Actor,
  input: z.output<typeof createDicItemSchema>,
): Promise<DicItemRow> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.lockType(tx, input.dicCode))) refuse('dictionary.unknownType');
    const itemId = await repo.insertItem(tx, input);
    if (itemId === null) return refuse('dictionary.itemTaken');
    await touchType(tx, actor, input.dicCode, now);
    const row = await itemRow(tx, itemId);
    await recordAudit(tx, actor, now, {
      module: DICTIONARY,
      action: 'createItem',
      targetId: itemTarget(row),
      targetName: row.itemName,
      changes: changedFields(null, row, ITEM_FIELDS),
    });
    await announce(tx);
    return row;
  });
}

export async function updateItem(
  ctx: Ctx,
  actor: Actor,
  input: z.output<typeof updateDicItemSchema>,
): Promise<DicItemRow> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await itemRow(tx, input.itemId);
    await repo.updateItem(tx, input.itemId, {
      itemName: input.itemName,
      sort: input.sort,
      enabled: input.enabled,
    });
    await touchType(tx, actor, before.dicCode, now);
    const after = await itemRow(tx, input.itemId);
    await recordAudit(tx, actor, now, {
      module: DICTIONARY,
      action: 'updateItem',
      targetId: itemTarget(before),
      targetName: before.itemName,
      changes: changedFields(before, after, ITEM_FIELDS),
    });
    await announce(tx);
    return after;
  });
}

export const deleteItem = (ctx: Ctx, actor: Actor, itemId: number) => deleteItems(ctx, actor, [itemId]);

/**
 * Deletes items, all or none, in one transaction; an organization type still in use is refused (it
 * can be disabled instead).
 */
export async function deleteItems(ctx: Ctx, actor: Actor, itemIds: readonly number[]) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const items = [];
    for (const itemId of new Set(itemIds)) items.push(await itemRow(tx, itemId));
    // Each dictionary type is locked and touched once per batch, in a fixed order so that two
    // batches over the same types cannot deadlock.
    const types = [...new Set(items.map((item) => item.dicCode))].sort();
    for (const dicCode of types) await repo.lockType(tx, dicCode);
    for (const before of items) {
      if (before.dicCode === ORG_TYPE_DICTIONARY) {
        const count = await repo.orgsOfType(tx, before.itemCode);
        if (count > 0) refuse('dictionary.itemInUse', { count });
      }
      if (!(await repo.deleteItem(tx, before.itemId))) refuse('admin.notFound');
      await recordAudit(tx, actor, now, {
        module: DICTIONARY,
        action: 'deleteItem',
        targetId: itemTarget(before),
        targetName: before.itemName,
        changes: changedFields(before, null, ITEM_FIELDS),
      });
    }
    for (const dicCode of types) await touchType(tx, actor, dicCode, now);
    await announce(tx);
  });
}
