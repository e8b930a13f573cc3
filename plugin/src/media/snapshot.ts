import { stat } from 'node:fs/promises';
import { lastLine } from '../texts.js';
import { runTool } from './tools.js';

/**
 * Decodes the stream from its last keyframe and keeps the newest picture as a JPEG (image2 with
 * -update overwrites the file with each decoded frame, so the last one stays). Throws with ffmpeg's
 * reason when nothing was written.
 */
export async function writeSnapshot(ffmpeg: string, fromKeyframe: Buffer, path: string): Promise<void> {
  const result = await runTool(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'flv', '-i', 'pipe:0'],
      ...['-an', '-update', '1', '-q:v', '2', '-f', 'image2', path],
    ],
    { input: fromKeyframe },
  );
  const written = await stat(path).then(
    (info) => info.size > 0,
    () => false,
  );
  if (result.code !== 0 || !written) throw new Error(lastLine(result.stderr, `ffmpeg exit ${result.code}`));
}
