/**
 * Float32 samples (-1..1) as 16-bit little-endian PCM. It runs inside the AudioWorklet too (its source
 * is embedded there), so it must stay self-contained: no imports, no outer names.
 */
export function floatToPcm16(samples: Float32Array): ArrayBuffer {
  const buffer = new ArrayBuffer(samples.length * 2);
  const view = new DataView(buffer);
  for (let i = 0; i < samples.length; i += 1) {
    const sample = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(i * 2, sample < 0 ? Math.round(sample * 0x8000) : Math.round(sample * 0x7fff), true);
  }
  return buffer;
}

/** Bytes of one frame of `frameMs` of 16-bit mono audio at `sampleRate` (20 ms: 320 B at 8 kHz, 640 at 16 kHz). */
export function frameBytes(sampleRate: number, frameMs: number): number {
  return Math.round((sampleRate * frameMs) / 1000) * 2;
}

/**
 * Cuts a stream of PCM chunks (the worklet delivers 128 samples at a time) into frames of a fixed size,
 * the unit the talk socket expects.
 */
export class PcmFramer {
  private pending = new Uint8Array(0);

  constructor(
    private readonly size: number,
    private readonly emit: (frame: ArrayBuffer) => void,
  ) {}

  push(chunk: ArrayBuffer): void {
    const joined = new Uint8Array(this.pending.length + chunk.byteLength);
    joined.set(this.pending);
    joined.set(new Uint8Array(chunk), this.pending.length);
    let offset = 0;
    while (joined.length - offset >= this.size) {
      this.emit(joined.slice(offset, offset + this.size).buffer);
      offset += this.size;
    }
    this.pending = joined.slice(offset);
  }
}
