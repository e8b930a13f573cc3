import type { Server } from 'node:http';
import { CameraRegistry, type CameraInfo, type EncoderUsage } from './cameras/cameraRegistry.js';
import { defaultFaultTimings, type Fault, type FaultTimings } from './cameras/faults.js';
import { StreamTokens } from './cameras/streamTokens.js';
import { systemClock, type Clock } from './clock.js';
import { adminRoutes } from './http/adminRoutes.js';
import { MediaSockets } from './http/mediaSockets.js';
import { createPlatformServer, json, listen, type RequestHandler } from './http/platformServer.js';
import { hikPlatform } from './hik/hikPlatform.js';
import type { IccCredentials } from './icc/iccAuth.js';
import { iccPlatform } from './icc/iccPlatform.js';
import type { PlatformContext } from './platformContext.js';
import type { PtzSnapshot } from './ptz/ptzModel.js';
import { loadSeed, type Seed } from './seed.js';
import { EncoderEnv } from './stream/encoderEnv.js';
import { ensurePanorama } from './stream/panorama.js';
import { defaultVideoFormat, type VideoFormat } from './stream/videoFormat.js';
import type { TalkStatsSnapshot } from './talk/talkStats.js';
import type { PlatformKind } from './cameras/cameraRegistry.js';

export interface HikCredentials {
  appKey: string;
  appSecret: string;
}

export interface SimulatorOptions {
  /** interface to listen on; loopback unless told otherwise */
  host?: string;
  /** 0 picks a free port */
  hikPort?: number;
  iccPort?: number;
  /** cameras; defaults to seed/cameras.json */
  seed?: Seed;
  hik?: Partial<HikCredentials>;
  icc?: Partial<IccCredentials>;
  clock?: Clock;
  /** how long a stream URL may be opened after it was handed out (default 5 minutes) */
  streamUrlTtlMs?: number;
  /** lifetime of an ICC access token (default 2 hours) */
  iccTokenTtlMs?: number;
  /** how long a live encoder keeps running after its last viewer left (default 5 s) */
  lingerMs?: number;
  faultTimings?: Partial<FaultTimings>;
  video?: Partial<VideoFormat>;
}

export interface Simulators {
  hik: { url: string; port: number } & HikCredentials;
  icc: { url: string; port: number } & IccCredentials;
  cameras: CameraInfo[];
  /** sets or (with null) clears a camera's fault; false for an unknown code */
  injectFault(code: string, fault: Fault | null): boolean;
  ptzState(code: string): PtzSnapshot | undefined;
  talkStats(code: string): TalkStatsSnapshot | undefined;
  /** running encoders with their pids and CPU seconds, for "simulator CPU per camera" */
  encoders(): EncoderUsage[];
  close(): Promise<void>;
}

/** Demo-only credentials, used when none are given (documented in README.md, never logged). */
export const demoHikCredentials: HikCredentials = {
  appKey: '26104913',
  appSecret: 'cityops-demo-artemis-secret',
};
export const demoIccCredentials: IccCredentials = {
  username: 'system',
  password: 'cityops-demo-icc-password',
  clientId: 'cityops',
  clientSecret: 'cityops-demo-icc-client-secret',
};

/** Starts the Hikvision-ISC-shaped and Dahua-ICC-shaped platforms with their cameras. */
export async function startSimulators(options: SimulatorOptions = {}): Promise<Simulators> {
  const host = options.host ?? '127.0.0.1';
  const clock = options.clock ?? systemClock;
  const seed = options.seed ?? loadSeed();
  const hikCredentials = { ...demoHikCredentials, ...definedOnly(options.hik) };
  const iccCredentials = { ...demoIccCredentials, ...definedOnly(options.icc) };
  const faultTimings = { ...defaultFaultTimings, ...definedOnly(options.faultTimings) };
  const env = new EncoderEnv(await ensurePanorama(), {
    ...defaultVideoFormat,
    ...definedOnly(options.video),
  });
  const registry = new CameraRegistry(seed, clock, env, options.lingerMs ?? 5000);
  const tokens = new StreamTokens(clock, options.streamUrlTtlMs ?? 5 * 60_000);
  const admin = adminRoutes(registry);

  const servers: Server[] = [];
  const sockets: MediaSockets[] = [];
  const startPlatform = async (
    platform: PlatformKind,
    port: number,
    api: (context: PlatformContext) => RequestHandler,
  ) => {
    let base = '';
    const context: PlatformContext = { registry, tokens, clock, mediaBase: () => base };
    const media = new MediaSockets({ platform, registry, tokens, env, clock, faultTimings });
    const server = createPlatformServer({
      handlers: [admin, api(context)],
      onUpgrade: (request, socket, head) => media.handleUpgrade(request, socket, head),
      internalError: () => json({ code: '500', msg: 'internal error', data: null }, 500),
    });
    servers.push(server);
    sockets.push(media);
    const bound = await listen(server, host, port);
    const hostInUrl = host.includes(':') ? `[${host}]` : host;
    base = `ws://${hostInUrl}:${bound}`;
    return { port: bound, url: `http://${hostInUrl}:${bound}` };
  };

  const close = async () => {
    registry.close();
    for (const media of sockets) media.close();
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      ),
    );
    await env.stopAll();
    env.dispose();
  };

  try {
    const hik = await startPlatform('hik', options.hikPort ?? 0, (context) =>
      hikPlatform(context, hikCredentials),
    );
    const icc = await startPlatform('icc', options.iccPort ?? 0, (context) =>
      iccPlatform(context, iccCredentials, options.iccTokenTtlMs ?? 2 * 3600_000),
    );
    return {
      hik: { ...hik, ...hikCredentials },
      icc: { ...icc, ...iccCredentials },
      cameras: registry.list().map((camera) => registry.info(camera)),
      injectFault: (code, fault) => registry.setFault(code, fault),
      ptzState: (code) => registry.ptzState(code),
      talkStats: (code) => registry.talkStats(code),
      encoders: () => registry.encoders(),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Drops undefined values, so `{ appKey: env.X }` with X unset keeps the default. */
function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(
    Object.entries(value ?? {}).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}
