import type { Clock } from '../clock.js';
import { dominantFrequency } from './dominantFrequency.js';

export const talkSampleRates = [8000, 16000] as const;
export type TalkSampleRate = (typeof talkSampleRates)[number];

export interface TalkStatsSnapshot {
  /** sockets open right now */
  openSockets: number;
  /** sockets opened since start */
  sessions: number;
  bytes: number;
  frames: number;
  sampleRate: TalkSampleRate | undefined;
  lastFrameAt: number | undefined;
  /** strongest frequency of the last second of audio, in Hz (undefined for silence or no audio) */
  dominantHz: number | undefined;
}

/**
 * What a camera's talk channel received: 16-bit little-endian mono PCM. Keeps counters and the last second of
 * samples, so a test with a 1 kHz fake microphone can show its tone arrived.
 */
export class TalkStats {
  private openSockets = 0;
  private sessions = 0;
  private bytes = 0;
  private frames = 0;
  private sampleRate: TalkSampleRate | undefined;
  private lastFrameAt: number | undefined;
  private window = new Int16Array(0);
  private filled = 0;
  private carry: number | undefined;

  constructor(private readonly clock: Clock) {}

  opened(sampleRate: TalkSampleRate): void {
    this.openSockets += 1;
    this.sessions += 1;
    if (this.sampleRate !== sampleRate) {
      this.sampleRate = sampleRate;
      this.window = new Int16Array(sampleRate);
      this.filled = 0;
    }
    this.carry = undefined;
  }

  closed(): void {
    this.openSockets = Math.max(0, this.openSockets - 1);
  }

  /** One websocket message of PCM; a frame split mid-sample keeps its odd byte for the next one. */
  receive(frame: Buffer): void {
    this.bytes += frame.length;
    this.frames += 1;
    this.lastFrameAt = this.clock.now();
    let bytes = frame;
    if (this.carry !== undefined) {
      bytes = Buffer.concat([Buffer.from([this.carry]), frame]);
      this.carry = undefined;
    }
    const whole = bytes.length - (bytes.length % 2);
    if (whole < bytes.length) this.carry = bytes[bytes.length - 1];
    for (let offset = 0; offset < whole; offset += 2) this.push(bytes.readInt16LE(offset));
  }

  /** Frames received so far: cheap, unlike the snapshot's dominant frequency. */
  receivedFrames(): number {
    return this.frames;
  }

  snapshot(): TalkStatsSnapshot {
    return {
      openSockets: this.openSockets,
      sessions: this.sessions,
      bytes: this.bytes,
      frames: this.frames,
      sampleRate: this.sampleRate,
      lastFrameAt: this.lastFrameAt,
      dominantHz: this.sampleRate ? dominantFrequency(this.lastSecond(), this.sampleRate) : undefined,
    };
  }

  private push(sample: number): void {
    if (this.window.length === 0) return;
    this.window[this.filled % this.window.length] = sample;
    this.filled += 1;
  }

  /** The ring buffer unrolled, oldest first. */
  private lastSecond(): Int16Array {
    const size = this.window.length;
    if (this.filled < size) return this.window.slice(0, this.filled);
    const start = this.filled % size;
    const ordered = new Int16Array(size);
    ordered.set(this.window.subarray(start), 0);
    ordered.set(this.window.subarray(0, start), size - start);
    return ordered;
  }
}
