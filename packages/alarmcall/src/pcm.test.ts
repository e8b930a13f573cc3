import { describe, expect, it } from 'vitest';
import { TALK_FRAME_BYTES, TALK_SAMPLE_RATE } from '@cityops/contract';
import { PcmFramer, floatToPcm16 } from '@cityops/video';
import { clock, dominantFrequency, nextPlayTime, pcm16ToFloat } from './pcm.js';

describe('intercom PCM', () => {
  it('Float32 → Int16 LE → Float32 round-trips within a step, clipping out-of-range samples', () => {
    const samples = new Float32Array([0, 0.5, -0.5, 1, -1, 2, -2]);
    const back = pcm16ToFloat(floatToPcm16(samples));
    expect([...back].map((value) => Math.round(value * 1000) / 1000)).toEqual([0, 0.5, -0.5, 1, -1, 1, -1]);
    expect(new DataView(floatToPcm16(new Float32Array([1]))).getInt16(0, true)).toBe(0x7fff);
  });

  it('frames the worklet chunks into TALK_FRAME_BYTES frames (20 ms at 8 kHz)', () => {
    expect(TALK_FRAME_BYTES).toBe((TALK_SAMPLE_RATE / 50) * 2);
    const frames: ArrayBuffer[] = [];
    const framer = new PcmFramer(TALK_FRAME_BYTES, (frame) => frames.push(frame));
    for (let i = 0; i < 5; i += 1) framer.push(floatToPcm16(new Float32Array(128)));
    expect(frames.map((frame) => frame.byteLength)).toEqual([
      TALK_FRAME_BYTES,
      TALK_FRAME_BYTES,
      TALK_FRAME_BYTES,
      TALK_FRAME_BYTES,
    ]);
  });

  it('finds the dominant frequency of a spectrum', () => {
    const spectrum = new Float32Array(1024).fill(-120);
    // 8 kHz / 2048 = 3.90625 Hz per bin: bin 256 is 1000 Hz.
    spectrum[256] = -20;
    expect(dominantFrequency(spectrum, TALK_SAMPLE_RATE)).toBe(1000);
    expect(dominantFrequency(new Float32Array(1024).fill(-120), TALK_SAMPLE_RATE)).toBe(0);
  });

  it('times hh:mm:ss and schedules playback behind a jitter buffer', () => {
    expect(clock(0)).toBe('00:00:00');
    expect(clock(3723)).toBe('01:02:03');
    expect(nextPlayTime(10, 9, 0.1)).toBeCloseTo(10.1);
    expect(nextPlayTime(10, 10.5, 0.1)).toBe(10.5);
  });
});
