/** Statistics of grey pictures (one byte a pixel, as grabGray gives them) for tests of what a screen shows. */

/** The standard deviation of the grey levels: near 0 for a flat colour, large for a camera picture. */
export function spread(picture: Uint8Array): number {
  let sum = 0;
  for (const value of picture) sum += value;
  const mean = sum / picture.length;
  let squares = 0;
  for (const value of picture) squares += (value - mean) ** 2;
  return Math.sqrt(squares / picture.length);
}

/** Mean absolute difference of two pictures of one size, 0-255: above a few, the picture moved. */
export function meanDifference(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error('pictures of different sizes');
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}
