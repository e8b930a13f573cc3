import { describe, expect, it } from 'vitest';
import { CARD_PAGE_SIZES, LIST_SIZES, PAGE_SIZES, POPUP_PAGE_SIZES } from './constants.js';
import { pageRequestSchema } from './admin/paging.js';

describe('list sizes of §9', () => {
  it('pages tables by 15, 20, 30, 50 or 100 rows', () => {
    expect(PAGE_SIZES).toEqual([15, 20, 30, 50, 100]);
  });

  it('pages card views by whole rows of 6 or of 8 cards', () => {
    expect(CARD_PAGE_SIZES.rowsOfSix).toEqual([18, 24, 36, 48, 72]);
    expect(CARD_PAGE_SIZES.rowsOfEight).toEqual([16, 24, 32, 48, 80]);
    expect(CARD_PAGE_SIZES.rowsOfSix.every((size) => size % 6 === 0)).toBe(true);
    expect(CARD_PAGE_SIZES.rowsOfEight.every((size) => size % 8 === 0)).toBe(true);
  });

  it('pages popups by 5, 10, 15, 20, 30, 50 or 100 rows', () => {
    expect(POPUP_PAGE_SIZES).toEqual([5, 10, 15, 20, 30, 50, 100]);
  });

  it('lets a paged request ask for any of those sizes, and no other', () => {
    expect(LIST_SIZES).toEqual([5, 10, 15, 16, 18, 20, 24, 30, 32, 36, 48, 50, 72, 80, 100]);
    const request = pageRequestSchema({}, ['name']);
    for (const size of LIST_SIZES) expect(request.parse({ pageSize: size }).pageSize).toBe(size);
    for (const size of [0, 7, 25, 101]) expect(request.safeParse({ pageSize: size }).success).toBe(false);
  });
});
