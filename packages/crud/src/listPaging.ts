import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { CARD_PAGE_SIZES, POPUP_PAGE_SIZES } from '@cityops/contract';

export type PopupPageSize = (typeof POPUP_PAGE_SIZES)[number];

/** A table in a dialog, drawer or panel opens on ten rows (§9's popup sizes start smaller than a page's). */
export const DEFAULT_POPUP_PAGE_SIZE: PopupPageSize = 10;

/**
 * The pager of a table inside a dialog, drawer or panel (§9): the popup sizes 5 to 100 to choose
 * from. For a table paged in the browser; a table paged by the server uses `usePopupPaging`.
 */
export function popupPagination(config: TablePaginationConfig = {}): TablePaginationConfig {
  return {
    defaultPageSize: DEFAULT_POPUP_PAGE_SIZE,
    pageSizeOptions: POPUP_PAGE_SIZES.map(String),
    showSizeChanger: true,
    ...config,
  };
}

/**
 * Page and size of a server-paged table in a popup: `pageNum` and `pageSize` go into the request,
 * `pagination(total)` onto the table. A new size starts again from the first page, as the page
 * tables do; `firstPage()` is for a change of filter.
 */
export function usePopupPaging(initialSize: PopupPageSize = DEFAULT_POPUP_PAGE_SIZE) {
  const [paging, setPaging] = useState<{ pageNum: number; pageSize: number }>({
    pageNum: 1,
    pageSize: initialSize,
  });
  return {
    ...paging,
    firstPage: () => setPaging((current) => ({ ...current, pageNum: 1 })),
    pagination: (total: number): TablePaginationConfig =>
      popupPagination({
        current: paging.pageNum,
        pageSize: paging.pageSize,
        total,
        onChange: (pageNum, pageSize) =>
          setPaging({ pageNum: pageSize === paging.pageSize ? pageNum : 1, pageSize }),
      }),
  };
}

/**
 * The pager of a card view (§9): whole rows of six cards (18 to 72 a page) or of eight (16 to 80),
 * opening on the smallest.
 */
export function cardPagination(
  row: keyof typeof CARD_PAGE_SIZES,
  config: TablePaginationConfig = {},
): TablePaginationConfig {
  const sizes = CARD_PAGE_SIZES[row];
  return { defaultPageSize: sizes[0], pageSizeOptions: sizes.map(String), showSizeChanger: true, ...config };
}
