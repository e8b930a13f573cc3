import { describe, expect, it } from 'vitest';
import { PcmFramer, floatToPcm16, frameBytes } from './pcm.js';
import { pcmWorkletSource } from './worklet.js';

describe('PCM conversion', () => {
  it('turns Float32 samples into 16-bit little-endian integers, clamped', () => {
    const pcm = new DataView(floatToPcm16(new Float32Array([0, 1, -1, 0.5, -0.5, 2, -2])));
    const values = Array.from({ length: 7 }, (_, i) => pcm.getInt16(i * 2, true));
    expect(values).toEqual([0, 32767, -32768, 16384, -16384, 32767, -32768]);
    // Little-endian: the low byte first.
    expect(new Uint8Array(floatToPcm16(new Float32Array([1])))).toEqual(new Uint8Array([0xff, 0x7f]));
  });

  it('sizes 20 ms frames as 320 B at 8 kHz and 640 B at 16 kHz', () => {
    expect(frameBytes(8_000, 20)).toBe(320);
    expect(frameBytes(16_000, 20)).toBe(640);
  });

  it('cuts 128-sample chunks into whole frames and keeps the rest for the next chunk', () => {
    const frames: ArrayBuffer[] = [];
    const framer = new PcmFramer(640, (frame) => frames.push(frame));
    const chunk = (value: number) => floatToPcm16(new Float32Array(128).fill(value));
    framer.push(chunk(0.25));
    framer.push(chunk(0.25));
    expect(frames).toHaveLength(0);
    framer.push(chunk(0.5));
    expect(frames).toHaveLength(1);
    expect(frames[0]?.byteLength).toBe(640);
    const first = new DataView(frames[0] ?? new ArrayBuffer(0));
    expect(first.getInt16(0, true)).toBe(8192);
    expect(first.getInt16(638, true)).toBe(16384);
    framer.push(chunk(0.5));
    framer.push(chunk(0.5));
    // 5 chunks x 256 B = 1280 B: exactly two frames.
    expect(frames).toHaveLength(2);
  });

  it('embeds the same conversion in the worklet source', () => {
    expect(pcmWorkletSource).toContain('registerProcessor');
    const convert = new Function(`return (${floatToPcm16.toString()})`)() as typeof floatToPcm16;
    expect(new Uint8Array(convert(new Float32Array([1])))).toEqual(new Uint8Array([0xff, 0x7f]));
  });
});
