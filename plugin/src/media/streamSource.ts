import WebSocket from 'ws';
import { FlvSplitter, type FlvTag } from './flvTags.js';

/** How a stream ended: `ended` when the platform closed it normally (a recording played to its end). */
export interface StreamEnd {
  ended: boolean;
  reason: string;
}

export type StreamConsumer = (bytes: Buffer) => void;

/** A picture the decoder can start from: the stream's header, metadata and the tags since the last keyframe. */
const MAX_GOP_BYTES = 16 * 1024 * 1024;

/**
 * One camera stream (ws-flv from the platform's media gateway) fanned out to its consumers: the
 * window's player, a recording, a snapshot. A consumer that joins late starts at the last keyframe.
 */
export class StreamSource {
  private header: Buffer | undefined;
  private script: Buffer | undefined;
  private sequenceHeader: Buffer | undefined;
  private gop: Buffer[] = [];
  private gopBytes = 0;
  private readonly consumers = new Set<StreamConsumer>();
  private readonly endListeners = new Set<(end: StreamEnd) => void>();
  private finished = false;

  private constructor(private readonly socket: WebSocket) {
    const splitter = new FlvSplitter(
      (header) => {
        this.header = header;
        this.send(header);
      },
      (tag) => this.take(tag),
    );
    socket.on('message', (data, isBinary) => {
      if (!isBinary || this.finished) return;
      try {
        splitter.push(toBuffer(data));
      } catch (error) {
        this.finish({ ended: false, reason: error instanceof Error ? error.message : 'bad stream' });
      }
    });
    socket.on('close', (code, reason) => {
      const text = reason.toString() || `closed (${code})`;
      this.finish({ ended: code === 1000, reason: text });
    });
  }

  /** Opens the stream socket; rejects with the gateway's reason when it refuses or does not answer in time. */
  static open(url: string, timeoutMs: number): Promise<StreamSource> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { handshakeTimeout: timeoutMs, perMessageDeflate: false });
      socket.on('error', () => undefined);
      socket.once('open', () => resolve(new StreamSource(socket)));
      socket.once('unexpected-response', (_request, response) => {
        reject(new Error(`HTTP ${response.statusCode ?? 0}`));
        socket.terminate();
      });
      socket.once('error', (error) => reject(new Error(error.message)));
    });
  }

  /** The bytes a decoder needs to show the current picture, or undefined before the first keyframe. */
  fromKeyframe(): Buffer | undefined {
    return this.gop.length === 0 ? undefined : this.prefix();
  }

  /** Gets every byte from now on, starting with what a decoder needs to begin. Returns the unsubscribe. */
  subscribe(consumer: StreamConsumer): () => void {
    const start = this.prefix();
    if (start.length > 0) consumer(start);
    this.consumers.add(consumer);
    return () => this.consumers.delete(consumer);
  }

  onEnd(listener: (end: StreamEnd) => void): void {
    this.endListeners.add(listener);
  }

  close(): void {
    this.finished = true;
    this.consumers.clear();
    this.endListeners.clear();
    this.socket.terminate();
  }

  private prefix(): Buffer {
    const parts = [this.header, this.script, this.sequenceHeader, ...this.gop];
    return Buffer.concat(parts.filter((part): part is Buffer => part !== undefined));
  }

  private take(tag: FlvTag): void {
    if (tag.kind === 'script') this.script = tag.bytes;
    else if (tag.kind === 'sequenceHeader') this.sequenceHeader = tag.bytes;
    else if (tag.kind === 'keyframe') {
      this.gop = [tag.bytes];
      this.gopBytes = tag.bytes.length;
    } else if (this.gop.length > 0 && this.gopBytes + tag.bytes.length <= MAX_GOP_BYTES) {
      this.gop.push(tag.bytes);
      this.gopBytes += tag.bytes.length;
    }
    this.send(tag.bytes);
  }

  private send(bytes: Buffer): void {
    for (const consumer of this.consumers) consumer(bytes);
  }

  private finish(end: StreamEnd): void {
    if (this.finished) return;
    this.finished = true;
    for (const listener of this.endListeners) listener(end);
    this.consumers.clear();
    this.endListeners.clear();
    this.socket.terminate();
  }
}

function toBuffer(data: WebSocket.RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
