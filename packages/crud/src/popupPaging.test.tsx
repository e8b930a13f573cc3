import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { POPUP_PAGE_SIZES } from '@cityops/contract';
import { popupPagination, usePopupPaging } from './popupPaging.js';

describe('popup paging', () => {
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
