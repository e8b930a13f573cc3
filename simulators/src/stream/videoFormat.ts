/**
 * Output picture of every simulated camera. 480x270 at 25 fps keeps sixteen live encoders within a
 * two-core machine (measured in README.md) while the barcode boxes stay 26 px wide.
 */
export interface VideoFormat {
  width: number;
  height: number;
  fps: number;
}

export const defaultVideoFormat: VideoFormat = { width: 480, height: 270, fps: 25 };

export const BARCODE_BITS = 16;
/** Height of the black band at the bottom that carries the barcode. */
export const BARCODE_BAND_HEIGHT = 30;

export interface BarcodeBox {
  bit: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Where the 16 barcode boxes sit, least significant bit on the left. A box is white when its bit of
 * (time in ms mod 65536) is set and black otherwise; a reader samples each box's centre.
 */
export function barcodeLayout(format: VideoFormat): BarcodeBox[] {
  const margin = 8;
  const pitch = Math.floor((format.width - 2 * margin) / BARCODE_BITS);
  const boxes: BarcodeBox[] = [];
  for (let bit = 0; bit < BARCODE_BITS; bit += 1) {
    boxes.push({
      bit,
      x: margin + bit * pitch,
      y: format.height - BARCODE_BAND_HEIGHT + 5,
      w: pitch - 4,
      h: 20,
    });
  }
  return boxes;
}
