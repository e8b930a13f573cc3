/** Where an FLV stream goes: a websocket in production, a buffer in tests. */
export interface FlvViewer {
  send(chunk: Buffer): void;
  /** The stream is over (encoder gone or recording finished). */
  end(reason: string): void;
}
