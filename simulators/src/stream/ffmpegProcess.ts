import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';

export const FFMPEG_PATH = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
/** Linux reports process times in USER_HZ ticks, which is 100 on every mainstream kernel build. */
const CLOCK_TICKS_PER_SECOND = 100;
/** Cameras sit in a Chinese city: burned clocks show China time whatever the host's zone. */
const CAMERA_TIME_ZONE = 'Asia/Shanghai';

type EncoderChild = ChildProcessByStdio<Writable, Readable, Readable>;

/** Every ffmpeg we started, so nothing outlives the simulators, even when the host process exits. */
const running = new Set<EncoderChild>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

export interface FfmpegRun {
  readonly pid: number;
  readonly startedAt: number;
  /** Sends one runtime filter command (ffmpeg's interactive `c`), e.g. `crop@ptz -1 x 200`. */
  command(line: string): void;
  kill(): void;
  readonly exited: Promise<number | null>;
}

export interface FfmpegOptions {
  args: string[];
  onData: (chunk: Buffer) => void;
}

/** Starts ffmpeg with stdout as the media pipe and stdin for runtime commands; stderr keeps the last lines. */
export function startFfmpeg(options: FfmpegOptions): FfmpegRun {
  installExitHook();
  const child = spawn(FFMPEG_PATH, options.args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, TZ: CAMERA_TIME_ZONE },
  });
  let stderrTail = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-2000);
  });
  running.add(child);
  child.stdout.on('data', options.onData);
  // A dead encoder closes its stdin; writes after that must not become unhandled errors.
  child.stdin.on('error', () => undefined);
  child.on('error', () => undefined);
  const exited = new Promise<number | null>((resolve) => {
    child.once('close', (code) => {
      running.delete(child);
      if (code !== 0 && code !== null && stderrTail && process.env.SIM_DEBUG) {
        process.stderr.write(`[simulators] ffmpeg ${child.pid ?? '?'} exited ${code}: ${stderrTail}\n`);
      }
      resolve(code);
    });
  });
  return {
    pid: child.pid ?? -1,
    startedAt: Date.now(),
    command(line) {
      if (child.stdin.writable) child.stdin.write(`c${line}\n`);
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    exited,
  };
}

export function runningEncoderCount(): number {
  return running.size;
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; undefined once it is gone. */
export function readProcessCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces; fields after it start behind the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return (utime + stime) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Common encoder settings: constrained baseline, no B-frames, one-second GOP, FLV on stdout. */
export function encoderArgs(input: {
  panorama: string;
  filterScript: string;
  fps: number;
  durationSec?: number;
}) {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostats',
    '-framerate',
    String(input.fps),
    '-i',
    input.panorama,
    '-filter_threads',
    '1',
    '-filter_script:v',
    input.filterScript,
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-profile:v',
    'baseline',
    '-threads',
    '1',
    '-g',
    String(input.fps),
    '-bf',
    '0',
    ...(input.durationSec === undefined ? [] : ['-t', input.durationSec.toFixed(3)]),
    '-f',
    'flv',
    '-flvflags',
    'no_duration_filesize',
    'pipe:1',
  ];
}
