import type { Clock } from '../clock.js';
import { PtzModel, type PtzSnapshot } from '../ptz/ptzModel.js';
import type { Seed, SeedCamera } from '../seed.js';
import type { EncoderEnv } from '../stream/encoderEnv.js';
import { readProcessCpuSeconds } from '../stream/ffmpegProcess.js';
import { LiveChannel } from '../stream/liveChannel.js';
import type { PlaybackSession } from '../stream/playbackSession.js';
import { TalkStats, type TalkStatsSnapshot } from '../talk/talkStats.js';
import type { Fault } from './faults.js';

export type PlatformKind = 'hik' | 'icc';

export interface Camera {
  platform: PlatformKind;
  code: string;
  name: string;
  lng: number;
  lat: number;
  /** whether the camera has a pan-tilt head; fixed cameras refuse PTZ commands */
  hasPtz: boolean;
  /** where the camera looks; fixed cameras keep their initial view */
  ptz: PtzModel;
  fault: Fault | null;
  talk: TalkStats;
  live: LiveChannel;
  playbacks: Set<PlaybackSession>;
  /** open talk sockets, by ICC talk session id where there is one, so StopTalk can close them */
  talkSockets: Set<{ session: string | undefined; close: () => void }>;
}

export interface CameraInfo {
  platform: PlatformKind;
  code: string;
  name: string;
  lng: number;
  lat: number;
  ptz: boolean;
  fault: Fault | null;
}

export interface EncoderUsage {
  code: string;
  kind: 'live' | 'playback';
  pid: number;
  viewers: number;
  startedAt: number;
  /** CPU seconds used so far (user + system), from /proc/<pid>/stat */
  cpuSeconds: number | undefined;
}

/** Every simulated camera of both platforms, with its PTZ, fault, talk and stream state. */
export class CameraRegistry {
  private readonly cameras = new Map<string, Camera>();

  constructor(seed: Seed, clock: Clock, env: EncoderEnv, lingerMs: number) {
    const add = (platform: PlatformKind, camera: SeedCamera, index: number) => {
      // Each camera starts looking somewhere else, so the pictures tell cameras apart.
      const ptz = new PtzModel(clock, { pan: ((index * 7) % 11) / 10, tilt: ((index * 3) % 5) / 4, zoom: 1 });
      const title = camera.name;
      this.cameras.set(camera.code, {
        platform,
        code: camera.code,
        name: camera.name,
        lng: camera.lng,
        lat: camera.lat,
        hasPtz: camera.ptz,
        ptz,
        fault: null,
        talk: new TalkStats(clock),
        live: new LiveChannel({ title, env, ptz, lingerMs }),
        playbacks: new Set(),
        talkSockets: new Set(),
      });
    };
    seed.hik.forEach((camera, index) => add('hik', camera, index));
    seed.icc.forEach((camera, index) => add('icc', camera, index));
  }

  get(code: string, platform?: PlatformKind): Camera | undefined {
    const camera = this.cameras.get(code);
    return camera && (!platform || camera.platform === platform) ? camera : undefined;
  }

  list(platform?: PlatformKind): Camera[] {
    return [...this.cameras.values()].filter((camera) => !platform || camera.platform === platform);
  }

  info(camera: Camera): CameraInfo {
    const { platform, code, name, lng, lat, fault } = camera;
    return { platform, code, name, lng, lat, ptz: camera.hasPtz, fault };
  }

  setFault(code: string, fault: Fault | null): boolean {
    const camera = this.cameras.get(code);
    if (!camera) return false;
    camera.fault = fault;
    return true;
  }

  ptzState(code: string): PtzSnapshot | undefined {
    return this.cameras.get(code)?.ptz.snapshot();
  }

  talkStats(code: string): TalkStatsSnapshot | undefined {
    return this.cameras.get(code)?.talk.snapshot();
  }

  encoders(): EncoderUsage[] {
    const usage: EncoderUsage[] = [];
    for (const camera of this.cameras.values()) {
      const live = camera.live.info();
      if (live)
        usage.push({ code: camera.code, kind: 'live', ...live, cpuSeconds: readProcessCpuSeconds(live.pid) });
      for (const session of camera.playbacks) {
        const pid = session.pid();
        const startedAt = session.startedAt();
        if (pid === undefined || startedAt === undefined) continue;
        usage.push({
          code: camera.code,
          kind: 'playback',
          pid,
          viewers: 1,
          startedAt,
          cpuSeconds: readProcessCpuSeconds(pid),
        });
      }
    }
    return usage;
  }

  close(): void {
    for (const camera of this.cameras.values()) {
      camera.live.close();
      for (const session of camera.playbacks) session.close();
      camera.playbacks.clear();
      for (const socket of camera.talkSockets) socket.close();
      camera.talkSockets.clear();
    }
  }
}
