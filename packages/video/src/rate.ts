/** Playback rates (§4.4): 1/8x to 8x, each step doubling or halving. */
export const RATES = [0.125, 0.25, 0.5, 1, 2, 4, 8] as const;
export type Rate = (typeof RATES)[number];

export function rateLabel(rate: Rate): string {
  return rate >= 1 ? `${rate}x` : `1/${1 / rate}x`;
}

/** The next rate up, or null when already at 8x (the caller reports 0x12f910021). */
export function faster(rate: Rate): Rate | null {
  const index = RATES.indexOf(rate);
  return RATES[index + 1] ?? null;
}

/** The next rate down, or null when already at 1/8x (the caller reports 0x12f910022). */
export function slower(rate: Rate): Rate | null {
  const index = RATES.indexOf(rate);
  return index > 0 ? (RATES[index - 1] ?? null) : null;
}
