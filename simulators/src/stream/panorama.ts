import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PANORAMA_HEIGHT, PANORAMA_WIDTH } from '../ptz/ptzView.js';
import { FFMPEG_PATH } from './ffmpegProcess.js';

const run = promisify(execFile);

/**
 * The picture every camera looks into: red grows left to right, green top to bottom, so the
 * centre pixel of any view tells where the camera points (VIDEO-NOTES); a blue grid shows motion. Made once
 * and kept in the temp dir.
 */
export async function ensurePanorama(): Promise<string> {
  const dir = join(tmpdir(), 'cityops-simulators');
  const file = join(dir, `panorama-${PANORAMA_WIDTH}x${PANORAMA_HEIGHT}-v2.png`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.png`;
  const source =
    `color=c=black:s=${PANORAMA_WIDTH}x${PANORAMA_HEIGHT},format=rgb24,` +
    // The grid lives in the blue channel only, so red and green stay exact wherever the centre lands.
    `geq=r='X*255/W':g='Y*255/H':b='if(lt(mod(X,120),3)+lt(mod(Y,120),3),255,64)'`;
  await run(FFMPEG_PATH, ['-v', 'error', '-y', '-f', 'lavfi', '-i', source, '-frames:v', '1', partial]);
  // Rename last, so a parallel run never reads a half-written file.
  renameSync(partial, file);
  return file;
}
