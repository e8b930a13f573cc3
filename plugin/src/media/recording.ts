import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { lastLine } from '../texts.js';
import type { StreamSource } from './streamSource.js';
import { runTool } from './tools.js';

/**
 * A local recording: the stream from its last keyframe is written as it arrives to a hidden .flv
 * beside the target, and at stop remuxed (no re-encoding) to the MP4 the operator gets.
 */
export class Recording {
  private readonly file: WriteStream;
  private readonly unsubscribe: () => void;
  private readonly partPath: string;

  constructor(
    source: StreamSource,
    readonly path: string,
    private readonly ffmpeg: string,
  ) {
    this.partPath = path.replace(/([^/\\]+)$/, '.$1.flv');
    this.file = createWriteStream(this.partPath);
    this.file.on('error', () => undefined);
    this.unsubscribe = source.subscribe((bytes) => this.file.write(bytes));
  }

  /** Stops taking the stream and writes the MP4; resolves with its path, throws with ffmpeg's reason. */
  async stop(): Promise<string> {
    this.unsubscribe();
    await new Promise<void>((resolve, reject) => {
      this.file.once('error', reject);
      this.file.end(() => resolve());
    });
    try {
      const result = await runTool(
        this.ffmpeg,
        [
          ...['-hide_banner', '-loglevel', 'error', '-y'],
          ...['-f', 'flv', '-i', this.partPath],
          ...['-c', 'copy', '-movflags', '+faststart', this.path],
        ],
        { timeoutMs: 60_000 },
      );
      if (result.code !== 0) throw new Error(lastLine(result.stderr, `ffmpeg exit ${result.code}`));
      return this.path;
    } finally {
      await rm(this.partPath, { force: true });
    }
  }
}
