import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { dominantFrequency } from './dominantFrequency.js';
import { TalkStats } from './talkStats.js';

function tone(frequency: number, sampleRate: number, seconds: number): Int16Array {
  const samples = new Int16Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < samples.length; i += 1)
    samples[i] = Math.round(12000 * Math.sin((2 * Math.PI * frequency * i) / sampleRate));
  return samples;
}

function toFrames(samples: Int16Array, frameBytes: number): Buffer[] {
  const bytes = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const frames: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += frameBytes)
    frames.push(bytes.subarray(offset, offset + frameBytes));
  return frames;
}

describe('talk statistics', () => {
  it('find a 1 kHz tone at 8 and 16 kHz', () => {
    expect(dominantFrequency(tone(1000, 8000, 1), 8000)).toBe(1000);
    expect(dominantFrequency(tone(1000, 16000, 1), 16000)).toBe(1000);
    expect(dominantFrequency(tone(440, 16000, 0.5), 16000)).toBe(440);
    // Whole seconds of tones a whole number of hertz off the coarse 25 Hz steps.
    for (const frequency of [440, 310, 1234, 3333])
      expect(dominantFrequency(tone(frequency, 8000, 1), 8000)).toBe(frequency);
    expect(dominantFrequency(new Int16Array(16000), 16000)).toBeUndefined();
  });

  it('count 20 ms frames and keep the last second, even when a frame splits a sample', () => {
    const clock = new ManualClock(5);
    const stats = new TalkStats(clock);
    stats.opened(16000);
    // 641-byte frames put every other sample across two frames.
    for (const frame of toFrames(tone(1000, 16000, 2), 641)) stats.receive(frame);
    const snapshot = stats.snapshot();
    expect(snapshot).toMatchObject({
      openSockets: 1,
      sessions: 1,
      bytes: 64000,
      sampleRate: 16000,
      lastFrameAt: 5,
    });
    expect(snapshot.frames).toBe(Math.ceil(64000 / 641));
    expect(snapshot.dominantHz).toBe(1000);
    stats.closed();
    expect(stats.snapshot().openSockets).toBe(0);
  });
});
