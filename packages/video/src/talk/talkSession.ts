import { TALK_FRAME_MS } from '../constants.js';
import { PlayerError, type PlayerErrorCode } from '../errors.js';
import { PcmFramer, frameBytes } from './pcm.js';
import { PCM_WORKLET_NAME, pcmWorkletUrl } from './worklet.js';

export interface TalkSession {
  stop(): void;
}

export interface TalkOptions {
  url: string;
  sampleRate: number;
  /** The socket failed or closed while talking. */
  onError(code: PlayerErrorCode): void;
}

/** Starts talk; rejects with a `TalkError`. Players take one as a prop so tests pass a fake. */
export type TalkStarter = (options: TalkOptions) => Promise<TalkSession>;

export class TalkError extends Error {
  constructor(readonly code: PlayerErrorCode) {
    super(code);
    this.name = 'TalkError';
  }
}

/**
 * The microphone to the talk socket: getUserMedia (mono) → AudioContext at the socket's rate (the
 * browser resamples) → AudioWorklet (Float32 → Int16 LE) → 20 ms frames over the websocket.
 */
export const startTalk: TalkStarter = async ({ url, sampleRate, onError }) => {
  // Without a secure origin `navigator.mediaDevices` is undefined: the vendor's 0x12f950000.
  const devices = globalThis.navigator?.mediaDevices;
  if (!devices?.getUserMedia) throw new TalkError(PlayerError.AUDIO_CAPTURE_FAILED);
  let media: MediaStream;
  try {
    media = await devices.getUserMedia({ audio: { channelCount: 1, echoCancellation: false } });
  } catch {
    throw new TalkError(PlayerError.AUDIO_CAPTURE_FAILED);
  }
  const stopTracks = () => media.getTracks().forEach((track) => track.stop());
  let context: AudioContext;
  try {
    context = new AudioContext({ sampleRate });
    const moduleUrl = pcmWorkletUrl();
    try {
      await context.audioWorklet.addModule(moduleUrl);
    } finally {
      URL.revokeObjectURL(moduleUrl);
    }
  } catch {
    stopTracks();
    throw new TalkError(PlayerError.AUDIO_FORMAT);
  }

  const socket = new WebSocket(url);
  socket.binaryType = 'arraybuffer';
  try {
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new TalkError(PlayerError.WEBSOCKET_FAILED)), {
        once: true,
      });
    });
  } catch (error) {
    stopTracks();
    void context.close();
    throw error;
  }

  const framer = new PcmFramer(frameBytes(sampleRate, TALK_FRAME_MS), (frame) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(frame);
  });
  const source = context.createMediaStreamSource(media);
  // No outputs: a node without outputs is always processed, and nothing reaches the speakers.
  const encoder = new AudioWorkletNode(context, PCM_WORKLET_NAME, { numberOfInputs: 1, numberOfOutputs: 0 });
  encoder.port.onmessage = (event: MessageEvent<ArrayBuffer>) => framer.push(event.data);
  source.connect(encoder);

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    encoder.port.onmessage = null;
    source.disconnect();
    stopTracks();
    void context.close();
    if (socket.readyState <= WebSocket.OPEN) socket.close();
  };
  socket.addEventListener('close', () => {
    if (!stopped) {
      stop();
      onError(PlayerError.WEBSOCKET_CLOSED);
    }
  });
  return { stop };
};
