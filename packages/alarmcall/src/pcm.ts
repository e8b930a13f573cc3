/** 16-bit little-endian PCM (the listen socket's frames) as Float32 samples (-1..1) for WebAudio. */
export function pcm16ToFloat(frame: ArrayBuffer): Float32Array {
  const view = new DataView(frame);
  const samples = new Float32Array(Math.floor(frame.byteLength / 2));
  for (let i = 0; i < samples.length; i += 1) {
    const value = view.getInt16(i * 2, true);
    samples[i] = value < 0 ? value / 0x8000 : value / 0x7fff;
  }
  return samples;
}

/**
 * The dominant frequency of a spectrum (AnalyserNode.getFloatFrequencyData, dB per bin): the centre
 * of the loudest bin, 0 when all is silence (below `floorDb`).
 */
export function dominantFrequency(spectrum: Float32Array, sampleRate: number, floorDb = -90): number {
  let best = -1;
  let loudest = floorDb;
  for (let i = 1; i < spectrum.length; i += 1) {
    const db = spectrum[i] ?? -Infinity;
    if (db > loudest) {
      loudest = db;
      best = i;
    }
  }
  if (best < 0) return 0;
  const binHz = sampleRate / (2 * spectrum.length);
  return Math.round(best * binHz);
}

/** Seconds as hh:mm:ss (the intercom's timer). */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const parts = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  return parts.map((part) => String(part).padStart(2, '0')).join(':');
}

/**
 * When to start the next chunk of playback: right after the last one, or, when playback ran dry (or
 * has not started), a small jitter buffer ahead of now so a late frame does not click.
 */
export function nextPlayTime(now: number, scheduledEnd: number, jitterS: number): number {
  return scheduledEnd < now ? now + jitterS : scheduledEnd;
}
