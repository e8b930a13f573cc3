import { describe, expect, it } from 'vitest';
import { RATES, faster, rateLabel, slower } from './rate.js';

describe('playback rate', () => {
  it('labels every rate from 1/8x to 8x', () => {
    expect(RATES.map(rateLabel)).toEqual(['1/8x', '1/4x', '1/2x', '1x', '2x', '4x', '8x']);
  });

  it('doubles and halves one step at a time', () => {
    expect(faster(1)).toBe(2);
    expect(faster(0.125)).toBe(0.25);
    expect(slower(1)).toBe(0.5);
    expect(slower(8)).toBe(4);
  });

  it('has no step past 8x or below 1/8x', () => {
    expect(faster(8)).toBeNull();
    expect(slower(0.125)).toBeNull();
  });
});
