import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { x11FfplayPlayers } from './x11Ffplay.js';

/**
 * The window's placement with stand-in programs: an "ffplay" that only reads its input, and an
 * "xdotool" that finds window 42, logs every other call and refuses every second one, as a loaded
 * desktop does when xdotool is killed at its timeout.
 */
let dir: string;
let log: string;

async function script(name: string, body: string) {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cityops-x11ffplay-'));
  log = join(dir, 'calls.log');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const calls = async () => (await readFile(log, 'utf8')).trim().split('\n');

describe('an ffplay window on X11', () => {
  it('tries a hide again when xdotool fails, so the window does not stay over another page', async () => {
    const ffplay = await script('ffplay', 'exec cat > /dev/null');
    const xdotool = await script(
      'xdotool',
      [
        'if [ "$1" = search ]; then echo 42; exit 0; fi',
        `n=$(wc -l < "${log}" 2>/dev/null || echo 0)`,
        `echo "$*" >> "${log}"`,
        // Every second call fails: the 1st (placing the found window) and the 3rd (the hide's retry) pass.
        'if [ $((n % 2)) -eq 1 ]; then exit 1; fi',
      ].join('\n'),
    );
    const players = x11FfplayPlayers({ ffmpeg: 'ffmpeg', ffplay, xdotool }, ':99');
    const player = players.open({
      title: 'cityops-test-1',
      rect: { left: 10, top: 20, width: 320, height: 180 },
      visible: true,
    });
    try {
      await player.shown;
      await player.setVisible(false);
      const made = await calls();
      expect(made).toHaveLength(3);
      expect(made[0]).toMatch(/windowmap 42$/);
      // The hide failed once and was sent again.
      expect(made[1]).toMatch(/^windowunmap 42 /);
      expect(made[2]).toMatch(/^windowunmap 42 /);
    } finally {
      await player.close();
    }
  });

  it('gives a placement up after three failures, and the next one is sent afresh', async () => {
    const ffplay = await script('ffplay', 'exec cat > /dev/null');
    const xdotool = await script(
      'xdotool',
      [
        'if [ "$1" = search ]; then echo 42; exit 0; fi',
        `echo "$*" >> "${log}"`,
        `if [ -e "${join(dir, 'broken')}" ]; then exit 1; fi`,
      ].join('\n'),
    );
    const players = x11FfplayPlayers({ ffmpeg: 'ffmpeg', ffplay, xdotool }, ':99');
    const player = players.open({
      title: 'cityops-test-2',
      rect: { left: 0, top: 0, width: 100, height: 100 },
      visible: true,
    });
    try {
      await player.shown;
      await writeFile(join(dir, 'broken'), '');
      await player.setVisible(false);
      await rm(join(dir, 'broken'));
      await player.place({ left: 5, top: 5, width: 100, height: 100 });
      const made = await calls();
      expect(made.filter((line) => line.startsWith('windowunmap'))).toHaveLength(4);
      expect(made.at(-1)).toMatch(/windowmove 42 5 5$/);
    } finally {
      await player.close();
    }
  });
});
