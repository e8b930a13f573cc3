/**
 * Splits an FLV byte stream (arriving in pieces of any size) into its file header and whole tags,
 * and says which tags start a picture: enough to replay a stream from its last keyframe to a late
 * consumer (snapshot, recording) without decoding anything.
 */

const FILE_HEADER = 13; // 9-byte header + PreviousTagSize0
const TAG_HEADER = 11;
const TAG_TRAILER = 4; // PreviousTagSize
const VIDEO = 9;
const SCRIPT = 18;
const AVC = 7;

export type TagKind = 'script' | 'sequenceHeader' | 'keyframe' | 'other';

export interface FlvTag {
  kind: TagKind;
  /** the whole tag with its trailing PreviousTagSize */
  bytes: Buffer;
}

export function tagKind(bytes: Buffer): TagKind {
  const type = bytes[0];
  if (type === SCRIPT) return 'script';
  if (type !== VIDEO) return 'other';
  const flags = bytes[TAG_HEADER] ?? 0;
  const packetType = bytes[TAG_HEADER + 1];
  if ((flags & 0x0f) === AVC && packetType === 0) return 'sequenceHeader';
  return flags >> 4 === 1 ? 'keyframe' : 'other';
}

export class FlvSplitter {
  private buffer: Buffer = Buffer.alloc(0);
  private headerDone = false;

  constructor(
    private readonly onHeader: (header: Buffer) => void,
    private readonly onTag: (tag: FlvTag) => void,
  ) {}

  /** Throws when the stream is not FLV. */
  push(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    if (!this.headerDone) {
      if (this.buffer.length < FILE_HEADER) return;
      if (this.buffer.toString('latin1', 0, 3) !== 'FLV') throw new Error('the stream is not FLV');
      this.onHeader(Buffer.from(this.buffer.subarray(0, FILE_HEADER)));
      this.buffer = this.buffer.subarray(FILE_HEADER);
      this.headerDone = true;
    }
    let at = 0;
    while (this.buffer.length - at >= TAG_HEADER) {
      const size = TAG_HEADER + this.buffer.readUIntBE(at + 1, 3) + TAG_TRAILER;
      if (this.buffer.length - at < size) break;
      const bytes = Buffer.from(this.buffer.subarray(at, at + size));
      this.onTag({ kind: tagKind(bytes), bytes });
      at += size;
    }
    this.buffer = this.buffer.subarray(at);
  }
}
