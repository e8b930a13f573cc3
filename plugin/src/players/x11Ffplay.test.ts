import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PluginRect } from '@cityops/contract';
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

/**
 * A player window shown by the stand-in ffplay, placed by an xdotool that finds window 42, logs its
 * other calls and then runs `behaviour`.
 */
async function openPlayer(
  title: string,
  rect: PluginRect,
  behaviour: string[],
  search = 'if [ "$1" = search ]; then echo 42; exit 0; fi',
) {
  const ffplay = await script('ffplay', 'exec cat > /dev/null');
  const xdotool = await script('xdotool', [search, ...behaviour].join('\n'));
  return x11FfplayPlayers({ ffmpeg: 'ffmpeg', ffplay, xdotool }, ':99').open({ title, rect, visible: true });
}

describe('an ffplay window on X11', () => {
  it('tries a hide again when xdotool fails, so the window does not stay over another page', async () => {
    const player = await openPlayer('cityops-test-1', { left: 10, top: 20, width: 320, height: 180 }, [
      `n=$(wc -l < "${log}" 2>/dev/null || echo 0)`,
      `echo "$*" >> "${log}"`,
      // Every second call fails: the 1st (placing the found window) and the 3rd (the hide's retry) pass.
      'if [ $((n % 2)) -eq 1 ]; then exit 1; fi',
    ]);
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
    const player = await openPlayer('cityops-test-2', { left: 0, top: 0, width: 100, height: 100 }, [
      `echo "$*" >> "${log}"`,
      `if [ -e "${join(dir, 'broken')}" ]; then exit 1; fi`,
    ]);
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

  it('searches again when xdotool dies of another window going away, and reaches the window after', async () => {
    const searches = join(dir, 'searches');
    // Debian 12's xdotool ends a search with an X error when any window of the display is destroyed
    // under it (a replaced player, a browser popup): twice here, then it finds the window.
    const search = [
      'if [ "$1" = search ]; then',
      `  echo x >> "${searches}"`,
      `  if [ "$(wc -l < "${searches}")" -le 2 ]; then`,
      '    echo "X Error of failed request:  BadWindow (invalid Window parameter)" >&2; exit 1',
      '  fi',
      '  echo 42; exit 0',
      'fi',
    ].join('\n');
    const player = await openPlayer(
      'cityops-test-3',
      { left: 0, top: 0, width: 100, height: 100 },
      [`echo "$*" >> "${log}"`],
      search,
    );
    try {
      await player.shown;
      await player.setVisible(false);
      expect((await readFile(searches, 'utf8')).trim().split('\n')).toHaveLength(3);
      expect((await calls()).at(-1)).toMatch(/^windowunmap 42 /);
    } finally {
      await player.close();
    }
  });

  it('says why when the search fails for another reason, and does not search again', async () => {
    const search = 'if [ "$1" = search ]; then echo "Error: Can\'t open display: :99" >&2; exit 1; fi';
    const player = await openPlayer(
      'cityops-test-4',
      { left: 0, top: 0, width: 100, height: 100 },
      [],
      search,
    );
    try {
      await expect(player.shown).rejects.toThrow("Can't open display: :99");
    } finally {
      await player.close();
    }
  });
});
