/**
 * A 24-bit uncompressed BMP from canvas pixels (RGBA, top row first). Browsers encode only PNG, JPEG
 * and WebP from a canvas, so the BMP capture of §2.5 is written here.
 */
export function encodeBmp(
  width: number,
  height: number,
  rgba: Uint8ClampedArray | Uint8Array,
): Uint8Array<ArrayBuffer> {
  if (rgba.length < width * height * 4) throw new RangeError('pixel data shorter than width x height');
  // Each row is padded to a multiple of 4 bytes.
  const rowSize = Math.ceil((width * 3) / 4) * 4;
  const imageSize = rowSize * height;
  const headerSize = 14 + 40;
  const bytes = new Uint8Array(headerSize + imageSize);
  const view = new DataView(bytes.buffer);
  // BITMAPFILEHEADER
  bytes[0] = 0x42; // 'B'
  bytes[1] = 0x4d; // 'M'
  view.setUint32(2, bytes.length, true);
  view.setUint32(10, headerSize, true);
  // BITMAPINFOHEADER; a positive height stores the rows bottom-up, which every reader accepts.
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 24, true);
  view.setUint32(30, 0, true);
  view.setUint32(34, imageSize, true);
  // 2835 pixels per metre is 72 dpi.
  view.setInt32(38, 2835, true);
  view.setInt32(42, 2835, true);
  for (let y = 0; y < height; y += 1) {
    const rowStart = headerSize + (height - 1 - y) * rowSize;
    for (let x = 0; x < width; x += 1) {
      const source = (y * width + x) * 4;
      const target = rowStart + x * 3;
      // BMP stores blue, green, red; alpha is dropped (video frames are opaque).
      bytes[target] = rgba[source + 2] ?? 0;
      bytes[target + 1] = rgba[source + 1] ?? 0;
      bytes[target + 2] = rgba[source] ?? 0;
    }
  }
  return bytes;
}
