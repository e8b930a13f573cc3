import { z } from 'zod';
import { LIST_SIZES, PAGE_SIZES } from '../constants.js';

/**
 * Server paging shared by every list page: the request carries page, size, one sort column and the
 * page's filters; the answer carries the rows of that page and the total over all pages.
 */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

const pageSize = z.coerce
  .number()
  .int()
  .refine((size) => LIST_SIZES.includes(size));

/** A list's sort: one of its sortable columns, and a direction. */
export const sortSchema = <const Columns extends readonly [string, ...string[]]>(columns: Columns) =>
  z.object({
    sortField: z.enum(columns).optional(),
    sortOrder: z.enum(SORT_ORDERS).optional(),
  });

/**
 * The request of a paged list: `pageNum` from 1, `pageSize` one of §9's list sizes (a table's, a card view's or a popup's), the sort, then the
 * filters. Unknown fields are refused so a misspelt filter is not silently ignored.
 */
export const pageRequestSchema = <
  Filters extends z.ZodRawShape,
  const Columns extends readonly [string, ...string[]],
>(
  filters: Filters,
  sortable: Columns,
) =>
  z
    .object({
      pageNum: z.coerce.number().int().min(1).max(1_000_000).default(1),
      pageSize: pageSize.default(DEFAULT_PAGE_SIZE),
      ...sortSchema(sortable).shape,
      ...filters,
    })
    .strict();

export const pageSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({
    list: z.array(row),
    total: z.number().int().min(0),
    pageNum: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
export type Page<Row> = { list: Row[]; total: number; pageNum: number; pageSize: number };

/** Paging fields a list request always has; the rest of a request are its filters and sort. */
export const PAGING_KEYS = ['pageNum', 'pageSize', 'sortField', 'sortOrder'] as const;

/** An optional text filter: trimmed, empty means "no filter". */
export const textFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** The largest row id: ids are PostgreSQL `integer`s, and a larger one must be refused, not sent. */
export const ID_MAX = 2_147_483_647;

/** An optional id filter, given as a number or a numeric string (URL state). */
export const idFilter = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce.number().int().positive().max(ID_MAX).optional(),
);

/** Row ids of one record: a positive integer. */
export const idSchema = z.coerce.number().int().positive().max(ID_MAX);

/** The most rows one batch action takes: the largest page, since a batch is chosen on one page. */
export const BATCH_MAX = Math.max(...PAGE_SIZES);

/** The ids a batch action names: one to BATCH_MAX rows (repeats count once). */
export const idListSchema = z.array(idSchema).min(1).max(BATCH_MAX);
