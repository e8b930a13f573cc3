import { spawn, type ChildProcess } from 'node:child_process';
import WebSocket from 'ws';

/** ffmpeg input arguments of a microphone, e.g. ['-f', 'pulse', '-i', 'default']. */
export type MicInput = readonly string[];

/** PulseAudio (or PipeWire's pulse server), then ALSA: what a Linux desktop has. */
export const defaultMicInputs: readonly MicInput[] = [
  ['-f', 'pulse', '-i', 'default'],
  ['-f', 'alsa', '-i', 'default'],
];

/** A microphone that gives no sound in this long is counted as absent. */
const MIC_OPEN_MS = 3_000;
const FRAME_MS = 20;

export class NoMicrophone extends Error {
  override name = 'NoMicrophone';
}

/**
 * Talk to a camera: the platform's talk socket (ws, 16-bit little-endian mono PCM at the URL's
 * rate) fed with the computer's microphone through ffmpeg, in 20 ms frames.
 */
export class TalkSession {
  private constructor(
    private readonly socket: WebSocket,
    private readonly capture: ChildProcess,
  ) {}

  /** Throws NoMicrophone when no input opens; other errors when the talk socket does not. */
  static async start(
    url: string,
    mics: readonly MicInput[],
    ffmpeg: string,
    timeoutMs: number,
  ): Promise<TalkSession> {
    const rate = Number(new URL(url).searchParams.get('rate')) || 16_000;
    const socket = await openSocket(url, timeoutMs);
    for (const mic of mics) {
      const opened = await openMicrophone(ffmpeg, mic, rate);
      if (!opened) continue;
      const frameBytes = (rate / 1000) * FRAME_MS * 2;
      let pending: Buffer = Buffer.alloc(0);
      const send = (chunk: Buffer) => {
        pending = Buffer.concat([pending, chunk]);
        while (pending.length >= frameBytes) {
          if (socket.readyState === WebSocket.OPEN) socket.send(pending.subarray(0, frameBytes));
          pending = pending.subarray(frameBytes);
        }
      };
      send(opened.first);
      opened.capture.stdout?.on('data', send);
      socket.once('close', () => opened.capture.kill('SIGKILL'));
      return new TalkSession(socket, opened.capture);
    }
    socket.close(1000, 'no microphone');
    throw new NoMicrophone('no microphone input opens');
  }

  /** Called when the camera's side closes the talk socket (or stop() did). */
  onClose(listener: () => void): void {
    if (this.socket.readyState === WebSocket.CLOSED) listener();
    else this.socket.once('close', listener);
  }

  stop(): void {
    this.capture.kill('SIGKILL');
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close(1000, 'talk stopped');
    else this.socket.terminate();
  }
}

function openSocket(url: string, timeoutMs: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { handshakeTimeout: timeoutMs, perMessageDeflate: false });
    socket.on('error', () => undefined);
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => {
      reject(new Error(`HTTP ${response.statusCode ?? 0}`));
      socket.terminate();
    });
    socket.once('error', (error) => reject(new Error(error.message)));
  });
}

/** ffmpeg capturing the microphone as PCM once it has given its first bytes; undefined if it cannot. */
function openMicrophone(
  ffmpeg: string,
  mic: MicInput,
  rate: number,
): Promise<{ capture: ChildProcess; first: Buffer } | undefined> {
  return new Promise((resolve) => {
    const child = spawn(
      ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
        ...mic,
        ...['-ac', '1', '-ar', String(rate), '-f', 's16le', 'pipe:1'],
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const give = (value: { capture: ChildProcess; first: Buffer } | undefined) => {
      clearTimeout(timer);
      child.stdout.off('data', first);
      resolve(value);
    };
    const first = (chunk: Buffer) => give({ capture: child, first: chunk });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      give(undefined);
    }, MIC_OPEN_MS);
    child.stdout.once('data', first);
    child.once('error', () => give(undefined));
    child.once('exit', () => give(undefined));
  });
}
