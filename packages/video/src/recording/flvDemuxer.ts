/** An access unit taken out of an FLV stream, with times in milliseconds. */
export type FlvSample =
  | { kind: 'video'; dts: number; pts: number; keyframe: boolean; data: Uint8Array }
  | { kind: 'audio'; pts: number; data: Uint8Array };

const START_CODE = new Uint8Array([0, 0, 0, 1]);

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const AAC_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/**
 * Reads an FLV byte stream as it arrives (in pieces of any size) and gives H.264 access units in
 * Annex B form (SPS and PPS before each keyframe, as a PS player needs to start anywhere) and AAC
 * frames with ADTS headers. Other codecs are skipped.
 */
export class FlvDemuxer {
  private buffer: Uint8Array = new Uint8Array(0);
  private headerRead = false;
  private nalLengthSize = 4;
  private parameterSets: Uint8Array = new Uint8Array(0);
  private aacConfig: { profile: number; rateIndex: number; channels: number } | null = null;

  constructor(private readonly emit: (sample: FlvSample) => void) {}

  push(chunk: Uint8Array): void {
    this.buffer = concat([this.buffer, chunk]);
    let offset = 0;
    if (!this.headerRead) {
      if (this.buffer.length < 13) return;
      if (this.buffer[0] !== 0x46 || this.buffer[1] !== 0x4c || this.buffer[2] !== 0x56)
        throw new Error('not FLV');
      const dataOffset = new DataView(this.buffer.buffer, this.buffer.byteOffset).getUint32(5);
      offset = dataOffset + 4; // header, then PreviousTagSize0
      this.headerRead = true;
    }
    while (this.buffer.length - offset >= 11) {
      const view = new DataView(this.buffer.buffer, this.buffer.byteOffset + offset);
      const type = view.getUint8(0) & 0x1f;
      const size = (view.getUint8(1) << 16) | view.getUint16(2);
      if (this.buffer.length - offset < 11 + size + 4) break;
      const time = ((view.getUint8(7) << 24) | (view.getUint8(4) << 16) | view.getUint16(5)) >>> 0;
      const body = this.buffer.subarray(offset + 11, offset + 11 + size);
      if (type === 9) this.video(body, time);
      else if (type === 8) this.audio(body, time);
      offset += 11 + size + 4;
    }
    this.buffer = this.buffer.slice(offset);
  }

  private video(body: Uint8Array, dts: number) {
    const first = body[0] ?? 0;
    if ((first & 0x0f) !== 7 || body.length < 5) return; // not AVC
    const keyframe = first >> 4 === 1;
    const packetType = body[1];
    const view = new DataView(body.buffer, body.byteOffset);
    // Composition time: a signed 24-bit offset of the presentation time.
    const composition = (view.getInt8(2) << 16) | view.getUint16(3);
    const payload = body.subarray(5);
    if (packetType === 0) {
      this.readDecoderConfig(payload);
      return;
    }
    if (packetType !== 1) return;
    const units: Uint8Array[] = [];
    if (keyframe) units.push(this.parameterSets);
    let at = 0;
    while (at + this.nalLengthSize <= payload.length) {
      let length = 0;
      for (let i = 0; i < this.nalLengthSize; i += 1) length = length * 256 + (payload[at + i] ?? 0);
      at += this.nalLengthSize;
      units.push(START_CODE, payload.subarray(at, at + length));
      at += length;
    }
    this.emit({ kind: 'video', dts, pts: dts + composition, keyframe, data: concat(units) });
  }

  /** AVCDecoderConfigurationRecord: the NAL length size and the SPS and PPS. */
  private readDecoderConfig(record: Uint8Array) {
    if (record.length < 7) return;
    this.nalLengthSize = ((record[4] ?? 3) & 0x03) + 1;
    const parts: Uint8Array[] = [];
    let at = 5;
    for (const countMask of [0x1f, 0xff]) {
      const count = (record[at] ?? 0) & countMask;
      at += 1;
      for (let i = 0; i < count; i += 1) {
        const length = ((record[at] ?? 0) << 8) | (record[at + 1] ?? 0);
        at += 2;
        parts.push(START_CODE, record.subarray(at, at + length));
        at += length;
      }
    }
    this.parameterSets = concat(parts);
  }

  private audio(body: Uint8Array, pts: number) {
    if ((body[0] ?? 0) >> 4 !== 10 || body.length < 2) return; // not AAC
    const payload = body.subarray(2);
    if (body[1] === 0) {
      // AudioSpecificConfig: 5 bits object type, 4 bits rate index, 4 bits channels.
      const b0 = payload[0] ?? 0;
      const b1 = payload[1] ?? 0;
      this.aacConfig = {
        profile: (b0 >> 3) - 1,
        rateIndex: ((b0 & 0x07) << 1) | (b1 >> 7),
        channels: (b1 >> 3) & 0x0f,
      };
      return;
    }
    if (!this.aacConfig) return;
    this.emit({ kind: 'audio', pts, data: concat([adtsHeader(this.aacConfig, payload.length), payload]) });
  }
}

/** The 7-byte ADTS header that makes a raw AAC frame self-describing. */
export function adtsHeader(config: { profile: number; rateIndex: number; channels: number }, length: number) {
  const full = length + 7;
  return new Uint8Array([
    0xff,
    0xf1,
    ((config.profile & 0x03) << 6) | ((config.rateIndex & 0x0f) << 2) | ((config.channels >> 2) & 0x01),
    ((config.channels & 0x03) << 6) | ((full >> 11) & 0x03),
    (full >> 3) & 0xff,
    ((full & 0x07) << 5) | 0x1f,
    0xfc,
  ]);
}

export const aacSampleRate = (rateIndex: number) => AAC_RATES[rateIndex] ?? 0;
