import type { Page } from '@cityops/contract';
import { sql } from 'drizzle-orm';

/**
 * The total of a paged query, read in the same round trip as the page's rows: `count(*) over()` is
 * the number of rows the query selects before limit and offset apply.
 */
export const totalOver = sql<number>`cast(count(*) over () as integer)`.mapWith(Number);

export interface PageWindow {
  pageNum: number;
  pageSize: number;
}

/**
 * One page of a list: `fetch` selects the rows (with `total: totalOver`) for a limit and offset. A
 * page past the end has no row to carry the total, so only then is `count` asked for it.
 */
export async function pageOf<Row extends { total: number }, Item>(
  window: PageWindow,
  fetch: (limit: number, offset: number) => Promise<Row[]>,
  count: () => Promise<number>,
  toItem: (row: Row) => Item,
): Promise<Page<Item>> {
  const rows = await fetch(window.pageSize, (window.pageNum - 1) * window.pageSize);
  const total = rows[0]?.total ?? (window.pageNum > 1 ? await count() : 0);
  return { list: rows.map(toItem), total, pageNum: window.pageNum, pageSize: window.pageSize };
}

/** `%text%` for ILIKE with the user's `%`, `_` and `\` taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
