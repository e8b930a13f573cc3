import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { PluginRect } from '@cityops/contract';
import { windowWentAway } from '../players/x11Ffplay.js';

const run = promisify(execFile);

export interface X11Window {
  id: string;
  pid: number;
  rect: PluginRect;
  mapped: boolean;
}

/** The windows on a display whose title matches (xdotool search), with geometry and map state (xwininfo). */
export async function x11Windows(display: string, titlePattern: string): Promise<X11Window[]> {
  const env = { ...process.env, DISPLAY: display };
  const ids = await searchWindows(env, titlePattern);
  const windows = await Promise.all(
    ids.map(async (id): Promise<X11Window | null> => {
      // A window may be gone between the search and the look at it (a player closing): it is left out.
      const [info, pid] = await Promise.all([
        run('xwininfo', ['-id', id], { env }).then(
          ({ stdout }) => stdout,
          () => null,
        ),
        run('xdotool', ['getwindowpid', id], { env }).then(
          ({ stdout }) => stdout,
          () => '0',
        ),
      ]);
      if (info === null) return null;
      const number = (label: string) => Number(new RegExp(`${label}:\\s+(-?\\d+)`).exec(info)?.[1] ?? NaN);
      return {
        id,
        pid: Number(pid.trim()),
        rect: {
          left: number('Absolute upper-left X'),
          top: number('Absolute upper-left Y'),
          width: number('Width'),
          height: number('Height'),
        },
        mapped: /Map State:\s+IsViewable/.test(info),
      };
    }),
  );
  return windows.filter((window) => window !== null);
}

/**
 * The ids of the windows whose title matches. An X error is a window of the display going away during
 * the search (Debian 12's xdotool dies of it): the search runs again. No match is an empty list.
 */
async function searchWindows(env: NodeJS.ProcessEnv, titlePattern: string): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    const found = await run('xdotool', ['search', '--name', titlePattern], { env }).then(
      ({ stdout }) => ({ stdout, stderr: '' }),
      (error: { stdout?: string; stderr?: string }) => ({
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }),
    );
    if (!windowWentAway(found.stderr) || attempt === 10)
      return found.stdout.split('\n').filter((line) => /^\d+$/.test(line.trim()));
  }
}

/** One frame of a rectangle of the display as 8-bit grey pixels (ffmpeg x11grab). */
export async function grabGray(display: string, rect: PluginRect, ffmpeg = 'ffmpeg'): Promise<Buffer> {
  const { stdout } = await run(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-f', 'x11grab', '-video_size', `${rect.width}x${rect.height}`],
      ...['-i', `${display}+${rect.left},${rect.top}`],
      ...['-frames:v', '1', '-pix_fmt', 'gray', '-f', 'rawvideo', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}
