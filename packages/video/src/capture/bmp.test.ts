import { describe, expect, it } from 'vitest';
import { encodeBmp } from './bmp.js';

describe('BMP encoder', () => {
  it('writes a 24-bit bottom-up bitmap with padded rows', () => {
    // 3 x 2 pixels: top row red, green, blue; bottom row white, black, grey.
    const rgba = new Uint8ClampedArray([
      255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255, 128, 128, 128, 255,
    ]);
    const bmp = encodeBmp(3, 2, rgba);
    const view = new DataView(bmp.buffer);
    expect(String.fromCharCode(bmp[0] ?? 0, bmp[1] ?? 0)).toBe('BM');
    // 3 pixels x 3 bytes = 9, padded to 12 per row.
    expect(bmp.length).toBe(54 + 12 * 2);
    expect(view.getUint32(2, true)).toBe(bmp.length);
    expect(view.getUint32(10, true)).toBe(54);
    expect(view.getInt32(18, true)).toBe(3);
    expect(view.getInt32(22, true)).toBe(2);
    expect(view.getUint16(28, true)).toBe(24);
    // The first stored row is the bottom one, as blue-green-red triples.
    expect([...bmp.slice(54, 63)]).toEqual([255, 255, 255, 0, 0, 0, 128, 128, 128]);
    expect([...bmp.slice(63, 66)]).toEqual([0, 0, 0]);
    expect([...bmp.slice(66, 75)]).toEqual([0, 0, 255, 0, 255, 0, 255, 0, 0]);
  });

  it('refuses pixel data shorter than the picture', () => {
    expect(() => encodeBmp(2, 2, new Uint8ClampedArray(4))).toThrow(RangeError);
  });
});
