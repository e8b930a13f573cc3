import { describe, expect, it } from 'vitest';
import { FlvDemuxer, type FlvSample } from './flvDemuxer.js';
import {
  AUDIO_STREAM_ID,
  PsMuxer,
  VIDEO_STREAM_ID,
  crc32Mpeg2,
  packHeader,
  pesPackets,
  programStreamMap,
} from './psMuxer.js';

const bytes = (...values: number[]) => new Uint8Array(values);

function tag(type: number, time: number, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(11 + body.length + 4);
  const view = new DataView(out.buffer);
  out[0] = type;
  out[1] = (body.length >> 16) & 0xff;
  view.setUint16(2, body.length & 0xffff);
  out[4] = (time >> 16) & 0xff;
  view.setUint16(5, time & 0xffff);
  out[7] = (time >>> 24) & 0xff;
  out.set(body, 11);
  view.setUint32(11 + body.length, 11 + body.length);
  return out;
}

const SPS = bytes(0x67, 0x42, 0xc0, 0x1e);
const PPS = bytes(0x68, 0xce, 0x3c, 0x80);
const IDR = bytes(0x65, 0x88, 0x84, 0x00);
const SLICE = bytes(0x41, 0x9a, 0x02);

function flvStream(): Uint8Array {
  const header = bytes(0x46, 0x4c, 0x56, 1, 5, 0, 0, 0, 9, 0, 0, 0, 0);
  const config = bytes(0x17, 0, 0, 0, 0, 1, 0x42, 0xc0, 0x1e, 0xff, 0xe1, 0, 4, ...SPS, 1, 0, 4, ...PPS);
  const keyframe = bytes(0x17, 1, 0, 0, 40, 0, 0, 0, 4, ...IDR);
  const inter = bytes(0x27, 1, 0, 0, 0, 0, 0, 0, 3, ...SLICE);
  // AAC LC, 16 kHz (index 8), mono: 00010 1000 0001 000
  const aacConfig = bytes(0xaf, 0, 0x14, 0x08);
  const aacFrame = bytes(0xaf, 1, 0x21, 0x10);
  const parts = [
    header,
    tag(9, 0, config),
    tag(8, 0, aacConfig),
    tag(9, 1000, keyframe),
    tag(8, 1010, aacFrame),
    tag(9, 1040, inter),
  ];
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
}

/** Reads a PS byte stream back: pack clocks and, per stream, the PES payloads with their PTS/DTS. */
function readPs(data: Uint8Array) {
  const view = new DataView(data.buffer, data.byteOffset);
  const readTime = (at: number) =>
    (((data[at] ?? 0) >> 1) & 0x07) * 2 ** 30 +
    (view.getUint16(at + 1) >> 1) * 2 ** 15 +
    (view.getUint16(at + 3) >> 1);
  const packs: number[] = [];
  const pes: { id: number; pts?: number; dts?: number; payload: Uint8Array }[] = [];
  let at = 0;
  while (at < data.length) {
    expect([data[at], data[at + 1], data[at + 2]]).toEqual([0, 0, 1]);
    const code = data[at + 3] ?? 0;
    if (code === 0xba) {
      const b = (i: number) => data[at + 4 + i] ?? 0;
      packs.push(
        ((b(0) >> 3) & 0x07) * 2 ** 30 +
          (((b(0) & 0x03) << 13) | (b(1) << 5) | (b(2) >> 3)) * 2 ** 15 +
          (((b(2) & 0x03) << 13) | (b(3) << 5) | (b(4) >> 3)),
      );
      at += 14 + ((data[at + 13] ?? 0) & 0x07);
      continue;
    }
    const length = view.getUint16(at + 4);
    if (code === 0xe0 || code === 0xc0) {
      const flags = data[at + 7] ?? 0;
      const headerLength = data[at + 8] ?? 0;
      const entry: (typeof pes)[number] = {
        id: code,
        payload: data.subarray(at + 9 + headerLength, at + 6 + length),
      };
      if (flags & 0x80) entry.pts = readTime(at + 9);
      if ((flags & 0xc0) === 0xc0) entry.dts = readTime(at + 14);
      pes.push(entry);
    }
    at += 6 + length;
  }
  return { packs, pes };
}

