import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Display {
  /** `:N`, for DISPLAY. */
  name: string;
  width: number;
  height: number;
  close(): Promise<void>;
}

/** A virtual X display (Xvfb) on the first free number from 90: the desktop plug-in's windows live on it. */
export async function startXvfb(width = 1600, height = 900): Promise<Display> {
  let number = 90;
  while (existsSync(`/tmp/.X11-unix/X${number}`) || existsSync(`/tmp/.X${number}-lock`)) number += 1;
  const name = `:${number}`;
  const xvfb: ChildProcess = spawn(
    'Xvfb',
    [name, '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => xvfb.once('exit', () => resolve()));
  for (let tries = 0; ; tries += 1) {
    try {
      await run('xdpyinfo', ['-display', name]);
      break;
    } catch (error) {
      if (tries > 100 || xvfb.exitCode !== null) {
        xvfb.kill();
        throw new Error(`Xvfb ${name} did not start`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    name,
    width,
    height,
    async close() {
      xvfb.kill();
      await exited;
    },
  };
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One grey-scale picture of `rect` of the display, one byte a pixel, row by row (ffmpeg's x11grab). */
export async function grabScreen(display: Display, rect: Rect): Promise<Buffer> {
  const even = (value: number) => Math.max(2, Math.floor(value / 2) * 2);
  const width = even(rect.width);
  const height = even(rect.height);
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-loglevel', 'error', '-f', 'x11grab', '-video_size', `${width}x${height}`],
      ...['-i', `${display.name}+${rect.left},${rect.top}`, '-frames:v', '1'],
      ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  if (stdout.length !== width * height)
    throw new Error(`x11grab gave ${stdout.length} bytes, not ${width * height}`);
  return stdout;
}

/** Mean absolute difference of two pictures of the same size, 0-255: above a few means the picture moves. */
export function meanDifference(a: Buffer, b: Buffer): number {
  if (a.length !== b.length) throw new Error('pictures of different sizes');
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

/** The standard deviation of a picture's grey levels: near 0 for a flat colour, large for a camera picture. */
export function spread(picture: Buffer): number {
  let sum = 0;
  for (const value of picture) sum += value;
  const mean = sum / picture.length;
  let squares = 0;
  for (const value of picture) squares += (value - mean) ** 2;
  return Math.sqrt(squares / picture.length);
}
