import { TALK_FRAME_SAMPLES, TALK_SAMPLE_RATE } from '@cityops/contract';

/** A third of full scale: loud enough to be unmistakable, far from clipping. */
const AMPLITUDE = 0.3 * 32_767;

/**
 * The box's "voice": a sine at `hz` as 8 kHz mono s16le PCM, cut into 20 ms frames (320 bytes). The phase
 * runs on from frame to frame, so the tone has no clicks and its dominant frequency is exact.
 */
export class ToneSource {
  private phase = 0;

  constructor(readonly hz: number) {}

  /** The next 20 ms frame. */
  next(): Buffer {
    const frame = Buffer.alloc(TALK_FRAME_SAMPLES * 2);
    const step = (2 * Math.PI * this.hz) / TALK_SAMPLE_RATE;
    for (let i = 0; i < TALK_FRAME_SAMPLES; i += 1) {
      frame.writeInt16LE(Math.round(AMPLITUDE * Math.sin(this.phase)), i * 2);
      this.phase = (this.phase + step) % (2 * Math.PI);
    }
    return frame;
  }
}

/** A frame of PCM as samples (tests, and what a box heard). */
export function pcmSamples(frames: readonly Buffer[]): Int16Array {
  const bytes = Buffer.concat(frames);
  const samples = new Int16Array(Math.floor(bytes.length / 2));
  for (let i = 0; i < samples.length; i += 1) samples[i] = bytes.readInt16LE(i * 2);
  return samples;
}
