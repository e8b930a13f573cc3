import type { PtzModel } from '../ptz/ptzModel.js';
import { cropForPosition, type CropRect } from '../ptz/ptzView.js';
import type { EncoderEnv } from './encoderEnv.js';
import { encoderArgs, type FfmpegRun } from './ffmpegProcess.js';
import { liveClockText, liveFilterScript } from './filterScript.js';
import { FlvReader, TAG_SCRIPT, withTimestamp, type FlvTag } from './flv.js';
import type { FlvViewer } from './flvViewer.js';

/** ffmpeg reads at most one keyboard command per 100 ms, so PTZ updates are paced to that. */
const COMMAND_INTERVAL_MS = 100;

interface ViewerState {
  viewer: FlvViewer;
  /** encoder timestamp that becomes 0 for this viewer; undefined until its first keyframe */
  base: number | undefined;
}

export interface EncoderInfo {
  pid: number;
  startedAt: number;
  viewers: number;
}

/**
 * One camera's live picture: a single encoder, started by the first viewer and stopped `lingerMs` after the
 * last one leaves, fanned out to every viewer. The FLV header, metadata, sequence header and the current GOP
 * are cached, so a new viewer gets a keyframe at once instead of waiting for the next one.
 */
export class LiveChannel {
  private encoder: FfmpegRun | undefined;
  private reader: FlvReader | undefined;
  private readonly viewers = new Set<ViewerState>();
  private header: Buffer | undefined;
  private metadata: FlvTag | undefined;
  private sequenceHeader: FlvTag | undefined;
  private gop: FlvTag[] = [];
  private stopTimer: NodeJS.Timeout | undefined;
  private ptzTimer: NodeJS.Timeout | undefined;
  private applied: CropRect | undefined;

  constructor(
    private readonly options: {
      title: string;
      env: EncoderEnv;
      ptz: PtzModel;
      lingerMs: number;
    },
  ) {}

  attach(viewer: FlvViewer): void {
    clearTimeout(this.stopTimer);
    this.stopTimer = undefined;
    const state: ViewerState = { viewer, base: undefined };
    this.viewers.add(state);
    if (!this.encoder) this.start();
    else this.sendCached(state);
  }

  detach(viewer: FlvViewer): void {
    for (const state of this.viewers) if (state.viewer === viewer) this.viewers.delete(state);
    if (this.viewers.size === 0 && this.encoder && !this.stopTimer) {
      this.stopTimer = setTimeout(() => this.stop(), this.options.lingerMs);
    }
  }

  info(): EncoderInfo | undefined {
    if (!this.encoder) return undefined;
    return { pid: this.encoder.pid, startedAt: this.encoder.startedAt, viewers: this.viewers.size };
  }

  close(): void {
    for (const state of this.viewers) state.viewer.end('simulator closed');
    this.viewers.clear();
    this.stop();
  }

  private start(): void {
    const { env, ptz, title } = this.options;
    const crop = cropForPosition(ptz.position());
    const script = liveFilterScript({
      format: env.format,
      crop,
      titleFile: env.writeFile('title.txt', title),
      clockFile: env.writeFile('clock.txt', liveClockText),
    });
    const reader = new FlvReader(
      (header) => (this.header = Buffer.from(header)),
      (tag) => this.onTag(tag),
    );
    this.reader = reader;
    const encoder = env.start({
      args: encoderArgs({
        panorama: env.panorama,
        filterScript: env.writeFile('live.txt', script),
        fps: env.format.fps,
      }),
      onData: (chunk) => reader.push(chunk),
    });
    this.encoder = encoder;
    this.applied = crop;
    this.ptzTimer = setInterval(() => this.followPtz(), COMMAND_INTERVAL_MS);
    void encoder.exited.then(() => {
      if (this.encoder !== encoder) return;
      // The encoder died on its own: viewers see the stream end, as with a real media server.
      for (const state of this.viewers) state.viewer.end('encoder stopped');
      this.viewers.clear();
      this.stop();
    });
  }

  private stop(): void {
    clearTimeout(this.stopTimer);
    clearInterval(this.ptzTimer);
    this.stopTimer = undefined;
    this.ptzTimer = undefined;
    this.encoder?.kill();
    this.encoder = undefined;
    this.reader = undefined;
    this.header = undefined;
    this.metadata = undefined;
    this.sequenceHeader = undefined;
    this.gop = [];
  }

  /** Sends at most one crop command per tick: the field furthest from where the model says we look. */
  private followPtz(): void {
    if (!this.encoder || !this.applied) return;
    const target = cropForPosition(this.options.ptz.position());
    const applied = this.applied;
    if (target.w !== applied.w) {
      this.encoder.command(`crop@ptz -1 w ${target.w}`);
      applied.w = target.w;
    } else if (Math.abs(target.x - applied.x) >= Math.abs(target.y - applied.y) && target.x !== applied.x) {
      this.encoder.command(`crop@ptz -1 x ${target.x}`);
      applied.x = target.x;
    } else if (target.y !== applied.y) {
      this.encoder.command(`crop@ptz -1 y ${target.y}`);
      applied.y = target.y;
    }
  }

  private onTag(tag: FlvTag): void {
    if (tag.type === TAG_SCRIPT) {
      this.metadata = tag;
      return;
    }
    if (tag.sequenceHeader) {
      this.sequenceHeader = tag;
      return;
    }
    if (tag.keyframe) this.gop = [];
    this.gop.push(tag);
    for (const state of this.viewers) {
      if (state.base === undefined) {
        if (tag.keyframe) this.sendCached(state);
        continue;
      }
      state.viewer.send(withTimestamp(tag, tag.timestamp - state.base));
    }
  }

  /** Header, metadata, sequence header and the GOP so far; the viewer waits if there is no keyframe yet. */
  private sendCached(state: ViewerState): void {
    const first = this.gop[0];
    if (!this.header || !this.sequenceHeader || !first?.keyframe) return;
    state.base = first.timestamp;
    state.viewer.send(this.header);
    if (this.metadata) state.viewer.send(withTimestamp(this.metadata, 0));
    state.viewer.send(withTimestamp(this.sequenceHeader, 0));
    for (const tag of this.gop) state.viewer.send(withTimestamp(tag, tag.timestamp - first.timestamp));
  }
}
