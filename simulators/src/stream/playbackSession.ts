import type { RecordSegment } from '../records/recordSegments.js';
import { cropForPosition } from '../ptz/ptzView.js';
import type { PtzPosition } from '../ptz/ptzModel.js';
import type { EncoderEnv } from './encoderEnv.js';
import { encoderArgs, type FfmpegRun } from './ffmpegProcess.js';
import { playbackClockText, playbackFilterScript } from './filterScript.js';
import { FlvReader, TAG_SCRIPT, withTimestamp, type FlvTag } from './flv.js';
import type { FlvViewer } from './flvViewer.js';

export interface PlaybackRequest {
  title: string;
  /** the continuous recorded stretches to play, in order (already clipped to the asked range) */
  stretches: RecordSegment[];
  rate: number;
  view: PtzPosition;
}

/**
 * One viewer's playback: an encoder per recorded stretch, run one after another into a single FLV stream.
 * Timestamps continue across stretches, so the player sees one stream whose burned clock jumps over the gaps.
 * Seeking or changing the rate is a new session (VIDEO-NOTES). The stream ends after the last stretch.
 */
export class PlaybackSession {
  private encoder: FfmpegRun | undefined;
  private closed = false;
  private headerSent = false;
  private sequenceHeaderSent: Buffer | undefined;
  /** output timestamp where the current stretch begins */
  private offset = 0;
  private lastTimestamp = 0;

  constructor(
    private readonly env: EncoderEnv,
    private readonly request: PlaybackRequest,
    private readonly viewer: FlvViewer,
  ) {}

  start(): void {
    void this.playFrom(0);
  }

  pid(): number | undefined {
    return this.encoder?.pid;
  }

  startedAt(): number | undefined {
    return this.encoder?.startedAt;
  }

  close(): void {
    this.closed = true;
    this.encoder?.kill();
    this.encoder = undefined;
  }

  private async playFrom(index: number): Promise<void> {
    const stretch = this.request.stretches[index];
    if (this.closed) return;
    if (!stretch) {
      this.closed = true;
      this.viewer.end(index === 0 ? 'no recording in range' : 'end of recording');
      return;
    }
    const { env, request } = this;
    const script = playbackFilterScript({
      format: env.format,
      crop: cropForPosition(request.view),
      titleFile: env.writeFile('title.txt', `${request.title}  回放 ${rateLabel(request.rate)}`),
      clockFile: env.writeFile('clock.txt', playbackClockText(stretch.start)),
      rate: request.rate,
      recordedStart: stretch.start,
    });
    const reader = new FlvReader(
      (header) => this.onHeader(header),
      (tag) => this.onTag(tag),
    );
    const encoder = env.start({
      args: encoderArgs({
        panorama: env.panorama,
        filterScript: env.writeFile('playback.txt', script),
        fps: env.format.fps,
        durationSec: (stretch.end - stretch.start) / 1000 / request.rate,
      }),
      onData: (chunk) => reader.push(chunk),
    });
    this.encoder = encoder;
    await encoder.exited;
    if (this.closed || this.encoder !== encoder) return;
    this.offset = this.lastTimestamp + 1000 / env.format.fps;
    await this.playFrom(index + 1);
  }

  private onHeader(header: Buffer): void {
    if (this.headerSent) return;
    this.headerSent = true;
    this.viewer.send(Buffer.from(header));
  }

  private onTag(tag: FlvTag): void {
    if (this.closed) return;
    if (tag.type === TAG_SCRIPT) {
      if (this.offset === 0) this.viewer.send(withTimestamp(tag, 0));
      return;
    }
    // Each stretch's encoder ends its stream; the viewer's stream goes on with the next stretch.
    if (tag.endOfSequence) return;
    if (tag.sequenceHeader) {
      // Every stretch's encoder starts with the same configuration; repeat it only if it differs.
      if (this.sequenceHeaderSent?.subarray(11).equals(tag.bytes.subarray(11))) return;
      this.sequenceHeaderSent = tag.bytes;
      this.viewer.send(withTimestamp(tag, this.offset));
      return;
    }
    this.lastTimestamp = this.offset + tag.timestamp;
    this.viewer.send(withTimestamp(tag, this.lastTimestamp));
  }
}

export function rateLabel(rate: number): string {
  return rate >= 1 ? `${rate}x` : `1/${Math.round(1 / rate)}x`;
}
