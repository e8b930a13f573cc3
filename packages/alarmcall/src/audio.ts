import { TALK_FRAME_BYTES, TALK_SAMPLE_RATE } from '@cityops/contract';
import { PCM_WORKLET_NAME, PcmFramer, pcmWorkletUrl } from '@cityops/video';
import type { Microphone } from './intercom.js';
import { dominantFrequency, nextPlayTime, pcm16ToFloat } from './pcm.js';

/** Playback's jitter buffer: how far ahead of now a restarted stream is scheduled. */
const JITTER_S = 0.12;

/**
 * The browser's microphone: getUserMedia (mono) → AudioContext at TALK_SAMPLE_RATE (the browser
 * resamples) → the PCM worklet of packages/video (Float32 → Int16 LE) → TALK_FRAME_BYTES frames.
 */
export async function openBrowserMicrophone(onFrame: (frame: ArrayBuffer) => void): Promise<Microphone> {
  const devices = globalThis.navigator?.mediaDevices;
  if (!devices?.getUserMedia) throw new Error('no microphone');
  const media = await devices.getUserMedia({ audio: { channelCount: 1, echoCancellation: false } });
  const stopTracks = () => media.getTracks().forEach((track) => track.stop());
  const context = new AudioContext({ sampleRate: TALK_SAMPLE_RATE });
  try {
    const moduleUrl = pcmWorkletUrl();
    try {
      await context.audioWorklet.addModule(moduleUrl);
    } finally {
      URL.revokeObjectURL(moduleUrl);
    }
  } catch (error) {
    stopTracks();
    void context.close();
    throw error;
  }
  const framer = new PcmFramer(TALK_FRAME_BYTES, onFrame);
  const source = context.createMediaStreamSource(media);
  const encoder = new AudioWorkletNode(context, PCM_WORKLET_NAME, { numberOfInputs: 1, numberOfOutputs: 0 });
  encoder.port.onmessage = (event: MessageEvent<ArrayBuffer>) => framer.push(event.data);
  source.connect(encoder);
  return {
    stop() {
      encoder.port.onmessage = null;
      source.disconnect();
      stopTracks();
      void context.close();
    },
  };
}

export interface Playback {
  play(frame: ArrayBuffer): void;
  /** The dominant frequency of the last second heard (0: silence). */
  heardHz(): number;
  close(): void;
}

/** Plays the listen socket's PCM behind a small jitter buffer, through an AnalyserNode (for tests). */
export function createPlayback(): Playback | null {
  const AudioContextClass = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!AudioContextClass) return null;
  const context = new AudioContextClass({ sampleRate: TALK_SAMPLE_RATE });
  const analyser = context.createAnalyser();
  // 8192 samples at 8 kHz: about the last second.
  analyser.fftSize = 8192;
  analyser.connect(context.destination);
  let scheduledEnd = 0;
  return {
    play(frame) {
      const samples = pcm16ToFloat(frame);
      if (samples.length === 0) return;
      const buffer = context.createBuffer(1, samples.length, TALK_SAMPLE_RATE);
      buffer.getChannelData(0).set(samples);
      const node = context.createBufferSource();
      node.buffer = buffer;
      node.connect(analyser);
      const at = nextPlayTime(context.currentTime, scheduledEnd, JITTER_S);
      node.start(at);
      scheduledEnd = at + buffer.duration;
      if (context.state === 'suspended') void context.resume();
    },
    heardHz() {
      const spectrum = new Float32Array(analyser.frequencyBinCount);
      analyser.getFloatFrequencyData(spectrum);
      return dominantFrequency(spectrum, context.sampleRate);
    },
    close() {
      void context.close();
    },
  };
}
