/**
 * An MPEG-2 Program Stream muxer for H.264 video and AAC audio, the "PS" recording format of the
 * vendor player (the form Hikvision devices store). Times are in milliseconds in, 90 kHz out.
 */

/** Writes big-endian bit fields; values up to 2^53 (the 33-bit clocks need more than 32 bits). */
class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  write(value: number, bits: number): this {
    for (let i = bits - 1; i >= 0; i -= 1) {
      const bit = Math.floor(value / 2 ** i) % 2;
      this.current = (this.current << 1) | bit;
      this.used += 1;
      if (this.used === 8) {
        this.bytes.push(this.current);
        this.current = 0;
        this.used = 0;
      }
    }
    return this;
  }

  done(): Uint8Array {
    if (this.used !== 0) throw new Error('bit fields do not fill whole bytes');
    return new Uint8Array(this.bytes);
  }
}

/** CRC-32/MPEG-2 (polynomial 0x04C11DB7, no reflection), the checksum of the stream map. */
export function crc32Mpeg2(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

export const VIDEO_STREAM_ID = 0xe0;
export const AUDIO_STREAM_ID = 0xc0;
const STREAM_TYPE_H264 = 0x1b;
const STREAM_TYPE_AAC = 0x0f;
/** The largest PES payload that fits the 16-bit PES_packet_length with a 13-byte header. */
const MAX_PES_PAYLOAD = 0xffff - 13;
/** mux rate in units of 50 bytes/s: 20 Mbit/s, above what a camera sends. */
const MUX_RATE = 50_000;

const clock90k = (ms: number) => Math.round(ms * 90) % 2 ** 33;

export function packHeader(scrMs: number): Uint8Array {
  const scr = clock90k(scrMs);
  return new BitWriter()
    .write(0x000001ba, 32)
    .write(0b01, 2)
    .write(Math.floor(scr / 2 ** 30) % 8, 3)
    .write(1, 1)
    .write(Math.floor(scr / 2 ** 15) % 2 ** 15, 15)
    .write(1, 1)
    .write(scr % 2 ** 15, 15)
    .write(1, 1)
    .write(0, 9) // SCR extension
    .write(1, 1)
    .write(MUX_RATE, 22)
    .write(0b11, 2)
    .write(0b11111, 5)
    .write(0, 3) // no stuffing
    .done();
}

export function systemHeader(): Uint8Array {
  const streams: [number, number, number][] = [
    [VIDEO_STREAM_ID, 1, 1024], // buffer bound in 1024-byte units
    [AUDIO_STREAM_ID, 0, 32], // in 128-byte units
  ];
  const writer = new BitWriter()
    .write(0x000001bb, 32)
    .write(6 + 3 * streams.length, 16)
    .write(1, 1)
    .write(MUX_RATE, 22)
    .write(1, 1)
    .write(1, 6) // audio bound
    .write(0, 1) // fixed
    .write(0, 1) // CSPS
    .write(1, 1) // audio lock
    .write(1, 1) // video lock
    .write(1, 1)
    .write(1, 5) // video bound
    .write(0, 1)
    .write(0x7f, 7);
  for (const [id, scale, size] of streams) writer.write(id, 8).write(0b11, 2).write(scale, 1).write(size, 13);
  return writer.done();
}

export function programStreamMap(): Uint8Array {
  const entries: [number, number][] = [
    [STREAM_TYPE_H264, VIDEO_STREAM_ID],
    [STREAM_TYPE_AAC, AUDIO_STREAM_ID],
  ];
  const writer = new BitWriter()
    .write(0x000001bc, 32)
    .write(10 + 4 * entries.length, 16)
    .write(1, 1) // current
    .write(0b11, 2)
    .write(0, 5) // version
    .write(0x7f, 7)
    .write(1, 1)
    .write(0, 16) // program_stream_info_length
    .write(4 * entries.length, 16);
  for (const [type, id] of entries) writer.write(type, 8).write(id, 8).write(0, 16);
  const body = writer.done();
  const crc = crc32Mpeg2(body);
  const out = new Uint8Array(body.length + 4);
  out.set(body);
  new DataView(out.buffer).setUint32(body.length, crc);
  return out;
}

function timestamp(writer: BitWriter, prefix: number, ms: number) {
  const t = clock90k(ms);
  writer
    .write(prefix, 4)
    .write(Math.floor(t / 2 ** 30) % 8, 3)
    .write(1, 1)
    .write(Math.floor(t / 2 ** 15) % 2 ** 15, 15)
    .write(1, 1)
    .write(t % 2 ** 15, 15)
    .write(1, 1);
}

/** PES packets of one access unit; only the first carries the times, as the standard allows. */
export function pesPackets(
  streamId: number,
  payload: Uint8Array,
  ptsMs: number,
  dtsMs?: number,
): Uint8Array[] {
  const packets: Uint8Array[] = [];
  for (let offset = 0, first = true; offset < payload.length || first; first = false) {
    const chunk = payload.subarray(offset, offset + MAX_PES_PAYLOAD);
    offset += chunk.length;
    const withDts = first && dtsMs !== undefined && dtsMs !== ptsMs;
    const headerData = first ? (withDts ? 10 : 5) : 0;
    const writer = new BitWriter()
      .write(0x000001, 24)
      .write(streamId, 8)
      .write(3 + headerData + chunk.length, 16)
      .write(0b10, 2)
      .write(0, 2) // not scrambled
      .write(0, 1)
      .write(first ? 1 : 0, 1) // data alignment: an access unit starts here
      .write(0, 2)
      .write(first ? (withDts ? 0b11 : 0b10) : 0b00, 2)
      .write(0, 6)
      .write(headerData, 8);
    if (first) timestamp(writer, withDts ? 0b0011 : 0b0010, ptsMs);
    if (withDts && dtsMs !== undefined) timestamp(writer, 0b0001, dtsMs);
    const header = writer.done();
    const packet = new Uint8Array(header.length + chunk.length);
    packet.set(header);
    packet.set(chunk, header.length);
    packets.push(packet);
    if (chunk.length === 0) break;
  }
  return packets;
}

/**
 * Muxes samples into PS packs: every video access unit starts a pack (keyframes with the system
 * header and stream map, so a player can start there), audio frames go in packs of their own.
 */
export class PsMuxer {
  constructor(private readonly emit: (bytes: Uint8Array) => void) {}

  video(data: Uint8Array, ptsMs: number, dtsMs: number, keyframe: boolean): void {
    this.emit(packHeader(dtsMs));
    if (keyframe) {
      this.emit(systemHeader());
      this.emit(programStreamMap());
    }
    for (const packet of pesPackets(VIDEO_STREAM_ID, data, ptsMs, dtsMs)) this.emit(packet);
  }

  audio(data: Uint8Array, ptsMs: number): void {
    this.emit(packHeader(ptsMs));
    for (const packet of pesPackets(AUDIO_STREAM_ID, data, ptsMs)) this.emit(packet);
  }
}
