import { BUTTON_CODES } from './buttons.js';
import { z } from 'zod';
import { dictionaryItemSchema } from '../auth.js';
import { defineEndpoint, getQuery, noQuery, permission, SESSION } from '../endpoint.js';
import { optionalText, namedText, sortNumField } from './fields.js';
import { idListSchema, idSchema, pageRequestSchema, pageSchema, textFilter } from './paging.js';

/**
 * dictionary (数据字典, platform-shell.md §3 Dictionary entry): dictionary types and their items, and
 * the all-dictionaries answer the browser keeps in session storage as `dictList`.
 */

export const DICTIONARY = 'dictionary';
/** The page's buttons; each covers both types and items. */
export const DICTIONARY_BUTTONS = BUTTON_CODES.dictionary;

const TYPE_CODE = /^[A-Za-z0-9_]{1,64}$/;
const ITEM_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** A dictionary type's code: letters, digits, underscore, 1-64; fixed once created. */
export const dicCodeField = z.string().trim().regex(TYPE_CODE, 'dictionary.codeFormat');
export const itemCodeField = z.string().trim().regex(ITEM_CODE, 'dictionary.itemCodeFormat');

// ---- Types ----

export const dicTypeRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  sortNum: z.number().int(),
  itemCount: z.number().int(),
  editor: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type DicTypeRow = z.infer<typeof dicTypeRowSchema>;

const typeFields = {
  name: namedText(100),
  description: optionalText(200),
  sortNum: sortNumField,
};
export const createDicTypeSchema = z.object({ code: dicCodeField, ...typeFields }).strict();
export type CreateDicType = z.input<typeof createDicTypeSchema>;
export const updateDicTypeSchema = z.object({ code: dicCodeField, ...typeFields }).strict();
export type UpdateDicType = z.input<typeof updateDicTypeSchema>;

export const DIC_TYPE_SORTABLE = ['code', 'name', 'sortNum', 'updateTime'] as const;
export const dicTypeListRequestSchema = pageRequestSchema(
  { code: textFilter(64), name: textFilter(100) },
  DIC_TYPE_SORTABLE,
);
export type DicTypeListRequest = z.input<typeof dicTypeListRequestSchema>;

// ---- Items ----

export const dicItemRowSchema = z.object({
  itemId: z.number().int(),
  dicCode: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type DicItemRow = z.infer<typeof dicItemRowSchema>;

const itemFields = {
  itemName: namedText(100),
  sort: sortNumField,
  enabled: z.boolean().default(true),
};
export const createDicItemSchema = z
  .object({ dicCode: dicCodeField, itemCode: itemCodeField, ...itemFields })
  .strict();
export type CreateDicItem = z.input<typeof createDicItemSchema>;
/** The item code is fixed once created: records store it. */
export const updateDicItemSchema = z.object({ itemId: idSchema, ...itemFields }).strict();
export type UpdateDicItem = z.input<typeof updateDicItemSchema>;

export const DIC_ITEM_SORTABLE = ['sort', 'itemCode', 'itemName'] as const;
export const dicItemListRequestSchema = pageRequestSchema(
  { dicCode: dicCodeField, itemName: textFilter(100), enabled: z.boolean().optional() },
  DIC_ITEM_SORTABLE,
);
export type DicItemListRequest = z.input<typeof dicItemListRequestSchema>;

// ---- Every enabled dictionary, for the browser's cache ----

/** Enabled items of every dictionary, by dicCode, in display order. */
export const dictionariesSchema = z.record(z.string(), z.array(dictionaryItemSchema));
export type Dictionaries = z.infer<typeof dictionariesSchema>;

/**
 * `version` is a digest of the dictionaries, so it changes exactly when they do. Given the version the browser holds, the answer
 * leaves `dictionaries` null when nothing changed.
 */
export const allDictionariesSchema = z.object({
  version: z.string(),
  dictionaries: dictionariesSchema.nullable(),
});
export type AllDictionaries = z.infer<typeof allDictionariesSchema>;

/** What session storage `dictList` holds. */
export const dictListCacheSchema = z.object({ version: z.string(), dictionaries: dictionariesSchema });
export type DictListCache = z.infer<typeof dictListCacheSchema>;

export const dictionaryEndpoints = {
  all: defineEndpoint({
    method: 'GET',
    path: '/sys/dictionary/all',
    access: SESSION,
    query: getQuery({ version: z.string().trim().max(64).optional() }),
    body: z.undefined(),
    data: allDictionariesSchema,
  }),
  typePage: defineEndpoint({
    method: 'POST',
    path: '/sys/dictionary/type/list',
    access: permission(DICTIONARY),
    query: noQuery,
    body: dicTypeListRequestSchema,
    data: pageSchema(dicTypeRowSchema),
  }),
  typeCreate: defineEndpoint({
    method: 'POST',
    path: '/sys/dictionary/type/insert',
    access: permission(DICTIONARY_BUTTONS.add),
    query: noQuery,
    body: createDicTypeSchema,
    data: dicTypeRowSchema,
  }),
  typeUpdate: defineEndpoint({
    method: 'POST',
    path: '/sys/dictionary/type/update',
    access: permission(DICTIONARY_BUTTONS.edit),
    query: noQuery,
    body: updateDicTypeSchema,
    data: dicTypeRowSchema,
  }),
  /** Refused while the type has items. */
  typeDelete: defineEndpoint({
    method: 'POST',
    path: '/sys/dictionary/type/delete',
    access: permission(DICTIONARY_BUTTONS.delete),
    query: noQuery,
    body: z.object({ code: dicCodeField }).strict(),
    data: z.null(),
  }),
  itemPage: defineEndpoint({
    method: 'POST',
    path: '/sys/dictionary/item/list',
    access: permission(DICTIONARY),
    query: noQuery,
    body: dicItemListRequestSchema,
    data: pageSchema(dicItemRowSchema),
  }),
  itemCreate: defineEndpoint({
    method: 'POST',
    path: '/sys/dictionary/item/insert',
    access: permission(DICTIONARY_BUTTONS.add),
    query: noQuery,
    body: createDicItemSchema,
    data: dicItemRowSchema,
  }),
  itemUpdate: defineEndpoint({
    method: 'POST',
    path: '/sys/dictionary/item/update',
    access: permission(DICTIONARY_BUTTONS.edit),
    query: noQuery,
    body: updateDicItemSchema,
    data: dicItemRowSchema,
  }),
  itemDelete: defineEndpoint({
    method: 'POST',
    path: '/sys/dictionary/item/delete',
    access: permission(DICTIONARY_BUTTONS.delete),
    query: noQuery,
    body: z.object({ itemId: idSchema }).strict(),
    data: z.null(),
  }),
  /** All or nothing: each item under the single delete's rules, or none is deleted. */
  itemDeleteMany: defineEndpoint({
    method: 'POST',
    path: '/sys/dictionary/item/deleteBatch',
    access: permission(DICTIONARY_BUTTONS.delete),
    query: noQuery,
    body: z.object({ itemIds: idListSchema }).strict(),
    data: z.null(),
  }),
} as const;