describe('FLV demuxer', () => {
  it('gives Annex B access units with SPS and PPS before keyframes, and ADTS audio, whatever the piece sizes', () => {
    for (const pieceSize of [1, 7, 64, 10_000]) {
      const samples: FlvSample[] = [];
      const demuxer = new FlvDemuxer((sample) => samples.push(sample));
      const stream = flvStream();
      for (let at = 0; at < stream.length; at += pieceSize) demuxer.push(stream.subarray(at, at + pieceSize));
      expect(samples.map((sample) => sample.kind)).toEqual(['video', 'audio', 'video']);
      const [key, audio, inter] = samples;
      expect(key).toMatchObject({ kind: 'video', keyframe: true, dts: 1000, pts: 1040 });
      expect([...(key?.data ?? [])]).toEqual([0, 0, 0, 1, ...SPS, 0, 0, 0, 1, ...PPS, 0, 0, 0, 1, ...IDR]);
      expect(inter).toMatchObject({ keyframe: false, dts: 1040, pts: 1040 });
      expect([...(inter?.data ?? [])]).toEqual([0, 0, 0, 1, ...SLICE]);
      // ADTS: sync word, LC profile (1), 16 kHz (8), mono, frame length 7 + 2.
      expect([...(audio?.data ?? [])]).toEqual([0xff, 0xf1, 0x60, 0x40, 0x01, 0x3f, 0xfc, 0x21, 0x10]);
    }
  });

  it('refuses a stream that is not FLV', () => {
    expect(() => new FlvDemuxer(() => undefined).push(new Uint8Array(16))).toThrow('not FLV');
  });
});

describe('PS muxer', () => {
  it('computes CRC-32/MPEG-2', () => {
    expect(crc32Mpeg2(new TextEncoder().encode('123456789'))).toBe(0x0376e6e7);
  });

  it('writes 14-byte pack headers with the clock at 90 kHz, past 32 bits too', () => {
    expect(packHeader(0)).toHaveLength(14);
    const late = 26 * 3600 * 1000; // 26 h: 8.4e9 ticks, wider than 32 bits
    const { packs } = readPs(packHeader(late));
    expect(packs).toEqual([(late * 90) % 2 ** 33]);
  });

  it('ends the stream map with its CRC', () => {
    const map = programStreamMap();
    const body = map.subarray(0, map.length - 4);
    expect(new DataView(map.buffer).getUint32(map.length - 4)).toBe(crc32Mpeg2(body));
    expect(new DataView(map.buffer).getUint16(4)).toBe(map.length - 6);
  });

  it('splits a large access unit over PES packets, with the times on the first only', () => {
    const payload = new Uint8Array(150_000).map((_, i) => i % 251);
    const packets = pesPackets(VIDEO_STREAM_ID, payload, 2000, 1960);
    expect(packets).toHaveLength(3);
    const joined = packets.flatMap((packet) => readPs(packet).pes);
    expect(joined[0]).toMatchObject({ pts: 180_000, dts: 176_400 });
    expect(joined[1]?.pts).toBeUndefined();
    expect(joined.reduce((sum, entry) => sum + entry.payload.length, 0)).toBe(payload.length);
  });

  it('muxes demuxed FLV into packs a reader takes back apart', () => {
    const chunks: Uint8Array[] = [];
    const muxer = new PsMuxer((chunk) => chunks.push(chunk));
    const demuxer = new FlvDemuxer((sample) =>
      sample.kind === 'video'
        ? muxer.video(sample.data, sample.pts, sample.dts, sample.keyframe)
        : muxer.audio(sample.data, sample.pts),
    );
    demuxer.push(flvStream());
    const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    chunks.reduce((offset, chunk) => (all.set(chunk, offset), offset + chunk.length), 0);
    const { packs, pes } = readPs(all);
    expect(packs).toEqual([90_000, 90_900, 93_600]);
    expect(pes.map((entry) => [entry.id, entry.pts, entry.dts])).toEqual([
      [VIDEO_STREAM_ID, 93_600, 90_000],
      [AUDIO_STREAM_ID, 90_900, undefined],
      [VIDEO_STREAM_ID, 93_600, undefined],
    ]);
    expect([...(pes[2]?.payload ?? [])]).toEqual([0, 0, 0, 1, ...SLICE]);
    // The keyframe's pack carries the system header (BB) and the stream map (BC).
    const codes = [...all].flatMap((byte, i) =>
      byte === 1 && all[i - 1] === 0 && all[i - 2] === 0 ? [all[i + 1]] : [],
    );
    expect(codes.filter((code) => code === 0xbb || code === 0xbc)).toEqual([0xbb, 0xbc]);
  });
});
