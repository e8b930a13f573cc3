import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Camera, CameraRegistry, PlatformKind } from '../cameras/cameraRegistry.js';
import type { FaultTimings } from '../cameras/faults.js';
import type { StreamKind, StreamTokens } from '../cameras/streamTokens.js';
import { playbackStretches } from '../records/recordSegments.js';
import type { EncoderEnv } from '../stream/encoderEnv.js';
import type { FlvViewer } from '../stream/flvViewer.js';
import { PlaybackSession } from '../stream/playbackSession.js';
import { talkSampleRates, type TalkSampleRate } from '../talk/talkStats.js';

/** A viewer that falls this far behind is cut rather than buffered without end. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const MAX_PLAYBACK_RANGE_MS = 3 * 24 * 3600_000;
export const MIN_PLAYBACK_RATE = 0.125;
export const MAX_PLAYBACK_RATE = 8;

const playbackQuerySchema = z.object({
  start: z.coerce.number().int().nonnegative().optional(),
  end: z.coerce.number().int().positive().optional(),
  rate: z.coerce.number().min(MIN_PLAYBACK_RATE).max(MAX_PLAYBACK_RATE).default(1),
});

const talkRateSchema = z.coerce
  .number()
  .refine((rate): rate is TalkSampleRate => (talkSampleRates as readonly number[]).includes(rate));

const routePattern = /^\/(live|playback)\/([A-Za-z0-9_-]+)\.flv$|^\/(talk)\/([A-Za-z0-9_-]+)$/;

export interface MediaSocketOptions {
  platform: PlatformKind;
  registry: CameraRegistry;
  tokens: StreamTokens;
  env: EncoderEnv;
  clock: Clock;
  faultTimings: FaultTimings;
}

/**
 * The ws-flv and talk endpoints of one platform (in production a media server's job). Checks the URL's token,
 * then plays out the camera's injected fault, if any, before serving the stream.
 */
export class MediaSockets {
  private readonly wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: 1024 * 1024,
  });
  private readonly pendingOpens = new Map<NodeJS.Timeout, Duplex>();

  constructor(private readonly options: MediaSocketOptions) {}

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://simulator');
    const match = routePattern.exec(url.pathname);
    const kind = (match?.[1] ?? match?.[3]) as StreamKind | undefined;
    const code = match?.[2] ?? match?.[4];
    if (!kind || !code) return reject(socket, 404, 'Not Found');
    const camera = this.options.registry.get(code, this.options.platform);
    const grant = this.options.tokens.check(url.searchParams.get('token'), kind, code);
    if (!camera || !grant) return reject(socket, 401, 'Unauthorized');

    let open: (ws: WebSocket) => void;
    if (kind === 'playback') {
      const query = playbackQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      const start = query.data?.start ?? grant.start;
      const end = query.data?.end ?? grant.end;
      if (
        !query.success ||
        start === undefined ||
        end === undefined ||
        end <= start ||
        end - start > MAX_PLAYBACK_RANGE_MS
      ) {
        return reject(socket, 400, 'Bad Request');
      }
      open = (ws) => this.servePlayback(ws, camera, start, end, query.data.rate);
    } else if (kind === 'talk') {
      const rate = talkRateSchema.safeParse(url.searchParams.get('rate') ?? grant.sampleRate);
      if (!rate.success) return reject(socket, 400, 'Bad Request');
      open = (ws) => this.serveTalk(ws, camera, rate.data as TalkSampleRate, grant.session);
    } else {
      open = (ws) => this.serveLive(ws, camera);
    }

    const fault = camera.fault;
    if (fault === 'refuse') return reject(socket, 403, 'Forbidden');
    const accept = () =>
      this.wss.handleUpgrade(request, socket, head, (ws) => this.withFault(ws, camera, open));
    if (fault === 'slowOpen') {
      const timer = setTimeout(() => {
        this.pendingOpens.delete(timer);
        if (!socket.destroyed) accept();
      }, this.options.faultTimings.slowOpenMs);
      this.pendingOpens.set(timer, socket);
      return;
    }
    accept();
  }

  close(): void {
    for (const [timer, socket] of this.pendingOpens) {
      clearTimeout(timer);
      socket.destroy();
    }
    this.pendingOpens.clear();
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
  }

  /** stall and offline: an open socket that never carries anything; drop: cut after a few seconds. */
  private withFault(ws: WebSocket, camera: Camera, open: (ws: WebSocket) => void): void {
    ws.on('error', () => undefined);
    const fault = camera.fault;
    if (fault === 'stall' || fault === 'offline') {
      ws.on('message', () => undefined);
      return;
    }
    if (fault === 'drop') {
      const timer = setTimeout(() => ws.terminate(), this.options.faultTimings.dropAfterMs);
      ws.once('close', () => clearTimeout(timer));
    }
    open(ws);
  }

  private serveLive(ws: WebSocket, camera: Camera): void {
    const viewer = socketViewer(ws);
    camera.live.attach(viewer);
    ws.once('close', () => camera.live.detach(viewer));
  }

  private servePlayback(ws: WebSocket, camera: Camera, start: number, end: number, rate: number): void {
    const session = new PlaybackSession(
      this.options.env,
      {
        title: camera.name,
        stretches: playbackStretches(camera.code, start, end, this.options.clock.now()),
        rate,
        view: camera.ptz.position(),
      },
      socketViewer(ws),
    );
    camera.playbacks.add(session);
    ws.once('close', () => {
      session.close();
      camera.playbacks.delete(session);
    });
    session.start();
  }

  private serveTalk(ws: WebSocket, camera: Camera, rate: TalkSampleRate, session: string | undefined): void {
    camera.talk.opened(rate);
    const entry = { session, close: () => ws.close(1000, 'talk stopped') };
    camera.talkSockets.add(entry);
    ws.on('message', (data, isBinary) => {
      // Text messages (a client's hello or keep-alive) are not audio.
      if (isBinary) camera.talk.receive(toBuffer(data));
    });
    ws.once('close', () => {
      camera.talk.closed();
      camera.talkSockets.delete(entry);
    });
  }
}

function socketViewer(ws: WebSocket): FlvViewer {
  return {
    send(chunk) {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        ws.terminate();
        return;
      }
      ws.send(chunk, { binary: true });
    },
    end(reason) {
      if (ws.readyState === ws.OPEN) ws.close(1000, reason.slice(0, 120));
    },
  };
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

function reject(socket: Duplex, status: number, text: string): void {
  // end() flushes the status line before closing, so the client sees why it was turned away.
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
