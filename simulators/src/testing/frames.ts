import { spawn } from 'node:child_process';
import { FFMPEG_PATH } from '../stream/ffmpegProcess.js';
import { barcodeLayout, type VideoFormat } from '../stream/videoFormat.js';

/** Decodes the first picture of an FLV byte stream to RGB24 with ffmpeg (tests read pixels from it). */
export async function decodeFirstFrame(flv: Buffer, format: VideoFormat): Promise<Buffer> {
  const [first] = await decodeFrames(flv, format, 1);
  if (!first) throw new Error('no frame decoded');
  return first;
}

/** Decodes up to `limit` pictures of an FLV byte stream to RGB24 frames. */
export function decodeFrames(flv: Buffer, format: VideoFormat, limit = 10_000): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG_PATH, [
      ...['-v', 'error', '-f', 'flv', '-i', 'pipe:0', '-frames:v', String(limit)],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    ]);
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stdin.on('error', () => undefined);
    child.on('error', reject);
    child.on('close', () => {
      const all = Buffer.concat(chunks);
      const size = format.width * format.height * 3;
      const frames: Buffer[] = [];
      for (let offset = 0; offset + size <= all.length; offset += size)
        frames.push(all.subarray(offset, offset + size));
      resolve(frames);
    });
    child.stdin.end(flv);
  });
}

export function pixel(frame: Buffer, format: VideoFormat, x: number, y: number): [number, number, number] {
  const offset = (y * format.width + x) * 3;
  return [frame[offset] ?? 0, frame[offset + 1] ?? 0, frame[offset + 2] ?? 0];
}

/**
 * Red and green near the picture's centre, from the pixel of a 7x7 block that is furthest from the panorama's
 * blue grid lines (a line's luma bleeds into red and green through chroma subsampling).
 */
export function centreColour(frame: Buffer, format: VideoFormat): { red: number; green: number } {
  const cx = Math.floor(format.width / 2);
  const cy = Math.floor(format.height / 2);
  let best: [number, number, number] = pixel(frame, format, cx, cy);
  for (let dy = -3; dy <= 3; dy += 1) {
    for (let dx = -3; dx <= 3; dx += 1) {
      const candidate = pixel(frame, format, cx + dx, cy + dy);
      if (candidate[2] < best[2]) best = candidate;
    }
  }
  return { red: best[0], green: best[1] };
}

/** Reads the 16-bit time barcode: a box is a 1 when its centre is bright. */
export function readBarcode(frame: Buffer, format: VideoFormat): number {
  let value = 0;
  for (const box of barcodeLayout(format)) {
    const [r, g, b] = pixel(frame, format, box.x + Math.floor(box.w / 2), box.y + Math.floor(box.h / 2));
    if (r + g + b > 3 * 128) value |= 1 << box.bit;
  }
  return value;
}
