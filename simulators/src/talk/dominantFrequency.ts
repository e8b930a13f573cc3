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

/** The coarse scan's step (Hz); its blocks are as long as one period of it, so each bin is this wide. */
const COARSE_STEP_HZ = 25;

/**
 * The strongest frequency in the samples, to the nearest hertz between 50 Hz and just under Nyquist: a coarse
 * scan every 25 Hz over 1/25 s blocks (bins as wide as the step, so a tone between two steps still shows),
 * then a fine one around the best bin over all the samples. Undefined for silence.
 *
 * The blocks matter: over a whole second the bins are 1 Hz wide and a tone a whole number of hertz off
 * every step (440 Hz between 425 and 450) is orthogonal to all of them, so noise would win the scan.
 */
export function dominantFrequency(samples: Int16Array, sampleRate: number): number | undefined {
  if (samples.length < sampleRate / 20) return undefined;
  if (!samples.some((sample) => Math.abs(sample) > 64)) return undefined;
  const top = sampleRate / 2 - 50;
  const blockLength = Math.round(sampleRate / COARSE_STEP_HZ);
  const blocks: Int16Array[] = [];
  for (let start = 0; start + blockLength <= samples.length; start += blockLength)
    blocks.push(samples.subarray(start, start + blockLength));
  const best = (from: number, to: number, step: number, power: (frequency: number) => number) => {
    let bestFrequency = from;
    let bestPower = -1;
    for (let frequency = from; frequency <= to; frequency += step) {
      const current = power(frequency);
      if (current > bestPower) {
        bestPower = current;
        bestFrequency = frequency;
      }
    }
    return bestFrequency;
  };
  const coarse = best(50, top, COARSE_STEP_HZ, (frequency) =>
    blocks.reduce((sum, block) => sum + goertzelPower(block, sampleRate, frequency), 0),
  );
  return best(Math.max(50, coarse - COARSE_STEP_HZ), Math.min(top, coarse + COARSE_STEP_HZ), 1, (frequency) =>
    goertzelPower(samples, sampleRate, frequency),
  );
}
