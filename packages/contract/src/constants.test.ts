import { describe, expect, it } from 'vitest';
import { CARD_PAGE_SIZES, PAGE_SIZES, POPUP_PAGE_SIZES } from './constants.js';

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
});
