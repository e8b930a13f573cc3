import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { CARD_PAGE_SIZES, POPUP_PAGE_SIZES } from '@cityops/contract';
import { cardPagination, popupPagination, usePopupPaging } from './listPaging.js';

describe('list paging', () => {
  it('offers a card view whole rows of six or of eight cards, opening on the smallest', () => {
    expect(cardPagination('rowsOfSix')).toMatchObject({
      defaultPageSize: 18,
      pageSizeOptions: CARD_PAGE_SIZES.rowsOfSix.map(String),
    });
    expect(cardPagination('rowsOfEight', { current: 2 })).toMatchObject({
      defaultPageSize: 16,
      current: 2,
      pageSizeOptions: ['16', '24', '32', '48', '80'],
    });
  });

  it('offers the popup sizes of §9 and opens on ten rows', () => {
    const pager = popupPagination({ hideOnSinglePage: true });
    expect(pager.pageSizeOptions).toEqual(POPUP_PAGE_SIZES.map(String));
    expect(pager.defaultPageSize).toBe(10);
    expect(pager.showSizeChanger).toBe(true);
    expect(pager.hideOnSinglePage).toBe(true);
  });

  it('turns pages, and goes back to the first page when the size changes', () => {
    const { result } = renderHook(() => usePopupPaging());
    expect(result.current).toMatchObject({ pageNum: 1, pageSize: 10 });
    act(() => result.current.pagination(95).onChange?.(4, 10));
    expect(result.current).toMatchObject({ pageNum: 4, pageSize: 10 });
    expect(result.current.pagination(95)).toMatchObject({ current: 4, pageSize: 10, total: 95 });

    act(() => result.current.pagination(95).onChange?.(4, 50));
    expect(result.current).toMatchObject({ pageNum: 1, pageSize: 50 });

    act(() => result.current.pagination(95).onChange?.(2, 50));
    act(() => result.current.firstPage());
    expect(result.current).toMatchObject({ pageNum: 1, pageSize: 50 });
  });
});
