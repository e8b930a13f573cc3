import { crc32, deflateSync } from 'node:zlib';

/** An RGB image in memory: 3 bytes a pixel, rows top to bottom. */
export class Bitmap {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }

  /** Paints one pixel; channels are clamped to 0-255 (a typed array would wrap them). */
  set(x: number, y: number, [r, g, b]: readonly number[]) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const at = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    this.pixels.set(
      [r ?? 0, g ?? 0, b ?? 0].map((c) => Math.max(0, Math.min(255, Math.round(c)))),
      at,
    );
  }
}

function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The smallest valid PNG for a bitmap: 8-bit RGB, no filtering, one IDAT chunk. */
export function encodePng(image: Bitmap): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter method, no interlace
  const stride = image.width * 3;
  const raw = Buffer.alloc((stride + 1) * image.height);
  for (let y = 0; y < image.height; y++) {
    raw[y * (stride + 1)] = 0; // filter type None
    raw.set(image.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
