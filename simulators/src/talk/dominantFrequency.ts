/** Power of one frequency in a block of samples (Goertzel): cheaper than an FFT when few bins are needed. */
export function goertzelPower(samples: Int16Array, sampleRate: number, frequency: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / sampleRate);
  let previous = 0;
  let beforePrevious = 0;
  for (const sample of samples) {
    const current = sample + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
  }
  return previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
}

/**
 * The strongest frequency in the samples, to the nearest hertz between 50 Hz and just under Nyquist: a coarse
 * scan every 25 Hz, then a fine one around the best bin. Undefined for silence.
 */
export function dominantFrequency(samples: Int16Array, sampleRate: number): number | undefined {
  if (samples.length < sampleRate / 20) return undefined;
  if (!samples.some((sample) => Math.abs(sample) > 64)) return undefined;
  const top = sampleRate / 2 - 50;
  const best = (from: number, to: number, step: number) => {
    let bestFrequency = from;
    let bestPower = -1;
    for (let frequency = from; frequency <= to; frequency += step) {
      const power = goertzelPower(samples, sampleRate, frequency);
      if (power > bestPower) {
        bestPower = power;
        bestFrequency = frequency;
      }
    }
    return bestFrequency;
  };
  const coarse = best(50, top, 25);
  return best(Math.max(50, coarse - 25), Math.min(top, coarse + 25), 1);
}
