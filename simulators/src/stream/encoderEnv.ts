import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFfmpeg, type FfmpegOptions, type FfmpegRun } from './ffmpegProcess.js';
import type { VideoFormat } from './videoFormat.js';

/**
 * What every encoder of one simulator run shares: the panorama, the output format and a private temp
 * directory for filter scripts and overlay texts (removed on close).
 */
export class EncoderEnv {
  private readonly dir = mkdtempSync(join(tmpdir(), 'cityops-sim-'));
  private counter = 0;
  private readonly runs = new Set<FfmpegRun>();

  constructor(
    readonly panorama: string,
    readonly format: VideoFormat,
  ) {}

  /** Writes a file for one encoder and returns its path. */
  writeFile(stem: string, content: string): string {
    this.counter += 1;
    const path = join(this.dir, `${this.counter}-${stem}`);
    writeFileSync(path, content, 'utf8');
    return path;
  }

  /** Starts an encoder that this run owns, so close() can wait for it to be gone. */
  start(options: FfmpegOptions): FfmpegRun {
    const run = startFfmpeg(options);
    this.runs.add(run);
    void run.exited.then(() => this.runs.delete(run));
    return run;
  }

  /** Kills every encoder of this run and resolves when they have exited. */
  async stopAll(): Promise<void> {
    const runs = [...this.runs];
    for (const run of runs) run.kill();
    await Promise.all(runs.map((run) => run.exited));
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
