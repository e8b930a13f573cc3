/** Just enough FLV to fan one encoder out to many viewers: split the byte stream into tags, find keyframes. */

export const FLV_HEADER_BYTES = 13; // 9-byte header + PreviousTagSize0
const TAG_HEADER_BYTES = 11;
const PREVIOUS_TAG_SIZE_BYTES = 4;

export const TAG_AUDIO = 8;
export const TAG_VIDEO = 9;
export const TAG_SCRIPT = 18;

export interface FlvTag {
  type: number;
  timestamp: number;
  /** the whole tag: header, body and the trailing PreviousTagSize */
  bytes: Buffer;
  keyframe: boolean;
  /** an AVC decoder configuration record (AVCPacketType 0) */
  sequenceHeader: boolean;
  /** the AVC end-of-sequence marker ffmpeg writes when an encoder finishes (AVCPacketType 2) */
  endOfSequence: boolean;
}

/** Incremental parser: feed stdout chunks, get the file header once and then whole tags. */
export class FlvReader {
  private pending: Buffer = Buffer.alloc(0);
  private headerSeen = false;

  constructor(
    private readonly onHeader: (header: Buffer) => void,
    private readonly onTag: (tag: FlvTag) => void,
  ) {}

  push(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    if (!this.headerSeen) {
      if (this.pending.length < FLV_HEADER_BYTES) return;
      if (this.pending.toString('latin1', 0, 3) !== 'FLV') throw new Error('encoder output is not FLV');
      this.onHeader(this.pending.subarray(0, FLV_HEADER_BYTES));
      this.pending = this.pending.subarray(FLV_HEADER_BYTES);
      this.headerSeen = true;
    }
    let offset = 0;
    while (this.pending.length - offset >= TAG_HEADER_BYTES) {
      const dataSize = this.pending.readUIntBE(offset + 1, 3);
      const total = TAG_HEADER_BYTES + dataSize + PREVIOUS_TAG_SIZE_BYTES;
      if (this.pending.length - offset < total) break;
      // Copy so a cached tag does not pin the whole stdout chunk it arrived in.
      this.onTag(describeTag(Buffer.from(this.pending.subarray(offset, offset + total))));
      offset += total;
    }
    this.pending = this.pending.subarray(offset);
  }
}

export function describeTag(bytes: Buffer): FlvTag {
  const type = bytes[0] ?? 0;
  const timestamp = readTimestamp(bytes);
  const first = bytes[TAG_HEADER_BYTES] ?? 0;
  const second = bytes[TAG_HEADER_BYTES + 1] ?? 0;
  const isVideo = type === TAG_VIDEO;
  return {
    type,
    timestamp,
    bytes,
    keyframe: isVideo && first >> 4 === 1 && second === 1,
    sequenceHeader: isVideo && (first & 0x0f) === 7 && second === 0,
    endOfSequence: isVideo && (first & 0x0f) === 7 && second === 2,
  };
}

function readTimestamp(bytes: Buffer): number {
  return ((bytes[7] ?? 0) << 24) + bytes.readUIntBE(4, 3);
}

/** A copy of the tag with another timestamp, so each viewer's stream starts at 0. */
export function withTimestamp(tag: FlvTag, timestamp: number): Buffer {
  const copy = Buffer.from(tag.bytes);
  const value = Math.max(0, Math.round(timestamp));
  copy.writeUIntBE(value & 0xffffff, 4, 3);
  copy[7] = (value >>> 24) & 0xff;
  return copy;
}

/** Parses a complete FLV buffer (tests). */
export function parseFlv(buffer: Buffer): { header: Buffer | undefined; tags: FlvTag[] } {
  let header: Buffer | undefined;
  const tags: FlvTag[] = [];
  new FlvReader(
    (value) => (header = value),
    (tag) => tags.push(tag),
  ).push(buffer);
  return { header, tags };
}
